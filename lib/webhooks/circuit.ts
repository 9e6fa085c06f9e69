import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/db/client";
import { deliveries, webhooks, type WebhookRow } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/logger";

// An endpoint's circuit. An endpoint that keeps timing out holds a dispatcher's slots for the whole
// timeout at every attempt: after CIRCUIT_THRESHOLD attempts in a row timed out its circuit opens,
// and its deliveries wait
// (PENDING, due again when it ends; never dropped) for WEBHOOK_CIRCUIT_COOLDOWN, twice as long at
// each opening in a row. Then the circuit is half-open: one attempt at a time is the probe; an
// answer (any status: the endpoint is there) closes it, a timeout opens it again. A refused or reset
// connection fails at once, holds no slot, and changes nothing: the retry schedule is enough for it.

/** Attempts in a row timed out that open an endpoint's circuit. */
export const CIRCUIT_THRESHOLD = 5;
/** The longest wait is the cool-down doubled this many times (30 s: 16 min). */
const MAX_DOUBLINGS = 5;

export type CircuitState = "closed" | "open" | "half-open";

/** An endpoint's circuit as the API and the dashboard show it. */
export type Circuit = {
  state: CircuitState;
  /** attempts in a row that timed out */
  failures: number;
  /** while open: when one delivery is tried again (half-open); null otherwise */
  retryAt: string | null;
};

export function circuitOf(w: Pick<WebhookRow, "circuitFailures" | "circuitOpenUntil">, now = new Date()): Circuit {
  if (!w.circuitOpenUntil) return { state: "closed", failures: w.circuitFailures, retryAt: null };
  if (w.circuitOpenUntil > now) return { state: "open", failures: w.circuitFailures, retryAt: w.circuitOpenUntil.toISOString() };
  return { state: "half-open", failures: w.circuitFailures, retryAt: null };
}

/** Whether the endpoint's deliveries wait now (open, not yet half-open). */
export const circuitOpen = (w: Pick<WebhookRow, "circuitOpenUntil">, now = new Date()) =>
  w.circuitOpenUntil !== null && w.circuitOpenUntil > now;

/**
 * What an attempt's outcome does to its endpoint's circuit. `hook` is the row as the attempt read it:
 * an answer closes a circuit that had failures (nothing is written for a healthy endpoint, the hot
 * path); a timeout counts, and opens the circuit at the threshold or when it was the half-open probe.
 */
export async function noteOutcome(db: Db, hook: WebhookRow, outcome: "answered" | "timed-out" | "failed", now = new Date()): Promise<void> {
  if (outcome === "failed") return;
  if (outcome === "answered") {
    if (hook.circuitFailures === 0 && hook.circuitOpenUntil === null) return;
    await db
      .update(webhooks)
      .set({ circuitFailures: 0, circuitOpenUntil: null, circuitOpens: 0 })
      .where(and(eq(webhooks.id, hook.id), eq(webhooks.merchantId, hook.merchantId)));
    if (hook.circuitOpenUntil) logger.info("webhook circuit closed: the endpoint answered", { webhookId: hook.id });
    return;
  }
  const cooldownMs = getConfig().webhookCircuitCooldownMs;
  const opens = sql`(${webhooks.circuitOpenUntil} is not null or ${webhooks.circuitFailures} + 1 >= ${CIRCUIT_THRESHOLD})`;
  // one statement: attempts failing together count each, and only one of them opens the circuit
  // (an open one is left as it is: attempts that started before it opened change nothing)
  const [row] = rowsOf<{ open_until: Date | string | null }>(
    await db.execute(sql`
      update webhooks set
        circuit_failures = circuit_failures + 1,
        circuit_open_until = case when ${opens}
          then ${now.toISOString()}::timestamptz + (${cooldownMs}::bigint * power(2, least(circuit_opens, ${MAX_DOUBLINGS}))::bigint) * interval '1 millisecond'
          else circuit_open_until end,
        circuit_opens = case when ${opens} then circuit_opens + 1 else circuit_opens end
      where id = ${hook.id} and merchant_id = ${hook.merchantId}
        and (circuit_open_until is null or circuit_open_until <= ${now.toISOString()}::timestamptz)
      returning circuit_open_until as open_until`),
  );
  if (!row?.open_until) return;
  const until = row.open_until instanceof Date ? row.open_until : new Date(row.open_until);
  if (until <= now) return;
  // its due deliveries wait until then, out of every claim's way
  const held = await db
    .update(deliveries)
    .set({ nextAttemptAt: until })
    .where(
      and(
        eq(deliveries.webhookId, hook.id),
        eq(deliveries.merchantId, hook.merchantId),
        eq(deliveries.status, "PENDING"),
        lt(deliveries.nextAttemptAt, until),
        or(isNull(deliveries.leaseUntil), lte(deliveries.leaseUntil, now)),
      ),
    )
    .returning({ id: deliveries.id });
  logger.warn("webhook circuit opened: the endpoint keeps timing out; its deliveries wait", {
    webhookId: hook.id,
    until: until.toISOString(),
    waiting: held.length,
  });
}
