import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");

type Journal = { entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }> };

/**
 * A temporary copy of db/migrations with `extra` migrations after its last one, each dated a second
 * after the one before, as drizzle-kit would add them. `remove()` deletes it.
 */
export function migrationsWith(extra: Array<{ tag: string; sql: string }>): { folder: string; remove: () => void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-migrations-"));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
  for (const { tag, sql } of extra) {
    const previous = journal.entries.at(-1)!;
    journal.entries.push({ ...previous, idx: previous.idx + 1, when: previous.when + 1000, tag });
    fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  }
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal, null, 2));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
