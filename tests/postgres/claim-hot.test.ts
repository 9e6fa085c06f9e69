import { sql as q } from "drizzle-orm";
import { expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { withEmptyDatabase } from "../support/scratch-db";
import { claimDueDeliveries } from "@/lib/webhooks/delivery";

// The dispatcher claims due deliveries by setting a lease. The lease is in no index, so PostgreSQL can
// update the claimed rows in place (a HOT update) instead of writing a new entry into each of the
// deliveries' eight indexes. That only holds while the claim changes no indexed column: updated_at is
// in deliveries_webhook_ended_idx's expression, so a claim that touched it could never be HOT.

it("a claim sets the lease only, so PostgreSQL updates the claimed deliveries in place (HOT)", async () => {
  await withEmptyDatabase("claim_hot", async (url) => {
    const { db, close } = await openPostgres(url, 1); // applies the migrations
    try {
      const created = new Date(Date.now() - 60_000).toISOString();
      await db.execute(q`insert into merchants (id, name) values ('merch_c', 'c')`);
      await db.execute(
        q`insert into webhooks (id, merchant_id, url, events, secret_enc) values ('wh_c', 'merch_c', 'https://hooks.example.com/c', '[]', 'v1.x.x.x')`,
      );
      await db.execute(q`insert into events (id, merchant_id, type, payload)
                         select 'evt_' || i, 'merch_c', 'session.started', '{}'::jsonb from generate_series(1, 20) i`);
      await db.execute(q`insert into deliveries (id, webhook_id, merchant_id, event_id, event_type, status, next_attempt_at, created_at, updated_at)
                         select 'dlv_' || i, 'wh_c', 'merch_c', 'evt_' || i, 'session.started', 'PENDING', ${created}::timestamptz,
                                ${created}::timestamptz, ${created}::timestamptz
                         from generate_series(1, 20) i`);
      // the statistics of this transaction's own writes: pg_stat_xact_user_tables
      const counts = await db.transaction(async (tx) => {
        const claimed = await claimDueDeliveries(tx, 20);
        const [row] = (await tx.execute(
          q`select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables where relname = 'deliveries'`,
        )) as unknown as { upd: number; hot: number }[]; // postgres-js: the rows themselves
        return { claimed, ...row! };
      });
      expect(counts.claimed).toHaveLength(20);
      for (const d of counts.claimed) {
        expect(d.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
        expect(d.updatedAt.toISOString()).toBe(created); // the lease is no change a merchant sees
      }
      expect(counts.upd).toBe(20);
      expect(counts.hot).toBe(20);
    } finally {
      await close();
    }
  });
}, 60_000);
