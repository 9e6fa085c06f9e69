import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deliveries, events, type EventRow, type OrderRow, type SessionRow, webhooks } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";
import { monotonicNow } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { jobs, withDeferredHints } from "@/lib/jobs";
import { afterCursor, page } from "@/lib/pagination";
import { serializeOrder, serializeSession } from "@/lib/wire/session";
import { serializeV1Order, serializeV1Payment } from "@/lib/wire/v1";
import { type EventType, V1_EVENT_TYPES, type V1EventType } from "./types";

export type EventPayload = {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
};

/**
 * The v1 events that a v0 event stands for (parity.md §4). A v0 event names what happened to the
 * session or its order; v1 names the same facts as its order (the session) and payment (the order).
 */
export function v1EventsFor(type: EventType, order: OrderRow | null): V1EventType[] {
  switch (type) {
    case "order.created":
      return ["PAYMENT_CREATED"];
    case "order.fulfilled":
      return ["PAYMENT_SETTLED"];
    case "order.failed":
      return ["PAYMENT_FAILED"];
    case "order.expired":
      return ["PAYMENT_EXPIRED"];
    case "session.completed":
      return ["ORDER_FULFILLED"];
    case "session.abandoned":
      // cancelled with its payment, or expired (its payment's expiry is an order.expired of its own)
      return order?.status === "CANCELLED" ? ["PAYMENT_CANCELLED", "ORDER_CANCELLED"] : ["ORDER_CANCELLED"];
    default:
      // session.started and order.payment_sent have no v1 event
      return [];
  }
}

/**
 * Records an event and, in the same transaction, one PENDING delivery per active webhook of the
 * merchant that subscribes to it (an empty list subscribes to all), then the v1 events it stands for,
 * each delivered to the v1 webhooks. Returns the v0 event's id and every delivery id.
 */
export async function recordEvent(
  tx: Db,
  input: { type: EventType; session: SessionRow; order: OrderRow | null; txHash?: string; error?: { code: string; message: string } },
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const v0 = await recordV0Event(tx, input);
  for (const type of v1EventsFor(input.type, input.order)) {
    v0.deliveryIds.push(...(await recordV1Event(tx, { type, session: input.session, order: input.order })).deliveryIds);
  }
  return v0;
}

/**
 * Records a v1 event (`{ id, type, timestamp, data: { order, payment, paymentBridge: null } }`) and
 * its deliveries to the merchant's v1 webhooks, in the caller's transaction.
 */
export function recordV1Event(
  tx: Db,
  input: { type: V1EventType; session: SessionRow; order: OrderRow | null },
): Promise<{ eventId: string; deliveryIds: string[] }> {
  return insertEvent(tx, { ...input, apiVersion: 1 }, () => ({
    order: serializeV1Order(input.session),
    payment: input.order ? serializeV1Payment(input.order) : null,
    paymentBridge: null,
  }));
}

function recordV0Event(
  tx: Db,
  input: { type: EventType; session: SessionRow; order: OrderRow | null; txHash?: string; error?: { code: string; message: string } },
): Promise<{ eventId: string; deliveryIds: string[] }> {
  return insertEvent(tx, { ...input, apiVersion: 0 }, () => ({
    session: serializeSession(input.session),
    order: input.order ? serializeOrder(input.order) : null,
    ...(input.txHash ? { txHash: input.txHash } : {}),
    ...(input.error ? { error: input.error } : {}),
  }));
}

/** Inserts one event of either generation with its payload `{ id, type, timestamp, data }`, then its deliveries. */
async function insertEvent(
  tx: Db,
  e: { type: string; apiVersion: 0 | 1; session: SessionRow; order: OrderRow | null },
  data: () => Record<string, unknown>,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const now = monotonicNow();
  const id = newId("evt");
  const payload: EventPayload = { id, type: e.type, timestamp: now.toISOString(), data: data() };
  const merchantId = e.session.merchantId;
  await tx.insert(events).values({
    id,
    merchantId,
    type: e.type,
    apiVersion: e.apiVersion,
    sessionId: e.session.id,
    orderId: e.order?.id ?? null,
    payload,
    createdAt: now,
  });
  const deliveryIds = await fanOut(tx, { eventId: id, type: e.type, merchantId, now, apiVersion: e.apiVersion });
  return { eventId: id, deliveryIds };
}

export type EventInput = Parameters<typeof recordEvent>[1];
export type V1EventInput = Parameters<typeof recordV1Event>[1];
/** Records an event in the transaction: a v0 one (with the v1 events it stands for), or a v1-only one. */
export type Emit = (input: EventInput | V1EventInput) => Promise<void>;

const isV1Input = (input: EventInput | V1EventInput): input is V1EventInput => (V1_EVENT_TYPES as readonly string[]).includes(input.type);

/**
 * A transaction whose events (and their deliveries) commit with it; once it has committed, the
 * background work is told about the new deliveries.
 */
export async function withEvents<T>(db: Db, fn: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
  const deliveryIds: string[] = [];
  const result = await db.transaction((tx) =>
    fn(tx as unknown as Db, async (input) => {
      const recorded = isV1Input(input) ? await recordV1Event(tx as unknown as Db, input) : await recordEvent(tx as unknown as Db, input);
      deliveryIds.push(...recorded.deliveryIds);
    }),
  );
  jobs.deliveriesCreated(deliveryIds);
  return result;
}

/**
 * Runs several services in one transaction, each given the transaction handle as its `db`: their
 * rows and events commit or roll back together (each service's own transaction becomes a
 * savepoint), and the background work hears of the new deliveries only after the outer commit.
 */
export async function inOneTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withDeferredHints(() => db.transaction((tx) => fn(tx as unknown as Db)));
}

/** A webhook belongs to one API generation and receives that generation's events only. */
async function fanOut(tx: Db, e: { eventId: string; type: string; merchantId: string; now: Date; apiVersion: 0 | 1 }): Promise<string[]> {
  const targets = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.merchantId, e.merchantId),
        eq(webhooks.active, true),
        isNull(webhooks.deletedAt),
        eq(webhooks.apiVersion, e.apiVersion),
        or(sql`${webhooks.events} = '[]'::jsonb`, sql`${webhooks.events} @> ${JSON.stringify([e.type])}::jsonb`),
      ),
    );
  if (!targets.length) return [];
  const rows = targets.map((w) => ({
    id: newId("dlv"),
    webhookId: w.id,
    merchantId: e.merchantId,
    eventId: e.eventId,
    eventType: e.type,
    status: "PENDING" as const,
    // due by the real clock: the event's ordering time may run a little ahead of it during a burst
    nextAttemptAt: new Date(),
    createdAt: e.now,
  }));
  await tx.insert(deliveries).values(rows);
  return rows.map((r) => r.id);
}

export function serializeEvent(e: EventRow) {
  return { ...(e.payload as EventPayload), sessionId: e.sessionId, orderId: e.orderId, createdAt: e.createdAt.toISOString() };
}

/**
 * One page of the merchant's events, newest first, as rows: GET /api/events serializes them, the
 * dashboard shows them with their generation. `generation`: the API generation's events (0, the
 * default: the v0 API's), or both ("any", the dashboard).
 */
export async function eventPage(
  db: Db,
  opts: { type?: string; sessionId?: string; limit: number; cursor?: string; generation?: 0 | 1 | "any" },
  { actor }: As<MerchantActor>,
) {
  const generation = opts.generation ?? 0;
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.merchantId, actor.merchantId),
        generation === "any" ? undefined : eq(events.apiVersion, generation),
        opts.type ? eq(events.type, opts.type) : undefined,
        opts.sessionId ? eq(events.sessionId, opts.sessionId) : undefined,
        afterCursor(events.createdAt, events.id, opts.cursor),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(opts.limit + 1);
  return page(rows, opts.limit);
}

export async function listEvents(
  db: Db,
  opts: { type?: string; sessionId?: string; limit: number; cursor?: string },
  as: As<MerchantActor>,
) {
  const { items, nextCursor } = await eventPage(db, { ...opts, generation: 0 }, as);
  return { events: items.map(serializeEvent), nextCursor };
}
