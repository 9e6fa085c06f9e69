import crypto from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { eq, inArray, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  auditLog,
  authThrottle,
  checkoutSessions,
  deliveries,
  deliveryAttempts,
  events,
  idempotencyRecords,
  merchants,
  paymentLinks,
  payoutAddresses,
  rateLimitCounters,
} from "@/db/schema";
import { createKey, listKeys } from "@/lib/accounts/keys";
import { claimMerchant } from "@/lib/accounts/teams";
import { dashboardMerchant } from "@/lib/core/actor";
import { purgeQuietThrottles } from "@/lib/limits/auth-throttle";
import { getConfig } from "@/lib/core/config";
import { TEST_EVENT_TYPE, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { newId } from "@/lib/core/ids";
import { LocalDispatcher as Dispatcher } from "@/lib/start";
import { purgeExpiredEvents, purgeStaleRows, purgeUnclaimedAudit, TEST_EVENT_RETENTION_MS } from "@/lib/maintenance/purge";
import {
  awayFromWindowEdge,
  call,
  newMerchant,
  newSession,
  newWebhook,
  randomIp,
  sessionBody,
  type TestMerchant,
  TOKEN,
  WALLET,
} from "../support/api";
import { person } from "../support/people";
import { testDb } from "../support/db";
import { setEnv } from "../support/env";

// What grows with traffic is purged on a schedule: idempotency records past their 24 hours and
// rate-limit counters of long-past windows. Through the local dispatcher, the Inngest sweep, and in
// bounded batches.

const HOUR = 60 * 60_000;
let dispatcher: Dispatcher | undefined;
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
});

/** Expired and live rows of both kinds, under a prefix of their own. */
async function seed(prefix: string, expired = 3) {
  const db = await testDb();
  const now = Date.now();
  const records = (n: number, expiresAt: Date, tag: string) =>
    Array.from({ length: n }, (_, i) => ({ scope: `${prefix}`, key: `${tag}-${i}`, requestHash: "h", state: "done" as const, expiresAt }));
  await db
    .insert(idempotencyRecords)
    .values([...records(expired, new Date(now - 60_000), "expired"), ...records(2, new Date(now + HOUR), "live")]);
  const windowStart = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);
  await db
    .insert(rateLimitCounters)
    .values([
      ...Array.from({ length: expired }, (_, i) => ({ bucket: `${prefix}:old-${i}`, windowStart: windowStart(now - 49 * HOUR), count: 5 })),
      { bucket: `${prefix}:this-hour`, windowStart: windowStart(now - 30 * 60_000), count: 5 },
      { bucket: `${prefix}:now`, windowStart: windowStart(now), count: 5 },
    ]);
}

async function left(prefix: string) {
  const db = await testDb();
  const keys = await db.select({ key: idempotencyRecords.key }).from(idempotencyRecords).where(eq(idempotencyRecords.scope, prefix));
  const buckets = await db
    .select({ bucket: rateLimitCounters.bucket })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.bucket, `${prefix}:%`));
  return { keys: keys.map((k) => k.key).sort(), buckets: buckets.map((b) => b.bucket.slice(prefix.length + 1)).sort() };
}

const LIVE = { keys: ["live-0", "live-1"], buckets: ["now", "this-hour"] };

async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("purging what grows", () => {
  it("the local dispatcher purges expired rows on its schedule and keeps live ones", async () => {
    await seed("disp-a");
    dispatcher = new Dispatcher(await testDb(), { pollMs: 50, purgeEveryMs: 200 });
    dispatcher.start();
    await eventually(async () => (await left("disp-a")).keys.length === 2);
    await eventually(async () => (await left("disp-a")).buckets.length === 2);
    expect(await left("disp-a")).toEqual(LIVE);

    // later rows go on the next round, not only at start-up
    await seed("disp-b");
    await eventually(async () => JSON.stringify(await left("disp-b")) === JSON.stringify(LIVE));
    expect(await left("disp-a")).toEqual(LIVE);
  });

  it("the Inngest sweep purges in its own step and keeps live rows", async () => {
    await seed("sweep");
    const { sweep } = await import("@/inngest/functions/sweep");
    const { result, error, ctx } = await new InngestTestEngine({ function: sweep }).execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
      steps: [{ id: "find-overdue-deliveries", handler: () => [] }],
    });
    expect(error).toBeUndefined();
    expect(ctx.step.run).toHaveBeenCalledWith("purge-stale-rows", expect.any(Function));
    expect(result).toMatchObject({ purged: { idempotencyRecords: 3, rateLimitWindows: 3 } });
    expect(await left("sweep")).toEqual(LIVE);
  });

  it("deletes in bounded batches: one run removes at most batchSize × maxBatches rows", async () => {
    const db = await testDb();
    await purgeStaleRows(db); // what earlier tests left behind, so the counts below are this test's rows
    await seed("batch", 25);
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 10,
      rateLimitWindows: 10,
      authThrottles: 0,
      testEvents: 0,
      expiredEvents: 0,
      unclaimedAuditRecords: 0,
      sealedWebhookHeaders: 0,
      attemptWebhooks: expect.any(Number),
    });
    expect((await left("batch")).keys).toHaveLength(25 - 10 + 2);
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 10,
      rateLimitWindows: 10,
      authThrottles: 0,
      testEvents: 0,
      expiredEvents: 0,
      unclaimedAuditRecords: 0,
      sealedWebhookHeaders: 0,
      attemptWebhooks: expect.any(Number),
    });
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 5,
      rateLimitWindows: 5,
      authThrottles: 0,
      testEvents: 0,
      expiredEvents: 0,
      unclaimedAuditRecords: 0,
      sealedWebhookHeaders: 0,
      attemptWebhooks: expect.any(Number),
    });
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 0,
      rateLimitWindows: 0,
      authThrottles: 0,
      testEvents: 0,
      expiredEvents: 0,
      unclaimedAuditRecords: 0,
      sealedWebhookHeaders: 0,
      attemptWebhooks: expect.any(Number),
    });
    expect(await left("batch")).toEqual(LIVE);
  });

  it("forgets failed password checks quiet for a day, and addresses an account signed in from unused for 90 days", async () => {
    const db = await testDb();
    const ago = (ms: number) => new Date(Date.now() - ms);
    const tag = crypto.randomUUID();
    await db.insert(authThrottle).values([
      { key: `address:${tag}-quiet`, failures: 5, lastFailureAt: ago(25 * HOUR) },
      { key: `address:${tag}-recent`, failures: 5, lastFailureAt: ago(HOUR) },
      { key: `known:${tag}-stale`, failures: 0, lastFailureAt: ago(91 * DAY) },
      { key: `known:${tag}-used`, failures: 0, lastFailureAt: ago(10 * DAY) },
    ]);
    await purgeQuietThrottles(db);
    const left = await db
      .select({ key: authThrottle.key })
      .from(authThrottle)
      .where(like(authThrottle.key, `%${tag}%`));
    expect(left.map((r) => r.key).sort()).toEqual([`address:${tag}-recent`, `known:${tag}-used`]);
  });

  it("removes test events past their retention with their deliveries, and keeps recent ones and every other event", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const hook = await newWebhook(m);
    const now = Date.now();
    const row = (type: string, ageMs: number) => {
      const id = newId("evt");
      const createdAt = new Date(now - ageMs);
      return { id, merchantId: m.id, type, apiVersion: type === V1_TEST_EVENT_TYPE ? 1 : 0, payload: { id, type }, createdAt };
    };
    const old = [row(TEST_EVENT_TYPE, TEST_EVENT_RETENTION_MS + HOUR), row(V1_TEST_EVENT_TYPE, TEST_EVENT_RETENTION_MS + HOUR)];
    const recent = row(TEST_EVENT_TYPE, TEST_EVENT_RETENTION_MS - HOUR);
    const payment = row("order.fulfilled", TEST_EVENT_RETENTION_MS * 4);
    await db.insert(events).values([...old, recent, payment]);
    await db.insert(deliveries).values(
      [...old, recent, payment].map((e) => ({
        id: newId("dlv"),
        webhookId: hook.id,
        merchantId: m.id,
        eventId: e.id,
        eventType: e.type,
        status: "DELIVERED" as const,
        nextAttemptAt: e.createdAt,
        createdAt: e.createdAt,
      })),
    );
    const result = await purgeStaleRows(db);
    expect(result.testEvents).toBeGreaterThanOrEqual(2);
    const ids = [...old, recent, payment].map((e) => e.id);
    const kept = await db.select({ id: events.id }).from(events).where(inArray(events.id, ids));
    expect(kept.map((k) => k.id).sort()).toEqual([recent.id, payment.id].sort());
    const keptDeliveries = await db.select({ eventId: deliveries.eventId }).from(deliveries).where(inArray(deliveries.eventId, ids));
    expect(keptDeliveries.map((d) => d.eventId).sort()).toEqual([recent.id, payment.id].sort());
  });
});

const DAY = 24 * HOUR;

describe("retention of events and deliveries", () => {
  /** An event of `m` made `ageDays` ago for a session of its own, with a delivery per webhook in `status` and an attempt each. */
  async function aged(m: TestMerchant, hookIds: string[], sessionId: string, ageDays: number, status: "DELIVERED" | "FAILED" | "PENDING") {
    const db = await testDb();
    const id = newId("evt");
    const createdAt = new Date(Date.now() - ageDays * DAY);
    await db.insert(events).values({ id, merchantId: m.id, type: "session.completed", sessionId, payload: { id }, createdAt });
    const rows = hookIds.map((webhookId) => ({
      id: newId("dlv"),
      webhookId,
      merchantId: m.id,
      eventId: id,
      eventType: "session.completed",
      status,
      attempts: 1,
      nextAttemptAt: status === "PENDING" ? new Date(Date.now() + HOUR) : null,
      createdAt,
    }));
    await db.insert(deliveries).values(rows);
    await db
      .insert(deliveryAttempts)
      .values(
        rows.map((d) => ({ id: newId("att"), deliveryId: d.id, attemptNo: 1, startedAt: createdAt, responseCode: 500, durationMs: 3 })),
      );
    return { id, deliveryIds: rows.map((r) => r.id) };
  }

  async function remaining(eventIds: string[]) {
    const db = await testDb();
    const kept = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
    const dl = await db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.eventId, eventIds));
    const att = await db
      .select({ id: deliveryAttempts.id })
      .from(deliveryAttempts)
      .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
      .where(inArray(deliveries.eventId, eventIds));
    return { events: kept.map((k) => k.id).sort(), deliveries: dl.length, attempts: att.length };
  }

  /** After a purge of what earlier tests left: `n` events of a new merchant's one webhook, 100, 101, … days old. */
  async function agedEvents(n: number, status: "DELIVERED" | "FAILED") {
    await purgeExpiredEvents(await testDb());
    const m = await newMerchant();
    const hook = await newWebhook(m);
    const session = await newSession(m);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await aged(m, [hook.id], session.id, 100 + i, status)).id);
    return ids;
  }

  it("removes events past the retention with their deliveries and attempts, and keeps sessions, recent events and retries in flight", async () => {
    const db = await testDb();
    expect(getConfig().eventRetentionMs).toBe(90 * DAY);
    await purgeExpiredEvents(db); // what earlier tests left behind
    const m = await newMerchant();
    const hooks = [await newWebhook(m), await newWebhook(m)];
    const hookIds = hooks.map((h) => h.id);
    const session = await newSession(m);
    const old = [await aged(m, hookIds, session.id, 91, "DELIVERED"), await aged(m, hookIds, session.id, 400, "FAILED")];
    const retrying = await aged(m, hookIds, session.id, 120, "PENDING");
    const recent = await aged(m, hookIds, session.id, 89, "FAILED");
    const all = [...old, retrying, recent].map((e) => e.id);
    expect(await remaining(all)).toEqual({ events: [...all].sort(), deliveries: 8, attempts: 8 });

    expect(await purgeExpiredEvents(db)).toBe(2);
    expect(await remaining(all)).toEqual({ events: [retrying.id, recent.id].sort(), deliveries: 4, attempts: 4 });
    // the session and its own newer events stand; the merchant's lists read what is left
    const [row] = await db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(row?.id).toBe(session.id);
    const listed = (await call("GET", `/api/webhooks/${hookIds[0]}/deliveries?limit=100`, { key: m.apiKey })).body.responseObject
      .deliveries;
    expect(listed.map((d: { eventId: string }) => d.eventId).sort()).toEqual([retrying.id, recent.id].sort());

    // once the retry ends, the next purge takes it
    await db.update(deliveries).set({ status: "FAILED", nextAttemptAt: null }).where(inArray(deliveries.id, retrying.deliveryIds));
    expect(await purgeExpiredEvents(db)).toBe(1);
    expect(await remaining(all)).toEqual({ events: [recent.id], deliveries: 2, attempts: 2 });
    expect(await purgeExpiredEvents(db)).toBe(0);
  });

  it("goes in batches, and keeps every event when the retention is off", async () => {
    const db = await testDb();
    const old = await agedEvents(7, "DELIVERED");
    expect(await purgeExpiredEvents(db, { retentionMs: null })).toBe(0);
    expect(await purgeExpiredEvents(db, { retentionMs: 200 * DAY })).toBe(0);
    expect(await purgeExpiredEvents(db, { batchSize: 3, maxBatches: 2 })).toBe(6);
    expect((await remaining(old)).events).toEqual([old[0]]); // oldest first: the 100-day-old one is left
    expect((await purgeStaleRows(db)).expiredEvents).toBe(1);
    expect(await remaining(old)).toEqual({ events: [], deliveries: 0, attempts: 0 });
  });

  it("rests between batches as long as each batch took, times restFactor", async () => {
    const db = await testDb();
    const old = await agedEvents(5, "FAILED");
    // the purge's statements, timed from outside: [start, end] of each
    const spans: [number, number][] = [];
    const timed = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "execute") return value;
        return async (...args: unknown[]) => {
          const start = performance.now();
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            spans.push([start, performance.now()]);
          }
        };
      },
    });
    expect(await purgeExpiredEvents(timed, { batchSize: 2, maxBatches: 5, restFactor: 3 })).toBe(5);
    expect(spans).toHaveLength(3); // 2 + 2 + 1: the short third batch ends the purge
    for (let i = 1; i < spans.length; i++) {
      const [start, end] = spans[i - 1]!;
      // a timer may fire a millisecond early by its own clock's rounding
      expect(spans[i]![0] - end).toBeGreaterThanOrEqual(3 * (end - start) - 2);
    }
    expect(await remaining(old)).toEqual({ events: [], deliveries: 0, attempts: 0 });
  });

  it("EVENT_RETENTION takes a duration of a day or more, or off", () => {
    const set = (v: string | undefined) => setEnv({ EVENT_RETENTION: v });
    try {
      set("30d");
      expect(getConfig().eventRetentionMs).toBe(30 * DAY);
      set("off");
      expect(getConfig().eventRetentionMs).toBeNull();
      set("12h");
      expect(() => getConfig()).toThrow(/shorter than a day/);
      set("ninety");
      expect(() => getConfig()).toThrow(/not a duration/);
    } finally {
      set(undefined);
    }
    expect(getConfig().eventRetentionMs).toBe(90 * DAY);
  });
});

describe("the audit trail's growth", () => {
  const DAY = 24 * HOUR;

  it("an account's audited changes past AUDIT_WRITES_PER_HOUR are refused with 429 and change nothing; other accounts go on", async () => {
    await awayFromWindowEdge(HOUR, 60_000);
    const restore = setEnv({ AUDIT_WRITES_PER_HOUR: "4" });
    try {
      const db = await testDb();
      // its sign-up is the first record of the hour
      const m = await newMerchant();
      const other = await newMerchant();
      const embed = (key: string, origin: string) =>
        call("PATCH", "/api/merchants/me/embedding", { key, body: { frameAncestors: [origin] } });
      expect((await embed(m.apiKey, "https://a.example")).status).toBe(200);
      expect((await embed(m.apiKey, "https://b.example")).status).toBe(200);
      // an unclaimed account's key lists a new recipient, with its record
      expect((await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) })).status).toBe(201);
      const records = async () => (await db.select().from(auditLog).where(eq(auditLog.merchantId, m.id))).length;
      expect(await records()).toBe(4);

      const refused = await embed(m.apiKey, "https://c.example");
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
      expect(refused.body.message).toMatch(/at most 4 an hour/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // nothing changed, whichever face: the embedding, a payment link, a new recipient, a key made in the dashboard
      const link = await call("POST", "/api/payment-links", {
        key: m.apiKey,
        body: { title: "Tip jar", amount: "12.50", destinationChainId: 8453, destinationToken: TOKEN, recipientAddress: WALLET },
      });
      expect(link.status, link.text).toBe(429);
      const elsewhere = `0x${crypto.randomBytes(20).toString("hex")}`;
      expect(
        (await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { recipientAddress: elsewhere }) })).status,
      ).toBe(429);
      await expect(createKey(db, { actor: dashboardMerchant(m.id), merchantId: m.id }, { name: "One more" })).rejects.toMatchObject({
        code: "RATE_LIMITED",
      });
      expect((await call("GET", "/api/merchants/me/embedding", { key: m.apiKey })).body.responseObject.frameAncestors).toEqual([
        "https://b.example",
      ]);
      expect(await db.select().from(paymentLinks).where(eq(paymentLinks.merchantId, m.id))).toEqual([]);
      expect((await db.select().from(payoutAddresses).where(eq(payoutAddresses.merchantId, m.id))).map((a) => a.address)).toEqual([
        WALLET.toLowerCase(),
      ]);
      expect((await listKeys(db, m.id)).map((k) => k.name)).toEqual(["Default key"]);
      expect(await records()).toBe(4);
      // reading goes on, and so does another account
      expect((await call("GET", "/api/merchants/me", { key: m.apiKey })).status).toBe(200);
      expect((await embed(other.apiKey, "https://d.example")).status).toBe(200);
    } finally {
      restore();
    }
  });

  it("an account nobody claimed keeps its trail for UNCLAIMED_AUDIT_RETENTION; a claimed one keeps it, and nothing else deletes it", async () => {
    const restore = setEnv({ UNCLAIMED_AUDIT_RETENTION: "30d" });
    try {
      const db = await testDb();
      const unclaimed = await newMerchant();
      const claimed = await newMerchant();
      await claimMerchant(db, await person(), claimed.apiKey, randomIp());
      const ago = (days: number) => new Date(Date.now() - days * DAY);
      for (const m of [unclaimed, claimed]) {
        await db
          .update(merchants)
          .set({ createdAt: ago(60) })
          .where(eq(merchants.id, m.id));
        await db.insert(auditLog).values(
          [40, 35, 31, 29].map((days) => ({
            merchantId: m.id,
            actorKind: "key" as const,
            actorLabel: "API key",
            action: "webhook.created",
            createdAt: ago(days),
          })),
        );
      }
      const trail = async (id: string) =>
        (await db.select({ at: auditLog.createdAt }).from(auditLog).where(eq(auditLog.merchantId, id))).map((r) => r.at.getTime());
      const before = { unclaimed: await trail(unclaimed.id), claimed: await trail(claimed.id) };

      // the trail stays append-only for anything but the purge
      await expect(db.delete(auditLog).where(eq(auditLog.merchantId, unclaimed.id))).rejects.toThrow();
      expect(await trail(unclaimed.id)).toEqual(before.unclaimed);

      expect(await purgeUnclaimedAudit(db, { retentionMs: null })).toBe(0);
      expect((await purgeStaleRows(db)).unclaimedAuditRecords).toBe(3);
      const cutoff = ago(30).getTime();
      expect(await trail(unclaimed.id)).toEqual(before.unclaimed.filter((t) => t >= cutoff));
      expect(await trail(unclaimed.id)).toHaveLength(2);
      expect(await trail(claimed.id)).toEqual(before.claimed);
      expect(await purgeUnclaimedAudit(db)).toBe(0);
    } finally {
      restore();
    }
  });
});
