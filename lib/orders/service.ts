import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, proofAttempts } from "@/db/schema";
import type { As } from "@/lib/actor";
import { withEvents } from "@/lib/events/service";
import { AppError, conflict, forbidden, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getPaymentRail } from "@/lib/payments";
import { ensureFresh } from "@/lib/sessions/expiry";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { serializeOrder } from "@/lib/wire/session";
import { canFire, transition } from "@/lib/state";

/** Proofs an order may be given, from the payer's page and the API together; then it takes no more. */
export const MAX_PROOF_ATTEMPTS = 5;

/**
 * POST /api/orders/fulfill: verifies a payment proof with the rail and, when it holds, fulfils the
 * order and completes its session. Every submission is kept as a proof attempt, including rejected
 * ones, so a rejected proof commits its attempt and then answers 400; after MAX_PROOF_ATTEMPTS the
 * order answers 409 and records nothing more.
 */
export async function fulfillOrder(db: Db, input: { intentHash: string; proof: unknown }, as: As) {
  const [found] = await db
    .select({ id: orders.id, sessionId: orders.sessionId, merchantId: orders.merchantId })
    .from(orders)
    .where(eq(orders.intentHash, input.intentHash.toLowerCase()))
    .limit(1);
  if (!found) throw notFound("Order for this intentHash");
  if (as.actor.kind === "merchant" && found.merchantId !== as.actor.merchantId) throw forbidden("order");
  await ensureFresh(db, found.sessionId, as);

  const outcome = await withEvents(db, async (tx, emit) => {
    let { session, order } = await lockSessionAndOrder(tx, { sessionId: found.sessionId, orderId: found.id }, as.actor);
    if (order.status === "FULFILLED") throw conflict("Order is already fulfilled", { txHash: order.fulfillTx });
    if (!canFire("order", "fulfil", order.status)) throw conflict(`Order is ${order.status} and cannot be fulfilled`);
    // counted under the order's row lock, so simultaneous submissions cannot pass the cap together
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(proofAttempts)
      .where(and(eq(proofAttempts.orderId, order.id), eq(proofAttempts.merchantId, order.merchantId)))) as [{ n: number }];
    if (Number(n) >= MAX_PROOF_ATTEMPTS) {
      throw conflict(`This order has had ${MAX_PROOF_ATTEMPTS} proof attempts, the most allowed; no further proof is accepted`, {
        maxProofAttempts: MAX_PROOF_ATTEMPTS,
      });
    }

    const verdict = getPaymentRail(session.environment).verifyProof({
      orderId: order.id,
      intentHash: order.intentHash,
      proof: input.proof,
    });
    const proofAttemptId = newId("proof");
    await tx.insert(proofAttempts).values({
      id: proofAttemptId,
      orderId: order.id,
      merchantId: order.merchantId,
      outcome: verdict.ok ? "success" : verdict.code,
      errorCode: verdict.ok ? null : verdict.code,
      proof: input.proof as object,
      txHash: verdict.ok ? verdict.txHash : null,
    });

    if (verdict.ok) {
      const now = new Date();
      order = await transition(tx, "order", order, "fulfil", { set: { fulfillTx: verdict.txHash, fulfilledAt: now } });
      // what the merchant received; the session completes once its orders have paid the whole amount
      const paidAmountMicro = session.paidAmountMicro + (order.netAmountMicro ?? order.tokenAmountMicro);
      if (paidAmountMicro >= session.amountMicro) {
        session = await transition(tx, "session", session, "complete", { set: { completedAt: now, paidAmountMicro } });
        await emit({ type: "order.fulfilled", session, order, txHash: verdict.txHash });
        await emit({ type: "session.completed", session, order, txHash: verdict.txHash });
      } else {
        session = await transition(tx, "session", session, "partlyPaid", { set: { paidAmountMicro } });
        await emit({ type: "order.fulfilled", session, order, txHash: verdict.txHash });
      }
      return { ok: true as const, result: { order: serializeOrder(order), proofAttemptId, txHash: verdict.txHash } };
    }
    if (verdict.code === "FULFILL_REVERTED") {
      order = await transition(tx, "order", order, "fulfilReverted");
      session = await transition(tx, "session", session, "orderChanged");
      await emit({ type: "order.failed", session, order, error: { code: verdict.code, message: verdict.message } });
    }
    return { ok: false as const, error: new AppError(verdict.code, verdict.message, { proofAttemptId, orderStatus: order.status }) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}
