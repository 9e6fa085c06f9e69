import { InngestTestEngine } from "@inngest/test";
import { eq, inArray, like } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deliveries, events, idempotencyRecords, rateLimitCounters } from "@/db/schema";
import { TEST_EVENT_TYPE, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { newId } from "@/lib/ids";
import { LocalDispatcher as Dispatcher } from "@/lib/start";
import { purgeStaleRows, TEST_EVENT_RETENTION_MS } from "@/lib/maintenance/purge";
import { newMerchant, newWebhook } from "../support/api";
import { testDb } from "../support/db";

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
      ...Array.from({ length: expired }, (_, i) => ({ bucket: `${prefix}:old-${i}`, windowStart: windowStart(now - 3 * HOUR), count: 5 })),
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
      testEvents: 0,
      sealedWebhookHeaders: 0,
    });
    expect((await left("batch")).keys).toHaveLength(25 - 10 + 2);
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 10,
      rateLimitWindows: 10,
      testEvents: 0,
      sealedWebhookHeaders: 0,
    });
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 5,
      rateLimitWindows: 5,
      testEvents: 0,
      sealedWebhookHeaders: 0,
    });
    expect(await purgeStaleRows(db, { batchSize: 5, maxBatches: 2 })).toEqual({
      idempotencyRecords: 0,
      rateLimitWindows: 0,
      testEvents: 0,
      sealedWebhookHeaders: 0,
    });
    expect(await left("batch")).toEqual(LIVE);
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
