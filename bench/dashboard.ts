// Dashboard list timings at scale: one merchant with 10,000 sessions and 100,000 deliveries, on
// PostgreSQL, through the same lib/ functions the pages call. `npm run bench:dashboard`
import crypto from "node:crypto";
import os from "node:os";
import postgres from "postgres";

const ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 100_000);
const RUNS = 25;

const dbName = `checkout_bench_dash_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${dbName}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
Object.assign(process.env, { DATABASE_URL: url.toString(), APP_SECRET: "bench", NEXTAUTH_SECRET: "bench", LOG_LEVEL: "warn" });

let exitCode = 0;
try {
  const { getDb, closeDb } = await import("@/db/client");
  const { listSessions } = await import("@/lib/sessions/read");
  const { listDeliveries } = await import("@/lib/webhooks/service");
  const { merchantOverview } = await import("@/lib/dashboard/stats");
  const { merchantWebhooksHealth } = await import("@/lib/webhooks/health");
  const { getSessionDetail } = await import("@/lib/dashboard/session-detail");
  const { searchSessions } = await import("@/lib/sessions/search");
  const { sessionsCsvStream } = await import("@/lib/sessions/csv");
  const { eventPage } = await import("@/lib/events/service");
  const { dashboardMerchant } = await import("@/lib/actor");
  const db = await getDb();
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });

  // ---- seed with set-based SQL: a merchant, a second merchant (noise), sessions, orders, events, deliveries
  const t0 = performance.now();
  const merchantId = "merch_bench";
  await sql`insert into merchants (id, name) values (${merchantId}, 'bench'), ('merch_other', 'other')`;
  for (const m of [merchantId, "merch_other"]) {
    await sql`
      insert into checkout_sessions (id, merchant_id, amount_micro, destination_chain_id, destination_token, recipient_address, status, metadata, expires_at, created_at, updated_at, completed_at)
      select 'sess_' || md5(${m} || i), ${m}, (1 + i % 500) * 1000000, 8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
             (array['CREATED','ACTIVE','COMPLETED','EXPIRED','CANCELLED'])[1 + i % 5]::session_status,
             jsonb_build_object('orderRef', 'R-' || i, 'customer', 'c' || (i % 997)),
             now() + interval '1 day', now() - (i || ' minutes')::interval, now(),
             case when i % 5 = 2 then now() - (i || ' minutes')::interval end
      from generate_series(1, ${SESSIONS}) i`;
  }
  await sql`
    insert into orders (id, session_id, merchant_id, status, payment_platform, fiat_currency, fiat_amount_minor, token_amount_micro, conversion_rate, recipient, intent_hash, signal_tx, expires_at, created_at, updated_at)
    select 'ord_' || md5(s.id), s.id, s.merchant_id, case when s.status = 'COMPLETED' then 'FULFILLED'::order_status else 'SIGNAL_MINED'::order_status end,
           (array['venmo','revolut','wise','zelle','cashapp','paypal','monzo','mercadopago'])[1 + abs(hashtext(s.id)) % 8], 'USD', 5000, s.amount_micro, '1.01', '@x', '0x' || md5(s.id) || md5(s.id || 'i'), '0x' || md5(s.id || 's') || md5(s.id || 't'), now() + interval '1 hour', s.created_at, now()
    from checkout_sessions s where s.status in ('ACTIVE', 'COMPLETED')`;
  await sql`update checkout_sessions s set active_order_id = 'ord_' || md5(s.id) where s.status in ('ACTIVE', 'COMPLETED')`;
  const hooks = ["wh_bench_1", "wh_bench_2", "wh_bench_3"];
  for (const h of hooks)
    await sql`insert into webhooks (id, merchant_id, url, events, secret_enc) values (${h}, ${merchantId}, 'https://hooks.example.com/x', '[]', 'v1.x.x.x')`;
  const eventsNeeded = Math.ceil(DELIVERIES / hooks.length);
  await sql`
    insert into events (id, merchant_id, type, session_id, payload, created_at)
    select 'evt_' || md5('e' || i), ${merchantId}, (array['order.created','session.started','order.fulfilled','session.completed'])[1 + i % 4],
           'sess_' || md5(${merchantId} || (1 + i % ${SESSIONS})), '{}'::jsonb, now() - (i || ' seconds')::interval
    from generate_series(1, ${eventsNeeded}) i`;
  await sql`
    insert into deliveries (id, webhook_id, merchant_id, event_id, event_type, status, attempts, last_attempt_at, created_at, updated_at)
    select 'dlv_' || md5(w.id || e.id), w.id, e.merchant_id, e.id, e.type,
           (case when abs(hashtext(e.id)) % 50 = 0 then 'FAILED' when abs(hashtext(e.id)) % 50 = 1 then 'PENDING' else 'DELIVERED' end)::delivery_status, 1, e.created_at, e.created_at, now()
    from events e cross join (select unnest(${sql.array(hooks)}::text[]) as id) w`;
  // as autovacuum would soon after a bulk load: statistics, and the visibility map that index-only scans need
  await sql`vacuum analyze`;
  const [{ n }] = await sql`select count(*)::int as n from deliveries`;
  console.log(
    `· seeded ${SESSIONS} sessions per merchant (2 merchants) and ${n} deliveries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // ---- time each list the dashboard shows
  async function time(name: string, fn: () => Promise<unknown>) {
    for (let i = 0; i < 3; i++) await fn();
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await fn();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { name, p50: ms[Math.floor(RUNS / 2)]!, p95: ms[Math.floor(RUNS * 0.95)]! };
  }
  const as = { actor: dashboardMerchant(merchantId) };
  const page1 = await listSessions(db, { limit: 25 }, as);
  let deep: string | undefined = undefined;
  for (let i = 0, c: string | null | undefined = page1.nextCursor; i < 200 && c; i++) {
    const p = await listSessions(db, { limit: 25, cursor: c }, as);
    c = p.nextCursor;
    deep = c ?? deep;
  }
  const dPage = await listDeliveries(db, "wh_bench_1", { limit: 25 }, as);
  let dDeep: string | undefined;
  for (let i = 0, c: string | null | undefined = dPage.nextCursor; i < 400 && c; i++) {
    const p = await listDeliveries(db, "wh_bench_1", { limit: 25, cursor: c }, as);
    c = p.nextCursor;
    dDeep = c ?? dDeep;
  }
  const rows = [
    await time("sessions: newest 25", () => listSessions(db, { limit: 25 }, as)),
    await time("sessions: status COMPLETED", () => listSessions(db, { status: "COMPLETED", limit: 25 }, as)),
    await time("sessions: page ~200 (cursor)", () => listSessions(db, { limit: 25, cursor: deep }, as)),
    await time("sessions: search by id", () =>
      listSessions(db, { q: `sess_${crypto.createHash("md5").update(`${merchantId}77`).digest("hex")}`, limit: 25 }, as),
    ),
    await time("sessions: search by metadata value", () => listSessions(db, { q: "R-9876", limit: 25 }, as)),
    await time("session page (orders, timeline)", () =>
      getSessionDetail(db, `sess_${crypto.createHash("md5").update(`${merchantId}3`).digest("hex")}`, as),
    ),
    await time("deliveries: newest 25", () => listDeliveries(db, "wh_bench_1", { limit: 25 }, as)),
    await time("deliveries: status FAILED", () => listDeliveries(db, "wh_bench_1", { status: "FAILED", limit: 25 }, as)),
    await time("deliveries: event order.fulfilled", () =>
      listDeliveries(db, "wh_bench_1", { eventType: "order.fulfilled", limit: 25 }, as),
    ),
    await time("deliveries: page ~400 (cursor)", () => listDeliveries(db, "wh_bench_1", { limit: 25, cursor: dDeep }, as)),
    await time("sessions: amount high→low", () => searchSessions(db, { sort: "amount_desc", limit: 25 }, as)),
    await time("sessions: oldest first", () => searchSessions(db, { sort: "oldest", limit: 25 }, as)),
    await time("sessions: amount 100–120 USDC", () =>
      searchSessions(db, { amountMin: 100_000_000n, amountMax: 120_000_000n, limit: 25 }, as),
    ),
    await time("sessions: one day, 10 days ago", () =>
      searchSessions(
        db,
        { createdFrom: new Date(Date.now() - 10 * 86_400_000), createdBefore: new Date(Date.now() - 9 * 86_400_000), limit: 25 },
        as,
      ),
    ),
    await time("sessions: platform revolut", () => searchSessions(db, { platform: "revolut", limit: 25 }, as)),
    await time("sessions: metadata, 1,000 matches", () => searchSessions(db, { q: "c42", limit: 25 }, as)),
    await time("events: newest 25", () => eventPage(db, { limit: 25, generation: "any" }, as)),
    await time("events: type session.completed", () => eventPage(db, { type: "session.completed", limit: 25, generation: "any" }, as)),
    await time("overview: 30 days", () => merchantOverview(db, { days: 30 }, as)),
    await time("overview: 90 days", () => merchantOverview(db, { days: 90 }, as)),
    await time("overview: webhook health (24 h)", () => merchantWebhooksHealth(db, as)),
  ];
  console.log(
    `\nDashboard queries, ${RUNS} runs each after 3 warm-ups (PostgreSQL, one merchant: ${SESSIONS} sessions, ${n} deliveries)\n`,
  );
  console.log("query                                   p50 ms   p95 ms");
  for (const r of rows) console.log(`${r.name.padEnd(38)} ${r.p50.toFixed(2).padStart(7)}  ${r.p95.toFixed(2).padStart(7)}`);
  // the CSV export of every COMPLETED session: rows per second, and the process's memory after it
  const csvStart = performance.now();
  let csvBytes = 0;
  let csvLines = 0;
  for await (const chunk of sessionsCsvStream(db, { filters: { status: "COMPLETED" }, sort: "newest" }, as)) {
    csvBytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) csvLines++;
  }
  const csvSeconds = (performance.now() - csvStart) / 1000;
  console.log(
    `\nCSV export of the COMPLETED sessions: ${csvLines - 1} rows, ${(csvBytes / 1e6).toFixed(1)} MB in ${csvSeconds.toFixed(1)} s ` +
      `(${Math.round((csvLines - 1) / csvSeconds)} rows/s), RSS after ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
  );
  console.log(
    `\n${os.cpus().length} cores, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await sql.end();
  await closeDb();
} catch (err) {
  console.error(`benchmark failed: ${(err as Error).stack ?? err}`);
  exitCode = 1;
} finally {
  if (process.env.BENCH_KEEP_DB) console.log(`· kept database ${dbName}`);
  else await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
process.exit(exitCode);
