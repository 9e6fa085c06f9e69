import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deliveries, deliveryAttempts, type DeliveryRow, events, merchants, webhooks, type WebhookRow } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { encrypt } from "@/lib/crypto";
import { EVENT_TYPES, TEST_EVENT_TYPE, V1_EVENT_TYPES, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { conflict, forbidden, invalid, notFound } from "@/lib/core/errors";
import { currentRequestId } from "@/lib/core/logger";
import { newId } from "@/lib/core/ids";
import { afterCursor, page } from "@/lib/pagination";
import { DELIVERY } from "@/lib/state";
import { isForbiddenHost, isSingleLabel } from "./address-policy";
import { circuitOf } from "./circuit";
import {
  type CustomHeader,
  hasPlainValues,
  isMaskedHeaderValue,
  maskedCustomHeaders,
  sealCustomHeaders,
  sealPlainValuesOf,
} from "./custom-headers";
import { attemptDelivery, deliverClaimed, leaseFrom, newClaimToken, requeueDelivery } from "./delivery";

export const MAX_WEBHOOKS_PER_MERCHANT = 20;

export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

/**
 * Which webhooks a face sees. A webhook belongs to one API generation (its api_version): 0, made
 * through /api/webhooks, gets the v0 events; 1, made through /api/v1/webhooks, gets the v1 events
 * and has custom headers. Each API generation sees and manages its own only (another's answers 404);
 * the dashboard sees both ("any"). The default is 0, the v0 API.
 */
export type WebhookScope = { generation?: 0 | 1 | "any" };
type ScopedAs = As<MerchantActor> & WebhookScope;

const generationOf = (as: WebhookScope) => as.generation ?? 0;

/** A v1 webhook (the SDK's Webhook): the v0 shape, with its custom headers; deleted webhooks stay readable. */
export function serializeV1Webhook(w: WebhookRow) {
  // values are often credentials: shown masked (custom-headers.ts)
  return { ...serializeWebhook(w), customHeaders: maskedCustomHeaders(w.customHeaders) };
}

/** A webhook as the asking face shows it: its API generation's shape; for the dashboard ("any"), the v1 shape and apiVersion. */
function present(w: WebhookRow, as: WebhookScope) {
  const generation = generationOf(as);
  if (generation === 1) return serializeV1Webhook(w);
  if (generation === 0) return serializeWebhook(w);
  return { ...serializeV1Webhook(w), apiVersion: w.apiVersion === 1 ? (1 as const) : (0 as const) };
}

/** The event names of a webhook's generation: a v1 webhook never subscribes to a v0 event, nor the reverse. */
function checkEvents(events: string[] | undefined, apiVersion: number) {
  if (events === undefined) return;
  const names: readonly string[] = apiVersion === 1 ? V1_EVENT_TYPES : EVENT_TYPES;
  const i = events.findIndex((e) => !names.includes(e));
  if (i >= 0) throw invalid(`events.${i}`, `must be event names: ${names.join(", ")}`);
}

export function serializeWebhook(w: WebhookRow) {
  return {
    id: w.id,
    merchantId: w.merchantId,
    url: w.url,
    events: w.events,
    active: w.active,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    // set once deleted: the webhook is then read-only, kept for its delivery history
    deletedAt: w.deletedAt?.toISOString() ?? null,
    // open: the endpoint stopped answering, and its deliveries wait (lib/webhooks/circuit.ts)
    circuit: circuitOf(w),
  };
}

export function serializeDelivery(d: DeliveryRow) {
  return {
    id: d.id,
    webhookId: d.webhookId,
    eventType: d.eventType,
    eventId: d.eventId,
    status: d.status,
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    responseCode: d.responseCode,
    nextRetryAt: d.status === "PENDING" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    lastError: d.lastError,
    durationMs: d.durationMs,
    createdAt: d.createdAt.toISOString(),
  };
}

/** https and a public host, unless private URLs are allowed for development. */
export function checkWebhookUrl(url: string) {
  const u = new URL(url);
  if (getConfig().allowPrivateWebhookUrls) {
    if (u.protocol !== "https:" && u.protocol !== "http:") throw invalid("url", "must be an http or https URL");
    return;
  }
  if (u.protocol !== "https:") throw invalid("url", "must be an https URL");
  if (isSingleLabel(u.hostname)) {
    throw invalid(
      "url",
      "must name a host with a domain, such as hooks.example.com (a name without a dot is resolved inside this service's network)",
    );
  }
  if (isForbiddenHost(u.hostname)) throw invalid("url", "must point to a public address (not localhost, private or link-local)");
}

export async function createWebhook(db: Db, input: { url: string; events?: string[]; customHeaders?: CustomHeader[] }, as: ScopedAs) {
  const apiVersion = generationOf(as) === 1 ? 1 : 0;
  checkWebhookUrl(input.url);
  checkEvents(input.events, apiVersion);
  if (input.customHeaders?.length && apiVersion !== 1) throw invalid("customHeaders", "are for v1 webhooks only");
  const secret = newWebhookSecret();
  const customHeaders = sealCustomHeaders(input.customHeaders ?? []);
  const row = await db.transaction(async (tx) => {
    // the merchant row is the lock: creations for one merchant count and insert one at a time, so
    // simultaneous requests cannot all see room under the cap (NO KEY UPDATE: rows that merely
    // reference the merchant, such as new sessions, are not held up by it)
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, as.actor.merchantId)).for("no key update");
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(webhooks)
      .where(and(eq(webhooks.merchantId, as.actor.merchantId), isNull(webhooks.deletedAt)))) as [{ n: number }];
    if (Number(n) >= MAX_WEBHOOKS_PER_MERCHANT) throw conflict(`A merchant can have at most ${MAX_WEBHOOKS_PER_MERCHANT} webhooks`);
    const [inserted] = await tx
      .insert(webhooks)
      .values({
        id: newId("wh"),
        merchantId: as.actor.merchantId,
        url: input.url,
        events: [...new Set(input.events ?? [])],
        active: true,
        secretEnc: encrypt(secret),
        apiVersion,
        customHeaders,
      })
      .returning();
    return inserted!;
  });
  return { ...present(row, as), secret };
}

/**
 * The merchant's webhook. A deleted one stays readable ("read": itself and its deliveries) and
 * refuses every change ("write") with 409, so its history is kept exactly as it was.
 */
async function findWebhook(db: Db, id: string, as: ScopedAs, mode: "read" | "write"): Promise<WebhookRow> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
  if (!row) throw notFound("Webhook");
  if (row.merchantId !== as.actor.merchantId) throw forbidden("webhook");
  // another generation's webhook does not exist for this API
  if (as.generation !== "any" && row.apiVersion !== generationOf(as)) throw notFound("Webhook");
  if (mode === "write" && row.deletedAt) throw deletedWebhook(row.deletedAt);
  return row;
}

const deletedWebhook = (at: Date) =>
  conflict(`This webhook was deleted (${at.toISOString()}); it is kept read-only for its delivery history`, {
    deletedAt: at.toISOString(),
  });

/** A change guarded by `deleted_at is null` matched nothing: the webhook was deleted in between. */
async function deletedMeanwhile(db: Db, id: string, as: ScopedAs) {
  return deletedWebhook((await findWebhook(db, id, as, "read")).deletedAt ?? new Date());
}

export async function getWebhookOrThrow(db: Db, id: string, as: ScopedAs) {
  return present(await findWebhook(db, id, as, "read"), as);
}

export async function listWebhooks(db: Db, as: ScopedAs) {
  const generation = generationOf(as);
  const rows = await db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.merchantId, as.actor.merchantId),
        isNull(webhooks.deletedAt),
        generation === "any" ? undefined : eq(webhooks.apiVersion, generation),
      ),
    )
    .orderBy(webhooks.createdAt, webhooks.id);
  return { webhooks: rows.map((w) => present(w, as)) };
}

export async function updateWebhook(
  db: Db,
  id: string,
  patch: { url?: string; events?: string[]; active?: boolean; customHeaders?: CustomHeader[] },
  as: ScopedAs,
) {
  const found = await findWebhook(db, id, as, "write");
  if (patch.url !== undefined) checkWebhookUrl(patch.url);
  checkEvents(patch.events, found.apiVersion);
  if (patch.customHeaders !== undefined && found.apiVersion !== 1) throw invalid("customHeaders", "are for v1 webhooks only");
  // the stored values are credentials for the endpoint they were given for: a url moved to another
  // origin (scheme, host or port) drops them, unless the request gives them again, values and all
  const moves = patch.url !== undefined && new URL(patch.url).origin !== new URL(found.url).origin;
  const masked = moves ? (patch.customHeaders ?? []).findIndex((h) => isMaskedHeaderValue(h.value)) : -1;
  if (masked >= 0) {
    throw invalid(
      `customHeaders.${masked}.value`,
      "is a masked value, and the url moves to another origin (scheme, host or port), where stored values are not sent: send the value itself",
    );
  }
  // the list given replaces the webhook's headers; [] removes them all
  const customHeaders =
    patch.customHeaders !== undefined
      ? sealCustomHeaders(patch.customHeaders, found.customHeaders)
      : moves && found.customHeaders.length
        ? []
        : undefined;
  let [row] = await db
    .update(webhooks)
    .set({
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      ...(customHeaders !== undefined ? { customHeaders } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhooks.id, id), eq(webhooks.merchantId, as.actor.merchantId), isNull(webhooks.deletedAt)))
    .returning();
  if (!row) throw await deletedMeanwhile(db, id, as);
  // a row from before values were sealed is sealed at its first change, whatever the change
  if (hasPlainValues(row.customHeaders)) row = (await sealPlainValuesOf(db, row.id, row.customHeaders)) ?? row;
  return present(row, as);
}

/** Deleted webhooks stop receiving at once; they and their delivery history stay readable, unchangeable. */
export async function deleteWebhook(db: Db, id: string, as: ScopedAs) {
  await findWebhook(db, id, as, "write");
  const [row] = await db
    .update(webhooks)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.merchantId, as.actor.merchantId), isNull(webhooks.deletedAt)))
    .returning({ id: webhooks.id });
  if (!row) throw await deletedMeanwhile(db, id, as);
}

export async function listDeliveries(
  db: Db,
  webhookId: string,
  opts: { status?: DeliveryRow["status"]; eventType?: string; limit: number; cursor?: string },
  as: ScopedAs,
) {
  await findWebhook(db, webhookId, as, "read");
  const rows = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.webhookId, webhookId),
        // the ownership check above already passed; the merchant filter keeps this query safe on its own
        eq(deliveries.merchantId, as.actor.merchantId),
        opts.status ? eq(deliveries.status, opts.status) : undefined,
        opts.eventType ? eq(deliveries.eventType, opts.eventType) : undefined,
        afterCursor(deliveries.createdAt, deliveries.id, opts.cursor),
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(opts.limit + 1);
  const { items, nextCursor } = page(rows, opts.limit);
  return { deliveries: items.map(serializeDelivery), nextCursor };
}

async function findDelivery(db: Db, webhookId: string, deliveryId: string, as: ScopedAs, mode: "read" | "write"): Promise<DeliveryRow> {
  await findWebhook(db, webhookId, as, mode);
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.webhookId, webhookId), eq(deliveries.merchantId, as.actor.merchantId)))
    .limit(1);
  if (!row) throw notFound("Delivery");
  return row;
}

/** One delivery with the exact payload sent and every attempt, oldest first. */
export async function getDeliveryOrThrow(db: Db, webhookId: string, deliveryId: string, as: ScopedAs) {
  const delivery = await findDelivery(db, webhookId, deliveryId, as, "read");
  const [event] = await db
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.id, delivery.eventId), eq(events.merchantId, as.actor.merchantId)));
  // attempts carry no merchant column: they are scoped through their delivery's merchant
  const attempts = await db
    .select()
    .from(deliveryAttempts)
    .where(
      inArray(
        deliveryAttempts.deliveryId,
        db
          .select({ id: deliveries.id })
          .from(deliveries)
          .where(and(eq(deliveries.id, deliveryId), eq(deliveries.merchantId, as.actor.merchantId))),
      ),
    )
    .orderBy(asc(deliveryAttempts.attemptNo));
  return {
    ...serializeDelivery(delivery),
    payload: event?.payload ?? null,
    attemptHistory: attempts.map((a) => ({
      attempt: a.attemptNo,
      at: a.startedAt.toISOString(),
      responseCode: a.responseCode,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
      durationMs: a.durationMs,
    })),
  };
}

/**
 * POST /api/webhooks/:id/test (and /api/v1/…): records a test event in the webhook's generation
 * (webhook.test, or v1's WEBHOOK_TEST with the v1 payload's shape and no order or payment) and its
 * delivery, sends it now, once, and reports what the endpoint answered.
 */
export async function sendTestEvent(db: Db, webhookId: string, as: ScopedAs) {
  const hook = await findWebhook(db, webhookId, as, "write");
  const now = new Date();
  const eventId = newId("evt");
  const deliveryId = newId("dlv");
  const v1 = hook.apiVersion === 1;
  const type = v1 ? V1_TEST_EVENT_TYPE : TEST_EVENT_TYPE;
  const data = v1 ? { order: null, payment: null, paymentBridge: null } : { test: true, webhookId: hook.id };
  const payload = { id: eventId, type, timestamp: now.toISOString(), data };
  const delivery = await db.transaction(async (tx) => {
    await tx.insert(events).values({
      id: eventId,
      merchantId: hook.merchantId,
      type,
      apiVersion: hook.apiVersion,
      payload,
      createdAt: now,
      requestId: currentRequestId(),
    });
    const [row] = await tx
      .insert(deliveries)
      .values({
        id: deliveryId,
        webhookId: hook.id,
        merchantId: hook.merchantId,
        eventId,
        eventType: type,
        status: DELIVERY.initial,
        nextAttemptAt: now,
        // claimed by this request as it is written: a dispatcher polling between the commit and a
        // separate claim took it, and the request found nothing to send. Should the request die here,
        // the lease lapses and the dispatcher sends it.
        leaseUntil: leaseFrom(now),
        claimToken: newClaimToken(),
        createdAt: now,
      })
      .returning();
    return row!;
  });
  const [outcome] = await deliverClaimed(db, [delivery], { single: true });
  if (!outcome || outcome.kind === "skipped") throw new Error("a new test delivery ended before its attempt");
  const success = outcome.delivery.status === "DELIVERED";
  return {
    success,
    deliveryId,
    responseCode: outcome.result.status,
    ...(success ? {} : { error: outcome.result.error ?? `HTTP ${outcome.result.status}` }),
  };
}

/** Sends a delivery again now, whatever its status; a failure then follows the retry schedule. */
export async function retryDelivery(db: Db, webhookId: string, deliveryId: string, as: ScopedAs) {
  const delivery = await findDelivery(db, webhookId, deliveryId, as, "write");
  if (!(await requeueDelivery(db, delivery))) throw conflict("The delivery is being attempted right now; try again in a moment");
  const outcome = await attemptDelivery(db, deliveryId, { ...as, force: true });
  // requeued, but the engine (another instance's dispatcher) claimed it first and is sending it: the
  // resend is happening, so wait for that attempt's outcome instead of calling it a failure
  if (outcome.kind === "skipped") return serializeDelivery(await settledDelivery(db, webhookId, deliveryId, as));
  return serializeDelivery(outcome.delivery);
}

/** The delivery once the attempt that holds its lease has ended (or as it is when the attempt's timeout has passed). */
async function settledDelivery(db: Db, webhookId: string, deliveryId: string, as: ScopedAs): Promise<DeliveryRow> {
  const deadline = Date.now() + getConfig().webhookTimeoutMs + 2_000;
  for (;;) {
    const row = await findDelivery(db, webhookId, deliveryId, as, "read");
    if (row.status !== "PENDING" || row.leaseUntil === null || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A new signing secret, shown once; the secret that was current until now keeps signing beside it
 * for 24 hours, and any older one stops. One UPDATE moves current to previous, so rotations that
 * race apply one after the other: the last one's secret is current and the one before it is the
 * previous, whichever order they arrived in.
 */
export async function rotateWebhookSecret(db: Db, webhookId: string, as: ScopedAs) {
  await findWebhook(db, webhookId, as, "write");
  const secret = newWebhookSecret();
  const now = new Date();
  const [row] = await db
    .update(webhooks)
    .set({
      secretEnc: encrypt(secret),
      // the row's value when this UPDATE runs, after any rotation that committed first
      previousSecretEnc: sql`${webhooks.secretEnc}`,
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
      updatedAt: now,
    })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.merchantId, as.actor.merchantId), isNull(webhooks.deletedAt)))
    .returning();
  if (!row) throw await deletedMeanwhile(db, webhookId, as);
  return { ...present(row, as), secret, previousSecretExpiresAt: row.previousSecretExpiresAt!.toISOString() };
}

export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
