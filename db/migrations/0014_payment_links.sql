-- expand: a new table, and a nullable column on checkout_sessions (the previous release's inserts
-- leave it out); the sessions' index on it is built concurrently by 0015
CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"checkout_mode" "checkout_mode" DEFAULT 'exact-token' NOT NULL,
	"fiat_currency" text,
	"max_fee_bps" integer,
	"amount_minor" bigint,
	"min_amount_minor" bigint,
	"max_amount_minor" bigint,
	"destination_chain_id" integer NOT NULL,
	"destination_token" text NOT NULL,
	"recipient_address" text NOT NULL,
	"success_url" text,
	"cancel_url" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_payments" integer,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_link_id" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_slug_key" ON "payment_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "payment_links_merchant_created_idx" ON "payment_links" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);