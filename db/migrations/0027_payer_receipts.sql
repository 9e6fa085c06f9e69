ALTER TABLE "checkout_sessions" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "receipt_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "payer_receipts" boolean DEFAULT true NOT NULL;