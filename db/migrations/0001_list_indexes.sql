DROP INDEX "checkout_sessions_merchant_created_idx";--> statement-breakpoint
DROP INDEX "checkout_sessions_merchant_status_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_webhook_created_idx";--> statement-breakpoint
DROP INDEX "events_merchant_created_idx";--> statement-breakpoint
CREATE INDEX "deliveries_webhook_status_created_idx" ON "deliveries" USING btree ("webhook_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deliveries_webhook_type_created_idx" ON "deliveries" USING btree ("webhook_id","event_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_created_idx" ON "checkout_sessions" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_status_created_idx" ON "checkout_sessions" USING btree ("merchant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deliveries_webhook_created_idx" ON "deliveries" USING btree ("webhook_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_merchant_created_idx" ON "events" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);