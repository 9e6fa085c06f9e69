import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type As, SYSTEM } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { jobs } from "@/lib/jobs";
import { checkoutSessions, type OrderRow, orders, sessionExceptions, type SessionRow } from "@/db/schema";
import { detailsOf, openException } from "@/lib/exceptions/service";
import { withEvents } from "@/lib/events/service";
import { notFound } from "@/lib/core/errors";
import { assertCheckoutAvailable } from "@/lib/merchants/service";
import { canFire, ORDER, SESSION, transition } from "@/lib/state";
import { assertSessionAccess, lockOrder, lockSession, readSessionView } from "./rows";

// Sessions and orders expire on time whether or not anyone asks: the dispatcher and the Inngest
// functions apply due expiries, and every read or transition applies one first (ensureFresh), so no
// one is ever answered with a session that should already have ended.

/**
 * A live order whose payer said they paid, or whose proof is verified: money may be moving on-chain,
 * so the session does not expire under it. The rail's steps settle it (released, or failed), and the
 * session expires after that if it is still open.
 */
export const holdsExpiry = (session: Pick<SessionRow, "environment">, order: Pick<OrderRow, "status"> | null) =>
  session.environment === "live" && !!order && LIVE_MONEY_MOVING.includes(order.status);
const LIVE_MONEY_MOVING: OrderRow["status"][] = ["PAYMENT_SENT", "PROOF_VERIFIED", "FULFILL_SUBMITTED"];

/** An order of the real rail that ends may hold an intent and a wallet: its unwind step is due. */
export const unwindFields = (session: Pick<SessionRow, "environment">) => (session.environment === "live" ? { railDueAt: new Date() } : {});

/**
 * What is due at an order's own expiresAt: an unpaid order expires, unless it is a live order's lock
 * timeout with the payer's page open (askUntil: the end waits while the page asks "did you already
 * send the money?"); a live order whose payer said they
 * paid is never ended by the clock (the maker can still release its intent by hand, and a late proof
 * can still fulfil it), so once its intent's on-chain expiry plus ZKP2P_PAYMENT_SENT_GRACE passes
 * without a proof, an exception opens (PAID_UNPROVEN, once) and a person decides. null if nothing is due.
 */
function orderExpiry(
  session: Pick<SessionRow, "environment" | "exception">,
  order: OrderRow | null,
  now: Date,
): "expire" | "ask" | "unproven" | null {
  if (!order || order.expiresAt > now) return null;
  if (canFire("order", "expire", order.status)) return askUntil(session, order, now) ? "ask" : "expire";
  if (session.environment === "live" && order.status === "PAYMENT_SENT" && !unprovenNoted(session, order)) return "unproven";
  return null;
}

/**
 * The payer's page polls every 2 s while it shows the payee, in a hidden tab too (which Chrome may
 * throttle to about once a minute): seen within this of the lock timeout, it is open.
 */
export const PAGE_SEEN_WITHIN_MS = 90_000;
/** How often an open page's polls write that it was seen. */
const NOTE_SEEN_EVERY_MS = 10_000;

/**
 * When a live order at its lock timeout ends instead, if the payer's page was seen then: expiresAt
 * plus ZKP2P_LOCK_CONFIRM_WINDOW (never past the intent's on-chain expiry), once. null: it ends now.
 */
function askUntil(session: Pick<SessionRow, "environment">, order: OrderRow, now: Date): Date | null {
  const windowMs = getConfig().liveRail?.lockConfirmWindowMs;
  if (session.environment !== "live" || !windowMs || order.lockQuestion || !order.payerSeenAt) return null;
  if (order.payerSeenAt.getTime() < order.expiresAt.getTime() - PAGE_SEEN_WITHIN_MS) return null;
  const intentEnds = Number((order.railState as { expiryTime?: string } | null)?.expiryTime ?? Infinity) * 1000;
  const until = new Date(Math.min(order.expiresAt.getTime() + windowMs, intentEnds));
  return until > now ? until : null;
}

/**
 * The payer's page asked for a live order whose payee it shows: noted (every NOTE_SEEN_EVERY_MS at
 * most), so that its lock timeout asks first. Returns the order as it now is.
 */
export async function notePayerSeen(db: Db, session: Pick<SessionRow, "environment">, order: OrderRow | null): Promise<OrderRow | null> {
  const now = new Date();
  if (session.environment !== "live" || order?.status !== "SIGNAL_MINED") return order;
  if (order.payerSeenAt && order.payerSeenAt.getTime() > now.getTime() - NOTE_SEEN_EVERY_MS) return order;
  const [noted] = await db
    .update(orders)
    .set({ payerSeenAt: now })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, "SIGNAL_MINED"),
        or(isNull(orders.payerSeenAt), lt(orders.payerSeenAt, new Date(now.getTime() - NOTE_SEEN_EVERY_MS))),
      ),
    )
    .returning();
  return noted ?? order;
}

/**
 * A live order that ended by the clock after the payer's page showed its payee, the payer having said
 * neither that they paid nor that they had not: one who paid anyway and comes back is asked
 * (lib/sessions/transitions.ts reportPaidAfterEnd).
 */
export const endedUnreported = (
  session: Pick<SessionRow, "environment">,
  order: Pick<OrderRow, "status" | "payerSeenAt" | "paymentSentAt" | "lockQuestion">,
) =>
  session.environment === "live" &&
  order.status === "EXPIRED" &&
  order.payerSeenAt !== null &&
  order.paymentSentAt === null &&
  order.lockQuestion !== "NOT_SENT";

/** Whether the session's latest exception already says this order is paid but unproven (the sweep's query asks the table). */
const unprovenNoted = (session: Pick<SessionRow, "exception">, order: OrderRow) =>
  session.exception?.kind === "PAID_UNPROVEN" && session.exception.details.orderId === order.id;

/** Whether the session, or its order, is past an expiry that its machine still allows. */
export function isDue(session: SessionRow, order: OrderRow | null, now: Date): boolean {
  if (canFire("session", "expire", session.status) && session.expiresAt <= now && !holdsExpiry(session, order)) return true;
  return orderExpiry(session, order, now) !== null;
}

/**
 * Applies whatever expiry is due for one session, in its own transaction, so that the caller's
 * transition (which may then fail) never rolls an expiry back. Idempotent.
 */
export async function expireIfDue(db: Db, sessionId: string, now = new Date()): Promise<void> {
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, sessionId, SYSTEM);
    let order = await lockOrder(tx, session.activeOrderId, session);
    if (canFire("session", "expire", session.status) && session.expiresAt <= now && !holdsExpiry(session, order)) {
      if (order && canFire("order", "sessionExpired", order.status)) {
        order = await transition(tx, "order", order, "sessionExpired", { set: unwindFields(session) });
        session = await transition(tx, "session", session, "expire", { set: { cancelledAt: now } });
        await emit({ type: "order.expired", session, order });
      } else {
        session = await transition(tx, "session", session, "expire", { set: { cancelledAt: now } });
      }
      await emit({ type: "session.abandoned", session, order });
    } else if (order && orderExpiry(session, order, now) === "ask") {
      // the payer's page is open: it asks whether the money was sent, and the order ends after
      const until = askUntil(session, order, now)!;
      await tx.update(orders).set({ expiresAt: until, lockQuestion: "ASKED" }).where(eq(orders.id, order.id));
      jobs.expiryScheduled(session.id, until);
    } else if (order && orderExpiry(session, order, now) === "expire") {
      order = await transition(tx, "order", order, "expire", { set: unwindFields(session) });
      session = await transition(tx, "session", session, "orderChanged");
      await emit({ type: "order.expired", session, order });
    } else if (order && orderExpiry(session, order, now) === "unproven") {
      const reason =
        "the payer said they paid, and no proof of the payment arrived by the intent's expiry: the intent is kept open for the maker's manual release";
      await openException(tx, emit, { session, order, kind: "PAID_UNPROVEN", details: detailsOf(order, reason) });
    }
  });
}

/** Ids of sessions with an expiry due now (open sessions past expiresAt, unpaid orders past theirs). */
export async function findDueExpiries(db: Db, now = new Date(), limit = 100): Promise<string[]> {
  const sessions = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        inArray(checkoutSessions.status, SESSION.triggers.expire.from),
        lte(checkoutSessions.expiresAt, now),
        // a live session whose money may be moving waits for its rail (holdsExpiry)
        sql`not (${checkoutSessions.environment} = 'live' and exists (select 1 from ${orders} o where o.id = ${checkoutSessions.activeOrderId} and o.status in ('PAYMENT_SENT', 'PROOF_VERIFIED', 'FULFILL_SUBMITTED')))`,
      ),
    )
    .limit(limit);
  const unpaid = await db
    .select({ id: orders.sessionId })
    .from(orders)
    .where(and(inArray(orders.status, ORDER.triggers.expire.from), lte(orders.expiresAt, now)))
    .limit(limit);
  // live orders whose payer said they paid and whose proof is overdue, not yet noted as an exception
  // (sandbox ones wait for their session)
  const overdue = await db
    .select({ id: orders.sessionId })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(
      and(
        eq(orders.status, "PAYMENT_SENT"),
        lte(orders.expiresAt, now),
        eq(checkoutSessions.environment, "live"),
        sql`not exists (select 1 from ${sessionExceptions} e where e.session_id = ${orders.sessionId} and e.order_id = ${orders.id} and e.kind = 'PAID_UNPROVEN')`,
      ),
    )
    .limit(limit);
  return [...new Set([...sessions, ...unpaid, ...overdue].map((r) => r.id))];
}

/**
 * Before any transition of a session or its order (here and in the orders service): checks the
 * actor's access and, for the payer, that the merchant's checkout is open, then applies a due expiry,
 * so that the transition sees (and answers with) the truth. Returns the session row it read when it
 * expired nothing (a caller may read it instead of reading it again), undefined when it did.
 */
export async function ensureFresh(db: Db, id: string, { actor }: As): Promise<SessionRow | undefined> {
  const view = await readSessionView(db, id);
  if (!view) throw notFound("Session");
  assertSessionAccess(view.session, actor);
  // a merchant's own key is refused at authentication when it is disabled; the payer's page here
  if (actor.kind === "payer") await assertCheckoutAvailable(db, view.session.merchantId);
  if (isDue(view.session, view.order, new Date())) {
    await expireIfDue(db, id);
    return undefined;
  }
  return view.session;
}
