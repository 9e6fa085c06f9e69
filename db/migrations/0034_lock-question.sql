ALTER TABLE "orders" ADD COLUMN "payer_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lock_question" text;