CREATE TYPE "public"."refund_status" AS ENUM('AWAITING_CLAIM', 'AWAITING_TRANSFER', 'COMPLETED', 'CANCELLED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"session_id" text NOT NULL,
	"environment" "environment" NOT NULL,
	"amount_micro" bigint NOT NULL,
	"reason" text,
	"method" text NOT NULL,
	"status" "refund_status" DEFAULT 'AWAITING_CLAIM' NOT NULL,
	"metadata" jsonb,
	"payout_address" text,
	"tx_hash" text,
	"sent_from" text,
	"block_number" bigint,
	"watch_from_block" bigint,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_micro" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refunded_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_session_fk" FOREIGN KEY ("session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_session_idx" ON "refunds" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("due_at") WHERE due_at is not null;