DROP INDEX "orders_one_live_per_session_key";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "order_token_hash" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "paid_amount_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "fee_payer" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "notes" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "api_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "evm_wallet_address" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "checkout_theme" jsonb;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "disable_branding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "frame_ancestors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "api_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "custom_headers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_session_key" ON "orders" USING btree ("session_id") WHERE status not in ('CANCELLED', 'EXPIRED', 'FAILED', 'FULFILLED');