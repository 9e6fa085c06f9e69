import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openPglite, rowsOf } from "@/db/client";
import { migrationsWith } from "@/tests/support/migrations-folder";

// PGlite is one process: nothing else writes while an index is built, and it applies the
// migrations in one transaction, where CONCURRENTLY is refused. So a no-transaction migration is
// applied there as a plain CREATE INDEX, in its place among the others.

it("applies a no-transaction migration on PGlite without CONCURRENTLY, before the migrations after it", async () => {
  const { folder, remove } = migrationsWith([
    {
      tag: "9000_merchants_display_name_idx",
      sql: '-- checkout:no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "merchants_display_name_idx" ON "merchants" USING btree ("display_name");',
    },
    // a later ordinary migration that relies on it being there
    { tag: "9001_comment", sql: `COMMENT ON INDEX "merchants_display_name_idx" IS 'the dashboard search';` },
  ]);
  const { db, close } = await openPglite("memory://", { migrationsFolder: folder });
  try {
    const indexes = rowsOf<{ indexdef: string }>(
      await db.execute(sql`select indexdef from pg_indexes where indexname = 'merchants_display_name_idx'`),
    );
    expect(indexes).toEqual([{ indexdef: expect.stringContaining("CREATE INDEX merchants_display_name_idx ON public.merchants") }]);
    const applied = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(applied).toEqual([{ n: fs.readdirSync(folder).filter((f) => f.endsWith(".sql")).length }]);
  } finally {
    await close();
    remove();
  }
});
