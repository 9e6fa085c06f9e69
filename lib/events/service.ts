import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deliveries, events, type EventRow, type OrderRow, type SessionRow, webhooks } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";
import { monotonicNow } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { jobs, withDeferredHints } from "@/lib/jobs";
import { afterCursor, page } from "@/lib/pagination";
import { serializeOrder, serializeSession } from "@/lib/wire/session";
import type { EventType } from "./types";

export type EventPayload = {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
};

/**
 * Records an event and, in the same transaction, one PENDING delivery per active webhook of the
 * merchant that subscribes to it (an empty list subscribes to all). Returns the delivery ids.
 */
export async function recordEvent(
  tx: Db,
  input: { type: EventType; session: SessionRow; order: OrderRow | null; txHash?: string; error?: { code: string; message: string } },
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const now = monotonicNow();
  const id = newId("evt");
  const payload: EventPayload = {
    id,
    type: input.type,
    timestamp: now.toISOString(),
    data: {
      session: serializeSession(input.session),
      order: input.order ? serializeOrder(input.order) : null,
      ...(input.txHash ? { txHash: input.txHash } : {}),
      ...(input.error ? { error: input.error } : {}),
    },
  };
  await tx.insert(events).values({
    id,
    merchantId: input.session.merchantId,
    type: input.type,
    sessionId: input.session.id,
    orderId: input.order?.id ?? null,
    payload,
    createdAt: now,
  });
  const deliveryIds = await fanOut(tx, { eventId: id, type: input.type, merchantId: input.session.merchantId, now });
  return { eventId: id, deliveryIds };
}

export type EventInput = Parameters<typeof recordEvent>[1];
export type Emit = (input: EventInput) => Promise<void>;

/**
 * A transaction whose events (and their deliveries) commit with it; once it has committed, the
 * background work is told about the new deliveries.
 */
export async function withEvents<T>(db: Db, fn: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
  const deliveryIds: string[] = [];
  const result = await db.transaction((tx) =>
    fn(tx as unknown as Db, async (input) => {
      deliveryIds.push(...(await recordEvent(tx as unknown as Db, input)).deliveryIds);
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

async function fanOut(tx: Db, e: { eventId: string; type: string; merchantId: string; now: Date }): Promise<string[]> {
  const targets = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.merchantId, e.merchantId),
        eq(webhooks.active, true),
        isNull(webhooks.deletedAt),
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

export async function listEvents(
  db: Db,
  opts: { type?: string; sessionId?: string; limit: number; cursor?: string },
  { actor }: As<MerchantActor>,
) {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.merchantId, actor.merchantId),
        opts.type ? eq(events.type, opts.type) : undefined,
        opts.sessionId ? eq(events.sessionId, opts.sessionId) : undefined,
        afterCursor(events.createdAt, events.id, opts.cursor),
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(opts.limit + 1);
  const { items, nextCursor } = page(rows, opts.limit);
  return { events: items.map(serializeEvent), nextCursor };
}
