CREATE TABLE "payout_addresses" (
	"merchant_id" text NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_addresses_pk" PRIMARY KEY("merchant_id","address"),
	CONSTRAINT "payout_addresses_address_check" CHECK ("payout_addresses"."address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
ALTER TABLE "payout_addresses" ADD CONSTRAINT "payout_addresses_merchant_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each account's list starts with the addresses its money already goes to, so that its running
-- integrations keep working: its payout wallet, every payment link's recipient (a link's payers keep
-- starting it, and each start is checked), and the recipients of its sessions of the last 90 days.
-- Older sessions' recipients are left out: an integration still in use has made a session since, and
-- an address nobody has paid to for three months (perhaps one a former developer chose) should be
-- added back by an owner, knowingly. A read of existing tables into a new one: no lock blocks their writes.
INSERT INTO "payout_addresses" ("merchant_id", "address", "label", "added_by")
SELECT DISTINCT ON (s."merchant_id", s."address") s."merchant_id", s."address", s."label", 'upgrade'
FROM (
  SELECT "id" AS "merchant_id", lower("evm_wallet_address") AS "address", 'Payout wallet' AS "label", 1 AS "rank"
  FROM "merchants" WHERE "evm_wallet_address" IS NOT NULL
  UNION ALL
  SELECT "merchant_id", lower("recipient_address"), 'Used by a payment link', 2 FROM "payment_links"
  UNION ALL
  SELECT "merchant_id", lower("recipient_address"), 'Used by a session in the last 90 days', 3
  FROM "checkout_sessions" WHERE "created_at" > now() - interval '90 days'
) s
WHERE s."address" ~ '^0x[0-9a-f]{40}$' AND s."merchant_id" IN (SELECT "id" FROM "merchants")
ORDER BY s."merchant_id", s."address", s."rank";
--> statement-breakpoint
-- the owners find in the audit trail why each of these is on their list
INSERT INTO "audit_log" ("merchant_id", "actor_kind", "actor_label", "action", "target", "details")
SELECT "merchant_id", 'operator', 'Upgrade (addresses in use before the list began)', 'payout-address.added', "address", jsonb_build_object('label', "label")
FROM "payout_addresses";
