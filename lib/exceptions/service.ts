import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  checkoutSessions,
  type ExceptionDetails,
  type ExceptionKind,
  type ExceptionResolution,
  type ExceptionSummary,
  type OrderRow,
  type SessionExceptionRow,
  sessionExceptions,
  type SessionRow,
} from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { usdcFromMicro } from "@/lib/core/money";
import { cursorTime } from "@/lib/pagination";
import type { Emit } from "@/lib/events/service";
import { fiatDecimal } from "@/lib/wire/session";

// Exceptions: a session or order that needs a person. The rail opens one where the service must not
// decide alone (a payment that may have been made but is not proven, a release the chain refuses for
// now, money that came after the session ended or fell short, a payer who says they paid an order
// that ended); the money coming after all resolves it (RELEASED), and an owner resolves the rest
// (marked paid in full, or dismissed with a note). Each opening and resolution is an event of both API
// generations, and the session row carries the latest exception (its `exception`), written in the
// same transaction as the exception's own row, so every read and event of the session shows it.

/** What is known of an order for a maker or ZKP2P's support: its intent, deposit, payee and times. */
export function detailsOf(order: OrderRow | null, reason: string, extra: Partial<ExceptionDetails> = {}): ExceptionDetails {
  const state = (order?.railState ?? {}) as Record<string, string | undefined>;
  return {
    reason,
    orderId: order?.id ?? null,
    intentHash: order?.intentHash ?? null,
    depositId: state.depositId ?? null,
    payeeHandle: order?.recipient ?? null,
    paymentPlatform: order?.paymentPlatform ?? null,
    fiatAmount: order ? fiatDecimal(order.fiatAmountMinor, order.fiatCurrency) : null,
    fiatCurrency: order?.fiatCurrency ?? null,
    amountUsdc: order ? usdcFromMicro(order.tokenAmountMicro) : null,
    takerWallet: order?.takerWallet ?? null,
    signalTx: order?.signalTx ?? null,
    txHash: null,
    signalledAt: state.intentTimestamp ? new Date(Number(state.intentTimestamp) * 1000).toISOString() : null,
    paymentSentAt: order?.paymentSentAt?.toISOString() ?? null,
    intentExpiresAt: state.expiryTime ? new Date(Number(state.expiryTime) * 1000).toISOString() : null,
    attestedAt: (state as { attestedAt?: string }).attestedAt ?? null,
    ...extra,
  };
}

export function summaryOf(row: SessionExceptionRow): ExceptionSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolution: row.resolution ?? null,
    resolvedBy: row.resolvedBy ?? null,
    note: row.note ?? null,
    details: row.details,
  };
}

async function showOnSession(tx: Db, sessionId: string, row: SessionExceptionRow): Promise<SessionRow> {
  const [session] = await tx
    .update(checkoutSessions)
    .set({ exception: summaryOf(row), updatedAt: new Date() })
    .where(eq(checkoutSessions.id, sessionId))
    .returning();
  return session!;
}

/**
 * Opens an exception of a kind on a session, in the caller's transaction (which holds the session's
 * row lock): once per session and kind while it is open (a second opening adds what is newly known
 * to its details and sends nothing). Returns the session row as it now is, and whether it opened.
 */
export async function openException(
  tx: Db,
  emit: Emit,
  input: { session: SessionRow; order: OrderRow | null; kind: ExceptionKind; details: ExceptionDetails },
): Promise<{ session: SessionRow; opened: boolean }> {
  const [row] = await tx
    .insert(sessionExceptions)
    .values({
      id: newId("exc"),
      merchantId: input.session.merchantId,
      sessionId: input.session.id,
      orderId: input.order?.id ?? null,
      kind: input.kind,
      details: input.details,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [open] = await tx
      .update(sessionExceptions)
      .set({ details: sql`${sessionExceptions.details} || ${JSON.stringify(input.details)}::jsonb` })
      .where(
        and(
          eq(sessionExceptions.sessionId, input.session.id),
          eq(sessionExceptions.kind, input.kind),
          eq(sessionExceptions.status, "OPEN"),
        ),
      )
      .returning();
    return { session: open ? await showOnSession(tx, input.session.id, open) : input.session, opened: false };
  }
  const session = await showOnSession(tx, input.session.id, row);
  await emit({ type: "session.exception_opened", session, order: input.order, exception: summaryOf(row) });
  return { session, opened: true };
}

/**
 * Resolves a session's open exceptions (of the kinds given, or all) in the caller's transaction, with
 * how they ended; each is an event. Returns the session row as it now is.
 */
export async function resolveExceptions(
  tx: Db,
  emit: Emit,
  input: {
    session: SessionRow;
    order: OrderRow | null;
    resolution: ExceptionResolution;
    by: string;
    note?: string | null;
    kinds?: readonly ExceptionKind[];
    id?: string;
  },
): Promise<{ session: SessionRow; resolved: SessionExceptionRow[] }> {
  const rows = await tx
    .update(sessionExceptions)
    .set({ status: "RESOLVED", resolution: input.resolution, resolvedBy: input.by, note: input.note ?? null, resolvedAt: new Date() })
    .where(
      and(
        eq(sessionExceptions.sessionId, input.session.id),
        eq(sessionExceptions.status, "OPEN"),
        ...(input.id ? [eq(sessionExceptions.id, input.id)] : []),
        ...(input.kinds ? [sql`${sessionExceptions.kind} in ${input.kinds}`] : []),
      ),
    )
    .returning();
  let session = input.session;
  for (const row of rows) {
    session = await showOnSession(tx, session.id, row);
    await emit({ type: "session.exception_resolved", session, order: input.order, exception: summaryOf(row) });
  }
  // the session shows its latest exception: another may still be open
  const [stillOpen] = await tx
    .select()
    .from(sessionExceptions)
    .where(and(eq(sessionExceptions.sessionId, session.id), eq(sessionExceptions.status, "OPEN")))
    .orderBy(desc(sessionExceptions.openedAt))
    .limit(1);
  if (stillOpen && rows.length) session = await showOnSession(tx, session.id, stillOpen);
  return { session, resolved: rows };
}

/** A session's exceptions, newest first. */
export async function exceptionsOf(db: Db, sessionId: string): Promise<SessionExceptionRow[]> {
  return db.select().from(sessionExceptions).where(eq(sessionExceptions.sessionId, sessionId)).orderBy(desc(sessionExceptions.openedAt));
}

/** How many of a merchant's exceptions are open (the dashboard's navigation shows it). */
export async function openExceptionCount(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionExceptions)
    .where(and(eq(sessionExceptions.merchantId, merchantId), eq(sessionExceptions.status, "OPEN")));
  return row?.n ?? 0;
}

/** A row of the exceptions page: the exception, and the session (and order) it is about. */
export type ListedException = ExceptionSummary & { sessionId: string; orderId: string | null };

type ListCursor = { status: SessionExceptionRow["status"]; openedAt: string; id: string };

const encodeListCursor = (row: SessionExceptionRow) =>
  Buffer.from(JSON.stringify([row.status, row.openedAt.toISOString(), row.id])).toString("base64url");

function decodeListCursor(text: string): ListCursor {
  try {
    const [status, openedAt, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if ((status !== "OPEN" && status !== "RESOLVED") || typeof id !== "string" || !cursorTime(openedAt)) throw new Error();
    return { status, openedAt, id };
  } catch {
    throw new AppError("VALIDATION_FAILED", "cursor: is not a cursor this page returned", { fields: { cursor: "invalid" } });
  }
}

/**
 * The merchant's exceptions for the dashboard: the open ones first, then the resolved, each newest
 * first, keyset-paged (session_exceptions_merchant_idx serves both parts).
 */
export async function listExceptions(
  db: Db,
  opts: { limit: number; cursor?: string },
  { actor }: As<MerchantActor>,
): Promise<{ exceptions: ListedException[]; nextCursor: string | null }> {
  const c = opts.cursor ? decodeListCursor(opts.cursor) : null;
  // "OPEN" sorts before "RESOLVED"; within a status, newest first
  const after: SQL | undefined = c
    ? sql`(${sessionExceptions.status} > ${c.status} or (${sessionExceptions.status} = ${c.status} and (${sessionExceptions.openedAt}, ${sessionExceptions.id}) < (${c.openedAt}::timestamptz, ${c.id})))`
    : undefined;
  const rows = await db
    .select()
    .from(sessionExceptions)
    .where(and(eq(sessionExceptions.merchantId, actor.merchantId), after))
    .orderBy(asc(sessionExceptions.status), desc(sessionExceptions.openedAt), desc(sessionExceptions.id))
    .limit(opts.limit + 1);
  const shown = rows.slice(0, opts.limit);
  return {
    exceptions: shown.map((r) => ({ ...summaryOf(r), sessionId: r.sessionId, orderId: r.orderId })),
    nextCursor: rows.length > opts.limit ? encodeListCursor(shown.at(-1)!) : null,
  };
}
