import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type Db, preparedStatement } from "@/db/client";
import { type DeliveryRow, events, type EventRow, type ExceptionSummary, type OrderRow, type SessionRow } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { monotonicNow } from "@/lib/core/clock";
import { newId } from "@/lib/core/ids";
import { currentRequestId } from "@/lib/core/logger";
import { type HandOffClaim, jobs, NO_DELIVERIES, type NewDeliveries, withDeferredHints } from "@/lib/jobs";
import { afterCursor, page } from "@/lib/pagination";
import { serializeOrder, serializeSession } from "@/lib/wire/session";
import { serializeV1Order, serializeV1Payment } from "@/lib/wire/v1";
import { type RefundDto, serializeV1Refund } from "@/lib/wire/refund";
import { type EventType, V1_EVENT_TYPES, type V1EventType } from "./types";

export type EventPayload = {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
};

/**
 * The v1 events that a v0 event stands for (docs/api-v1.md). A v0 event names what happened to the
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
    case "session.exception_opened":
      return ["ORDER_EXCEPTION_OPENED"];
    case "session.exception_resolved":
      return ["ORDER_EXCEPTION_RESOLVED"];
    // a refund is pending from its creation (the payer's claim and the merchant's transfer are v0's
    // finer steps); a cancelled or expired one is REFUND_CANCELLED (extension)
    case "refund.created":
      return ["REFUND_PENDING"];
    case "refund.completed":
      return ["REFUND_COMPLETED"];
    case "refund.cancelled":
    case "refund.expired":
      return ["REFUND_CANCELLED"];
    case "session.abandoned":
      // cancelled with its payment, or expired (its payment's expiry is an order.expired of its own)
      return order?.status === "CANCELLED" ? ["PAYMENT_CANCELLED", "ORDER_CANCELLED"] : ["ORDER_CANCELLED"];
    default:
      // session.started and order.payment_sent have no v1 event
      return [];
  }
}

/** An event built at emit time (its id, time and payload), written with the others of its transaction. */
export type BuiltEvent = {
  id: string;
  type: string;
  apiVersion: 0 | 1;
  session: SessionRow;
  order: OrderRow | null;
  payload: EventPayload;
  now: Date;
};

/** A v0 event followed by the v1 events it stands for, each stamped and serialized now. */
function buildEvents(input: EventInput): BuiltEvent[] {
  const v0 = buildEvent({ ...input, apiVersion: 0 }, () => ({
    session: serializeSession(input.session),
    order: input.order ? serializeOrder(input.order) : null,
    ...(input.txHash ? { txHash: input.txHash } : {}),
    ...(input.error ? { error: input.error } : {}),
    ...(input.exception ? { exception: input.exception } : {}),
    ...(input.refund ? { refund: input.refund } : {}),
  }));
  return [
    v0,
    ...v1EventsFor(input.type, input.order).map((type) =>
      buildV1Event({ type, session: input.session, order: input.order, ...(input.refund ? { refund: input.refund } : {}) }),
    ),
  ];
}

function buildV1Event(input: V1EventInput): BuiltEvent {
  const { refund, ...e } = input;
  return buildEvent({ ...e, apiVersion: 1 }, () => ({
    order: serializeV1Order(input.session, "merchant"),
    payment: input.order ? serializeV1Payment(input.order) : null,
    paymentBridge: null,
    ...(refund ? { refund: serializeV1Refund(refund) } : {}),
  }));
}

/** One event of either generation with its payload `{ id, type, timestamp, data }`. */
function buildEvent(
  e: { type: string; apiVersion: 0 | 1; session: SessionRow; order: OrderRow | null },
  data: () => Record<string, unknown>,
): BuiltEvent {
  const now = monotonicNow();
  const id = newId("evt");
  return { ...e, id, now, payload: { id, type: e.type, timestamp: now.toISOString(), data: data() } };
}

/**
 * Writes events and their deliveries in one statement, whatever their number, as the common table
 * expressions `ev` and `dl` (statementWithEvents may put a caller's own row's insert before them, in
 * the same statement): the events, then one delivery per event and live webhook of its merchant that
 * subscribes to it, fanned out by PostgreSQL from the webhooks table (so a webhook created or
 * disabled concurrently is seen as of this statement, as any read of it would be). A webhook belongs
 * to one API generation and receives that generation's events only, those it subscribes to (an empty
 * list subscribes to all). `dl` returns the deliveries' ids, webhooks and events, in the events'
 * order; the deliveries' ids are drawn there: 'dlv_' and 32 hex digits, as newId makes them. They are
 * written leased to this process's dispatcher when it can send them at once (jobs.handOffLease), else
 * unleased. Placeholders: see `eventValues`.
 */
const eventsAndDeliveries = (onlyIf: SQL) => sql`ev as (
    insert into events (id, merchant_id, type, api_version, session_id, order_id, payload, created_at, request_id)
    select e.id, e.merchant_id, e.type, e.api_version, e.session_id, e.order_id, e.payload, e.created_at, e.request_id
    from jsonb_to_recordset(${sql.placeholder("events")}::jsonb)
      as e(id text, merchant_id text, type text, api_version int, session_id text, order_id text, payload jsonb, created_at timestamptz, request_id text)${onlyIf}
  ), dl as (
    insert into deliveries (id, webhook_id, merchant_id, event_id, event_type, status, next_attempt_at, lease_until, claim_token, created_at)
    select 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.merchant_id, e.id, e.type, 'PENDING',
      ${sql.placeholder("due")}::timestamptz, ${sql.placeholder("lease")}::timestamptz, ${sql.placeholder("claimToken")}::text, e.created_at
    from jsonb_to_recordset(${sql.placeholder("fanOut")}::jsonb) as e(ord int, id text, merchant_id text, type text, api_version int, created_at timestamptz)
    join webhooks w on w.merchant_id = e.merchant_id and w.api_version = e.api_version and w.active and w.deleted_at is null
      and (w.events = '[]'::jsonb or w.events @> jsonb_build_array(e.type))${onlyIf}
    order by e.ord, w.id
    returning id, webhook_id, event_id
  )`;
const EVENTS_AND_DELIVERIES = eventsAndDeliveries(sql``);

/** The values of EVENTS_AND_DELIVERIES's placeholders for these events. */
function eventValues(
  built: BuiltEvent[],
  due: Date,
  lease: HandOffClaim | undefined,
): { events: string; fanOut: string; due: string; lease: string | null; claimToken: string | null } {
  const requestId = currentRequestId() ?? null;
  return {
    events: JSON.stringify(
      built.map((e) => ({
        id: e.id,
        merchant_id: e.session.merchantId,
        type: e.type,
        api_version: e.apiVersion,
        session_id: e.session.id,
        order_id: e.order?.id ?? null,
        payload: e.payload,
        created_at: e.now.toISOString(),
        request_id: requestId,
      })),
    ),
    // the fan-out reads these few fields rather than the payloads a second time
    fanOut: JSON.stringify(
      built.map((e, ord) => ({
        ord,
        id: e.id,
        merchant_id: e.session.merchantId,
        type: e.type,
        api_version: e.apiVersion,
        created_at: e.now.toISOString(),
      })),
    ),
    // due by the real clock: the event's ordering time may run a little ahead of it during a burst
    due: due.toISOString(),
    lease: lease?.leaseUntil.toISOString() ?? null,
    claimToken: lease?.claimToken ?? null,
  };
}

/**
 * A row the statements return from `dl`: a delivery's id, webhook and event. statementWithEventsIf
 * also returns one of nulls when its guard held but no webhook gets the events.
 */
type DeliveryRef = { id: string; webhook_id: string; event_id: string };
type WrittenRow = DeliveryRef | { id: null; webhook_id: null; event_id: null };

/** Writes `built` events and their deliveries with `run` (a statement with EVENTS_AND_DELIVERIES), and says what it wrote. */
async function writeEvents(
  built: BuiltEvent[],
  run: (values: ReturnType<typeof eventValues>) => Promise<WrittenRow[]>,
): Promise<{ rows: WrittenRow[]; created: NewDeliveries }> {
  const due = new Date();
  const lease = jobs.handOffLease();
  const rows = await run(eventValues(built, due, lease));
  const refs = rows.filter((r): r is DeliveryRef => r.id !== null);
  const ids = refs.map((r) => r.id);
  if (!lease || !refs.length) return { rows, created: { ids, leased: [] } };
  const eventById = new Map(built.map((e) => [e.id, e]));
  // the rows as written: what the dispatcher needs to send them without reading them back
  const leased = refs.map((r): DeliveryRow => {
    const event = eventById.get(r.event_id)!;
    return {
      id: r.id,
      webhookId: r.webhook_id,
      merchantId: event.session.merchantId,
      eventId: r.event_id,
      eventType: event.type,
      status: "PENDING",
      attempts: 0,
      nextAttemptAt: due,
      leaseUntil: lease.leaseUntil,
      claimToken: lease.claimToken,
      lastAttemptAt: null,
      responseCode: null,
      lastError: null,
      durationMs: null,
      createdAt: event.now,
      updatedAt: event.now,
    };
  });
  return { rows, created: { ids, leased } };
}

/**
 * One statement, built once, that writes `built` events and their deliveries, after `before` if
 * given: common table expressions of the caller's own (`name as (insert …)`, its placeholders filled
 * from `values`), which then commit or fail with the events in one round trip, atomic without a
 * transaction. Returns the deliveries written, in the events' order; telling the background work
 * about them is the caller's, once they are committed (jobs.deliveriesCreated).
 */
export function statementWithEvents(name: string, before?: () => SQL) {
  const statement = preparedStatement<DeliveryRef>(name, () =>
    before
      ? sql`with ${before()}, ${EVENTS_AND_DELIVERIES} select id, webhook_id, event_id from dl`
      : sql`with ${EVENTS_AND_DELIVERIES} select id, webhook_id, event_id from dl`,
  );
  return async (db: Db, built: BuiltEvent[], values: Record<string, unknown> = {}): Promise<NewDeliveries> =>
    (await writeEvents(built, (ev) => statement(db, { ...values, ...ev }))).created;
}

/**
 * As statementWithEvents, for a statement whose writes all hang on one of the caller's: `before`'s
 * common table expression named `onlyIf` (an UPDATE whose condition is the check, `returning id`).
 * The caller's other expressions select from it, and the events and deliveries are written only when
 * it returned a row. Returns the deliveries written, or null when it returned none and nothing was written.
 */
export function statementWithEventsIf(name: string, onlyIf: string, before: () => SQL) {
  const statement = preparedStatement<WrittenRow>(name, () => {
    const guard = sql.identifier(onlyIf);
    // a row per delivery while the guard holds, one with no id if no webhook gets the events; none otherwise
    return sql`with ${before()}, ${eventsAndDeliveries(sql` where exists (select 1 from ${guard})`)}
      select dl.id, dl.webhook_id, dl.event_id from ${guard} left join dl on true`;
  });
  return async (db: Db, built: BuiltEvent[], values: Record<string, unknown>): Promise<NewDeliveries | null> => {
    const { rows, created } = await writeEvents(built, (ev) => statement(db, { ...values, ...ev }));
    return rows.length ? created : null;
  };
}

const insertEventsStatement = statementWithEvents("events_insert");

/** Writes the events and their deliveries (one statement); returns the deliveries, in the events' order. */
async function insertEvents(tx: Db, built: BuiltEvent[]): Promise<NewDeliveries> {
  return built.length ? insertEventsStatement(tx, built) : NO_DELIVERIES;
}

export type EventInput = {
  type: EventType;
  session: SessionRow;
  order: OrderRow | null;
  txHash?: string;
  error?: { code: string; message: string };
  /** session.exception_opened and session.exception_resolved: the exception */
  exception?: ExceptionSummary;
  /** refund.*: the refund, as the API answers it */
  refund?: RefundDto;
};
export type V1EventInput = { type: V1EventType; session: SessionRow; order: OrderRow | null; refund?: RefundDto };
/** Records an event in the transaction: a v0 one (with the v1 events it stands for), or a v1-only one. */
export type Emit = (input: EventInput | V1EventInput) => Promise<void>;

const isV1Input = (input: EventInput | V1EventInput): input is V1EventInput => (V1_EVENT_TYPES as readonly string[]).includes(input.type);

/** What an emit records: a v0 event with the v1 events it stands for, or a v1-only one, each stamped and serialized now. */
export function buildEventsFor(input: EventInput | V1EventInput): BuiltEvent[] {
  return isV1Input(input) ? [buildV1Event(input)] : buildEvents(input);
}

/**
 * A transaction whose events (and their deliveries) commit with it; once it has committed, the
 * background work is told about the new deliveries. An emitted event is stamped and serialized when
 * it is emitted, and written with the transaction's other events when `fn` returns (one statement
 * for all of them and their deliveries).
 */
export async function withEvents<T>(db: Db, fn: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
  // the hints `fn` raises (a receipt due, an expiry scheduled) are sent after the commit too
  return withDeferredHints(async () => {
    let created = NO_DELIVERIES;
    const result = await db.transaction(async (tx) => {
      const built: BuiltEvent[] = [];
      const out = await fn(tx as unknown as Db, async (input) => {
        built.push(...buildEventsFor(input));
      });
      created = await insertEvents(tx as unknown as Db, built);
      return out;
    });
    jobs.deliveriesCreated(created);
    return result;
  });
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
