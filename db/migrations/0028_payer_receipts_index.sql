-- checkout:no-transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "checkout_sessions_receipt_due_idx" ON "checkout_sessions" USING btree ("receipt_due_at") WHERE receipt_due_at is not null;
