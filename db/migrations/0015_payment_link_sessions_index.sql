-- checkout:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "checkout_sessions_payment_link_idx" ON "checkout_sessions" USING btree ("payment_link_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE payment_link_id is not null;
