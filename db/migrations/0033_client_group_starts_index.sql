-- checkout:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_client_group_created_idx" ON "orders" USING btree ("client_group","created_at") WHERE client_group is not null;
