CREATE TABLE "session_exceptions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"order_id" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"details" jsonb NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"note" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "exception" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "marked_paid_by" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "marked_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_exceptions" ADD CONSTRAINT "session_exceptions_session_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_exceptions_open_key" ON "session_exceptions" USING btree ("session_id","kind") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "session_exceptions_merchant_idx" ON "session_exceptions" USING btree ("merchant_id","status","opened_at" DESC NULLS FIRST);