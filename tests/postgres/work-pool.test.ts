import { sql as q } from "drizzle-orm";
import { expect, it } from "vitest";
import { type Db, openPostgres } from "@/db/client";
import { claimDueDeliveries } from "@/lib/webhooks/delivery";
import { withEmptyDatabase } from "../support/scratch-db";

// The background work has a pool of its own whose statements are planned for their values each time.
// A cached generic plan made while the deliveries table was small keeps its sequential scan as the
// table grows, until the next ANALYZE: on a new deployment the first backlog was drained at a third of
// the rate. Here the claim runs often enough on a small table for PostgreSQL to cache a generic plan,
// the table then grows by 5,000 due deliveries, and the next claim on each pool is watched.

async function seqScansOfClaim(db: Db): Promise<{ seqScans: number; claimed: number }> {
  return db.transaction(async (tx) => {
    // the backend's counts not yet reported are in this view too: the claim's are the difference
    const seqScans = async () =>
      (
        (await tx.execute(q`select seq_scan::int as seq from pg_stat_xact_user_tables where relname = 'deliveries'`)) as unknown as {
          seq: number;
        }[]
      )[0]!.seq;
    const before = await seqScans();
    const claimed = await claimDueDeliveries(tx, 10);
    return { seqScans: (await seqScans()) - before, claimed: claimed.length };
  });
}

it("the background work's pool plans each statement for its values; a claim stays on the indexes as the table grows", async () => {
  await withEmptyDatabase("work_pool", async (url) => {
    const { db, work, close } = await openPostgres(url, 1);
    try {
      expect(work).toBeDefined();
      expect(await db.execute(q`show plan_cache_mode`)).toEqual([{ plan_cache_mode: "auto" }]);
      expect(await work!.execute(q`show plan_cache_mode`)).toEqual([{ plan_cache_mode: "force_custom_plan" }]);

      await db.execute(q`insert into merchants (id, name) values ('merch_w', 'w')`);
      await db.execute(
        q`insert into webhooks (id, merchant_id, url, events, secret_enc) values ('wh_w', 'merch_w', 'https://hooks.example.com/w', '[]', 'v1.x.x.x')`,
      );
      await db.execute(q`analyze`); // small tables, known to be small
      // both pools run the claim often enough to cache a plan (PostgreSQL considers a generic one after 5)
      for (let i = 0; i < 8; i++) {
        await claimDueDeliveries(db, 10);
        await claimDueDeliveries(work!, 10);
      }
      await db.execute(q`insert into events (id, merchant_id, type, payload)
                         select 'evt_' || i, 'merch_w', 'session.started', '{}'::jsonb from generate_series(1, 5000) i`);
      await db.execute(q`insert into deliveries (id, webhook_id, merchant_id, event_id, event_type, status, next_attempt_at)
                         select 'dlv_' || i, 'wh_w', 'merch_w', 'evt_' || i, 'session.started', 'PENDING', now() - interval '1 minute'
                         from generate_series(1, 5000) i`);

      const requests = await seqScansOfClaim(db);
      const background = await seqScansOfClaim(work!);
      expect(background).toEqual({ seqScans: 0, claimed: 10 });
      // what the requests' pool, with its cached plan, does in the same place: the case this pool avoids
      expect(requests.claimed).toBe(10);
      expect(requests.seqScans).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
