ALTER TABLE "webhooks" ADD COLUMN "circuit_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "circuit_open_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "circuit_opens" integer DEFAULT 0 NOT NULL;