import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { expect, it } from "vitest";
import { openPostgres, rowsOf } from "@/db/client";
import { listAudit } from "@/lib/audit";
import { claimMerchant, roleIn } from "@/lib/accounts/teams";
import { authenticateApiKey } from "@/lib/merchants/service";
import { withEmptyDatabase } from "../support/scratch-db";

// The upgrade from the release before people's accounts: a database migrated up to 0011 holding a
// merchant, its API key and a checkout session is opened by this release (which applies 0012 at
// start-up, as it does in production). Nothing is lost, the key works as before, and the account
// can be claimed with that key.

const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");
const LAST_BEFORE_PEOPLE = "0011_real_rail";

type Journal = { entries: Array<{ idx: number; tag: string; when: number }> };

/** A copy of db/migrations holding only the migrations of the previous release (up to 0011). */
function previousReleaseMigrations(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as Journal;
  const cut = journal.entries.findIndex((e) => e.tag === LAST_BEFORE_PEOPLE);
  expect(cut, `${LAST_BEFORE_PEOPLE} is in the journal`).toBeGreaterThan(0);
  expect(journal.entries[cut + 1]?.tag).toBe("0012_people");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-migrations-0011-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, cut + 1);
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

const sha256Hex = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

it("a database of the previous release keeps its rows, its key keeps working, and the account can be claimed", async () => {
  await withEmptyDatabase("people_upgrade", async (url) => {
    const folder = previousReleaseMigrations();
    const old = postgres(url, { max: 1, onnotice: () => {} });
    const suffix = crypto.randomBytes(6).toString("hex");
    const merchantId = `merch_${suffix}`;
    const keyId = `key_${suffix}`;
    const sessionId = `sess_${suffix}`;
    const apiKey = `ck_${crypto.randomBytes(32).toString("base64url")}`;
    try {
      await migrate(drizzle({ client: old }), { migrationsFolder: folder });
      const tables = await old`select table_name from information_schema.tables where table_schema = 'public'`;
      expect(tables.map((t) => t.table_name)).toContain("merchants");
      expect(tables.map((t) => t.table_name)).not.toContain("users");

      // what the previous release wrote: a merchant made through the API, its key (only the hash), a session
      await old`insert into merchants (id, name, display_name) values (${merchantId}, ${`shop-${suffix}`}, 'Old Shop')`;
      await old`insert into api_keys (id, merchant_id, key_hash, display_prefix)
                values (${keyId}, ${merchantId}, ${sha256Hex(apiKey)}, ${apiKey.slice(0, 9)})`;
      await old`insert into checkout_sessions (id, merchant_id, amount_micro, destination_chain_id, destination_token, recipient_address, expires_at)
                values (${sessionId}, ${merchantId}, 50000000, 8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
                        '0x52908400098527886E0F7030069857D2E4169EE7', now() + interval '1 hour')`;
    } finally {
      await old.end({ timeout: 5 });
      fs.rmSync(folder, { recursive: true, force: true });
    }

    // this release starts on it: 0012 is applied
    const opened = await openPostgres(url, 2);
    try {
      const { db } = opened;
      const one = async (query: string, ...params: string[]) => {
        const check = postgres(url, { max: 1, onnotice: () => {} });
        try {
          return (await check.unsafe(query, params))[0];
        } finally {
          await check.end({ timeout: 5 });
        }
      };
      // every migration of this release is applied (0012_people and those after it)
      const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), "db", "migrations", "meta", "_journal.json"), "utf8"));
      expect(await one("select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual({ n: journal.entries.length });
      expect(
        await one("select id, name, display_name, claimed_at, require_second_factor from merchants where id = $1", merchantId),
      ).toEqual({
        id: merchantId,
        name: `shop-${suffix}`,
        display_name: "Old Shop",
        claimed_at: null,
        require_second_factor: false,
      });
      expect(
        await one("select id, merchant_id, key_hash, name, created_by, expires_at, revoked_at from api_keys where id = $1", keyId),
      ).toEqual({
        id: keyId,
        merchant_id: merchantId,
        key_hash: sha256Hex(apiKey),
        name: "Default key",
        created_by: null,
        expires_at: null,
        revoked_at: null,
      });
      expect(await one("select id, merchant_id, amount_micro::text as amount from checkout_sessions where id = $1", sessionId)).toEqual({
        id: sessionId,
        merchant_id: merchantId,
        amount: "50000000",
      });

      // the key authenticates as before
      await expect(authenticateApiKey(db, apiKey)).resolves.toMatchObject({ merchantId, keyId });

      // a person claims the account with it and becomes its owner
      const userId = `usr_${suffix}`;
      const email = `${userId}@example.com`;
      await db.execute(sql`insert into users (id, email, password_hash, email_verified_at) values (${userId}, ${email}, 'unused', now())`);
      await expect(claimMerchant(db, { userId, email }, apiKey, "203.0.113.7")).resolves.toEqual({ merchantId });
      expect(await roleIn(db, userId, merchantId)).toBe("owner");
      const claimed = rowsOf<{ claimed: boolean }>(
        await db.execute(sql`select claimed_at is not null as claimed from merchants where id = ${merchantId}`),
      );
      expect(claimed).toEqual([{ claimed: true }]);
      // newest first: the claim, then the upgrade's allowing the payout address the account already had
      expect((await listAudit(db, merchantId, {})).map((r) => [r.action, r.actorLabel])).toEqual([
        ["team.claimed", email],
        ["payout-address.added", "Upgrade (addresses in use before the list began)"],
      ]);
    } finally {
      await opened.close();
    }
  });
});
