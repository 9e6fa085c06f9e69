CREATE TYPE "public"."payout_change_status" AS ENUM('held', 'applied', 'cancelled', 'lapsed');--> statement-breakpoint
CREATE TABLE "payout_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"requested_by" text NOT NULL,
	"status" "payout_change_status" DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "owner_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_changes" ADD CONSTRAINT "payout_changes_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_changes_due_idx" ON "payout_changes" USING btree ("due_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "payout_changes_merchant_idx" ON "payout_changes" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_changes_held_key" ON "payout_changes" USING btree ("merchant_id","kind","address") WHERE status = 'held';