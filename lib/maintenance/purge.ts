import type { Db } from "@/db/client";
import type { PurgeOptions } from "@/db/delete-in-batches";
import { purgeExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import { purgeOldRateLimitWindows } from "@/lib/limits/rate-limit";

export type PurgeResult = { idempotencyRecords: number; rateLimitWindows: number };

/**
 * Removes the rows that would otherwise grow without bound: idempotency records past their 24 hours
 * and rate-limit counters of long-past windows. Idempotent, in bounded batches; the local dispatcher
 * and the Inngest sweep both run it on a schedule.
 */
export async function purgeStaleRows(db: Db, opts: PurgeOptions = {}): Promise<PurgeResult> {
  return {
    idempotencyRecords: await purgeExpiredIdempotencyRecords(db, opts),
    rateLimitWindows: await purgeOldRateLimitWindows(db, opts),
  };
}
