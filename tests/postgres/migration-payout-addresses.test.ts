import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { expect, it } from "vitest";
import { openPostgres, rowsOf } from "@/db/client";
import { apiMerchant } from "@/lib/core/actor";
import { listAudit } from "@/lib/audit";
import { assertPayoutAddress, listPayoutAddresses } from "@/lib/merchants/payout-addresses";
import { withEmptyDatabase } from "../support/scratch-db";

// The upgrade that brings in the allowed payout addresses (0025): a database of the release before
// it, holding merchants with a payout wallet, payment links and sessions, is opened by this release.
// Each account's list starts with what its money already goes to (its wallet, its links' recipients,
// its sessions' of the last 90 days), so its running integrations keep working; an address only
// older sessions named is left for an owner to add back. Existing keys keep full access (0026).

const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");
const LAST_BEFORE = "0024_link_places_index";

type Journal = { entries: Array<{ idx: number; tag: string; when: number }> };

function previousReleaseMigrations(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as Journal;
  const cut = journal.entries.findIndex((e) => e.tag === LAST_BEFORE);
  expect(cut, `${LAST_BEFORE} is in the journal`).toBeGreaterThan(0);
  expect(journal.entries[cut + 1]?.tag).toBe("0025_payout_addresses");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-migrations-0024-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, cut + 1);
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

const address = () => getAddress(`0x${crypto.randomBytes(20).toString("hex")}`);
const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

it("each account's list starts with its wallet, its links' and its recent sessions' recipients; its keys keep full access", async () => {
  await withEmptyDatabase("payout_upgrade", async (url) => {
    const suffix = crypto.randomBytes(6).toString("hex");
    const [shop, other] = [`merch_a${suffix}`, `merch_b${suffix}`];
    const [wallet, linked, recent, old, othersOwn] = [address(), address(), address(), address(), address()];
    const folder = previousReleaseMigrations();
    const previous = await openPostgres(url, 1, { migrationsFolder: folder });
    try {
      const { db } = previous;
      await db.execute(sql`insert into merchants (id, name, evm_wallet_address, claimed_at) values
        (${shop}, ${`shop-${suffix}`}, ${wallet}, now()), (${other}, ${`other-${suffix}`}, null, null)`);
      await db.execute(sql`insert into api_keys (id, merchant_id, key_hash, display_prefix)
        values (${`key_${suffix}`}, ${shop}, ${crypto.randomBytes(32).toString("hex")}, 'ck_abcdef')`);
      // a link made long ago still pays to its address
      await db.execute(sql`insert into payment_links (id, merchant_id, slug, title, amount_minor, destination_chain_id, destination_token, recipient_address, created_at)
        values (${`plink_${suffix}`}, ${shop}, ${`slug${suffix}`}, 'Tips', 5000000, 8453, ${TOKEN}, ${linked}, now() - interval '400 days')`);
      const session = (id: string, merchant: string, recipient: string, daysAgo: number) =>
        db.execute(sql`insert into checkout_sessions (id, merchant_id, amount_micro, destination_chain_id, destination_token, recipient_address, expires_at, created_at)
          values (${id}, ${merchant}, 50000000, 8453, ${TOKEN}, ${recipient}, now(), now() - make_interval(days => ${daysAgo}))`);
      await session(`sess_1${suffix}`, shop, recent, 10);
      await session(`sess_2${suffix}`, shop, recent.toLowerCase(), 20);
      await session(`sess_3${suffix}`, shop, wallet, 30);
      await session(`sess_4${suffix}`, shop, old, 100);
      await session(`sess_5${suffix}`, other, othersOwn, 1);
    } finally {
      await previous.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }

    // this release starts on it: 0025 and 0026 are applied
    const opened = await openPostgres(url, 2);
    try {
      const { db } = opened;
      const listed = (await listPayoutAddresses(db, shop)).map((a) => [a.address, a.label, a.addedBy, a.payoutWallet]);
      expect(listed.toSorted()).toEqual(
        [
          [wallet.toLowerCase(), "Payout wallet", "Already in use when the list began", true],
          [linked.toLowerCase(), "Used by a payment link", "Already in use when the list began", false],
          [recent.toLowerCase(), "Used by a session in the last 90 days", "Already in use when the list began", false],
        ].toSorted(),
      );
      expect((await listPayoutAddresses(db, other)).map((a) => a.address)).toEqual([othersOwn.toLowerCase()]);
      // the owners see why each is on their list
      const trail = await listAudit(db, shop, { action: "payout-address.added" });
      expect(trail.map((r) => [r.actorKind, r.actorLabel, r.target]).toSorted()).toEqual(
        listed.map(([a]) => ["operator", "Upgrade (addresses in use before the list began)", a]).toSorted(),
      );

      // what the integration sends to goes on; what only an old session named is refused until an owner adds it
      const actor = { ...apiMerchant({ merchantId: shop, keyId: `key_${suffix}` }) };
      for (const a of [wallet, linked, recent, recent.toLowerCase()]) {
        await expect(assertPayoutAddress(db, a, { actor, field: "recipientAddress" })).resolves.toBeUndefined();
      }
      await expect(assertPayoutAddress(db, old, { actor, field: "recipientAddress" })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        details: { fields: { recipientAddress: expect.stringMatching(/not one of this account's allowed payout addresses/) } },
      });
      expect(rowsOf<{ scope: string }>(await db.execute(sql`select scope from api_keys where merchant_id = ${shop}`))).toEqual([
        { scope: "full" },
      ]);
    } finally {
      await opened.close();
    }
  });
});
