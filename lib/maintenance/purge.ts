import { inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/db/client";
import { deleteInBatches, type PurgeOptions, restingBatches } from "@/db/delete-in-batches";
import { events } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { TEST_EVENT_TYPE, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { purgeExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import { purgeOldRateLimitWindows } from "@/lib/limits/rate-limit";
import { purgeQuietThrottles } from "@/lib/limits/auth-throttle";
import { sealPlainCustomHeaders } from "@/lib/webhooks/custom-headers";
import { fillAttemptWebhooks } from "@/lib/webhooks/record-attempts";

export type PurgeResult = {
  idempotencyRecords: number;
  rateLimitWindows: number;
  authThrottles: number;
  testEvents: number;
  expiredEvents: number;
  unclaimedAuditRecords: number;
  sealedWebhookHeaders: number;
  attemptWebhooks: number;
};

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
 * Events older than the retention (EVENT_RETENTION, 90 days unless set; `off` keeps them), with their
 * deliveries and the deliveries' attempts. Sessions, orders and the overview's daily figures are kept.
 * An event with a delivery still PENDING is kept until it ends, so a retry in flight is never lost.
 * Returns the events removed.
 *
 * In batches of `batchSize` events (about three deliveries each), one statement and one short
 * transaction each, taking events no one else holds (SKIP LOCKED): the dispatcher works on PENDING
 * deliveries of recent events and never waits on it. The old events are found merchant by merchant,
 * oldest first, through events_merchant_created_idx (merchant, created_at), so no index is kept for
 * this alone. The order matters: without it, at 10 M deliveries PostgreSQL merged the whole events
 * primary key with the whole deliveries_event_idx to find 500 events (1.15 M buffers, 4.5 s a batch;
 * 22 ms this way).
 *
 * Each batch's statement deletes the attempts, the deliveries and the events, each set by its keys in
 * one pass, so the foreign keys' cascades (one query per deleted row) find nothing left. Between
 * batches the purge rests as long as the batch took (`restFactor` times that), so a first purge of
 * years of events takes at most about half of one connection and leaves the dispatcher the rest.
 */
export async function purgeExpiredEvents(
  db: Db,
  opts: PurgeOptions & { retentionMs?: number | null; restFactor?: number } = {},
): Promise<number> {
  const retentionMs = opts.retentionMs === undefined ? getConfig().eventRetentionMs : opts.retentionMs;
  if (retentionMs === null) return 0;
  const before = new Date((opts.now ?? new Date()).getTime() - retentionMs).toISOString();
  const { batchSize = 500, maxBatches = 100, restFactor = 1 } = opts;
  return restingBatches({ batchSize, maxBatches, restFactor }, async () => {
    const result = await db.execute(sql`
      with old as materialized (
        select o.id from merchants m cross join lateral (
          select e.id from events e
          where e.merchant_id = m.id and e.created_at < ${before}::timestamptz
            and not exists (select 1 from deliveries d where d.event_id = e.id and d.status = 'PENDING')
          order by e.created_at, e.id
          limit ${batchSize}
          for update of e skip locked
        ) o
        limit ${batchSize}
      ),
      old_deliveries as materialized (
        select d.id from deliveries d where d.event_id = any(array(select id from old))
      ),
      attempts_gone as (
        delete from delivery_attempts a where a.delivery_id = any(array(select id from old_deliveries))
      ),
      deliveries_gone as (
        delete from deliveries d where d.id = any(array(select id from old_deliveries))
      ),
      gone as (
        delete from events e where e.id = any(array(select id from old)) returning 1
      )
      select count(*)::int as n from gone`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  });
}

/**
 * The audit trail of accounts nobody has claimed (made with POST /api/merchants, never an owner's),
 * older than UNCLAIMED_AUDIT_RETENTION (90 days unless set; `off` keeps it): anyone can make such an
 * account, and its records name nobody who could read them. A claimed account's trail is kept for
 * ever. The trail is append-only; the one deletion its guard lets through (migration 0038) is this
 * one, marked on its transaction, of records over a day old of accounts with no claim, so a claim
 * made meanwhile keeps its records. In batches, oldest first per account (audit_log_merchant_idx);
 * only accounts made before the cutoff can have records before it. Returns the records removed.
 */
export async function purgeUnclaimedAudit(db: Db, opts: PurgeOptions & { retentionMs?: number | null } = {}): Promise<number> {
  const retentionMs = opts.retentionMs === undefined ? getConfig().unclaimedAuditRetentionMs : opts.retentionMs;
  if (retentionMs === null) return 0;
  const before = new Date((opts.now ?? new Date()).getTime() - retentionMs).toISOString();
  const { batchSize = 1000, maxBatches = 50 } = opts;
  return restingBatches({ batchSize, maxBatches, restFactor: 0 }, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('checkout.audit_purge', 'unclaimed', true)`);
      const result = await tx.execute(sql`
        with old as (
          select o.id from merchants m cross join lateral (
            select a.id from audit_log a
            where a.merchant_id = m.id and a.created_at < ${before}::timestamptz
            order by a.id
            limit ${batchSize}
          ) o
          where m.claimed_at is null and m.created_at < ${before}::timestamptz
          limit ${batchSize}
        ),
        gone as (delete from audit_log a where a.id in (select id from old) returning 1)
        select count(*)::int as n from gone`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    }),
  );
}

/**
 * Removes the rows that would otherwise grow without bound: idempotency records past their 24 hours,
 * rate-limit counters of ended windows, old test events, events (with their deliveries) past the
 * retention, and the old audit trail of accounts nobody has claimed. Idempotent, in bounded batches; the
 * local dispatcher and the Inngest sweep both run it on a schedule.
 */
export async function purgeStaleRows(db: Db, opts: PurgeOptions = {}): Promise<PurgeResult> {
  return {
    idempotencyRecords: await purgeExpiredIdempotencyRecords(db, opts),
    rateLimitWindows: await purgeOldRateLimitWindows(db, opts),
    authThrottles: await purgeQuietThrottles(db, opts),
    testEvents: await purgeOldTestEvents(db, opts),
    expiredEvents: await purgeExpiredEvents(db, opts),
    unclaimedAuditRecords: await purgeUnclaimedAudit(db, opts),
    // not a purge: plain custom header values left from before they were sealed
    sealedWebhookHeaders: await sealPlainCustomHeaders(db),
    // not a purge either: attempts from before they carried their webhook (fillAttemptWebhooks)
    attemptWebhooks: await fillAttemptWebhooks(db),
  };
}
