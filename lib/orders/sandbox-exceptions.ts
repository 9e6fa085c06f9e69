import { keccak256, toHex } from "viem";
import type { Db } from "@/db/client";
import type { ExceptionSummary, OrderRow, SessionRow } from "@/db/schema";
import { conflict } from "@/lib/core/errors";
import { usdcFromMicro } from "@/lib/core/money";
import type { Emit } from "@/lib/events/service";
import { SANDBOX_EXCEPTION_OUTCOMES, type SandboxExceptionOutcome } from "@/lib/exceptions/kinds";
import { detailsOf, openException } from "@/lib/exceptions/service";
import { retryRelease } from "@/lib/sessions/exceptions";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";
import { lockOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { recordRelease } from "./release";

// Every kind of exception, made on purpose in the sandbox, so an integration can meet each before a
// live payment does: a sandbox proof `{ "sandbox": true, "outcome": <one of SANDBOX_EXCEPTION_OUTCOMES> }` to
// POST /api/orders/fulfill leaves the order and session as the real rail would leave them in that
// case, and opens the exception (its events, v0 and v1, go out as for a live one). A live session
// refuses these outcomes (fulfillOrder, ./service.ts). Its blocked release, tried again, goes through.
// (Here rather than in lib/exceptions: it moves orders and releases them, and lib/orders uses lib/exceptions.)

/** The exception outcome a sandbox proof asks for, or null (then it is the sandbox rail's to judge). */
export function sandboxExceptionOutcome(proof: unknown): SandboxExceptionOutcome | null {
  const p = proof as { sandbox?: unknown; outcome?: unknown } | null;
  if (!p || typeof p !== "object" || p.sandbox !== true || typeof p.outcome !== "string") return null;
  return Object.hasOwn(SANDBOX_EXCEPTION_OUTCOMES, p.outcome) ? (p.outcome as SandboxExceptionOutcome) : null;
}

const madeUp = (label: string) => keccak256(toHex(label));

/**
 * Moves a sandbox session and its order (both locked by the caller) as the outcome says, and opens
 * its exception, in the caller's transaction:
 * - unproven: the payer said they paid (PAYMENT_SENT) and no proof came;
 * - blocked: the proof held (PROOF_VERIFIED) and the release is refused for now;
 * - late: the session expired with its order, then the USDC was released;
 * - partial: half of the order's USDC was released, then the session expired;
 * - cancelled-paid: the session was cancelled with its order, then the payer said they paid.
 */
export async function makeSandboxException(
  tx: Db,
  emit: Emit,
  rows: { session: SessionRow; order: OrderRow },
  outcome: SandboxExceptionOutcome,
): Promise<{ session: SessionRow; order: OrderRow; exception: ExceptionSummary; txHash: string | null }> {
  let { session, order } = rows;
  const now = new Date();
  let txHash: string | null = null;
  let details;
  switch (outcome) {
    case "unproven":
      if (canFire("order", "paymentSent", order.status)) {
        order = await transition(tx, "order", order, "paymentSent", { set: { paymentSentAt: now } });
        session = await transition(tx, "session", session, "orderChanged");
        await emit({ type: "order.payment_sent", session, order });
      }
      details = detailsOf(order, "Sandbox: the payer said they paid, and no proof of the payment arrived");
      break;
    case "blocked": {
      const reason = "a simulated block of the sandbox";
      order = await transition(tx, "order", order, "proofVerified", {
        // no railDueAt: no rail step is ever due on a sandbox order; "Retry the release" releases it
        set: { railState: { ...(order.railState ?? {}), blocked: { reason, since: now.toISOString(), paused: false } }, railDueAt: null },
      });
      session = await transition(tx, "session", session, "orderChanged");
      details = detailsOf(
        order,
        `Sandbox: the payment is proven, and the chain refuses the release for now (${reason}): it is tried again`,
        {
          attestedAt: now.toISOString(),
        },
      );
      break;
    }
    case "late":
      order = await transition(tx, "order", order, "sessionExpired");
      session = await transition(tx, "session", session, "expire", { set: { cancelledAt: now } });
      await emit({ type: "order.expired", session, order });
      await emit({ type: "session.abandoned", session, order });
      txHash = madeUp(`sandbox:late:${order.id}`);
      details = detailsOf(
        order,
        `Sandbox: USDC ${usdcFromMicro(order.tokenAmountMicro)} was released to the merchant after the session had expired`,
        {
          txHash,
        },
      );
      break;
    case "partial": {
      txHash = madeUp(`sandbox:partial:${order.id}`);
      const half = order.tokenAmountMicro / 2n;
      ({ session, order } = await recordRelease(
        tx,
        emit,
        { session, order },
        { txHash, chain: { grossMicro: half, netMicro: half, fees: { protocolMicro: 0n, managerMicro: 0n, referralMicro: 0n } } },
      ));
      if (!canFire("session", "expire", session.status)) throw conflict(`The session is ${session.status}: half of it paid it in full`);
      session = await transition(tx, "session", session, "expire", { set: { cancelledAt: now } });
      await emit({ type: "session.abandoned", session, order });
      const paid = usdcFromMicro(session.paidAmountMicro);
      details = detailsOf(order, `Sandbox: USDC ${paid} of ${usdcFromMicro(session.amountMicro)} was paid, then the session expired`, {
        txHash,
        amountUsdc: paid,
      });
      break;
    }
    case "cancelled-paid":
      if (!canFire("order", "cancel", order.status))
        throw conflict(`The order is ${order.status}: "cancelled-paid" needs an order the payer has not yet said they paid`);
      order = await transition(tx, "order", order, "cancel");
      session = await transition(tx, "session", session, "cancel", { set: { cancelledAt: now } });
      await emit({ type: "session.abandoned", session, order });
      details = detailsOf(order, "Sandbox: the payer says they paid after the session was cancelled", { paymentSentAt: now.toISOString() });
      break;
  }
  ({ session } = await openException(tx, emit, { session, order, kind: SANDBOX_EXCEPTION_OUTCOMES[outcome], details }));
  return { session, order, exception: session.exception!, txHash };
}

/**
 * "Retry the release" of a blocked release (lib/sessions/exceptions.ts): on the real rail its fulfil
 * step is due now; on the sandbox the simulated block is lifted and the USDC released at once, which
 * completes the session and resolves the exception (RELEASED), as a live release that goes through does.
 */
export function retryReleaseNow(db: Db, actor: MerchantActor | OperatorActor, input: { sessionId: string; exceptionId: string }) {
  return retryRelease(db, actor, input, async (tx, emit, session, orderId) => {
    const order = await lockOrder(tx, orderId, session);
    if (!order || order.status !== "PROOF_VERIFIED") throw conflict("The release is not waiting to be tried again");
    await recordRelease(tx, emit, { session, order }, { txHash: madeUp(`sandbox:fulfill:${order.id}`) });
  });
}
