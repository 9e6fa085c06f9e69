import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/db/client";
import { events } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { AppError } from "@/lib/core/errors";
import { logger, errorFields } from "@/lib/core/logger";
import { cursorInt64, cursorTime } from "@/lib/pagination";
import type { EventPayload } from "./service";

/** How often the process's one poller looks for newly settled events while anyone waits. */
export const FEED_POLL_MS = 250;
/** Waits a merchant may have open at once on one instance; one more is answered 429 at once. */
export const FEED_MAX_WAITS_PER_MERCHANT = 4;

/**
 * Why the feed never skips an event, whoever else uses the database or its server.
 *
 * Each event carries the id of the transaction that wrote it (`xid`, pg_current_xact_id()). The
 * feed hands out only the events below a boundary: an id such that every transaction of this
 * database with a smaller id has ended, committed or not, so the events below it are all the events
 * there will ever be below it. It hands them out in (xid, created_at, id) order; a transaction that
 * starts later gets a larger id still. So the settled part only grows at its end, and a cursor, the
 * position of the last event handed out (or the boundary itself once everything before it is out),
 * never passes an event that could still appear.
 *
 * The boundary (settledXmin) starts from the current snapshot: every id below its xmax that is not
 * in its list of running transactions has ended. Transaction ids are the server's, not the
 * database's, so that list holds the other databases' transactions too, and its xmin, the oldest,
 * may be a neighbour's batch job or a session left idle in a transaction, for as long as it stays
 * open. A second statement, after the snapshot, asks which of those running ids are another
 * database's (pg_stat_activity: a backend's database and its transaction; pg_prepared_xacts: a
 * prepared transaction's database): those cannot write to this database, and the boundary is the
 * oldest of the rest (or xmax). An id found nowhere is counted as this database's, so what cannot be
 * told holds the feed back, as before, and never lets it skip. Reading the backends after the
 * snapshot matters: a backend that has ended and given its slot to another by then only shows an id
 * newer than the snapshot, never one of its list.
 *
 * What holds the feed back is then only a transaction of this database that has written something
 * and is still open, and only until it ends: readers (pg_dump, a psql session left idle in a read)
 * have no id and hold nothing, whatever their role. The service's own writes are short statements.
 * Events written before the column existed have xid 0 and come first, among themselves by time.
 */
type Position = { xid: bigint; createdAt: Date; id: string };

const EPOCH = new Date(0);

/** The boundary below which every transaction of this database has ended (see above); `trip` counts each round trip. */
async function settledXmin(db: Db, trip = () => {}): Promise<bigint> {
  trip();
  const [snap] = rowsOf<{ xmin: string; xmax: string; running: string }>(
    await db.execute(
      sql`select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax,
        coalesce((select string_agg(x::text, ',') from pg_snapshot_xip(s) x), '') as running
      from pg_current_snapshot() s`,
    ),
  );
  const xmin = BigInt(snap!.xmin);
  if (!snap!.running) return xmin;
  trip();
  // which of the running transactions are another database's (a backend's or a prepared one's
  // transaction id is the low 32 bits of the snapshot's 64-bit one: running ids are never 2^32 apart)
  const [own] = rowsOf<{ oldest: string | null }>(
    await db.execute(
      sql`select min(x)::text as oldest
      from unnest(string_to_array(${snap!.running}, ',')::bigint[]) x
      where not exists (
          select 1 from pg_stat_activity a
          where a.backend_xid::text::bigint = x % 4294967296
            and a.datid is not null and a.datid <> (select oid from pg_database where datname = current_database()))
        and not exists (
          select 1 from pg_prepared_xacts p
          where p.transaction::text::bigint = x % 4294967296 and p.database <> current_database())`,
    ),
  );
  return own?.oldest ? BigInt(own.oldest) : BigInt(snap!.xmax);
}

/** The position before every event with xid ≥ xmin, after every one below it. */
const boundaryAt = (xmin: bigint): Position => ({ xid: xmin, createdAt: EPOCH, id: "" });

function isAfter(a: Position, b: Position): boolean {
  if (a.xid !== b.xid) return a.xid > b.xid;
  if (a.createdAt.getTime() !== b.createdAt.getTime()) return a.createdAt.getTime() > b.createdAt.getTime();
  return a.id > b.id;
}

export function encodeFeedCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.xid.toString(), p.createdAt.toISOString(), p.id])).toString("base64url");
}

/** A cursor this feed returned; one from before events had a transaction id ([created_at, id]) reads as xid 0. */
export function decodeFeedCursor(text: string): Position {
  try {
    const parts: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(parts)) throw new Error();
    const [xid, iso, id] = parts.length === 2 ? ["0", ...parts] : parts;
    const createdAt = cursorTime(iso);
    const position = cursorInt64(xid);
    if (position === null || typeof id !== "string" || !createdAt) throw new Error();
    return { xid: position, createdAt, id };
  } catch {
    throw new AppError("VALIDATION_FAILED", "after: is not a cursor this API returned", { fields: { after: "invalid" } });
  }
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

async function readOnce(db: Db, merchantId: string, after: Position, limit: number) {
  const xmin = await settledXmin(db);
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.merchantId, merchantId),
        // the feed speaks v0, as GET /api/events does; v1 events go to v1 webhooks
        eq(events.apiVersion, 0),
        sql`(${events.xid}, ${events.createdAt}, ${events.id}) > (${after.xid.toString()}::bigint, ${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
        sql`${events.xid} < ${xmin.toString()}::bigint`,
      ),
    )
    .orderBy(asc(events.xid), asc(events.createdAt), asc(events.id))
    .limit(limit);
  // A full page ends at its last event; a short one has handed out everything before the boundary.
  const last = rows.at(-1);
  const boundary = boundaryAt(xmin);
  const position = rows.length === limit && last ? last : isAfter(after, boundary) ? after : boundary;
  return { rows, position, xmin };
}

/**
 * The merchant's events oldest first after the cursor `after` (from the beginning without one;
 * "now" starts at the present), with the cursor to resume from. With waitMs, waits up to that long
 * for a first event: the process's one poller (FeedWaiters) wakes the wait when the merchant has
 * newly settled events, and the wait ends early when `signal` aborts (the client went away).
 */
export async function eventFeed(db: Db, query: FeedQuery, { actor, signal }: As<MerchantActor> & { signal?: AbortSignal }) {
  const release = query.waitMs > 0 ? waitersOf(db).enter(actor.merchantId) : () => {};
  try {
    let after = query.after === undefined ? boundaryAt(0n) : query.after === "now" ? null : decodeFeedCursor(query.after);
    if (after === null) after = boundaryAt(await settledXmin(db));
    const deadline = Date.now() + query.waitMs;
    for (;;) {
      const { rows, position, xmin } = await readOnce(db, actor.merchantId, after, query.limit);
      const left = deadline - Date.now();
      if (rows.length || left <= 0 || signal?.aborted) {
        return {
          events: rows.map((e): FeedEvent => ({
            id: e.id,
            type: e.type,
            createdAt: e.createdAt.toISOString(),
            sessionId: e.sessionId,
            orderId: e.orderId,
            payload: e.payload as EventPayload,
            cursor: encodeFeedCursor(e),
          })),
          cursor: encodeFeedCursor(position),
        };
      }
      after = position;
      await waitersOf(db).wait(actor.merchantId, xmin, left, signal);
    }
  } finally {
    release();
  }
}

type Waiter = { merchantId: string; boundary: bigint; wake: () => void };

/**
 * The long-polls of one process on one database. However many wait, one timer reads the snapshot
 * every FEED_POLL_MS and, when it has moved, asks in one query which waiting merchants have events
 * that settled since each waiter's last look; only those waiters read their pages. Each merchant
 * may hold FEED_MAX_WAITS_PER_MERCHANT waits at once.
 */
export class FeedWaiters {
  private readonly waiters = new Set<Waiter>();
  private readonly open = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** Database round trips the poller has made (tests watch that waiters do not multiply them). */
  queries = 0;

  constructor(private readonly db: Db) {}

  /** Counts a long-poll of the merchant's, or refuses it with 429; the returned function ends it. */
  enter(merchantId: string): () => void {
    const n = this.open.get(merchantId) ?? 0;
    if (n >= FEED_MAX_WAITS_PER_MERCHANT) {
      throw new AppError(
        "RATE_LIMITED",
        `At most ${FEED_MAX_WAITS_PER_MERCHANT} long-polls of the event feed at once; wait for one to end (retry in 1 second)`,
        { limit: FEED_MAX_WAITS_PER_MERCHANT, retryAfterSeconds: 1 },
      );
    }
    this.open.set(merchantId, n + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.open.get(merchantId) ?? 1) - 1;
      if (left > 0) this.open.set(merchantId, left);
      else this.open.delete(merchantId);
    };
  }

  /** Long-polls open now, over all merchants. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** Resolves when the merchant may have events settled at or after `boundary`, after `ms`, or on abort. */
  wait(merchantId: string, boundary: bigint, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timeout);
        signal?.removeEventListener("abort", end);
        this.waiters.delete(waiter);
        resolve();
      };
      const waiter: Waiter = { merchantId, boundary, wake: end };
      const timeout = setTimeout(end, ms);
      if (signal?.aborted) return end();
      signal?.addEventListener("abort", end, { once: true });
      this.waiters.add(waiter);
      this.timer ??= setTimeout(() => void this.tick(), FEED_POLL_MS);
    });
  }

  private async tick() {
    try {
      if (!this.waiters.size) return;
      const xmin = await settledXmin(this.db, () => this.queries++);
      const moved = [...this.waiters].filter((w) => w.boundary < xmin);
      if (!moved.length) return;
      const low = moved.reduce((a, w) => (w.boundary < a ? w.boundary : a), xmin);
      this.queries++;
      const tops = await this.db
        .select({ merchantId: events.merchantId, top: sql<string>`max(${events.xid})::text` })
        .from(events)
        .where(
          and(
            inArray(events.merchantId, [...new Set(moved.map((w) => w.merchantId))]),
            eq(events.apiVersion, 0),
            sql`${events.xid} >= ${low.toString()}::bigint`,
            sql`${events.xid} < ${xmin.toString()}::bigint`,
          ),
        )
        .groupBy(events.merchantId);
      const top = new Map(tops.map((t) => [t.merchantId, BigInt(t.top)]));
      for (const w of moved) {
        const newest = top.get(w.merchantId);
        if (newest !== undefined && newest >= w.boundary) w.wake();
        else w.boundary = xmin; // nothing of this merchant's settled in between
      }
    } catch (err) {
      // a waiter still ends at its deadline; the next tick tries again
      logger.warn("event feed poll failed", errorFields(err));
    } finally {
      this.timer = this.waiters.size ? setTimeout(() => void this.tick(), FEED_POLL_MS) : undefined;
    }
  }
}

const waiters = new WeakMap<Db, FeedWaiters>();

/** The process's waiters on a database. */
export function waitersOf(db: Db): FeedWaiters {
  let w = waiters.get(db);
  if (!w) waiters.set(db, (w = new FeedWaiters(db)));
  return w;
}
