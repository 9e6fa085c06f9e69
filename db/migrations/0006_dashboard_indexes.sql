CREATE INDEX "checkout_sessions_merchant_amount_idx" ON "checkout_sessions" USING btree ("merchant_id","amount_micro" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "checkout_sessions_metadata_values_idx" ON "checkout_sessions" USING gin (jsonb_path_query_array("metadata", '$.*') jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_completed_idx" ON "checkout_sessions" USING btree ("merchant_id","completed_at") INCLUDE ("amount_micro","created_at") WHERE status = 'COMPLETED';--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at") INCLUDE ("session_id","status","payment_sent_at","payment_platform","fiat_currency","net_amount_micro","token_amount_micro");--> statement-breakpoint
DROP INDEX "checkout_sessions_merchant_created_idx";--> statement-breakpoint
CREATE INDEX "checkout_sessions_merchant_created_idx" ON "checkout_sessions" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status");--> statement-breakpoint
CREATE INDEX "events_merchant_type_created_idx" ON "events" USING btree ("merchant_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
