import crypto from "node:crypto";
import postgres from "postgres";
import { expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { migrationsWith } from "../support/migrations-folder";
import { withEmptyDatabase } from "../support/scratch-db";

// An index migration of the next release (`-- checkout:no-transaction`, CREATE INDEX CONCURRENTLY)
// is built while the previous release's instances keep writing to the table: their writes never wait
// for the build. It is applied once, however many instances start, and a build that was interrupted
// (its index left INVALID) is built again at the next start.

const INDEX = "merchants_display_name_idx";
const MIGRATION = `-- checkout:no-transaction
-- the dashboard's search by display name
CREATE INDEX CONCURRENTLY IF NOT EXISTS "${INDEX}" ON "merchants" USING btree ("display_name");`;
const sha256Hex = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** Asks `probe` until it answers true (at most 10 s). */
async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function indexState(sql: postgres.Sql): Promise<{ valid: boolean; unique: boolean } | undefined> {
  const [row] = await sql<Array<{ valid: boolean; unique: boolean }>>`
    select i.indisvalid as valid, i.indisunique as unique
    from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${INDEX}`;
  return row;
}

async function timesApplied(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<
    Array<{ n: number }>
  >`select count(*)::int as n from drizzle.__drizzle_migrations where hash = ${sha256Hex(MIGRATION)}`;
  return row!.n;
}

it("builds the index while another connection keeps writing to the table; two instances starting at once apply it once", async () => {
  await withEmptyDatabase("concurrent_index", async (url) => {
    await (await openPostgres(url, 1)).close(); // the previous release's schema
    const { folder, remove } = migrationsWith([{ tag: "9000_merchants_display_name_idx", sql: MIGRATION }]);
    const inFlight = postgres(url, { max: 1, onnotice: () => {} });
    // a write that had to wait for the build fails after 2 s instead of hanging
    const writer = postgres(url, { max: 1, onnotice: () => {}, connection: { lock_timeout: 2000 } });
    const check = postgres(url, { max: 1, onnotice: () => {} });
    try {
      // A write of the previous release that is still in its transaction: a concurrent build waits
      // for every transaction writing to the table when it starts, so the build is in progress (and
      // stays so) for as long as this one is open.
      let commit!: () => void;
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const held = inFlight.begin(async (tx) => {
        await tx`insert into merchants (id, name) values ('merch_held', 'held')`;
        written();
        await new Promise<void>((resolve) => (commit = resolve));
      });
      await wrote;

      let done = 0;
      const instances = [0, 1].map(() => openPostgres(url, 1, { migrationsFolder: folder }).finally(() => done++));
      await until(async () => {
        const [row] = await check<Array<{ n: number }>>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and query like ${`%INDEX%"${INDEX}"%`}`;
        return row!.n === 1;
      }, "the index build to start");

      // meanwhile the previous release keeps writing: each insert and update goes through at once
      const waits: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = Date.now();
        await writer`insert into merchants (id, name, display_name) values (${`merch_w${i}`}, ${`shop-w${i}`}, ${`Shop ${i}`})`;
        await writer`update merchants set display_name = ${`Shop ${i}!`} where id = ${`merch_w${i}`}`;
        waits.push(Date.now() - started);
      }
      expect(Math.max(...waits)).toBeLessThan(1000);
      expect(done).toBe(0); // the build was in progress the whole time
      expect((await indexState(check))?.valid).toBe(false);

      commit();
      await held;
      const opened = await Promise.all(instances);
      await Promise.all(opened.map((o) => o.close()));

      expect(await indexState(check)).toEqual({ valid: true, unique: false });
      expect(await timesApplied(check)).toBe(1);
      const [rows] = await check<Array<{ n: number }>>`select count(*)::int as n from merchants where display_name like 'Shop %!'`;
      expect(rows!.n).toBe(20);
      // a later start finds nothing to do
      await (await openPostgres(url, 1, { migrationsFolder: folder })).close();
      expect(await timesApplied(check)).toBe(1);
    } finally {
      await Promise.all([inFlight, writer, check].map((sql) => sql.end({ timeout: 5 })));
      remove();
    }
  });
});

it("an index whose build was interrupted (left INVALID) is dropped and built again at the next start", async () => {
  await withEmptyDatabase("invalid_index", async (url) => {
    await (await openPostgres(url, 1)).close();
    const { folder, remove } = migrationsWith([{ tag: "9000_merchants_display_name_idx", sql: MIGRATION }]);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      // a concurrent build that fails part-way leaves its index behind, marked invalid, as one cut
      // short by a restart does; IF NOT EXISTS alone would then skip it and keep the useless index
      await sql`insert into merchants (id, name, display_name) values ('merch_a', 'a', 'Same'), ('merch_b', 'b', 'Same')`;
      await expect(sql.unsafe(`create unique index concurrently "${INDEX}" on merchants (display_name)`)).rejects.toThrow(
        /could not create unique index/,
      );
      expect(await indexState(sql)).toEqual({ valid: false, unique: true });

      await (await openPostgres(url, 1, { migrationsFolder: folder })).close();
      expect(await indexState(sql)).toEqual({ valid: true, unique: false });
      expect(await timesApplied(sql)).toBe(1);
    } finally {
      await sql.end({ timeout: 5 });
      remove();
    }
  });
});
