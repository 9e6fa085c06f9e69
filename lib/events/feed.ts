import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/db/client";
import { events } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";
import { decodeCursor, encodeCursor } from "@/lib/pagination";
import type { EventPayload } from "./service";

/**
 * How far behind the present the feed stays, and the clock skew between the app's clocks (which
 * stamp created_at) and the database's clock that it tolerates.
 */
export const FEED_SETTLE_MS = 2_000;
export const FEED_POLL_MS = 250;

/**
 * Why the feed never skips an event.
 *
 * An event's created_at is stamped inside its transaction, which commits later; concurrent
 * transactions therefore commit out of created_at order, and a cursor that had moved past a later
 * event would never see an earlier one that commits afterwards. So the feed only hands out events
 * that are settled: older than a boundary before which nothing can still appear, namely
 *
 *   boundary = least(now(), start of the oldest transaction still open on this database) − FEED_SETTLE_MS
 *
 * on the database's clock. Every event not yet committed belongs to an open transaction, which
 * began before the event was stamped; new transactions stamp later times still. The settle margin
 * covers the skew between the app's clock (created_at) and the database's. Within the settled
 * range the order is (created_at, id), and the cursor is the position of the last event handed
 * out, or the boundary itself when the feed has handed out everything before it. An event thus
 * appears once, late-committing ones included, at the cost of up to FEED_SETTLE_MS of delay (and
 * longer while some transaction stays open).
 */
async function settledBoundary(db: Db): Promise<Date> {
  const rows = await db.execute<{ ms: string | number }>(sql`
    select floor(extract(epoch from least(
      now(),
      (select min(xact_start) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null
          and backend_type = 'client backend')
    )) * 1000)::bigint - ${FEED_SETTLE_MS} as ms`);
  const [first] = rowsOf<{ ms: string | number }>(rows);
  return new Date(Number(first!.ms));
}

type FeedQuery = { after?: string; limit: number; waitMs: number };

export type FeedEvent = {
  id: string;
  type: string;
  createdAt: string;
  sessionId: string | null;
  orderId: string | null;
  /** The body a webhook delivery of this event carries (JSON.stringify of it). */
  payload: EventPayload;
  /** The cursor just after this event: a client that stops part-way through a page resumes here. */
  cursor: string;
};

async function readOnce(db: Db, merchantId: string, after: { createdAt: Date; id: string } | null, limit: number) {
  const boundary = await settledBoundary(db);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.merchantId, merchantId),
        // the feed speaks v0, as GET /api/events does; v1 events go to v1 webhooks
        eq(events.apiVersion, 0),
        after ? sql`(${events.createdAt}, ${events.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined,
        sql`${events.createdAt} < ${boundary.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(limit);
  // A full page ends at its last event; a short one has handed out everything before the boundary.
  const last = rows.at(-1);
  const position =
    rows.length === limit && last
      ? { createdAt: last.createdAt, id: last.id }
      : after && after.createdAt.getTime() >= boundary.getTime()
        ? after
        : { createdAt: boundary, id: "" };
  return { rows, position };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The merchant's events oldest first after the cursor `after` (from the beginning without one;
 * "now" starts at the present), with the cursor to resume from. With waitMs, waits up to that long
 * for a first event, reading again every FEED_POLL_MS.
 */
export async function eventFeed(db: Db, query: FeedQuery, { actor }: As<MerchantActor>) {
  let after = query.after === undefined ? null : query.after === "now" ? null : decodeCursor(query.after);
  if (query.after === "now") after = { createdAt: await settledBoundary(db), id: "" };
  const deadline = Date.now() + query.waitMs;
  for (;;) {
    const { rows, position } = await readOnce(db, actor.merchantId, after, query.limit);
    if (rows.length || Date.now() + FEED_POLL_MS > deadline) {
      return {
        events: rows.map((e): FeedEvent => ({
          id: e.id,
          type: e.type,
          createdAt: e.createdAt.toISOString(),
          sessionId: e.sessionId,
          orderId: e.orderId,
          payload: e.payload as EventPayload,
          cursor: encodeCursor(e),
        })),
        cursor: encodeCursor(position),
      };
    }
    after = position;
    await sleep(FEED_POLL_MS);
  }
}
