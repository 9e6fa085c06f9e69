import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { apiMerchant } from "@/lib/actor";
import { resetConfigForTests } from "@/lib/config";
import { restore } from "@/lib/maintenance/backup";
import { authenticateApiKey } from "@/lib/merchants/service";
import { getSessionOrThrow } from "@/lib/sessions/read";
import { type Run, runAdmin, stopWriters, writeContinuously } from "../support/admin-cli";
import { call, newMerchant, sessionBody, type TestMerchant } from "../support/api";
import { withEmptyDatabase } from "../support/scratch-db";

// `npm run admin -- backup` and `restore` on PostgreSQL, as the operator runs them: in processes of
// their own (`node --import tsx scripts/admin.ts …`), while this process keeps writing through the
// real route handlers to this file's database; each restore goes into a new database of its own.

const ROOT = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "pw-never-printed";

// the writer creates sessions as fast as the database takes them: far above the per-merchant limit
process.env.RATE_LIMIT_MULTIPLIER = "1000";
resetConfigForTests();

/** DATABASE_URL with a password in it (the local server trusts the connection and ignores it). */
function withPassword(url: string): string {
  const u = new URL(url);
  u.password = PASSWORD;
  return u.toString();
}

function admin(databaseUrl: string, ...args: string[]): Promise<Run> {
  return runAdmin({ ...process.env, DATABASE_URL: withPassword(databaseUrl), LOG_LEVEL: "" }, ...args);
}

async function until(cond: () => boolean) {
  while (!cond()) await new Promise((r) => setTimeout(r, 20));
}

/** The names of the tables in schema public and drizzle of a database. */
async function tablesOf(url: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ name: string }[]>`
      select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`;
    return rows.map((r) => r.name);
  } finally {
    await sql.end();
  }
}

/** The file with the last occurrence of `from` replaced by `to`, a text of the same length. */
function damage(bytes: Buffer, from: string, to: string): Buffer {
  const at = bytes.lastIndexOf(from);
  if (at < 0) throw new Error(`no ${from} in the archive`);
  const copy = Buffer.from(bytes);
  copy.write(to, at, "latin1");
  return copy;
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-backup-"));
});
afterAll(async () => {
  await stopWriters();
  fs.rmSync(dir, { recursive: true, force: true });
});

// each test runs the command a few times, a process each (several seconds on a busy machine)
describe("npm run admin -- backup / restore on PostgreSQL", { timeout: 180_000 }, () => {
  it("a backup taken under continuous writes holds every write acknowledged before it began; restored into a new database, the service serves them", async () => {
    const m = await newMerchant();
    const writer = writeContinuously(m);
    let before: string[];
    let run: Run;
    try {
      await until(() => writer.acknowledged.length >= 20);
      before = [...writer.acknowledged];
      run = await admin(process.env.DATABASE_URL!, "backup", path.join(dir, "under-writes.dump"));
      // the writes went on while pg_dump ran
      await until(() => writer.acknowledged.length > before.length + 20);
    } finally {
      await writer.stop();
    }
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Wrote .*under-writes\.dump: a PostgreSQL backup \(pg_dump custom format\), [\d.]+ kB, in [\d.]+ s\.\n/);
    expect(run.stdout).toContain("It does not hold APP_SECRET or NEXTAUTH_SECRET");
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    const file = path.join(dir, "under-writes.dump");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((f) => f.includes(".partial"))).toEqual([]);

    await withEmptyDatabase("restore", async (url) => {
      const restored = await admin(url, "restore", file, "--json");
      expect(restored.code, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({ kind: "postgres", file, secretsRestored: false });
      expect(restored.stdout + restored.stderr).not.toContain(PASSWORD);

      // the service starts on it: another process opens (and migrates) it and answers from it
      const listed = await admin(url, "list", "--json");
      expect(listed.code, listed.stderr).toBe(0);
      const row = (JSON.parse(listed.stdout) as { id: string; sessionCount: number }[]).find((r) => r.id === m.id);
      expect(row?.sessionCount).toBeGreaterThanOrEqual(before.length);

      // and every acknowledged session is served as GET /api/checkout/sessions/:id serves it, with the merchant's key
      const opened = await openPostgres(url, 2);
      try {
        const actor = apiMerchant(await authenticateApiKey(opened.db, m.apiKey));
        for (const id of before) {
          const session = await getSessionOrThrow(opened.db, id, { actor });
          expect(session).toMatchObject({ id, merchantId: m.id, status: "CREATED" });
        }
      } finally {
        await opened.close();
      }
    });
  });

  it("refuses a database that is not empty, and changes nothing", async () => {
    const file = path.join(dir, "refuse.dump");
    expect((await admin(process.env.DATABASE_URL!, "backup", file)).code).toBe(0);

    // the service's own database
    const tables = await tablesOf(process.env.DATABASE_URL!);
    const into = await admin(process.env.DATABASE_URL!, "restore", file);
    expect(into.code).toBe(1);
    expect(into.stderr).toMatch(/^The database "[^"]+" on 127\.0\.0\.1:5432 is not empty \(it has tables in schema public or drizzle\)/);
    expect(into.stderr).toContain("nothing was changed");
    expect(into.stdout).toBe("");
    expect(await tablesOf(process.env.DATABASE_URL!)).toEqual(tables);

    // a database with one table of someone else's
    await withEmptyDatabase("leftover", async (url) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      await sql`create table leftover (id int)`;
      await sql.end();
      const run = await admin(url, "restore", file);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("is not empty");
      expect(await tablesOf(url)).toEqual(["public.leftover"]);
    });
  });

  it("refuses a damaged or foreign file with a clear message, and leaves the database empty", async () => {
    const good = path.join(dir, "good.dump");
    expect((await admin(process.env.DATABASE_URL!, "backup", good)).code).toBe(0);
    const bytes = fs.readFileSync(good);
    const files = {
      garbage: Buffer.from("not a backup at all\n"),
      empty: Buffer.alloc(0),
      // cut inside the archive's table of contents, which is read whole before anything is restored
      // (half the file is not enough: with few rows, the contents can end before the middle)
      truncated: bytes.subarray(0, bytes.indexOf("CREATE TABLE") + 6),
      // the last index is created after every table is filled: it fails inside the restore's one transaction
      damaged: damage(bytes, "CREATE INDEX", "CREATE INDEY"),
      pglite: Buffer.from('checkout-backup 1\n{"kind":"pglite"}\n'),
    };
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    await withEmptyDatabase("damaged", async (url) => {
      // as the operator sees it: exit code 1, the reason, nothing on stdout
      const garbage = await admin(url, "restore", path.join(dir, "garbage"));
      const damaged = await admin(url, "restore", path.join(dir, "damaged"));
      for (const run of [garbage, damaged]) expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(garbage.stderr).toMatch(/garbage is not a backup made by `npm run admin -- backup` \(unknown format\); nothing was changed/);
      expect(damaged.stderr).toMatch(
        /admin: pg_restore failed: [\s\S]*CREATE INDEY[\s\S]*\nNothing was restored: the restore runs in one transaction\.\n/,
      );

      // the other refusals, from the same function in this process (a process each would cost seconds)
      const from = (name: string) => restore({ databaseUrl: url, dataDir: "memory://" }, path.join(dir, name));
      await expect(from("empty")).rejects.toThrow("(empty file)");
      await expect(from("truncated")).rejects.toThrow(
        /truncated is not a readable pg_dump archive \(pg_restore failed: .*\); nothing was changed/,
      );
      await expect(from("pglite")).rejects.toThrow("is a backup of the embedded database: restore it with DATABASE_URL unset");
      await expect(from("no-such-file")).rejects.toThrow("No such file");
      expect(await tablesOf(url)).toEqual([]);
    });
  });

  it("a failed backup prints no password and leaves no file", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = "/checkout_no_such_database";
    const file = path.join(dir, "failed.dump");
    const run = await admin(url.toString(), "backup", file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/pg_dump failed: .*database "checkout_no_such_database" does not exist/);
    expect(run.stderr + run.stdout).not.toContain(PASSWORD);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.includes("failed.dump"))).toEqual([]);
    const nowhere = await admin(process.env.DATABASE_URL!, "backup", path.join(dir, "no-such-folder", "x.dump"));
    expect(nowhere).toMatchObject({ code: 1, stderr: expect.stringContaining("no-such-folder does not exist") });
  });

  it.each([
    [["backup"], "backup takes exactly one file"],
    [["restore", "a", "b"], "restore takes exactly one file"],
    [["backup", "x.dump", "--force"], "Unknown option: --force"],
  ])("%j: exit 2 with a message and the usage", async (args, message) => {
    const run = await admin(process.env.DATABASE_URL!, ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("Usage: npm run admin");
  });
});
