import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { getDbKind } from "@/db/client";
import { events } from "@/db/schema";
import { FEED_SETTLE_MS } from "@/lib/events/feed";
import { newId } from "@/lib/ids";
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

/** An event row as recordEvent writes it, stamped at `createdAt`. */
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
    const next = await feed(m, { after: again.body.responseObject.cursor, waitMs: 10_000 });
    expect(next.body.responseObject.events.map((e: { type: string }) => e.type)).toEqual(["order.payment_sent"]);
    expect(Date.now() - started).toBeLessThan(FEED_SETTLE_MS + 2_000); // answered when it settled, not at waitMs
  });

  it("pages with limit, and after=now skips the history", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const s = await newSession(m);
    const old = Date.now() - 60_000;
    const rows = [0, 1, 2].map((i) => eventRow(m, s.id, new Date(old + i)));
    await db.insert(events).values(rows);
    const one = await feed(m, { limit: 2 });
    expect(ids(one)).toEqual([rows[0]!.id, rows[1]!.id]);
    const two = await feed(m, { limit: 2, after: one.body.responseObject.cursor });
    expect(ids(two)).toContain(rows[2]!.id);
    // each event carries the cursor just after it
    const fromFirst = await feed(m, { limit: 2, after: one.body.responseObject.events[0].cursor });
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

  it("delivers an event that commits after a newer one exactly once", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const s = await newSession(m);
    const base = await feed(m, { after: "now" });
    // a newer event commits first …
    const newer = eventRow(m, s.id, new Date(Date.now() - 300));
    await db.insert(events).values(newer);
    const early = await feed(m, { after: base.body.responseObject.cursor });
    expect(ids(early)).toEqual([]); // not settled yet: an older one may still commit
    // … then one stamped before it commits late
    const late = eventRow(m, s.id, new Date(newer.createdAt.getTime() - 200));
    await db.insert(events).values(late);
    const res = await collect(m, early.body.responseObject.cursor, 2);
    expect(res.events.map((e) => e.id)).toEqual([late.id, newer.id]);
    const after = await feed(m, { after: res.cursor, waitMs: FEED_SETTLE_MS + 500 });
    expect(ids(after)).toEqual([]);
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
      await new Promise((r) => setTimeout(r, FEED_SETTLE_MS + 500));
      // the newer event is older than the settle window, but the open transaction holds it back
      const held = await feed(m, { after: base.body.responseObject.cursor });
      expect(ids(held)).toEqual([]);
      commit();
      await tx;
      const res = await collect(m, held.body.responseObject.cursor, 2);
      expect(res.events.map((e) => e.id)).toEqual([late.id, newer.id]);
      expect(ids(await feed(m, { after: res.cursor, waitMs: FEED_SETTLE_MS + 500 }))).toEqual([]);
    } finally {
      commit();
      await other.end();
    }
  });
});
