import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, deliveries, events, orders, rateLimitCounters } from "@/db/schema";
import { openPostgres } from "@/db/client";
import { getConfig } from "@/lib/core/config";
import { RateLimiter } from "@/lib/limits/rate-limit";
import { call, newMerchant, newSession, newWebhook, sessionBody, startedSession } from "../support/api";
import { testDb } from "../support/db";

// Races on real PostgreSQL: many requests at once on one session must leave exactly one outcome.

const N = 24;
const together = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

async function eventCount(sessionId: string, type: string) {
  const db = await testDb();
  return (
    await db
      .select()
      .from(events)
      .where(and(eq(events.sessionId, sessionId), eq(events.type, type)))
  ).length;
}

describe("concurrent state changes on PostgreSQL", () => {
  it("many simultaneous starts on one session create exactly one order", async () => {
    const m = await newMerchant();
    for (let round = 0; round < 5; round++) {
      const s = await newSession(m);
      const results = await together(N, (i) =>
        call("POST", `/api/checkout/sessions/${s.id}/start`, {
          key: m.apiKey,
          body: { paymentPlatform: i % 2 ? "venmo" : "zelle", fiatCurrency: "USD" },
        }),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((x) => x === 200)).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(N - 1);
      const db = await testDb();
      const rows = await db.select().from(orders).where(eq(orders.sessionId, s.id));
      expect(rows).toHaveLength(1);
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.id));
      expect(session!.activeOrderId).toBe(rows[0]!.id);
      expect(await eventCount(s.id, "order.created")).toBe(1);
      expect(await eventCount(s.id, "session.started")).toBe(1);
    }
  });

  it("a start whose session is not as it was read writes nothing, and is made again under the row lock", async () => {
    const m = await newMerchant();
    const hook = await newWebhook(m);
    const s = await newSession(m);
    const db = await testDb();
    // what a read gives JavaScript (milliseconds) no longer equals the row (microseconds): as if the
    // session had changed between the read and the write
    await db.execute(sql`update checkout_sessions set updated_at = updated_at + interval '1 microsecond' where id = ${s.id}`);
    const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
      key: m.apiKey,
      body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    });
    expect(res.status).toBe(200);
    const rows = await db.select().from(orders).where(eq(orders.sessionId, s.id));
    expect(rows).toHaveLength(1);
    expect(res.body.responseObject.order.id).toBe(rows[0]!.id);
    expect(await eventCount(s.id, "order.created")).toBe(1);
    expect(await eventCount(s.id, "session.started")).toBe(1);
    // and no delivery of an event that was not written
    const sent = await db.select({ type: deliveries.eventType }).from(deliveries).where(eq(deliveries.webhookId, hook.id));
    expect(sent.map((d) => d.type).sort()).toEqual(["order.created", "session.started"]);
  });

  it("a start racing a cancel leaves one consistent outcome", async () => {
    const m = await newMerchant();
    const db = await testDb();
    for (let round = 0; round < 8; round++) {
      const s = await newSession(m);
      const [started, cancelled] = await Promise.all([
        call("POST", `/api/checkout/sessions/${s.id}/start`, { key: m.apiKey, body: { paymentPlatform: "venmo", fiatCurrency: "USD" } }),
        call("POST", `/api/checkout/sessions/${s.id}/cancel`, { key: m.apiKey }),
      ]);
      expect(cancelled.status).toBe(200);
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.id));
      expect(session!.status).toBe("CANCELLED");
      const live = (await db.select().from(orders).where(eq(orders.sessionId, s.id))).filter((o) =>
        ["SIGNAL_SUBMITTED", "SIGNAL_MINED", "PAYMENT_SENT"].includes(o.status),
      );
      expect(live).toEqual([]); // a cancel ends the order a start made, or the start found the session cancelled
      expect([200, 409]).toContain(started.status);
      expect(await eventCount(s.id, "session.started")).toBe(started.status === 200 ? 1 : 0);
    }
  });

  it("simultaneous payment-sent calls all succeed and record one event", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const results = await together(N, () => call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey }));
    expect(results.every((r) => r.status === 200 && r.body.responseObject.order.status === "PAYMENT_SENT")).toBe(true);
    expect(new Set(results.map((r) => r.body.responseObject.order.paymentSentAt)).size).toBe(1);
    expect(await eventCount(session.id, "order.payment_sent")).toBe(1);
    expect(results[0]!.body.responseObject.order.id).toBe(started.order.id);
  });

  it("simultaneous fulfils succeed once; the rest are 409", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    const results = await together(12, () =>
      call("POST", "/api/orders/fulfill", {
        key: m.apiKey,
        body: { intentHash: started.intentHash, proof: { sandbox: true, outcome: "success" } },
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await eventCount(session.id, "order.fulfilled")).toBe(1);
    expect(await eventCount(session.id, "session.completed")).toBe(1);
  });

  it("cancel racing payment-sent leaves one consistent outcome", async () => {
    const m = await newMerchant();
    for (let round = 0; round < 5; round++) {
      const { session } = await startedSession(m);
      const [paid, cancelled] = await Promise.all([
        call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey }),
        call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey }),
      ]);
      const final = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
      if (cancelled.status === 200) {
        expect(paid.status).toBe(409);
        expect(final).toMatchObject({ status: "CANCELLED", activeOrder: { status: "CANCELLED" } });
      } else {
        expect(paid.status).toBe(200);
        expect(cancelled.status).toBe(409);
        expect(final).toMatchObject({ status: "ACTIVE", activeOrder: { status: "PAYMENT_SENT" } });
      }
    }
  });

  it("the same Idempotency-Key sent at once creates one session", async () => {
    const m = await newMerchant();
    const results = await together(10, () =>
      call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m), headers: { "idempotency-key": "burst-1" } }),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 201 || (r.status === 409 && r.body.error?.code === "IDEMPOTENCY_CONFLICT"))).toBe(true);
    expect(new Set(created.map((r) => r.body.responseObject.session.id)).size).toBe(1);
    const db = await testDb();
    expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).toHaveLength(1);
  });

  it.each([30, 200, 1000])("two app instances on one database share a limit of %i exactly", async (limit) => {
    const second = await openPostgres(getConfig().databaseUrl!, 5); // a second instance: its own pool and limiter
    try {
      const a = new RateLimiter(await testDb());
      const b = new RateLimiter(second.db);
      const rule = { name: `shared-${limit}-${Date.now()}`, limit, windowMs: 60_000, by: "merchant" as const };
      const at = new Date();
      const hits = Math.round(limit * 1.3);
      const results = await together(hits, (i) => (i % 2 ? a : b).hit(rule, "merchant-x", at));
      expect(results.filter((r) => r.allowed)).toHaveLength(limit);
      expect(results.filter((r) => !r.allowed)).toHaveLength(hits - limit);
      const [row] = await (
        await testDb()
      )
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.bucket, `${rule.name}:merchant-x`));
      expect(row!.count).toBeGreaterThanOrEqual(limit);
    } finally {
      await second.close();
    }
  });
});
