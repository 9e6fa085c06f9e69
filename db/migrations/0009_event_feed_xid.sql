-- events written before this migration sort first (xid 0), among themselves by created_at; each later one carries its writer's transaction id
ALTER TABLE "events" ADD COLUMN "xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
CREATE INDEX "events_merchant_feed_idx" ON "events" USING btree ("merchant_id","xid","created_at","id") WHERE api_version = 0;--> statement-breakpoint
CREATE INDEX "events_test_created_idx" ON "events" USING btree ("created_at") WHERE type in ('webhook.test', 'WEBHOOK_TEST');
