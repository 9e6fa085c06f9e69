-- checkout:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "checkout_sessions_link_open_idx" ON "checkout_sessions" USING btree ("payment_link_id","client_group") WHERE payment_link_id is not null and status in ('CREATED', 'ACTIVE');
