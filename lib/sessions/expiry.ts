import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type As, SYSTEM } from "@/lib/core/actor";
import { checkoutSessions, type OrderRow, orders, type SessionRow } from "@/db/schema";
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

/** The trigger that ends an order at its own expiresAt: unpaid, or (live) paid with no proof in time; null if none may. */
function orderExpiry(session: Pick<SessionRow, "environment">, order: OrderRow | null, now: Date): "expire" | "proofOverdue" | null {
  if (!order || order.expiresAt > now) return null;
  if (canFire("order", "expire", order.status)) return "expire";
  if (session.environment === "live" && canFire("order", "proofOverdue", order.status)) return "proofOverdue";
  return null;
}

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
    } else if (order && orderExpiry(session, order, now)) {
      const trigger = orderExpiry(session, order, now)!;
      const reason = "no proof of the payment arrived before the reservation ended";
      order = await transition(tx, "order", order, trigger, {
        set: { ...unwindFields(session), ...(trigger === "proofOverdue" ? { failureReason: reason } : {}) },
      });
      session = await transition(tx, "session", session, "orderChanged");
      await emit({ type: "order.expired", session, order });
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
  // live orders whose payer said they paid and whose proof is overdue (sandbox ones wait for their session)
  const overdue = await db
    .select({ id: orders.sessionId })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(
      and(inArray(orders.status, ORDER.triggers.proofOverdue.from), lte(orders.expiresAt, now), eq(checkoutSessions.environment, "live")),
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
