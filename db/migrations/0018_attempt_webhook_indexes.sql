-- checkout:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "delivery_attempts_webhook_started_idx" ON "delivery_attempts" USING btree ("webhook_id","started_at") INCLUDE ("duration_ms");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "delivery_attempts_webhook_failed_idx" ON "delivery_attempts" USING btree ("webhook_id","started_at","attempt_no") WHERE response_code is null or response_code < 200 or response_code > 299;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "delivery_attempts_webhook_missing_idx" ON "delivery_attempts" USING btree ("started_at") WHERE webhook_id is null;
