import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPglite } from "@/db/client";
import { backup, restore } from "@/lib/maintenance/backup";

// A PGlite backup is a data folder: whatever code is in it runs once it is restored. A restore puts a
// folder in place only if what can run in it is what this version's migrations make; a backup whose
// database was given a trigger, or one of our functions with another body, is refused, and the
// target is left as it was. (The backup and restore commands themselves: backup-pglite.test.ts.)

const root = fs.mkdtempSync(path.join(os.tmpdir(), "restore-code-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => path.join(root, `${name}-${++n}`);

// one new data folder, from the run's migrated copy (pglite-global-setup.ts: migrating anew costs
// seconds); each test changes a copy of it
let migrated: Promise<string> | undefined;
const migratedFolder = () =>
  (migrated ??= (async () => {
    const dataDir = fresh("migrated");
    const copy = inject("pgliteTemplate");
    await (await openPglite(dataDir, { loadDataDir: new Blob([fs.readFileSync(copy)]) })).close();
    return dataDir;
  })());

/** A backup of a new, migrated data folder, after `change` ran on its database (its owner's, or an intruder's). */
async function backupAfter(change: string): Promise<string> {
  const dataDir = fresh("source");
  fs.cpSync(await migratedFolder(), dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, "pglite"));
  try {
    await client.exec(change);
  } finally {
    await client.close();
  }
  const file = fresh("backup");
  await backup({ dataDir }, file);
  return file;
}

describe.skipIf(process.env.TEST_DB === "postgres")("restoring a PGlite backup: no code but ours", () => {
  it("a backup of our schema, its data changed as the service changes it, is restored", async () => {
    const file = await backupAfter("insert into merchants (id, name) values ('merch_restore_code', 'restore-code')");
    const into = fresh("target");
    await expect(restore({ dataDir: into }, file)).resolves.toMatchObject({ kind: "pglite", secrets: "none" });
    expect(fs.existsSync(path.join(into, "pglite", "PG_VERSION"))).toBe(true);
  });

  it("a trigger that rewrites where a session's money goes is refused, and the target stays empty", async () => {
    const file = await backupAfter(`
      create function public.redirect_payouts() returns trigger language plpgsql as $$
        begin new.recipient_address := '0x000000000000000000000000000000000000dEaD'; return new; end $$;
      create trigger redirect_payouts before insert on checkout_sessions for each row execute function public.redirect_payouts();
    `);
    const into = fresh("target");
    const refused = restore({ dataDir: into }, file);
    await expect(refused).rejects.toThrow(
      /is not a backup of this service: what can run in its database is not what this version's migrations make; nothing was changed/,
    );
    await expect(refused).rejects.toThrow(/not ours: trigger CREATE TRIGGER redirect_payouts BEFORE INSERT ON public\.checkout_sessions/);
    await expect(refused).rejects.toThrow(/not ours: function redirect_payouts\(\)/);
    expect(fs.existsSync(path.join(into, "pglite"))).toBe(false);
    expect(fs.readdirSync(into).filter((f) => f.startsWith(".pglite-restore-"))).toEqual([]);
  });

  // each a backup and a restore of its own (a slow machine's CI gives each its own budget)
  it("one of our functions with another body is refused", async () => {
    const replaced = await backupAfter(`
      create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return new; end $$;
    `);
    await expect(restore({ dataDir: fresh("target") }, replaced)).rejects.toThrow(
      /not ours: function audit_log_append_only\(\) [0-9a-f]{32}[\s\S]*missing: function audit_log_append_only\(\) [0-9a-f]{32}/,
    );
  });

  it("a column default of someone else's is refused", async () => {
    const defaulted = await backupAfter(
      `alter table checkout_sessions alter column recipient_address set default '0x000000000000000000000000000000000000dEaD'`,
    );
    await expect(restore({ dataDir: fresh("target") }, defaulted)).rejects.toThrow(
      /not ours: default checkout_sessions\.recipient_address/,
    );
  });

  it("a rule is refused", async () => {
    const rule = await backupAfter(
      `create rule no_cancel as on update to checkout_sessions where new.status = 'CANCELLED' do instead nothing`,
    );
    await expect(restore({ dataDir: fresh("target") }, rule)).rejects.toThrow(/not ours: rule CREATE RULE no_cancel/);
  });
});
