-- checkout:no-transaction
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "chain_txs_wallet_nonce_key" ON "chain_txs" USING btree ("wallet","nonce") WHERE replaces is null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_open_reservations_idx" ON "orders" USING btree ("merchant_id","client_group") WHERE status in ('SIGNAL_SUBMITTED', 'SIGNAL_MINED', 'PAYMENT_SENT');