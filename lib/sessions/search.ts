import { type SQL, and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { As, MerchantActor } from "@/lib/core/actor";
import { checkoutSessions, orders, sessionExceptions, type SessionRow } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { cursorInt64, cursorTime, decodeCursor, encodeCursor } from "@/lib/pagination";

// A merchant's sessions, filtered and sorted, a keyset page at a time. The public list
// (GET /api/checkout/sessions) is the "newest" sort with its two filters; the dashboard's list and
// its CSV export add the rest. Each sort pages on (its key, id), and the cursor carries both, so
// rows with equal amounts or times are neither repeated nor skipped across pages.

export const SESSION_SORTS = ["newest", "oldest", "amount_desc", "amount_asc"] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

export type SessionFilters = {
  status?: SessionRow["status"];
  /** a session id, or any metadata value, exactly */
  q?: string;
  /** created at or after */
  createdFrom?: Date;
  /** created strictly before (the day after the last day asked for) */
  createdBefore?: Date;
  /** micro-USDC, inclusive */
  amountMin?: bigint;
  amountMax?: bigint;
  /** one of the session's orders used this payment platform */
  platform?: string;
  /** "open": sessions with an exception waiting for a person; "any": sessions that ever had one */
  exception?: "open" | "any";
};

type Key = { column: typeof checkoutSessions.createdAt | typeof checkoutSessions.amountMicro; descending: boolean };

// Indexes serving each order: (merchant_id, created_at DESC, id DESC) serves newest, and oldest read
// backwards; (merchant_id, amount_micro DESC, id DESC) serves both amount sorts.
const KEYS: Record<SessionSort, Key> = {
  newest: { column: checkoutSessions.createdAt, descending: true },
  oldest: { column: checkoutSessions.createdAt, descending: false },
  amount_desc: { column: checkoutSessions.amountMicro, descending: true },
  amount_asc: { column: checkoutSessions.amountMicro, descending: false },
};

const badCursor = () => new AppError("VALIDATION_FAILED", "cursor: is not a cursor this API returned", { fields: { cursor: "invalid" } });

/**
 * The newest sort keeps the public API's cursor ([createdAt, id]); the others name their sort
 * ([sort, key, id]), so a cursor from one sort is refused by another instead of paging wrongly.
 */
function encodeSortCursor(sort: SessionSort, row: SessionRow): string {
  if (sort === "newest") return encodeCursor(row);
  const key = KEYS[sort].column === checkoutSessions.createdAt ? row.createdAt.toISOString() : row.amountMicro.toString();
  return Buffer.from(JSON.stringify([sort, key, row.id])).toString("base64url");
}

function afterSortCursor(sort: SessionSort, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const { column, descending } = KEYS[sort];
  let key: SQL;
  let id: string;
  if (sort === "newest") {
    const c = decodeCursor(text);
    key = sql`${c.createdAt.toISOString()}::timestamptz`;
    id = c.id;
  } else {
    let parts: unknown;
    try {
      parts = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    } catch {
      throw badCursor();
    }
    if (!Array.isArray(parts) || parts.length !== 3 || parts[0] !== sort || typeof parts[1] !== "string" || typeof parts[2] !== "string")
      throw badCursor();
    // a key no row can have (past the years a timestamptz holds, above bigint) is no cursor of ours
    if (column === checkoutSessions.createdAt) {
      const at = cursorTime(parts[1]);
      if (!at) throw badCursor();
      key = sql`${at.toISOString()}::timestamptz`;
    } else {
      const amount = cursorInt64(parts[1]);
      if (amount === null) throw badCursor();
      key = sql`${amount.toString()}::bigint`;
    }
    id = parts[2];
  }
  // a row comparison, which a (…, key, id) index serves in either direction
  return descending
    ? sql`(${column}, ${checkoutSessions.id}) < (${key}, ${id})`
    : sql`(${column}, ${checkoutSessions.id}) > (${key}, ${id})`;
}

function filterConditions(f: SessionFilters): (SQL | undefined)[] {
  const q = f.q?.trim();
  return [
    f.status ? eq(checkoutSessions.status, f.status) : undefined,
    q
      ? q.startsWith("sess_")
        ? eq(checkoutSessions.id, q)
        : // any metadata value equal to q (values are strings); checkout_sessions_metadata_values_idx serves it
          sql`jsonb_path_query_array(${checkoutSessions.metadata}, '$.*') @> jsonb_build_array(${q}::text)`
      : undefined,
    f.createdFrom ? gte(checkoutSessions.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(checkoutSessions.createdAt, f.createdBefore) : undefined,
    f.amountMin !== undefined ? gte(checkoutSessions.amountMicro, f.amountMin) : undefined,
    f.amountMax !== undefined ? lte(checkoutSessions.amountMicro, f.amountMax) : undefined,
    // orders_session_idx answers this per session
    f.platform
      ? sql`exists (select 1 from ${orders} where ${orders.sessionId} = ${checkoutSessions.id} and ${orders.paymentPlatform} = ${f.platform})`
      : undefined,
    // the session row carries its latest exception; session_exceptions_open_key answers "open" per session
    f.exception === "open"
      ? sql`exists (select 1 from ${sessionExceptions} e where e.session_id = ${checkoutSessions.id} and e.status = 'OPEN')`
      : f.exception === "any"
        ? sql`${checkoutSessions.exception} is not null`
        : undefined,
  ];
}

/** One page of a merchant's sessions (rows as stored), and the cursor of the next page. */
export async function searchSessions(
  db: Db,
  opts: SessionFilters & { sort?: SessionSort; limit: number; cursor?: string },
  { actor }: As<MerchantActor>,
): Promise<{ rows: SessionRow[]; nextCursor: string | null }> {
  const sort = opts.sort ?? "newest";
  const { column, descending } = KEYS[sort];
  const order = descending ? desc : asc;
  const rows = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.merchantId, actor.merchantId), ...filterConditions(opts), afterSortCursor(sort, opts.cursor)))
    .orderBy(order(column), order(checkoutSessions.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  return { rows: page, nextCursor: rows.length > opts.limit ? encodeSortCursor(sort, page[page.length - 1]!) : null };
}

/** The payment platforms each of these sessions' orders used, alphabetically (sessions without orders are absent). */
export async function platformsOfSessions(db: Db, sessionIds: string[], { actor }: As<MerchantActor>): Promise<Map<string, string[]>> {
  if (sessionIds.length === 0) return new Map();
  const found = await db
    .selectDistinct({ sessionId: orders.sessionId, platform: orders.paymentPlatform })
    .from(orders)
    .where(and(eq(orders.merchantId, actor.merchantId), inArray(orders.sessionId, sessionIds)))
    .orderBy(orders.sessionId, orders.paymentPlatform);
  const bySession = new Map<string, string[]>();
  for (const { sessionId, platform } of found) bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), platform]);
  return bySession;
}

/** What each session's fulfilled orders moved, in micro-USDC: before fees, the rail's fees, and what the merchant received. */
export type SessionReleases = { grossMicro: bigint; feesMicro: bigint; netMicro: bigint };

/**
 * The sums of these sessions' fulfilled orders (sessions without one are absent): gross and net as
 * each order recorded them (a sandbox exact-token order has neither: its token amount is both), and
 * the difference: a live release's fees, an exact-fiat order's spread over the mid rate.
 */
export async function releasesOfSessions(
  db: Db,
  sessionIds: string[],
  { actor }: As<MerchantActor>,
): Promise<Map<string, SessionReleases>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({
      sessionId: orders.sessionId,
      gross: sql<string>`sum(coalesce(${orders.grossAmountMicro}, ${orders.tokenAmountMicro}))`,
      net: sql<string>`sum(coalesce(${orders.netAmountMicro}, ${orders.tokenAmountMicro}))`,
    })
    .from(orders)
    .where(and(eq(orders.merchantId, actor.merchantId), inArray(orders.sessionId, sessionIds), eq(orders.status, "FULFILLED")))
    .groupBy(orders.sessionId);
  return new Map(
    rows.map((r) => [r.sessionId, { grossMicro: BigInt(r.gross), feesMicro: BigInt(r.gross) - BigInt(r.net), netMicro: BigInt(r.net) }]),
  );
}
