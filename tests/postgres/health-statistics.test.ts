import postgres from "postgres";
import { expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { withEmptyDatabase } from "../support/scratch-db";

// Webhook health counts the deliveries that ended in the last day by coalesce(last_attempt_at,
// updated_at), through a partial expression index. PostgreSQL keeps no statistics for the expression
// of a partial index, so without an extended statistics object it guesses a third of the table for
// "ended in the last day" and scans the whole table (4.5 s at 10M deliveries in bench:dashboard).
// This checks that the planner's estimate follows the data once the table is analysed.

it("the planner estimates 'deliveries ended in the last day' from statistics, not a third of the table", async () => {
  await withEmptyDatabase("health_stats", async (url) => {
    const opened = await openPostgres(url, 1); // applies the migrations
    await opened.close();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const total = 30_000;
      await sql`insert into merchants (id, name) values ('merch_h', 'h')`;
      await sql`insert into webhooks (id, merchant_id, url, events, secret_enc) values ('wh_h', 'merch_h', 'https://hooks.example.com/h', '[]', 'v1.x.x.x')`;
      await sql`insert into events (id, merchant_id, type, payload, created_at)
                select 'evt_' || i, 'merch_h', 'session.started', '{}'::jsonb, now() - i * interval '1 minute'
                from generate_series(1, ${total}::int) i`;
      // one delivery a minute for ~3 weeks: the last day holds 1,440 of them (about 5 %)
      await sql`insert into deliveries (id, webhook_id, merchant_id, event_id, event_type, status, attempts, last_attempt_at, created_at, updated_at)
                select 'dlv_' || i, 'wh_h', 'merch_h', 'evt_' || i, 'session.started', 'DELIVERED', 1,
                       now() - i * interval '1 minute', now() - i * interval '1 minute', now()
                from generate_series(1, ${total}::int) i`;
      await sql`analyze deliveries`;
      const since = new Date(Date.now() - 86_400_000).toISOString();
      const [actual] =
        await sql`select count(*)::int as n from deliveries where coalesce(last_attempt_at, updated_at) >= ${since}::timestamptz`;
      const [plan] = await sql.unsafe(
        `explain (format json) select 1 from deliveries where coalesce(last_attempt_at, updated_at) >= '${since}'::timestamptz`,
      );
      const estimate = (plan!["QUERY PLAN"] as { Plan: { "Plan Rows": number } }[])[0]!.Plan["Plan Rows"];
      expect(actual!.n).toBeGreaterThan(1_400);
      expect(actual!.n).toBeLessThan(1_500);
      // without the statistics object the estimate is a third of the table (10,000)
      expect(estimate).toBeGreaterThan(actual!.n / 3);
      expect(estimate).toBeLessThan(actual!.n * 3);
    } finally {
      await sql.end();
    }
  });
}, 60_000);
