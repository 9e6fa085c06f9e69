import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, deliveries, deliveryAttempts, events, orders, proofAttempts, sessionExceptions, webhooks } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { usdcFromMicro } from "@/lib/core/money";
import { summaryOf } from "@/lib/exceptions/service";
import { serializeOrder } from "@/lib/wire/session";
import { checkoutUrlFor } from "@/lib/sessions/create";
import { getSessionOrThrow } from "@/lib/sessions/read";

/** A session with all its orders, proof attempts and its events with their deliveries and every attempt. */
export async function getSessionDetail(db: Db, sessionId: string, { actor }: As<MerchantActor>) {
  const session = await getSessionOrThrow(db, sessionId, { actor });
  // every query below filters by the merchant as well, not only the ownership check above
  const { merchantId } = actor;
  // Four round trips, whatever the session: the queries of each stage need only the stage before,
  // so each stage's are sent together. An ended session's moment: expiry and cancelling set
  // cancelledAt, completion completedAt.
  const [[times], orderRows, eventRows, exceptionRows] = await Promise.all([
    db
      .select({
        cancelledAt: checkoutSessions.cancelledAt,
        completedAt: checkoutSessions.completedAt,
        amountMicro: checkoutSessions.amountMicro,
        paidAmountMicro: checkoutSessions.paidAmountMicro,
        orderTokenHash: checkoutSessions.orderTokenHash,
      })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.merchantId, merchantId))),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.sessionId, sessionId), eq(orders.merchantId, merchantId)))
      .orderBy(asc(orders.createdAt)),
    db
      .select()
      .from(events)
      .where(and(eq(events.sessionId, sessionId), eq(events.merchantId, merchantId), eq(events.apiVersion, 0)))
      .orderBy(asc(events.createdAt), asc(events.id)),
    db
      .select()
      .from(sessionExceptions)
      .where(and(eq(sessionExceptions.sessionId, sessionId), eq(sessionExceptions.merchantId, merchantId)))
      .orderBy(desc(sessionExceptions.openedAt), desc(sessionExceptions.id)),
  ]);
  const [proofs, deliveryRows] = await Promise.all([
    orderRows.length
      ? db
          .select()
          .from(proofAttempts)
          .where(
            and(
              inArray(
                proofAttempts.orderId,
                orderRows.map((o) => o.id),
              ),
              eq(proofAttempts.merchantId, merchantId),
            ),
          )
          .orderBy(asc(proofAttempts.createdAt))
      : [],
    eventRows.length
      ? db
          .select()
          .from(deliveries)
          .where(
            and(
              inArray(
                deliveries.eventId,
                eventRows.map((e) => e.id),
              ),
              eq(deliveries.merchantId, merchantId),
            ),
          )
          .orderBy(asc(deliveries.createdAt), asc(deliveries.id))
      : [],
  ]);
  // attempts carry no merchant column: they are read only for the deliveries found above, which are
  // the merchant's; each delivery names its webhook, deleted ones too: their pages stay readable
  const webhookIds = [...new Set(deliveryRows.map((d) => d.webhookId))];
  const [attemptRows, hookRows] = await Promise.all([
    deliveryRows.length
      ? db
          .select()
          .from(deliveryAttempts)
          .where(
            inArray(
              deliveryAttempts.deliveryId,
              deliveryRows.map((d) => d.id),
            ),
          )
          .orderBy(asc(deliveryAttempts.attemptNo))
      : [],
    webhookIds.length
      ? db
          .select({ id: webhooks.id, url: webhooks.url, deletedAt: webhooks.deletedAt })
          .from(webhooks)
          .where(and(inArray(webhooks.id, webhookIds), eq(webhooks.merchantId, merchantId)))
      : [],
  ]);
  const hooks = new Map(hookRows.map((w) => [w.id, { url: w.url, deleted: w.deletedAt !== null }]));
  return {
    session,
    /** when the session completed, expired or was cancelled; null while it is open */
    endedAt:
      session.status === "COMPLETED"
        ? (times?.completedAt?.toISOString() ?? null)
        : session.status === "EXPIRED" || session.status === "CANCELLED"
          ? (times?.cancelledAt?.toISOString() ?? null)
          : null,
    /**
     * The payer's page while the session is open, to send again or show as a QR code; null once it
     * ended, and for a v1 order, whose link holds a token shown only when it was created.
     */
    payerLink:
      (session.status === "CREATED" || session.status === "ACTIVE") && times && !times.orderTokenHash ? checkoutUrlFor(session.id) : null,
    /**
     * A session paid in part (a v1 order paid in parts): what payments have settled and what was not
     * paid, kept once it ended; null when nothing was paid, or when it completed (then all of it was).
     */
    partlyPaid:
      session.status !== "COMPLETED" && times && times.paidAmountMicro > 0n
        ? {
            paidUsdc: usdcFromMicro(times.paidAmountMicro),
            unpaidUsdc: usdcFromMicro(times.amountMicro > times.paidAmountMicro ? times.amountMicro - times.paidAmountMicro : 0n),
          }
        : null,
    /** Its exceptions (lib/exceptions), newest first: a resolution does not move one on the page. */
    exceptions: exceptionRows.map(summaryOf),
    orders: orderRows.map((o) => ({
      ...serializeOrder(o),
      // expired, cancelled and failed orders record no time of their own: their last change is it
      endedAt: ["EXPIRED", "CANCELLED", "FAILED"].includes(o.status) ? o.updatedAt.toISOString() : null,
    })),
    proofAttempts: proofs.map((p) => ({
      id: p.id,
      orderId: p.orderId,
      outcome: p.outcome,
      errorCode: p.errorCode,
      txHash: p.txHash,
      at: p.createdAt.toISOString(),
    })),
    timeline: eventRows.map((e) => ({
      id: e.id,
      type: e.type,
      at: e.createdAt.toISOString(),
      deliveries: deliveryRows
        .filter((d) => d.eventId === e.id)
        .map((d) => ({
          id: d.id,
          webhookId: d.webhookId,
          webhookUrl: hooks.get(d.webhookId)?.url ?? null,
          webhookDeleted: hooks.get(d.webhookId)?.deleted ?? false,
          status: d.status,
          attempts: d.attempts,
          responseCode: d.responseCode,
          nextAttemptAt: d.status === "PENDING" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
          attemptHistory: attemptRows
            .filter((a) => a.deliveryId === d.id)
            .map((a) => ({
              attempt: a.attemptNo,
              at: a.startedAt.toISOString(),
              responseCode: a.responseCode,
              error: a.error,
              durationMs: a.durationMs,
            })),
        })),
    })),
  };
}
