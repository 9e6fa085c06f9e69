import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/db/client";
import { deliveries, webhooks } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { conflict } from "@/lib/core/errors";
import { DELIVERY, ruleOf } from "@/lib/state";
import { type Circuit, circuitOf } from "./circuit";
import { getWebhookOrThrow, listWebhooks, type WebhookScope } from "./service";

// A webhook's health for the dashboard: how its deliveries fared over the last day, how fast its
// endpoint answers, and its last failure; and "retry all failed", which requeues every FAILED
// delivery of one webhook at once through the delivery machine's requeue rule.

type ScopedAs = As<MerchantActor> & WebhookScope;

export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

export type WebhookHealth = {
  /** deliveries that ended DELIVERED or FAILED in the window (by their last attempt) */
  delivered: number;
  failed: number;
  /** delivered / (delivered + failed), or null when neither happened in the window */
  successRate: number | null;
  /** the median duration of the attempts started in the window, in ms, or null without attempts */
  p50Ms: number | null;
  /** FAILED deliveries of the webhook now, whenever they failed: what "retry all failed" requeues */
  failedNow: number;
  /** the latest failed attempt (not a 2xx answer), in the window or not */
  lastFailure: { at: string; deliveryId: string; responseCode: number | null; error: string | null } | null;
  /** the endpoint's circuit: open, its deliveries wait until retryAt (lib/webhooks/circuit.ts) */
  circuit: Circuit;
};

const EMPTY: Omit<WebhookHealth, "circuit"> = { delivered: 0, failed: 0, successRate: null, p50Ms: null, failedNow: 0, lastFailure: null };
const CLOSED: Circuit = { state: "closed", failures: 0, retryAt: null };

type CountRow = { webhook_id: string; delivered: number | string; failed: number | string };
type P50Row = { webhook_id: string; p50: number | string | null };
type FailureRow = {
  webhook_id: string;
  delivery_id: string;
  started_at: Date | string;
  response_code: number | null;
  error: string | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Health of the merchant's webhooks with these ids (others' ids give nothing), keyed by id. */
export async function webhooksHealth(db: Db, ids: string[], merchantId: string, now = new Date()): Promise<Record<string, WebhookHealth>> {
  const out: Record<string, WebhookHealth> = Object.fromEntries(ids.map((id) => [id, { ...EMPTY, circuit: CLOSED }]));
  if (ids.length === 0) return out;
  const since = new Date(now.getTime() - HEALTH_WINDOW_MS).toISOString();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // the ids that are the merchant's webhooks, for the tables that carry no merchant column
  const ownIds = sql`select id from webhooks where merchant_id = ${merchantId} and id in (${idList})`;
  const counts = rowsOf<CountRow>(
    await db.execute(sql`
      select webhook_id,
        count(*) filter (where status = 'DELIVERED') as delivered,
        count(*) filter (where status = 'FAILED') as failed
      from deliveries
      where merchant_id = ${merchantId} and webhook_id in (${idList})
        and status in ('DELIVERED', 'FAILED') and coalesce(last_attempt_at, updated_at) >= ${since}::timestamptz
      group by webhook_id`),
  );
  // deliveries_webhook_ended_idx serves the window above; deliveries_webhook_status_created_idx this,
  // from the index only: the merchant scopes the webhooks (its column is not in that index, and a
  // filter on it read every FAILED delivery's row: 200,000 heap pages, ~5 s at 10M deliveries)
  const failedNow = rowsOf<{ webhook_id: string; n: number | string }>(
    await db.execute(sql`
      select webhook_id, count(*) as n from deliveries
      where webhook_id in (${ownIds}) and status = 'FAILED'
      group by webhook_id`),
  );
  // the attempts are read by their webhook (delivery_attempts_webhook_*_idx); those not filled yet
  // after an upgrade (fillAttemptWebhooks), through their delivery, newest first from
  // delivery_attempts_webhook_missing_idx: nothing to read once the fill has ended
  const p50s = rowsOf<P50Row>(
    await db.execute(sql`
      select webhook_id, percentile_cont(0.5) within group (order by duration_ms) as p50
      from (
        select a.webhook_id, a.duration_ms from delivery_attempts a
        where a.webhook_id in (${ownIds}) and a.started_at >= ${since}::timestamptz
        union all
        select d.webhook_id, a.duration_ms from delivery_attempts a join deliveries d on d.id = a.delivery_id
        where a.webhook_id is null and a.started_at >= ${since}::timestamptz and d.webhook_id in (${ownIds})
      ) attempts
      group by webhook_id`),
  );
  // each webhook's latest failed attempt: the first entry of the partial index, newest first
  const failed = sql`(a.response_code is null or a.response_code < 200 or a.response_code > 299)`;
  const failures = rowsOf<FailureRow>(
    await db.execute(sql`
      select w.id as webhook_id, f.delivery_id, f.started_at, f.response_code, f.error
      from webhooks w cross join lateral (
        select * from (
          (select a.delivery_id, a.started_at, a.attempt_no, a.response_code, a.error from delivery_attempts a
           where a.webhook_id = w.id and ${failed} order by a.started_at desc, a.attempt_no desc limit 1)
          union all
          (select a.delivery_id, a.started_at, a.attempt_no, a.response_code, a.error
           from delivery_attempts a join deliveries d on d.id = a.delivery_id
           where a.webhook_id is null and d.webhook_id = w.id and ${failed} order by a.started_at desc, a.attempt_no desc limit 1)
        ) latest order by started_at desc, attempt_no desc limit 1) f
      where w.merchant_id = ${merchantId} and w.id in (${idList})`),
  );
  const circuits = await db
    .select({ id: webhooks.id, circuitFailures: webhooks.circuitFailures, circuitOpenUntil: webhooks.circuitOpenUntil })
    .from(webhooks)
    .where(and(eq(webhooks.merchantId, merchantId), inArray(webhooks.id, ids)));
  for (const c of circuits) {
    const h = out[c.id];
    if (h) h.circuit = circuitOf(c, now);
  }
  for (const c of counts) {
    const h = out[c.webhook_id];
    if (!h) continue;
    h.delivered = Number(c.delivered);
    h.failed = Number(c.failed);
    h.successRate = h.delivered + h.failed > 0 ? h.delivered / (h.delivered + h.failed) : null;
  }
  for (const f of failedNow) {
    const h = out[f.webhook_id];
    if (h) h.failedNow = Number(f.n);
  }
  for (const p of p50s) {
    const h = out[p.webhook_id];
    if (h && p.p50 !== null) h.p50Ms = Math.round(Number(p.p50));
  }
  for (const f of failures) {
    const h = out[f.webhook_id];
    if (h) h.lastFailure = { at: iso(f.started_at), deliveryId: f.delivery_id, responseCode: f.response_code, error: f.error };
  }
  return out;
}

export type MerchantWebhooksHealth = {
  /** the merchant's live webhooks */
  webhooks: number;
  delivered: number;
  failed: number;
  /** across all of them, or null when nothing was delivered nor failed in the window */
  successRate: number | null;
  /** the webhooks with failed deliveries in the window, or whose circuit is not closed, most failures first */
  failing: { id: string; url: string; health: WebhookHealth }[];
};

/** The health of all the merchant's live webhooks over the last day, for the overview. */
export async function merchantWebhooksHealth(db: Db, { actor }: As<MerchantActor>, now = new Date()): Promise<MerchantWebhooksHealth> {
  const { webhooks } = await listWebhooks(db, { actor, generation: "any" });
  const health = await webhooksHealth(
    db,
    webhooks.map((w) => w.id),
    actor.merchantId,
    now,
  );
  const delivered = webhooks.reduce((n, w) => n + health[w.id]!.delivered, 0);
  const failed = webhooks.reduce((n, w) => n + health[w.id]!.failed, 0);
  return {
    webhooks: webhooks.length,
    delivered,
    failed,
    successRate: delivered + failed > 0 ? delivered / (delivered + failed) : null,
    failing: webhooks
      .map((w) => ({ id: w.id, url: w.url, health: health[w.id]! }))
      .filter((w) => w.health.failed > 0 || w.health.circuit.state !== "closed")
      .sort((a, b) => b.health.failed - a.health.failed || a.url.localeCompare(b.url)),
  };
}

/** One webhook's health, after the same access check as its page (another merchant's is refused). */
export async function getWebhookHealth(db: Db, webhookId: string, as: ScopedAs, now = new Date()): Promise<WebhookHealth> {
  await getWebhookOrThrow(db, webhookId, as);
  return (await webhooksHealth(db, [webhookId], as.actor.merchantId, now))[webhookId]!;
}

/** How many failed deliveries one "retry all failed" requeues; the rest wait for the next. */
export const RETRY_ALL_BATCH = 500;

/**
 * Requeues the FAILED deliveries of the merchant's webhook, oldest first and at most
 * RETRY_ALL_BATCH of them, in one UPDATE under the delivery machine's requeue rule (FAILED must be
 * one of its sources; a delivery whose attempt holds its lease is left alone, as a single retry
 * does). They are due now: the dispatcher sends them, and a failure follows the retry schedule
 * again. Returns how many were queued, and whether failed ones are left for another call.
 */
export async function retryAllFailed(db: Db, webhookId: string, as: ScopedAs): Promise<{ queued: number; more: boolean }> {
  const hook = await getWebhookOrThrow(db, webhookId, as);
  if (hook.deletedAt) throw conflict(`This webhook was deleted (${hook.deletedAt}); it is kept read-only for its delivery history`);
  const rule = ruleOf("delivery", "requeue");
  if (!rule.from.includes("FAILED")) return { queued: 0, more: false };
  const now = new Date();
  const failed = and(
    eq(deliveries.webhookId, webhookId),
    eq(deliveries.merchantId, as.actor.merchantId),
    eq(deliveries.status, "FAILED"),
    inArray(deliveries.status, [...rule.from]),
    or(isNull(deliveries.leaseUntil), lte(deliveries.leaseUntil, now)),
  );
  const batch = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(failed)
    .orderBy(deliveries.createdAt)
    .limit(RETRY_ALL_BATCH + 1);
  const picked = (await batch).map((r) => r.id);
  const ids = picked.slice(0, RETRY_ALL_BATCH);
  if (!ids.length) return { queued: 0, more: false };
  const rows = await db
    .update(deliveries)
    .set({ status: DELIVERY.triggers.requeue.to, nextAttemptAt: now, updatedAt: now })
    .where(and(inArray(deliveries.id, ids), failed))
    .returning({ id: deliveries.id });
  return { queued: rows.length, more: picked.length > RETRY_ALL_BATCH };
}
