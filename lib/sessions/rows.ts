import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type Db, prepared } from "@/db/client";
import { checkoutSessions, merchants, type OrderRow, orders, type SessionRow } from "@/db/schema";
import type { Actor } from "@/lib/core/actor";
import { sha256Hex } from "@/lib/crypto";
import { forbidden, notFound } from "@/lib/core/errors";

// A session's rows as every part of lib/sessions reads and locks them: who may act on a session,
// the one-query view of it, and the row locks (session before order) that every transition takes.

/**
 * Who may act on a session (lib/core/actor.ts): the merchant that owns it; the payer whose checkout link
 * names it (the unguessable session id is the payer's whole authority, docs/contract.md); the
 * operator and the service's own jobs. Another merchant is refused (403, the id exists); a payer
 * holding another session's link finds nothing (404), as with any id it could not know. A v1 order's
 * link also carries its order token, and without the right one the payer finds nothing either.
 */
export function assertSessionAccess(session: Pick<SessionRow, "id" | "merchantId" | "orderTokenHash">, actor: Actor): void {
  if (actor.kind === "merchant" && session.merchantId !== actor.merchantId) throw forbidden("session");
  if (actor.kind === "payer" && (session.id !== actor.sessionId || !tokenOpens(session.orderTokenHash, actor.token)))
    throw notFound("Session");
}

/** Whether a payer's token opens a session: any link opens one without a token; one with a token needs it. */
export function tokenOpens(tokenHash: string | null, token: string | undefined): boolean {
  if (tokenHash === null) return true;
  if (!token) return false;
  const a = Buffer.from(sha256Hex(token), "hex");
  const b = Buffer.from(tokenHash, "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The session, its merchant and its active order in one query: the hottest read of the API. */
export async function readSessionView(db: Db, id: string) {
  const query = prepared(db, "session_view", (d) =>
    d
      .select({
        session: checkoutSessions,
        order: orders,
        merchant: { id: merchants.id, name: merchants.name, displayName: merchants.displayName, logoUrl: merchants.logoUrl },
      })
      .from(checkoutSessions)
      .innerJoin(merchants, eq(merchants.id, checkoutSessions.merchantId))
      .leftJoin(orders, eq(orders.id, checkoutSessions.activeOrderId))
      .where(eq(checkoutSessions.id, sql.placeholder("id")))
      .limit(1)
      .prepare("session_view"),
  );
  const [row] = await query.execute({ id });
  return row;
}

/** The session row as it is now, checked against the actor, without a lock (for work done before one). */
export async function readSession(db: Db, id: string, actor: Actor): Promise<SessionRow> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  if (!row) throw notFound("Session");
  assertSessionAccess(row, actor);
  return row;
}

/** Locks the session row for the rest of the transaction; every transition starts here. */
export async function lockSession(tx: Db, id: string, actor: Actor): Promise<SessionRow> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for("update").limit(1);
  if (!row) throw notFound("Session");
  assertSessionAccess(row, actor);
  return row;
}

/**
 * Locks an order row of a session already locked (lockSession), the one lock order of every
 * transition. The query itself is scoped to that session and its merchant, so an order id from
 * anywhere else finds nothing even if a caller skipped the session's access check.
 */
export async function lockOrder(tx: Db, id: string | null, session: Pick<SessionRow, "id" | "merchantId">): Promise<OrderRow | null> {
  if (!id) return null;
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.sessionId, session.id), eq(orders.merchantId, session.merchantId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/**
 * For a transition that starts from an order (the orders service: fulfilment): locks the order's
 * session and then the order, in the same lock order as the session transitions, so that the two
 * never deadlock, and checks the actor's access to the session.
 */
export async function lockSessionAndOrder(
  tx: Db,
  ids: { sessionId: string; orderId: string },
  actor: Actor,
): Promise<{ session: SessionRow; order: OrderRow }> {
  const session = await lockSession(tx, ids.sessionId, actor);
  const order = await lockOrder(tx, ids.orderId, session);
  if (!order) throw notFound("Order");
  return { session, order };
}
