import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, type OrderRow, orders, proofAttempts } from "@/db/schema";
import type { As, OperatorActor } from "@/lib/core/actor";
import { withEvents } from "@/lib/events/service";
import { AppError, conflict, forbidden, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { jobs } from "@/lib/jobs";
import { metrics } from "@/lib/metrics";
import { getPaymentRail } from "@/lib/rail";
import { ensureFresh } from "@/lib/sessions/expiry";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { serializeOrder } from "@/lib/wire/session";
import { canFire, transition } from "@/lib/state";
import type { SandboxExceptionOutcome } from "@/lib/exceptions/kinds";
import { makeSandboxException, sandboxExceptionOutcome } from "./sandbox-exceptions";
import { recordRelease } from "./release";

/** Proofs an order may be given, from the payer's page and the API together; then it takes no more. */
export const MAX_PROOF_ATTEMPTS = 5;

/**
 * POST /api/orders/fulfill: verifies a payment proof with the rail. On the sandbox a proof that holds
 * releases at once: the order is fulfilled and its session completed. On the real rail the
 * attestation service verifies it (a network call, made before any row lock), the order becomes
 * PROOF_VERIFIED and its fulfil step sends the release (lib/orders/rail-steps/); the webhooks
 * follow when it is confirmed. Every submission is kept as a proof attempt (a real rail's proof
 * itself is never stored: it can replay the payer's session with their platform), so a rejected
 * proof commits its attempt and then answers 400; after MAX_PROOF_ATTEMPTS the order answers 409
 * and records nothing more.
 */
export async function fulfillOrder(db: Db, input: { intentHash: string; proof: unknown }, as: As) {
  const [found] = await db
    .select({
      id: orders.id,
      sessionId: orders.sessionId,
      merchantId: orders.merchantId,
      status: orders.status,
      paymentPlatform: orders.paymentPlatform,
      fiatCurrency: orders.fiatCurrency,
      tokenAmountMicro: orders.tokenAmountMicro,
      railState: orders.railState,
      fulfillTx: orders.fulfillTx,
      environment: checkoutSessions.environment,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(eq(orders.intentHash, input.intentHash.toLowerCase()))
    .limit(1);
  if (!found) throw notFound("Order for this intentHash");
  if (as.actor.kind === "merchant" && found.merchantId !== as.actor.merchantId) throw forbidden("order");
  await ensureFresh(db, found.sessionId, as);
  assertCanTakeProof(found);
  if ((await attemptsOf(db, found)) >= MAX_PROOF_ATTEMPTS) throw tooManyAttempts();
  const simulated = sandboxExceptionOutcome(input.proof);
  if (simulated) return simulateException(db, found, simulated, input.proof as object, as);

  const rail = getPaymentRail(found.environment);
  const verdict = await rail.verifyProof({
    orderId: found.id,
    intentHash: input.intentHash.toLowerCase(),
    proof: input.proof,
    order: found,
  });

  metrics().proofAttempt(verdict.ok ? "success" : verdict.code);
  const outcome = await withEvents(db, async (tx, emit) => {
    let { session, order } = await lockSessionAndOrder(tx, { sessionId: found.sessionId, orderId: found.id }, as.actor);
    assertCanTakeProof(order);
    // counted under the order's row lock, so simultaneous submissions cannot pass the cap together
    if ((await attemptsOf(tx, order)) >= MAX_PROOF_ATTEMPTS) throw tooManyAttempts();
    const proofAttemptId = newId("proof");
    await tx.insert(proofAttempts).values({
      id: proofAttemptId,
      orderId: order.id,
      merchantId: order.merchantId,
      outcome: verdict.ok ? "success" : verdict.code,
      errorCode: verdict.ok ? null : verdict.code,
      proof: rail.name === "sandbox" ? (input.proof as object) : { kept: false, reason: "a real payment proof is never stored" },
      txHash: verdict.ok && verdict.state === "released" ? verdict.txHash : null,
    });

    if (verdict.ok && verdict.state === "released") {
      ({ session, order } = await recordRelease(tx, emit, { session, order }, { txHash: verdict.txHash }));
      return { ok: true as const, result: { order: serializeOrder(order), proofAttemptId, txHash: verdict.txHash as string | null } };
    }
    if (verdict.ok) {
      // verified: the release goes on-chain from here, and the answer says it is under way
      order = await transition(tx, "order", order, "proofVerified", {
        set: { railState: { ...order.railState, attestation: verdict.attestation }, railDueAt: new Date(), railTries: 0 },
      });
      session = await transition(tx, "session", session, "orderChanged");
      return { ok: true as const, result: { order: serializeOrder(order), proofAttemptId, txHash: null }, due: order.id };
    }
    if (verdict.code === "FULFILL_REVERTED") {
      order = await transition(tx, "order", order, "fulfilReverted");
      session = await transition(tx, "session", session, "orderChanged");
      await emit({ type: "order.failed", session, order, error: { code: verdict.code, message: verdict.message } });
    }
    return { ok: false as const, error: new AppError(verdict.code, verdict.message, { proofAttemptId, orderStatus: order.status }) };
  });
  if (!outcome.ok) throw outcome.error;
  if ("due" in outcome && outcome.due) jobs.railDue(outcome.due);
  return outcome.result;
}

/**
 * A sandbox proof that asks for an exception (./sandbox-exceptions.ts): kept as a proof attempt
 * named by its outcome, and answered with the exception it opened. A live session refuses it.
 */
async function simulateException(
  db: Db,
  found: { id: string; sessionId: string; environment: string },
  outcome: SandboxExceptionOutcome,
  proof: object,
  as: As,
) {
  if (found.environment !== "sandbox") throw conflict(`The sandbox outcome "${outcome}" is for sandbox sessions only`);
  return withEvents(db, async (tx, emit) => {
    const rows = await lockSessionAndOrder(tx, { sessionId: found.sessionId, orderId: found.id }, as.actor);
    assertCanTakeProof(rows.order);
    if ((await attemptsOf(tx, rows.order)) >= MAX_PROOF_ATTEMPTS) throw tooManyAttempts();
    const made = await makeSandboxException(tx, emit, rows, outcome);
    const proofAttemptId = newId("proof");
    await tx.insert(proofAttempts).values({
      id: proofAttemptId,
      orderId: made.order.id,
      merchantId: made.order.merchantId,
      outcome,
      errorCode: null,
      proof,
      txHash: made.txHash,
    });
    return { order: serializeOrder(made.order), proofAttemptId, txHash: made.txHash, exception: made.exception };
  });
}

function assertCanTakeProof(order: { status: OrderRow["status"]; fulfillTx: string | null }) {
  if (order.status === "FULFILLED") throw conflict("Order is already fulfilled", { txHash: order.fulfillTx });
  if (order.status === "PROOF_VERIFIED" || order.status === "FULFILL_SUBMITTED") {
    throw conflict(`A proof of this order is verified already and its release is under way (${order.status})`);
  }
  if (!canFire("order", "fulfil", order.status)) throw conflict(`Order is ${order.status} and cannot be fulfilled`);
}

async function attemptsOf(db: Db, order: { id: string; merchantId: string }): Promise<number> {
  const [{ n }] = (await db
    .select({ n: count() })
    .from(proofAttempts)
    .where(and(eq(proofAttempts.orderId, order.id), eq(proofAttempts.merchantId, order.merchantId), isNull(proofAttempts.resetAt)))) as [
    { n: number },
  ];
  return Number(n);
}

/**
 * The operator sets an order's proof attempts aside (`npm run admin -- reset-proofs`), so that a payer
 * who hit the limit (a bank's slow statement, a mistake) may send MAX_PROOF_ATTEMPTS more. The
 * attempts stay in the order's history, marked; an order past taking proofs is refused.
 */
export async function resetProofAttempts(
  db: Db,
  orderId: string,
  _as: As<OperatorActor>,
): Promise<{ orderId: string; merchantId: string; status: OrderRow["status"]; reset: number }> {
  const [order] = await db
    .select({ id: orders.id, merchantId: orders.merchantId, status: orders.status, fulfillTx: orders.fulfillTx })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound("Order");
  assertCanTakeProof(order);
  const reset = await db
    .update(proofAttempts)
    .set({ resetAt: new Date() })
    .where(and(eq(proofAttempts.orderId, order.id), isNull(proofAttempts.resetAt)))
    .returning({ id: proofAttempts.id });
  return { orderId: order.id, merchantId: order.merchantId, status: order.status, reset: reset.length };
}

const tooManyAttempts = () =>
  conflict(`This order has had ${MAX_PROOF_ATTEMPTS} proof attempts, the most allowed; no further proof is accepted`, {
    maxProofAttempts: MAX_PROOF_ATTEMPTS,
  });
