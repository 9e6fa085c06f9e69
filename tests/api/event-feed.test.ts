import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { sql as sqlOf } from "drizzle-orm";
import { getDbKind, rowsOf } from "@/db/client";
import { events } from "@/db/schema";
import { FEED_MAX_WAITS_PER_MERCHANT, waitersOf } from "@/lib/events/feed";
import { newId } from "@/lib/core/ids";
import { call, newMerchant, newSession, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

const feed = (m: TestMerchant, params: Record<string, string | number> = {}) =>
  call("GET", `/api/events/feed?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, { key: m.apiKey });

/** Long-polls from `after` until `count` events have arrived (or 15 s have passed); returns them and the cursor. */
async function collect(m: TestMerchant, after: string | undefined, count: number) {
  const got: { id: string; type: string; sessionId: string; payload: any }[] = [];
  let cursor = after;
  const until = Date.now() + 15_000;
  while (got.length < count && Date.now() < until) {
    const res = await feed(m, { ...(cursor ? { after: cursor } : {}), waitMs: 5_000 });
    expect(res.status).toBe(200);
    got.push(...res.body.responseObject.events);
    cursor = res.body.responseObject.cursor;
  }
  return { events: got, cursor: cursor! };
}

const ids = (res: Awaited<ReturnType<typeof feed>>) => (res.body.responseObject.events as { id: string }[]).map((e) => e.id);

/** An event row as an emitted event is written, stamped at `createdAt`. */
function eventRow(m: TestMerchant, sessionId: string, createdAt: Date) {
  const id = newId("evt");
  const payload = { id, type: "session.started", timestamp: createdAt.toISOString(), data: { session: { id: sessionId }, order: null } };
  return { id, merchantId: m.id, type: "session.started", sessionId, orderId: null, payload, createdAt };
}

describe("GET /api/events/feed", () => {
  it("answers the merchant's events oldest first with the delivery payload, and resumes from its cursor", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    await startedSession(other);
    const { session } = await startedSession(m);
    const listed = await call("GET", "/api/events?limit=100", { key: m.apiKey });
    const expected = (listed.body.responseObject.events as { id: string }[]).map((e) => e.id).reverse();
    expect(expected.length).toBeGreaterThan(0);
    const first = await collect(m, undefined, expected.length);
    const got = first.events;
    expect(got.map((e) => e.id)).toEqual(expected);
    for (const e of got) {
      expect(e.sessionId).toBe(session.id);
      expect(e.payload).toMatchObject({ id: e.id, type: e.type, data: { session: { id: session.id } } });
    }

    const again = await feed(m, { after: first.cursor, waitMs: 0 });
    expect(ids(again)).toEqual([]);
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    const started = Date.now();
    const next = await feed(m, { after: again.body.responseObject.cursor, waitMs: 20_000 });
    expect(next.body.responseObject.events.map((e: { type: string }) => e.type)).toEqual(["order.payment_sent"]);
    // answered when it committed, not at waitMs (with room for a loaded machine, and for the other
    // test files' transactions, which hold the feed back until they end)
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("pages with limit, and after=now skips the history", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const s = await newSession(m);
    const old = Date.now() - 60_000;
    const rows = [0, 1, 2].map((i) => eventRow(m, s.id, new Date(old + i)));
    await db.insert(events).values(rows);
    // the feed shows an event once every transaction older than its own has ended, on the whole
    // server: the test files running beside this one may hold one open for a moment, so each read
    // that expects events waits for them
    const one = await feed(m, { limit: 2, waitMs: 10_000 });
    expect(ids(one)).toEqual([rows[0]!.id, rows[1]!.id]);
    const two = await feed(m, { limit: 2, after: one.body.responseObject.cursor, waitMs: 10_000 });
    expect(ids(two)).toContain(rows[2]!.id);
    // each event carries the cursor just after it
    const fromFirst = await feed(m, { limit: 2, after: one.body.responseObject.events[0].cursor, waitMs: 10_000 });
    expect(ids(fromFirst)).toEqual([rows[1]!.id, rows[2]!.id]);
    const now = await feed(m, { after: "now" });
    expect(ids(now)).toEqual([]);
    expect(ids(await feed(m, { after: now.body.responseObject.cursor }))).toEqual([]);
  });

  it("waits at most waitMs when nothing arrives", async () => {
    const m = await newMerchant();
    const started = Date.now();
    const res = await feed(m, { waitMs: 600 });
    expect(ids(res)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(typeof res.body.responseObject.cursor).toBe("string");
  });

  it.each([
    [{ limit: 0 }, "limit"],
    [{ limit: 101 }, "limit"],
    [{ waitMs: 25_001 }, "waitMs"],
    [{ waitMs: -1 }, "waitMs"],
    [{ after: "not-a-cursor" }, "cursor"],
  ])("refuses %j with 400", async (params, field) => {
    const m = await newMerchant();
    const res = await feed(m, params);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it("needs an API key", async () => {
    expect((await call("GET", "/api/events/feed")).status).toBe(401);
  });

  it("hands out an event that commits after a newer one once, after it: the order is the order of commits", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const s = await newSession(m);
    const base = await feed(m, { after: "now" });
    // a newer event commits first …
    const newer = eventRow(m, s.id, new Date(Date.now() - 300));
    await db.insert(events).values(newer);
    const early = await collect(m, base.body.responseObject.cursor, 1);
    expect(early.events.map((e) => e.id)).toEqual([newer.id]);
    // … then one stamped before it commits late: it is not lost behind the cursor
    const late = eventRow(m, s.id, new Date(newer.createdAt.getTime() - 200));
    await db.insert(events).values(late);
    const res = await collect(m, early.cursor, 1);
    expect(res.events.map((e) => e.id)).toEqual([late.id]);
    expect(ids(await feed(m, { after: res.cursor, waitMs: 500 }))).toEqual([]);
  });

  it("holds back settled events while a transaction that may still write an older one is open (PostgreSQL)", async (ctx) => {
    if ((await getDbKind()) !== "postgres") return ctx.skip();
    const m = await newMerchant();
    const db = await testDb();
    const s = await newSession(m);
    const base = await feed(m, { after: "now" });
    const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    let commit = () => {};
    try {
      const release = new Promise<void>((r) => (commit = r));
      const late = eventRow(m, s.id, new Date());
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => (inserted = r));
      const tx = other.begin(async (sql) => {
        await sql`insert into events (id, merchant_id, type, session_id, order_id, payload, created_at)
          values (${late.id}, ${m.id}, ${late.type}, ${s.id}, null, ${sql.json(late.payload)}, ${late.createdAt})`;
        inserted();
        await release;
      });
      await insertedP;
      const newer = eventRow(m, s.id, new Date(late.createdAt.getTime() + 10));
      await db.insert(events).values(newer);
      // the newer event has committed, but the open transaction that wrote before it holds it back
      const held = await feed(m, { after: base.body.responseObject.cursor, waitMs: 800 });
      expect(ids(held)).toEqual([]);
      commit();
      await tx;
      const res = await collect(m, held.body.responseObject.cursor, 2);
      expect(res.events.map((e) => e.id)).toEqual([late.id, newer.id]);
      expect(ids(await feed(m, { after: res.cursor, waitMs: 500 }))).toEqual([]);
    } finally {
      commit();
      await other.end();
    }
  });

  it("keeps moving while others hold transactions that write nothing: a pg_dump-like snapshot, a session idle in a read (PostgreSQL)", async (ctx) => {
    if ((await getDbKind()) !== "postgres") return ctx.skip();
    const m = await newMerchant();
    const base = await feed(m, { after: "now" });
    const dump = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const idle = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    let end = () => {};
    const ended = new Promise<void>((r) => (end = r));
    try {
      let opened = 0;
      const open = new Promise<void>((r) => {
        const one = () => ++opened === 2 && r();
        void dump.begin("isolation level repeatable read read only", async (sql) => {
          await sql`select count(*) from events`;
          one();
          await ended;
        });
        void idle.begin(async (sql) => {
          await sql`select 1 from merchants limit 1`;
          one();
          await ended;
        });
      });
      await open;
      const { session } = await startedSession(m); // its events commit while both stay open
      const started = Date.now();
      const res = await collect(m, base.body.responseObject.cursor, 1);
      expect(res.events[0]).toMatchObject({ type: "session.started", sessionId: session.id });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      end();
      await dump.end();
      await idle.end();
    }
  });
});

describe("the event feed beside other databases of its server (PostgreSQL)", () => {
  /** A connection to another database of the same server (the administration database): a neighbour. */
  const neighbour = () => postgres(process.env.TEST_PG_ADMIN_URL!, { max: 1, onnotice: () => {} });

  it("an event is handed out within a second while another database holds a transaction open for as long", async (ctx) => {
    if ((await getDbKind()) !== "postgres") return ctx.skip();
    const m = await newMerchant();
    const base = await feed(m, { after: "now" });
    const sql = neighbour();
    let end = () => {};
    const ended = new Promise<void>((r) => (end = r));
    try {
      const xid = await new Promise<string>((opened) => {
        // a transaction of the other database that has written (it has an id), left open
        void sql.begin(async (tx) => {
          opened((await tx`select pg_current_xact_id()::text as xid`)[0]!.xid as string);
          await ended;
        });
      });
      const { session } = await startedSession(m); // its events commit while the neighbour's stays open
      const committed = Date.now();
      const res = await feed(m, { after: base.body.responseObject.cursor, waitMs: 10_000 });
      const delay = Date.now() - committed;
      expect(res.body.responseObject.events[0]).toMatchObject({ type: "session.started", sessionId: session.id });
      // the poller looks every FEED_POLL_MS: within a second, with room for a loaded machine
      expect(delay).toBeLessThan(3_000);
      // the neighbour's transaction is still running and holds the server's xmin back: nothing waited for it
      const [snap] = rowsOf<{ xmin: string }>(
        await (await testDb()).execute(sqlOf`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`),
      );
      expect(BigInt(snap!.xmin)).toBeLessThanOrEqual(BigInt(xid));
    } finally {
      end();
      await sql.end();
    }
  });

  it("still holds an event back behind an older transaction of its own database, whatever the neighbours do", async (ctx) => {
    if ((await getDbKind()) !== "postgres") return ctx.skip();
    const m = await newMerchant();
    const db = await testDb();
    const s = await newSession(m);
    const base = await feed(m, { after: "now" });
    const sql = neighbour();
    const own = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    let end = () => {};
    const ended = new Promise<void>((r) => (end = r));
    try {
      let opened = 0;
      const open = new Promise<void>((r) => {
        const one = () => ++opened === 3 && r();
        // the neighbour's oldest, then ours, then another of the neighbour's: only ours counts
        void sql.begin(async (tx) => {
          await tx`select pg_current_xact_id()`;
          one();
          await ended;
        });
        void (async () => {
          while (opened < 1) await new Promise((w) => setTimeout(w, 10));
          void own.begin(async (tx) => {
            await tx`select pg_current_xact_id()`;
            one();
            await ended;
          });
          while (opened < 2) await new Promise((w) => setTimeout(w, 10));
          const other = neighbour();
          void other
            .begin(async (tx) => {
              await tx`select pg_current_xact_id()`;
              one();
              await ended;
            })
            .finally(() => other.end());
        })();
      });
      await open;
      const newer = eventRow(m, s.id, new Date());
      await db.insert(events).values(newer);
      const held = await feed(m, { after: base.body.responseObject.cursor, waitMs: 800 });
      expect(ids(held)).toEqual([]);
      end();
      const res = await collect(m, held.body.responseObject.cursor, 1);
      expect(res.events.map((e) => e.id)).toEqual([newer.id]);
    } finally {
      end();
      await sql.end();
      await own.end();
    }
  });
});

describe("long-polls of the event feed", () => {
  const url = (params: Record<string, string>) => `http://checkout.test/api/events/feed?${new URLSearchParams(params)}`;

  it("a merchant holds a few at once; one more is answered 429 at once, with Retry-After", async () => {
    const m = await newMerchant();
    const { GET } = await import("@/app/api/events/feed/route");
    const stop = new AbortController();
    const open = Array.from({ length: FEED_MAX_WAITS_PER_MERCHANT }, () =>
      GET(new Request(url({ after: "now", waitMs: "20000" }), { headers: { "x-api-key": m.apiKey }, signal: stop.signal }), {
        params: Promise.resolve({}),
      }),
    );
    const db = await testDb();
    await expect.poll(() => waitersOf(db).waiting, { timeout: 5_000 }).toBeGreaterThanOrEqual(FEED_MAX_WAITS_PER_MERCHANT);
    const started = Date.now();
    const refused = await feed(m, { after: "now", waitMs: 20_000 });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.body.error?.code).toBe("RATE_LIMITED");
    expect(Date.now() - started).toBeLessThan(10_000); // at once, not at waitMs
    // another merchant is not held back by this one, and a read without a wait is never refused
    expect((await feed(await newMerchant(), { after: "now", waitMs: 300 })).status).toBe(200);
    expect((await feed(m, { after: "now" })).status).toBe(200);
    stop.abort();
    await Promise.all(open);
    expect((await feed(m, { after: "now", waitMs: 300 })).status).toBe(200);
  });

  it("a wait ends when its client goes away", async () => {
    const m = await newMerchant();
    const { GET } = await import("@/app/api/events/feed/route");
    const db = await testDb();
    const before = waitersOf(db).waiting;
    const stop = new AbortController();
    const started = Date.now();
    const pending = GET(new Request(url({ after: "now", waitMs: "20000" }), { headers: { "x-api-key": m.apiKey }, signal: stop.signal }), {
      params: Promise.resolve({}),
    });
    await expect.poll(() => waitersOf(db).waiting, { timeout: 5_000 }).toBe(before + 1);
    stop.abort();
    await pending;
    expect(Date.now() - started).toBeLessThan(10_000); // not at waitMs
    expect(waitersOf(db).waiting).toBe(before);
  });

  it("one poller serves every wait: its queries do not grow with the number of waits", async () => {
    const merchants = await Promise.all([0, 1, 2, 3].map(() => newMerchant()));
    const db = await testDb();
    const poller = waitersOf(db);
    const before = poller.queries;
    const started = Date.now();
    // 16 waits of 1.5 s each
    await Promise.all(merchants.flatMap((m) => [0, 1, 2, 3].map(() => feed(m, { after: "now", waitMs: 1_500 }))));
    const ticks = Math.ceil((Date.now() - started) / 250) + 1;
    // at most three queries a tick for all of them: the snapshot, whose transactions are another
    // database's, and which merchants have news (each wait reading on its own would make 16 a tick)
    expect(poller.queries - before).toBeLessThanOrEqual(3 * ticks);
    expect(poller.queries - before).toBeGreaterThan(0);
  });

  it("wakes a wait as soon as its merchant's event commits, not the others'", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const cursorA = (await feed(a, { after: "now" })).body.responseObject.cursor;
    const cursorB = (await feed(b, { after: "now" })).body.responseObject.cursor;
    const waitA = feed(a, { after: cursorA, waitMs: 20_000 });
    const waitB = feed(b, { after: cursorB, waitMs: 1_500 });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const { session } = await startedSession(a);
    const gotA = await waitA;
    expect(gotA.body.responseObject.events[0]).toMatchObject({ type: "session.started", sessionId: session.id });
    expect(Date.now() - started).toBeLessThan(10_000); // woken, not at waitMs
    expect(ids(await waitB)).toEqual([]);
  });
});
