import postgres from "postgres";
import { expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { withEmptyDatabase } from "../support/scratch-db";

// A rolling upgrade starts several instances on one database at once: each applies the migrations
// at start-up. They must all start, and every migration must be applied exactly once.

it("four instances starting at once on an empty database all start; each migration applies once", async () => {
  await withEmptyDatabase("migrate", async (url) => {
    const opened = await Promise.all([0, 1, 2, 3].map(() => openPostgres(url, 2)));
    for (const o of opened) expect((await o.db.execute("select count(*)::int as n from merchants")) as unknown).toBeTruthy();
    await Promise.all(opened.map((o) => o.close()));
    const check = postgres(url, { max: 1, onnotice: () => {} });
    const applied = await check`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`;
    await check.end();
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((r) => r.n === 1)).toBe(true);
  });
});
