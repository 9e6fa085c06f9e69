import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { apiMerchant } from "@/lib/core/actor";
import { restore } from "@/lib/maintenance/backup";
import { authenticateApiKey } from "@/lib/merchants/service";
import { getSessionOrThrow } from "@/lib/sessions/read";
import { type Run, runAdmin, stopWriters, writeContinuously } from "../support/admin-cli";
import { newMerchant } from "../support/api";
import { withEmptyDatabase } from "../support/scratch-db";
import { envForTests } from "../support/env";

// `npm run admin -- backup` and `restore` on PostgreSQL, as the operator runs them: in processes of
// their own (`node --import tsx scripts/admin.ts …`), while this process keeps writing through the
// real route handlers to this file's database; each restore goes into a new database of its own,
// owned by a role of its own that is no superuser, as the service's own role would be.

const ROOT = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "pw-never-printed";

// the writer creates sessions as fast as the database takes them: far above the per-merchant limit
envForTests({ RATE_LIMIT_MULTIPLIER: "1000" });

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
  if (Buffer.byteLength(to, "latin1") !== from.length) throw new Error("the replacement must be as long as what it replaces");
  const copy = Buffer.from(bytes);
  copy.write(to, at, "latin1");
  return copy;
}

/**
 * Runs `fn` with the URL of a new, empty database owned by a new role that is no superuser (with
 * PASSWORD, so that the test runs where loopback asks for one too), as the operator restores with the
 * service's own role; drops both afterwards.
 */
async function withServiceRole<T>(fn: (url: string, role: string) => Promise<T>): Promise<T> {
  const su = postgres(process.env.TEST_PG_ADMIN_URL ?? process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const role = `checkout_restore_${crypto.randomBytes(4).toString("hex")}`;
  await su.unsafe(`create role "${role}" login password '${PASSWORD}'`);
  await su.unsafe(`create database "${role}" owner "${role}"`);
  const url = new URL(process.env.DATABASE_URL!);
  url.username = role;
  url.password = PASSWORD;
  url.pathname = `/${role}`;
  try {
    return await fn(url.toString(), role);
  } finally {
    await su.unsafe(`drop database if exists "${role}" with (force)`);
    await su.unsafe(`drop role if exists "${role}"`);
    await su.end();
  }
}

/** A backup of a new database migrated as the service migrates it, then changed by `change` (as a superuser). */
async function backupOf(name: string, change: (sql: postgres.Sql) => Promise<unknown>, migrationsFolder?: string): Promise<string> {
  const file = path.join(dir, `${name}.dump`);
  await withEmptyDatabase(name, async (url) => {
    await (await openPostgres(url, 1, { migrationsFolder })).close();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await change(sql);
    } finally {
      await sql.end();
    }
    const run = await admin(url, "backup", file);
    expect(run.code, run.stderr).toBe(0);
  });
  return file;
}

/** The rows of a query, on a connection of its own to the database of `url`. */
async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.unsafe<T[]>(text);
  } finally {
    await sql.end();
  }
}

/** A copy of db/migrations with the journal's first `keep` migrations, and `extra` ones after them. */
function migrationsFolder(keep: number, extra: { tag: string; sql: string }[] = []): string {
  const from = path.join(ROOT, "db", "migrations");
  const to = fs.mkdtempSync(path.join(dir, "migrations-"));
  fs.mkdirSync(path.join(to, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(from, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; when: number; tag: string; version: string; breakpoints: boolean }>;
  };
  const entries = journal.entries.slice(0, keep);
  for (const e of entries) fs.copyFileSync(path.join(from, `${e.tag}.sql`), path.join(to, `${e.tag}.sql`));
  for (const [i, e] of extra.entries()) {
    const last = entries[entries.length - 1]!;
    entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000 * (i + 1), tag: e.tag });
    fs.writeFileSync(path.join(to, `${e.tag}.sql`), e.sql);
  }
  fs.writeFileSync(path.join(to, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return to;
}

const ourMigrations = () =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, "db", "migrations", "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
    .length;

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

    await withServiceRole(async (url, role) => {
      const restored = await admin(url, "restore", file, "--json");
      expect(restored.code, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({ kind: "postgres", file, secrets: "none", secretsRestored: false });
      expect(restored.stdout + restored.stderr).not.toContain(PASSWORD);

      // everything belongs to the role that restored it, as the service's migrations would have made it
      const owners = await query<{ owner: string }>(
        url,
        `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle')`,
      );
      expect(owners).toEqual([{ owner: role }]);
      // the foreign keys are back (each checked every row), the triggers enabled, the sequences where the backup had them
      const schemaOf = (u: string) =>
        query(
          u,
          `select (select count(*)::int from pg_constraint k join pg_namespace n on n.oid = k.connamespace
                    where n.nspname = 'public' and k.contype = 'f') as "foreignKeys",
                  (select count(*)::int from pg_trigger where not tgisinternal and tgenabled = 'O') as triggers,
                  (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
        );
      expect(await schemaOf(url)).toEqual(await schemaOf(process.env.DATABASE_URL!));
      await expect(query(url, "truncate audit_log")).rejects.toThrow("audit_log is append-only");

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

  it("refuses a database that is not empty, and a superuser, and changes nothing", async () => {
    const file = path.join(dir, "refuse.dump");
    expect((await admin(process.env.DATABASE_URL!, "backup", file)).code).toBe(0);

    // the service's own database, connected to as the superuser the tests run as
    const tables = await tablesOf(process.env.DATABASE_URL!);
    const into = await admin(process.env.DATABASE_URL!, "restore", file);
    expect(into.code).toBe(1);
    expect(into.stderr).toMatch(
      /^DATABASE_URL connects as "postgres", a superuser: restore as the service's own role, the owner of the new database/,
    );
    expect(into.stderr).toContain("nothing was changed");
    expect(into.stdout).toBe("");
    expect(await tablesOf(process.env.DATABASE_URL!)).toEqual(tables);

    // an empty database, as a superuser: a restore as a superuser would make it own every object
    await withEmptyDatabase("superuser", async (url) => {
      const run = await admin(url, "restore", file);
      expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(run.stderr).toContain('DATABASE_URL connects as "postgres", a superuser');
      expect(await tablesOf(url)).toEqual([]);
    });

    // a database of the service's role with one table of someone else's
    await withServiceRole(async (url) => {
      await query(url, "create table leftover (id int)");
      const run = await admin(url, "restore", file);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^The database "checkout_restore_[0-9a-f]+" on 127\.0\.0\.1:5432 is not empty \(it has tables in schema public or drizzle\)/,
      );
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
      // cut inside its last rows: the tables before them are loaded by then, in the restore's one transaction
      damaged: bytes.subarray(0, bytes.length - 60),
      pglite: Buffer.from('checkout-backup 1\n{"kind":"pglite"}\n'),
    };
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
    await withServiceRole(async (url) => {
      // as the operator sees it: exit code 1, the reason, nothing on stdout
      const garbage = await admin(url, "restore", path.join(dir, "garbage"));
      const damaged = await admin(url, "restore", path.join(dir, "damaged"));
      for (const run of [garbage, damaged]) expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(garbage.stderr).toMatch(/garbage is not a backup made by `npm run admin -- backup` \(unknown format\); nothing was changed/);
      expect(damaged.stderr).toMatch(
        /admin: pg_restore failed: .*end of file[\s\S]*\nNothing was restored: the restore runs in one transaction\.\n/,
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

  it("runs none of the archive's SQL: the schema is the migrations', whatever the archive's statements say", async () => {
    const filler = "x".repeat(80);
    const crafted = await backupOf("crafted", async (sql) => {
      // under the names of our own objects: the append-only guard of the audit trail made a no-op, a
      // column's default that calls a function, and a comment whose statement is cut below to run another
      await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return coalesce(new, old); end $$`;
      await sql`alter table audit_log alter column action set default current_user`;
      await sql.unsafe(`comment on table merchants is '${filler}'`);
    });
    const bytes = fs.readFileSync(crafted);
    const smuggled = "''; CREATE TABLE public.smuggled (id int); --";
    fs.writeFileSync(crafted, damage(bytes, `'${filler}';`, smuggled.padEnd(filler.length + 3, "x")));

    await withServiceRole(async (url) => {
      const run = await admin(url, "restore", crafted);
      expect(run.code, run.stderr).toBe(0);
      expect(await tablesOf(url)).not.toContain("public.smuggled");
      await query(url, "insert into audit_log (actor_kind, actor_label, action) values ('operator', 'test', 'test.restored')");
      await expect(query(url, "update audit_log set action = 'rewritten'")).rejects.toThrow("audit_log is append-only");
      const [column] = await query<{ default: string | null }>(
        url,
        `select column_default as default from information_schema.columns where table_name = 'audit_log' and column_name = 'action'`,
      );
      expect(column!.default).toBeNull();
    });
  });

  it("refuses an archive that holds what the service's schema does not, and changes nothing", async () => {
    // kinds of objects a backup of ours never holds: refused before the database is touched
    const kinds = await backupOf("kinds", async (sql) => {
      await sql`create extension pg_trgm`;
      await sql`create foreign data wrapper evil_fdw`;
      await sql`create server evil_server foreign data wrapper evil_fdw`;
      await sql`create function public.evil_ddl() returns event_trigger language plpgsql as $$ begin end $$`;
      await sql`create event trigger evil_event on ddl_command_start execute function public.evil_ddl()`;
    });
    // kinds we have, under names the migrations never make
    const names = await backupOf("names", async (sql) => {
      await sql`create function public.evil() returns int language sql as 'select 1'`;
      await sql`create table public.leftover (id int)`;
      await sql`create trigger merchants_evil before insert on merchants for each row execute function audit_log_append_only()`;
      await sql`create type public.extra as enum ('a')`;
    });
    await withServiceRole(async (url) => {
      const byKind = await admin(url, "restore", kinds);
      expect(byKind).toMatchObject({ code: 1, stdout: "" });
      expect(byKind.stderr).toMatch(
        /kinds\.dump is not a backup of this service: it holds kinds of objects, or schemas, that this service's database does not have; nothing was changed/,
      );
      for (const entry of [
        "EXTENSION - pg_trgm",
        "FOREIGN DATA WRAPPER - evil_fdw",
        "SERVER - evil_server",
        "EVENT TRIGGER - evil_event",
      ]) {
        expect(byKind.stderr).toContain(entry);
      }

      const byName = await admin(url, "restore", names);
      expect(byName).toMatchObject({ code: 1, stdout: "" });
      expect(byName.stderr).toMatch(
        /names\.dump is not a backup of this service: it holds objects that the migrations of its schema do not make; nothing was changed/,
      );
      for (const entry of [
        "FUNCTION public evil()",
        "TABLE public leftover",
        "TABLE DATA public leftover",
        "TRIGGER public merchants merchants_evil",
        "TYPE public extra",
      ]) {
        expect(byName.stderr).toContain(entry);
      }
      expect(await tablesOf(url)).toEqual([]);
      expect(await query(url, "select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'")).toEqual(
        [],
      );
    });
  });

  it("restores a backup of an older schema as its migrations made it, and refuses one of a newer version", async () => {
    const all = ourMigrations();
    const older = await backupOf("older", async () => {}, migrationsFolder(all - 3));
    const newer = await backupOf(
      "newer",
      async () => {},
      migrationsFolder(all, [{ tag: "9999_newer", sql: 'CREATE TABLE "newer" (id int);' }]),
    );
    await withServiceRole(async (url) => {
      const refused = await admin(url, "restore", newer);
      expect(refused).toMatchObject({ code: 1, stdout: "" });
      expect(refused.stderr).toContain("newer.dump was made by a newer version of the service");
      expect(await tablesOf(url)).toEqual([]);

      const run = await admin(url, "restore", older);
      expect(run.code, run.stderr).toBe(0);
      expect(await query(url, "select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([{ n: all - 3 }]);
      // the service starts on it as after an upgrade: the newer migrations apply
      const listed = await admin(url, "list");
      expect(listed.code, listed.stderr).toBe(0);
      expect(await query(url, "select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([{ n: all }]);
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
