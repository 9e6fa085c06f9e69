import postgres from "postgres";
import { expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { migrationsWith } from "../support/migrations-folder";
import { withEmptyDatabase } from "../support/scratch-db";

// A migration that takes table locks (ALTER TABLE) while the previous release's instances serve must
// never make one of their requests fail. The shape that did, in the rolling-upgrade test: the
// migration holds one table, a request that holds a second table waits for the first, then the
// migration asks for the second; PostgreSQL ends the request that waited first as a deadlock
// (40P01). Here the migration gives way instead: it waits at most MIGRATION_LOCK_TIMEOUT_MS for a
// lock, rolls back and tries again, and the request commits.

// two tables with no foreign key between them: a write to one takes no lock on the other
const MIGRATION = `ALTER TABLE "users" ADD COLUMN "lock_probe_a" text;--> statement-breakpoint
SELECT pg_sleep(0.5);--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD COLUMN "lock_probe_b" text;`;

it("a migration that would deadlock with a request gives way: the request commits, the migration applies once", async () => {
  await withEmptyDatabase("migration_yield", async (url) => {
    await (await openPostgres(url, 1)).close(); // the schema the previous release serves
    const { folder, remove } = migrationsWith([{ tag: "9001_lock_probe", sql: MIGRATION }]);
    const request = postgres(url, { max: 1, onnotice: () => {} });
    const check = postgres(url, { max: 1, onnotice: () => {} });
    try {
      let migrating: Promise<unknown> | undefined;
      const outcome = await request
        .begin(async (tx) => {
          // the request holds rate_limit_counters (a write) ...
          await tx`insert into rate_limit_counters (bucket, window_start, count) values ('lock-probe', now(), 1)`;
          // ... the migration takes users, sleeps, then will ask for rate_limit_counters ...
          migrating = openPostgres(url, 1, { migrationsFolder: folder }).then((o) => o.close());
          const deadline = Date.now() + 10_000;
          for (;;) {
            const [row] = await check`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
              where c.relname = 'users' and l.mode = 'AccessExclusiveLock' and l.granted`;
            if (row!.n > 0) break;
            if (Date.now() > deadline) throw new Error("the migration never took users");
            await new Promise((r) => setTimeout(r, 10));
          }
          // ... and the request now needs users: without giving way, one of the two ends in a deadlock,
          // and PostgreSQL picks the request, which waited first
          await tx`insert into users (id, email, password_hash) values ('usr_lock', 'lock@example.com', 'x')`;
          return "committed";
        })
        .catch((err: { code?: string; message?: string }) => `failed ${err.code ?? err.message}`);
      await migrating;
      expect(outcome).toBe("committed");
      const [applied] = await check`select count(*)::int as n from information_schema.columns
        where table_name in ('users', 'rate_limit_counters') and column_name like 'lock_probe_%'`;
      expect(applied!.n).toBe(2);
      const [row] = await check`select count(*)::int as n from users where id = 'usr_lock'`;
      expect(row!.n).toBe(1);
    } finally {
      await request.end();
      await check.end();
      remove();
    }
  });
});
