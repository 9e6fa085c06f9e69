import { eq } from "drizzle-orm";
import { checkoutSessions, type OrderRow, type SessionRow } from "@/db/schema";
import type { Emit } from "@/lib/events/service";
import { type Db } from "@/db/client";
import { jobs } from "@/lib/jobs";
import { owesReceipt } from "@/lib/receipts/owed";
import { creditOf, type ReleaseFees } from "@/lib/rail/fees";
import { transition } from "@/lib/state";
import { resolveExceptions } from "@/lib/exceptions/service";

/** The exceptions a release of the order's intent answers: the payment was proven, or released by hand. */
const RELEASE_RESOLVES = ["PAID_UNPROVEN", "RELEASE_BLOCKED", "PAID_ON_CANCELLED"] as const;

/** What the chain says a release moved: the gross it released, the net that reached the recipient, and each fee. */
export type ChainRelease = { grossMicro: bigint; netMicro: bigint; fees: ReleaseFees };

/**
 * The funds of an order are released: the order is FULFILLED, the session counts the part of its
 * amount the order paid and completes once its orders have paid the whole amount, and the events say
 * so. One function for both rails: the sandbox releases while the proof is checked, the real rail
 * once the release is confirmed on-chain (lib/orders/rail-steps/fulfil.ts), with what the chain says
 * was released. A whole release pays what the order was priced to cover whoever bore the fees (an
 * exact payment completes its session); a partial one pays in proportion.
 */
export async function recordRelease(
  tx: Db,
  emit: Emit,
  rows: { session: SessionRow; order: OrderRow },
  release: { txHash: string; chain?: ChainRelease },
): Promise<{ session: SessionRow; order: OrderRow }> {
  const now = new Date();
  const c = release.chain;
  const covers = rows.order.coversMicro ?? rows.order.netAmountMicro ?? rows.order.tokenAmountMicro;
  const received = creditOf({ coversMicro: covers, tokenAmountMicro: rows.order.tokenAmountMicro }, c?.grossMicro);
  const order = await transition(tx, "order", rows.order, "fulfil", {
    set: {
      fulfillTx: release.txHash,
      fulfilledAt: now,
      railDueAt: null,
      ...(c
        ? {
            grossAmountMicro: c.grossMicro,
            netAmountMicro: c.netMicro,
            protocolFeeMicro: c.fees.protocolMicro,
            managerFeeMicro: c.fees.managerMicro,
            referralFeeMicro: c.fees.referralMicro,
          }
        : {}),
    },
  });
  // the part of the amount paid; the session completes once its orders have paid the whole amount
  const paidAmountMicro = rows.session.paidAmountMicro + received;
  let session: SessionRow;
  if (rows.session.status === "COMPLETED") {
    // an owner marked the session paid in full before this release came: it is counted, the session stays as it is
    session = (await tx.update(checkoutSessions).set({ paidAmountMicro }).where(eq(checkoutSessions.id, rows.session.id)).returning())[0]!;
    await emit({ type: "order.fulfilled", session, order, txHash: release.txHash });
  } else if (paidAmountMicro >= rows.session.amountMicro) {
    // a payment link's payer who gave their email is owed a receipt: marked due in this transaction,
    // so it is never lost to a crash after the commit (lib/receipts sends it)
    const receipt = owesReceipt(rows.session);
    session = await transition(tx, "session", rows.session, "complete", {
      set: { completedAt: now, paidAmountMicro, ...(receipt ? { receiptDueAt: now } : {}) },
    });
    if (receipt) jobs.receiptDue(session.id);
    await emit({ type: "order.fulfilled", session, order, txHash: release.txHash });
    await emit({ type: "session.completed", session, order, txHash: release.txHash });
  } else {
    session = await transition(tx, "session", rows.session, "partlyPaid", { set: { paidAmountMicro } });
    await emit({ type: "order.fulfilled", session, order, txHash: release.txHash });
  }
  // the money came after all: an exception that waited on it is resolved
  if (session.exception?.status === "OPEN")
    ({ session } = await resolveExceptions(tx, emit, { session, order, resolution: "RELEASED", by: "system", kinds: RELEASE_RESOLVES }));
  return { session, order };
}
