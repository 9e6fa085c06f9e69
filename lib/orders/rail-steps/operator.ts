import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, sessionExceptions, takerWallets } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { OPERATOR, SYSTEM } from "@/lib/core/actor";
import { AppError, conflict, notFound } from "@/lib/core/errors";
import { withEvents } from "@/lib/events/service";
import { detailsOf, openException } from "@/lib/exceptions/service";
import { jobs } from "@/lib/jobs";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { retryReleaseNow } from "../sandbox-exceptions";
import type { RailState } from "./due";

// The operator's hands on the rail (npm run admin): the proven releases the chain refuses for now,
// a blocked release tried again at once, and a taker wallet freed by hand. Each change is audited.

/** Live orders whose proven release is blocked: what `npm run admin -- blocked-releases` lists. */
export async function blockedReleases(db: Db) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "PROOF_VERIFIED"), sql`${orders.railState} ? 'blocked'`))
    .orderBy(orders.updatedAt)
    .limit(500);
  return rows.map((o) => {
    const b = (o.railState as RailState).blocked!;
    return {
      orderId: o.id,
      sessionId: o.sessionId,
      merchantId: o.merchantId,
      intentHash: o.intentHash,
      reason: b.reason,
      paused: b.paused,
      since: b.since,
      nextTry: o.railDueAt?.toISOString() ?? null,
      tries: o.railTries,
    };
  });
}

/**
 * A blocked release is tried again now (`npm run admin -- retry-release <order>`): the same as an
 * owner's "Retry the release" of its RELEASE_BLOCKED exception (lib/sessions/exceptions.ts), audited
 * as the operator's.
 */
export async function retryBlockedRelease(db: Db, orderId: string) {
  const [open] = await db
    .select({ id: sessionExceptions.id, sessionId: sessionExceptions.sessionId })
    .from(sessionExceptions)
    .where(
      and(eq(sessionExceptions.orderId, orderId), eq(sessionExceptions.kind, "RELEASE_BLOCKED"), eq(sessionExceptions.status, "OPEN")),
    );
  if (!open) {
    const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!o) throw notFound("Order");
    throw conflict(`The order is ${o.status}: only a proven release waiting to be tried again can be retried`);
  }
  await retryReleaseNow(db, OPERATOR, { sessionId: open.sessionId, exceptionId: open.id });
  return { orderId };
}

/**
 * The operator frees a taker wallet by hand (`npm run admin -- release-wallet <address> --reason=…`):
 * the order it holds ends FAILED (operatorRelease) and its intent is cancelled on-chain by the unwind
 * step, even when the payer said they paid: the operator decides that, having checked with the shop
 * (the reason is in the audit trail, and a payer who said they paid leaves a PAID_UNPROVEN exception
 * for the merchant). A proven payment is never cancelled this way. A wallet set aside for an intent
 * the service does not know of is freed for the next signal to try.
 */
export async function releaseWalletByHand(db: Db, address: string, reason: string) {
  const why = reason.trim();
  if (!why) throw new AppError("VALIDATION_FAILED", "--reason: say why the wallet is freed (it goes in the audit trail)");
  const [wallet] = await db.select().from(takerWallets).where(eq(takerWallets.address, address.toLowerCase()));
  if (!wallet) throw notFound("Taker wallet");
  if (!wallet.orderId) return { address: wallet.address, orderId: null, freed: false as const };
  if (wallet.orderId.startsWith("held:")) {
    await db.update(takerWallets).set({ orderId: null, updatedAt: new Date() }).where(eq(takerWallets.address, wallet.address));
    await recordAudit(db, {
      merchantId: null,
      who: { kind: "operator" },
      action: "rail.wallet_released",
      target: wallet.address,
      details: { reason: why, held: wallet.orderId },
    });
    return { address: wallet.address, orderId: null, freed: true as const };
  }
  const orderId = wallet.orderId;
  const [found] = await db.select({ sessionId: orders.sessionId }).from(orders).where(eq(orders.id, orderId));
  if (!found) throw notFound("Order");
  const merchantId = await withEvents(db, async (tx, emit) => {
    let { session, order } = await lockSessionAndOrder(tx, { sessionId: found.sessionId, orderId }, SYSTEM);
    const state = { ...((order.railState ?? {}) as RailState), operatorReleased: true };
    if (canFire("order", "operatorRelease", order.status)) {
      order = await transition(tx, "order", order, "operatorRelease", {
        set: { failureReason: `freed by the operator: ${why}`.slice(0, 300), railState: state, railDueAt: new Date() },
      });
      session = await transition(tx, "session", session, "orderChanged");
      await emit({ type: "order.failed", session, order, error: { code: "OPERATOR_RELEASED", message: order.failureReason! } });
      if (order.paymentSentAt) {
        const text = `the payer said they paid; the operator freed the taker wallet and cancelled the intent (${why})`;
        await openException(tx, emit, { session, order, kind: "PAID_UNPROVEN", details: detailsOf(order, text) });
      }
    } else if (order.status === "FAILED" || order.status === "EXPIRED" || order.status === "CANCELLED") {
      // ended, its intent kept for a payer who said they paid: the operator lets the unwind cancel it
      await tx.update(orders).set({ railState: state, railDueAt: new Date() }).where(eq(orders.id, order.id));
    } else {
      throw conflict(`The order ${order.id} is ${order.status}: its payment is proven, so its wallet is not freed by hand`);
    }
    await recordAudit(tx, {
      merchantId: order.merchantId,
      who: { kind: "operator" },
      action: "rail.wallet_released",
      target: wallet.address,
      details: { reason: why, orderId, status: order.status },
    });
    return order.merchantId;
  });
  jobs.railDue(orderId);
  return { address: wallet.address, orderId, merchantId, freed: true as const };
}
