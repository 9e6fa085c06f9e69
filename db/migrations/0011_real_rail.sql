CREATE TABLE "chain_txs" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"wallet" text NOT NULL,
	"nonce" integer NOT NULL,
	"raw" text NOT NULL,
	"hash" text NOT NULL,
	"status" text NOT NULL,
	"max_fee_per_gas" text,
	"block_number" bigint,
	"block_hash" text,
	"replaces" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taker_wallets" (
	"address" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taker_wallets_order_key" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "intent_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "signal_tx" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rail_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rail_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rail_state" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taker_wallet" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "chain_txs" ADD CONSTRAINT "chain_txs_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_txs_hash_key" ON "chain_txs" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "chain_txs_order_idx" ON "chain_txs" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_txs_wallet_nonce_idx" ON "chain_txs" USING btree ("wallet","nonce");--> statement-breakpoint
CREATE INDEX "orders_rail_due_idx" ON "orders" USING btree ("rail_due_at") WHERE rail_due_at is not null;