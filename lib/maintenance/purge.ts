import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches, type PurgeOptions } from "@/db/delete-in-batches";
import { events } from "@/db/schema";
import { TEST_EVENT_TYPE, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { purgeExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import { purgeOldRateLimitWindows } from "@/lib/limits/rate-limit";
import { sealPlainCustomHeaders } from "@/lib/webhooks/custom-headers";

export type PurgeResult = { idempotencyRecords: number; rateLimitWindows: number; testEvents: number; sealedWebhookHeaders: number };

/** How long a test event (the dashboard's or the API's "send a test"), its delivery and attempts are kept. */
export const TEST_EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Test events older than TEST_EVENT_RETENTION_MS, with their deliveries and attempts (the foreign
 * keys cascade): a merchant can send them at will, and they say nothing about a payment.
 */
export async function purgeOldTestEvents(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const before = new Date((opts.now ?? new Date()).getTime() - TEST_EVENT_RETENTION_MS);
  const where = inArray(events.type, [TEST_EVENT_TYPE, V1_TEST_EVENT_TYPE]);
  return deleteInBatches(db, events, [events.id], events.createdAt, before, { batchSize: 200, ...opts, where });
}

/**
 * Removes the rows that would otherwise grow without bound: idempotency records past their 24 hours,
 * rate-limit counters of ended windows and old test events. Idempotent, in bounded batches; the
 * local dispatcher and the Inngest sweep both run it on a schedule.
 */
export async function purgeStaleRows(db: Db, opts: PurgeOptions = {}): Promise<PurgeResult> {
  return {
    idempotencyRecords: await purgeExpiredIdempotencyRecords(db, opts),
    rateLimitWindows: await purgeOldRateLimitWindows(db, opts),
    testEvents: await purgeOldTestEvents(db, opts),
    // not a purge: plain custom header values left from before they were sealed
    sealedWebhookHeaders: await sealPlainCustomHeaders(db),
  };
}
