import type { OrderRow, SessionRow } from "@/db/schema";
import type { Emit } from "@/lib/events/service";
import { type Db } from "@/db/client";
import { transition } from "@/lib/state";

/**
 * The funds of an order are released: the order is FULFILLED, the session counts what the merchant
 * received and completes once its orders have paid the whole amount, and the events say so. One
 * function for both rails: the sandbox releases while the proof is checked, the real rail once the
 * release is confirmed on-chain (lib/orders/rail-steps/fulfil.ts). `netMicro`: what the chain says was
 * released, when it says so (a partial release pays less than the order asked).
 */
export async function recordRelease(
  tx: Db,
  emit: Emit,
  rows: { session: SessionRow; order: OrderRow },
  release: { txHash: string; netMicro?: bigint },
): Promise<{ session: SessionRow; order: OrderRow }> {
  const now = new Date();
  const received = release.netMicro ?? rows.order.netAmountMicro ?? rows.order.tokenAmountMicro;
  const order = await transition(tx, "order", rows.order, "fulfil", {
    set: {
      fulfillTx: release.txHash,
      fulfilledAt: now,
      railDueAt: null,
      ...(release.netMicro !== undefined ? { netAmountMicro: release.netMicro } : {}),
    },
  });
  // what the merchant received; the session completes once its orders have paid the whole amount
  const paidAmountMicro = rows.session.paidAmountMicro + received;
  let session: SessionRow;
  if (paidAmountMicro >= rows.session.amountMicro) {
    session = await transition(tx, "session", rows.session, "complete", { set: { completedAt: now, paidAmountMicro } });
    await emit({ type: "order.fulfilled", session, order, txHash: release.txHash });
    await emit({ type: "session.completed", session, order, txHash: release.txHash });
  } else {
    session = await transition(tx, "session", rows.session, "partlyPaid", { set: { paidAmountMicro } });
    await emit({ type: "order.fulfilled", session, order, txHash: release.txHash });
  }
  return { session, order };
}
