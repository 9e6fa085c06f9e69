-- checkout:no-transaction
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "checkout_sessions_handoff_code_idx" ON "checkout_sessions" USING btree ("handoff_code") WHERE handoff_code is not null;
