CREATE TYPE "public"."environment" AS ENUM('sandbox', 'live');--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "environment" "environment" DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "environment" "environment" DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "live_since" timestamp with time zone;