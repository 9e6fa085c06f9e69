CREATE TYPE "public"."checkout_mode" AS ENUM('exact-token', 'exact-fiat');--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "checkout_mode" "checkout_mode" DEFAULT 'exact-token' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "fiat_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "fiat_currency" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "max_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gross_amount_micro" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_amount_micro" bigint;