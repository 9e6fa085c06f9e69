CREATE TABLE "rail_smoke_tests" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"wallets" text NOT NULL,
	"passed" boolean NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rail_lease" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_group" text;--> statement-breakpoint
CREATE INDEX "rail_smoke_tests_chain_idx" ON "rail_smoke_tests" USING btree ("chain_id","created_at");