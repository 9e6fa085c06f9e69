ALTER TABLE "checkout_sessions" ADD COLUMN "handoff_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "handoff_token" text;