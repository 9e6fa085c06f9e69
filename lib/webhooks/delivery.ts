import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type Db, preparedStatement } from "@/db/client";
import { deliveries, type DeliveryRow, events, webhooks, type WebhookRow } from "@/db/schema";
import type { Actor, As } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { decrypt } from "@/lib/crypto";
import { newId } from "@/lib/core/ids";
import { errorFields, logger, withLogContext } from "@/lib/core/logger";
import { inSpan, type Span } from "@/lib/tracing";
import { metrics } from "@/lib/metrics";
import { DELIVERY, fromSql, type RowRef, type TriggerOf, tryTransition } from "@/lib/state";
import { TEST_EVENT_TYPE, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { circuitOpen, noteOutcome } from "./circuit";
import { customHeadersToSend } from "./custom-headers";
import { postWebhook, type PostResult, safeText } from "./http-post";
import { type AttemptWrite, recordAttemptInBatch, writeAttempts } from "./record-attempts";
import { signatureHeaders } from "./signing";

export const MAX_ATTEMPTS = 8;
/**
 * Beyond the endpoint's timeout, how long a claim lasts before another worker may take the delivery
 * over. postWebhook ends within the timeout, its stale-socket retry included; the margin covers
 * loading the webhook before the POST and recording the attempt after it. The worker renews the
 * lease while the attempt runs (ClaimKeeper), so a slow database or a busy process does not let it lapse.
 */
const LEASE_MARGIN_MS = 5_000;

/** How long a claim (or its renewal) keeps every other worker off its delivery. */
export const leaseMs = () => getConfig().webhookTimeoutMs + LEASE_MARGIN_MS;

/** Until when a claim made at `now` keeps every other worker off its delivery. */
export function leaseFrom(now: Date): Date {
  return new Date(now.getTime() + leaseMs());
}

/** A claim's token: drawn afresh by every claim, so a record can tell whose claim the delivery is under. */
export const newClaimToken = (): string => crypto.randomBytes(12).toString("base64url");

export type AttemptOutcome = { kind: "skipped"; reason: string } | { kind: "attempted"; delivery: DeliveryRow; result: PostResult };

/** The secrets that sign now: the current one, and the previous one during a rotation. */
export function signingSecrets(w: WebhookRow, now = new Date()): string[] {
  const secrets = [decrypt(w.secretEnc)];
  if (w.previousSecretEnc && w.previousSecretExpiresAt && w.previousSecretExpiresAt > now) secrets.push(decrypt(w.previousSecretEnc));
  return secrets;
}

/**
 * The body every delivery of an event carries: its stored payload as JSON, exactly the bytes that are
 * signed. The dashboard shows and copies this same text.
 */
export function deliveryBody(payload: unknown): string {
  return JSON.stringify(payload);
}

/** When the next attempt is due after `attempts` failures, honouring Retry-After within the schedule. */
export function nextAttemptDelay(attempts: number, retryAfterMs: number | null): number {
  const schedule = getConfig().webhookRetryDelaysMs;
  const planned = schedule[Math.min(attempts - 1, schedule.length - 1)]!;
  if (retryAfterMs === null) return planned;
  return Math.min(Math.max(planned, retryAfterMs), Math.max(...schedule));
}

/** A delivery no attempt holds: pending, its lease (if any) lapsed. */
const claimable = (now: Date) => and(eq(deliveries.status, "PENDING"), or(isNull(deliveries.leaseUntil), lte(deliveries.leaseUntil, now)));
/** A delivery whose next attempt is due now, and that no attempt holds. */
const due = (now: Date) => and(claimable(now), lte(deliveries.nextAttemptAt, now));

/**
 * Claims one delivery for an attempt: only a PENDING delivery that is due and not claimed by a
 * live lease. The conditional UPDATE is the lock: two workers can never claim the same attempt.
 * A claim sets the lease only. The lease is no change of the delivery a merchant sees, and it is in no
 * index, so PostgreSQL can update the row in place (HOT); `updated_at` is in an index expression
 * (deliveries_webhook_ended_idx), and touching it made every claim write into all eight indexes.
 */
async function claim(db: Db, id: string, now: Date, force: boolean, actor: Actor): Promise<DeliveryRow | undefined> {
  const leaseUntil = leaseFrom(now);
  const [row] = await db
    .update(deliveries)
    .set({ leaseUntil, claimToken: newClaimToken() })
    .where(
      and(
        eq(deliveries.id, id),
        // a merchant's own retry or test reaches its own deliveries only; the engine's jobs, any due one
        actor.kind === "merchant" ? eq(deliveries.merchantId, actor.merchantId) : undefined,
        force ? claimable(now) : due(now),
      ),
    )
    .returning();
  return row;
}

/**
 * Makes the next attempt of a delivery, if it is still due. Idempotent: the delivery row decides,
 * so a duplicate job, a second worker or a retried Inngest step changes nothing. The actor is the
 * engine (SYSTEM) for a job, or the merchant for its own retry or test, whose claim is then scoped
 * to its deliveries. `force` sends now even if the next attempt is scheduled later (manual retry,
 * the test endpoint).
 */
export async function attemptDelivery(
  db: Db,
  deliveryId: string,
  opts: As & { force?: boolean; single?: boolean },
): Promise<AttemptOutcome> {
  const delivery = await claim(db, deliveryId, new Date(), opts.force ?? false, opts.actor);
  if (!delivery) return { kind: "skipped", reason: "not due, already claimed, or finished" };
  const [outcome] = await deliverClaimed(db, [delivery], opts);
  return outcome!;
}

/** What a dispatcher already has in flight, which a claim counts against each endpoint's and merchant's turn. */
export type InFlight = Pick<DeliveryRow, "webhookId" | "merchantId">;

/**
 * Claims up to `limit` due deliveries in one statement, fairly: live merchants' deliveries first
 * (the sandbox never delays live traffic), then round robin over merchants, and within a merchant
 * round robin over its endpoints, each turn counted on from what this dispatcher has in flight
 * (`inFlight`): a merchant with many deliveries waiting, or many endpoints, takes one slot per turn
 * like any other, and at most `merchantCap` in all (the dispatcher has slots left for the others
 * however slow one merchant's endpoints are). An endpoint gets at most WEBHOOK_ENDPOINT_CONCURRENCY attempts in flight from one
 * dispatcher; one whose circuit is open is not claimed, and a half-open one gets one attempt at a
 * time (the probe). The turns are counted among the oldest due deliveries (`claimWindow`) of the
 * merchants and endpoints that have room here, read from deliveries_due_idx: a claim reads past the
 * backlog of a merchant at its share (until its circuits open and move that backlog out of the due
 * range), and otherwise costs the same however large a backlog is. Rows another worker
 * is claiming at this moment are skipped (FOR UPDATE SKIP LOCKED); the lease set here keeps
 * everyone else off them until the attempt is recorded or the lease lapses. Like `claim`, it sets
 * the lease (and its token) only.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  now = new Date(),
  inFlight: readonly InFlight[] = [],
  merchantCap = 2 ** 31 - 1,
): Promise<DeliveryRow[]> {
  const leaseUntil = leaseFrom(now);
  const claimToken = newClaimToken();
  const at = now.toISOString();
  const held = JSON.stringify(inFlight.map((d) => ({ w: d.webhookId, m: d.merchantId })));
  const cap = getConfig().webhookEndpointConcurrency;
  const picked = sql`
    with held as (
      select * from jsonb_to_recordset(${held}::jsonb) as h(w text, m text)
    ), full_merchants as (
      select m from held group by m having count(*) >= ${merchantCap}::int
    ), full_endpoints as (
      select h.w from held h join webhooks w on w.id = h.w group by h.w, w.circuit_open_until
      having count(*) >= case when w.circuit_open_until is null then ${cap}::int else 1 end
    ), due as (
      -- the window counts only deliveries that could be claimed: a merchant or an endpoint at its
      -- share here is read past, so however large its backlog, the others' deliveries are in view
      select d.id, d.merchant_id, d.webhook_id, d.next_attempt_at from deliveries d
      where d.status = 'PENDING' and d.next_attempt_at <= ${at}::timestamptz
        and (d.lease_until is null or d.lease_until <= ${at}::timestamptz)
        and d.merchant_id <> all(array(select m from full_merchants)) and d.webhook_id <> all(array(select w from full_endpoints))
      order by d.next_attempt_at limit ${claimWindow(limit)}
    ), by_endpoint as (
      select due.*, m.environment = 'live' as live,
        row_number() over (partition by due.webhook_id order by due.next_attempt_at, due.id)
          + coalesce((select count(*) from held where held.w = due.webhook_id), 0) as endpoint_turn,
        case when w.circuit_open_until is null then ${cap}::int else 1 end as endpoint_cap
      from due join webhooks w on w.id = due.webhook_id join merchants m on m.id = due.merchant_id
      where w.circuit_open_until is null or w.circuit_open_until <= ${at}::timestamptz
    ), by_merchant as (
      select e.id, e.live, e.next_attempt_at,
        row_number() over (partition by e.merchant_id order by e.endpoint_turn, e.next_attempt_at, e.id)
          + coalesce((select count(*) from held where held.m = e.merchant_id), 0) as merchant_turn
      from by_endpoint e where e.endpoint_turn <= e.endpoint_cap
    )
    select id from by_merchant where merchant_turn <= ${merchantCap}::int
    order by live desc, merchant_turn, next_attempt_at, id limit ${limit}`;
  // locked here, by id, the ranking above being no query FOR UPDATE can take
  const lockedIds = sql`
    select d.id from deliveries d
    where d.id = any(array(${picked})) and d.status = 'PENDING' and (d.lease_until is null or d.lease_until <= ${at}::timestamptz)
    for update skip locked`;
  return (
    db
      .update(deliveries)
      .set({ leaseUntil, claimToken })
      // `= any(array(…))`, not `in (…)`: the planner takes the primary key for an array of ids, where for
      // a subquery it guesses from the due rows, and during a backlog (most rows due) hashed the whole table
      .where(and(sql`${deliveries.id} = any(array(${lockedIds}))`, eq(deliveries.status, "PENDING")))
      .returning()
  );
}

/** How many of the oldest due deliveries a claim of `limit` ranks. */
export const claimWindow = (limit: number) => Math.max(limit * 8, 512);

/** Attempts claimed deliveries: their webhooks and payloads in two queries, then every POST at once. */
export async function deliverClaimed(
  db: Db,
  claimed: DeliveryRow[],
  opts: { single?: boolean; force?: boolean } = {},
): Promise<AttemptOutcome[]> {
  if (!claimed.length) return [];
  const hookIds = [...new Set(claimed.map((d) => d.webhookId))];
  const eventIds = [...new Set(claimed.map((d) => d.eventId))];
  const [hooks, payloads] = await Promise.all([
    db.select().from(webhooks).where(inArray(webhooks.id, hookIds)),
    db.select({ id: events.id, payload: events.payload, requestId: events.requestId }).from(events).where(inArray(events.id, eventIds)),
  ]);
  const hookById = new Map(hooks.map((h) => [h.id, h]));
  const payloadById = new Map(payloads.map((e) => [e.id, e.payload]));
  const requestIdByEvent = new Map(payloads.map((e) => [e.id, e.requestId]));
  const config = getConfig();
  // an event goes to several webhooks and a webhook gets several events: each body is serialized,
  // and each webhook's secrets decrypted, once per batch
  const bodies = new Map<string, string>();
  const secrets = new Map<string, string[]>();
  const batchStarted = new Date();
  // the claims' leases are renewed until each attempt is recorded
  const keeper = new ClaimKeeper(db, claimed);
  const attempt = async (delivery: DeliveryRow, span: Span | undefined): Promise<AttemptOutcome> => {
    const now = new Date();
    // how late the attempt starts: the claimed row still holds when it was due
    const lagSeconds = delivery.nextAttemptAt && !opts.single ? (now.getTime() - delivery.nextAttemptAt.getTime()) / 1000 : null;
    const hook = hookById.get(delivery.webhookId);
    const isTest = delivery.eventType === TEST_EVENT_TYPE || delivery.eventType === V1_TEST_EVENT_TYPE;
    if (!hook || hook.deletedAt || (!hook.active && !isTest)) {
      // deliveries go only to webhooks that are still active when the attempt is due
      const ended = await tryTransition(db, "delivery", delivery, "webhookGone", {
        set: {
          leaseUntil: null,
          claimToken: null,
          nextAttemptAt: null,
          lastError: hook?.deletedAt || !hook ? "webhook deleted" : "webhook inactive",
          updatedAt: now,
        },
        where: heldBy(delivery),
      });
      if (!ended) return { kind: "skipped", reason: "the delivery changed while it was claimed" };
      metrics().webhookAttempt("skipped", null, lagSeconds);
      span?.setAttribute("checkout.outcome", "skipped");
      logger.info("webhook delivery ended without an attempt", { reason: ended.lastError });
      return {
        kind: "attempted",
        delivery: ended,
        result: { status: null, excerpt: null, retryAfterMs: null, error: ended.lastError, durationMs: 0 },
      };
    }
    if (circuitOpen(hook, now) && !opts.force && !opts.single) {
      // its endpoint's circuit opened since the claim (or a hand-off): the delivery waits with the others
      const [waits] = await db
        .update(deliveries)
        .set({ leaseUntil: null, claimToken: null, nextAttemptAt: hook.circuitOpenUntil })
        .where(
          and(
            eq(deliveries.id, delivery.id),
            eq(deliveries.merchantId, delivery.merchantId),
            eq(deliveries.status, "PENDING"),
            heldBy(delivery),
          ),
        )
        .returning({ id: deliveries.id });
      span?.setAttribute("checkout.outcome", "skipped");
      return { kind: "skipped", reason: waits ? "its endpoint's circuit is open" : "the delivery changed while it was claimed" };
    }
    let body = bodies.get(delivery.eventId);
    if (body === undefined) bodies.set(delivery.eventId, (body = deliveryBody(payloadById.get(delivery.eventId))));
    let headers: Record<string, string> | undefined;
    try {
      let hookSecrets = secrets.get(hook.id);
      if (!hookSecrets) secrets.set(hook.id, (hookSecrets = signingSecrets(hook, batchStarted)));
      const timestamp = Math.floor(now.getTime() / 1000);
      // a v1 webhook's own headers go with every attempt; the signature headers, set last, are always ours
      headers = {
        ...(hook.apiVersion === 1 ? customHeadersToSend(hook.customHeaders) : {}),
        ...signatureHeaders(hookSecrets, delivery.eventId, timestamp, body),
      };
    } catch (err) {
      // a secret this service cannot decrypt (APP_SECRET changed, a row restored from elsewhere): the
      // attempt fails as an attempt, on the retry schedule, and the rest of the batch goes on
      logger.error("webhook attempt not sent: its signing secret or headers do not decrypt", { webhookId: hook.id, ...errorFields(err) });
    }
    // an attempt starts only under a claim that is still this worker's, with a lease that outlasts it:
    // a worker held up since its claim (a busy process, a slow database) renews it first, and sends
    // nothing if another worker has taken the delivery over meanwhile
    if (!(await keeper.holds(delivery.id, config.webhookTimeoutMs))) {
      span?.setAttribute("checkout.outcome", "skipped");
      logger.warn("webhook attempt not sent: another worker took the delivery over");
      return { kind: "skipped", reason: "the claim passed to another worker before the attempt" };
    }
    const result: PostResult = headers
      ? await postWebhook(hook.url, body, headers, { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.allowPrivateWebhookUrls })
      : { status: null, excerpt: null, retryAfterMs: null, error: UNDECRYPTABLE, durationMs: 0 };
    const recorded = await recordAttempt(db, delivery, result, now, opts.single ?? false);
    // an attempt actually sent tells the endpoint's circuit whether it answered, or timed out
    if (headers) {
      await noteOutcome(db, hook, result.status !== null ? "answered" : result.timedOut ? "timed-out" : "failed").catch((err) =>
        logger.error("webhook circuit not updated", { webhookId: hook.id, ...errorFields(err) }),
      );
    }
    metrics().webhookAttempt(OUTCOMES[recorded.status], result.durationMs / 1000, lagSeconds);
    span?.setAttributes({ "checkout.outcome": OUTCOMES[recorded.status], "http.response.status_code": result.status ?? undefined });
    return { kind: "attempted", delivery: recorded, result };
  };
  // every line an attempt logs names its delivery, its event and the request that made the event;
  // with tracing on, so does the attempt's span
  try {
    return await Promise.all(
      claimed.map((delivery) => {
        const ids = { deliveryId: delivery.id, eventId: delivery.eventId, requestId: requestIdByEvent.get(delivery.eventId) ?? undefined };
        const attributes = {
          "checkout.delivery_id": ids.deliveryId,
          "checkout.event_id": ids.eventId,
          "checkout.request_id": ids.requestId,
        };
        return withLogContext(ids, () =>
          inSpan("webhook.deliver", { attributes }, (span) => attempt(delivery, span)).finally(() => keeper.release(delivery.id)),
        );
      }),
    );
  } finally {
    keeper.stop();
  }
}

/** The claim a delivery was read under is still the row's: the condition of every write an attempt makes. */
const heldBy = (delivery: DeliveryRow) => (delivery.claimToken === null ? sql`false` : eq(deliveries.claimToken, delivery.claimToken));

/**
 * Extends the leases of claims that are still these tokens' (and not yet recorded): one statement
 * for a batch. Returns the ids whose claims held; a missing one was taken over by another worker.
 */
const renewClaimsStatement = preparedStatement<{ id: string }>(
  "deliveries_renew_claims",
  () => sql`
    with input as (select * from jsonb_to_recordset(${sql.placeholder("claims")}::jsonb) as i(id text, token text))
    update deliveries d set lease_until = ${sql.placeholder("until")}::timestamptz
    from input i
    where d.id = any(array(select id from input)) and d.id = i.id and d.claim_token = i.token
      and d.status = 'PENDING' and d.lease_until is not null
    returning d.id`,
);

/**
 * Keeps a batch's claims while their attempts run: every third of a lease it renews the leases of
 * the attempts not yet recorded, so an attempt that takes longer than its first lease (a busy process,
 * a slow database, an endpoint that answers near the timeout) is never taken over by a healthy worker.
 * A claim found taken over is dropped: its attempt sends nothing if it has not started, and records
 * nothing if it has (the record is fenced by the claim's token).
 */
class ClaimKeeper {
  private readonly open = new Map<string, { token: string; until: number }>();
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    claimed: readonly DeliveryRow[],
  ) {
    for (const d of claimed) if (d.claimToken && d.leaseUntil) this.open.set(d.id, { token: d.claimToken, until: d.leaseUntil.getTime() });
    if (!this.open.size) return;
    this.timer = setInterval(() => void this.renew(), Math.max(1_000, Math.floor(leaseMs() / 3)));
    this.timer.unref();
  }

  /** Whether the delivery's claim is still held with more than `needMs` of its lease left (renewed first when less is left). */
  async holds(id: string, needMs: number): Promise<boolean> {
    const left = () => (this.open.get(id)?.until ?? 0) - Date.now();
    if (!this.open.has(id)) return false;
    if (left() > needMs) return true;
    await this.renew();
    return left() > needMs;
  }

  /** The delivery's attempt is recorded (or ended): its claim needs no more renewals. */
  release(id: string) {
    this.open.delete(id);
    if (!this.open.size) this.stop();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One renewal at a time; a caller during one waits for it. */
  private renew(): Promise<void> {
    this.renewing ??= this.renewOnce().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async renewOnce() {
    const claims = [...this.open].map(([id, c]) => ({ id, token: c.token }));
    if (!claims.length) return;
    const until = leaseFrom(new Date());
    try {
      const rows = await renewClaimsStatement(this.db, { claims: JSON.stringify(claims), until: until.toISOString() });
      const kept = new Set(rows.map((r) => r.id));
      for (const { id } of claims) {
        const claim = this.open.get(id);
        if (!claim) continue; // recorded meanwhile
        if (kept.has(id)) claim.until = until.getTime();
        else {
          this.open.delete(id);
          logger.warn("webhook delivery claim taken over by another worker; this attempt records nothing", { deliveryId: id });
        }
      }
    } catch (err) {
      // the leases already given still hold; the next renewal tries again
      logger.warn("renewing webhook delivery claims failed", { count: claims.length, ...errorFields(err) });
    }
  }
}

const OUTCOMES = { DELIVERED: "delivered", PENDING: "retrying", FAILED: "failed" } as const;

/** The error of an attempt that could not be signed: nothing was sent. */
export const UNDECRYPTABLE = "not sent: the webhook's signing secret does not decrypt with this service's APP_SECRET";

async function recordAttempt(db: Db, delivery: DeliveryRow, result: PostResult, startedAt: Date, single: boolean): Promise<DeliveryRow> {
  const attempts = delivery.attempts + 1;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const trigger: TriggerOf<"delivery"> = ok ? "attemptSucceeded" : single || gone || attempts >= MAX_ATTEMPTS ? "gaveUp" : "attemptFailed";
  const status = DELIVERY.triggers[trigger].to;
  const retryAfter = result.status === 429 || result.status === 503 ? result.retryAfterMs : null;
  const finishedAt = new Date();
  // what an endpoint sent must never be what stops the attempt from being recorded
  const error = ok ? null : safeText(result.error ?? `HTTP ${result.status}`, 500);
  const excerpt = result.excerpt === null ? null : safeText(result.excerpt, 1024);
  const changes = {
    attempts,
    lastAttemptAt: startedAt,
    responseCode: result.status,
    lastError: error,
    durationMs: result.durationMs,
    leaseUntil: null,
    claimToken: null,
    nextAttemptAt: status === "PENDING" ? new Date(finishedAt.getTime() + nextAttemptDelay(attempts, retryAfter)) : null,
    updatedAt: finishedAt,
  } satisfies Partial<DeliveryRow>;
  let row: DeliveryRow | undefined = { ...delivery, ...changes, status };
  const write: AttemptWrite = {
    attemptId: newId("att"),
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    merchantId: delivery.merchantId,
    attemptNo: attempts,
    startedAt,
    responseCode: result.status,
    excerpt,
    error,
    durationMs: result.durationMs,
    status,
    nextAttemptAt: changes.nextAttemptAt,
    finishedAt,
    from: DELIVERY.triggers[trigger].from,
    claimToken: delivery.claimToken,
  };
  try {
    // with the attempts that finish about the same time, in one statement (lib/webhooks/record-attempts)
    if (!(await recordAttemptInBatch(db, write))) row = undefined;
  } catch {
    // the batch's statement failed: this attempt alone, so that another's fault is not its own
    row = await recordAlone(db, delivery, write, trigger, changes);
  }
  if (!row) {
    // another worker took the delivery over after this one's lease lapsed (or moved it on): its claim
    // and its result stand, and this attempt is not recorded (its number is the other worker's)
    logger.warn("webhook attempt not recorded: another worker took the delivery over; its state is left as found", {
      deliveryId: delivery.id,
      attempt: attempts,
    });
    const [current] = await db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    return current ?? { ...delivery, ...changes, status };
  }
  if (status !== "DELIVERED") logger.info("webhook attempt failed", { attempt: attempts, status, responseCode: result.status, error });
  else logger.info("webhook delivered", { attempt: attempts, responseCode: result.status, durationMs: result.durationMs });
  return row;
}

/**
 * Records one attempt by itself, when the batch it was in failed. If even that fails, the delivery
 * still moves on without the attempt's row: otherwise it would keep its lease and attempt count, and
 * be sent again each time the lease lapsed, forever.
 */
async function recordAlone(
  db: Db,
  delivery: DeliveryRow,
  write: AttemptWrite,
  trigger: TriggerOf<"delivery">,
  changes: Partial<DeliveryRow>,
): Promise<DeliveryRow | undefined> {
  try {
    return (await writeAttempts(db, [write])).has(delivery.id) ? { ...delivery, ...changes, status: write.status } : undefined;
  } catch (err) {
    logger.error("webhook attempt not recorded; moving the delivery on without it", {
      deliveryId: delivery.id,
      attempt: write.attemptNo,
      ...errorFields(err),
    });
    return tryTransition(db, "delivery", delivery, trigger, { set: changes, where: heldBy(delivery) });
  }
}

/**
 * Up to `limit` due deliveries, oldest first, that no live lease holds. Two workers may both see a
 * row here; only one wins attemptDelivery's claim (a conditional UPDATE that sets the lease), which
 * is what keeps an attempt from being sent twice.
 */
export async function findDueDeliveries(db: Db, limit: number, now = new Date()): Promise<string[]> {
  const rows = await db.select({ id: deliveries.id }).from(deliveries).where(due(now)).orderBy(asc(deliveries.nextAttemptAt)).limit(limit);
  return rows.map((r) => r.id);
}

/** Where a delivery stands: its status and, while PENDING, when its next attempt is due. */
export async function deliveryState(
  db: Db,
  deliveryId: string,
): Promise<{ status: DeliveryRow["status"]; nextAttemptAt: Date | null } | undefined> {
  const [row] = await db
    .select({ status: deliveries.status, nextAttemptAt: deliveries.nextAttemptAt })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  return row;
}

/** Makes a delivery due now again, whatever its status (the merchant's manual retry of a delivery it has read). */
export async function requeueDelivery(db: Db, delivery: RowRef): Promise<DeliveryRow | undefined> {
  const now = new Date();
  return tryTransition(db, "delivery", delivery, "requeue", {
    set: { nextAttemptAt: now, updatedAt: now },
    // never while an attempt holds the delivery's lease
    where: or(isNull(deliveries.leaseUntil), lte(deliveries.leaseUntil, now)),
  });
}
