ALTER TABLE "checkout_sessions" ADD COLUMN "buyer_fee_share_bps" integer;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "fee_payer" text DEFAULT 'MERCHANT' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "buyer_fee_share_bps" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "covers_micro" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "protocol_fee_micro" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manager_fee_micro" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_fee_micro" bigint;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "fee_payer" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "buyer_fee_share_bps" integer;