import { and, isNotNull, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { jobs } from "@/lib/jobs";
import { errorFields, logger } from "@/lib/core/logger";
import { liveRail } from "@/lib/rail";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { LeaseLost } from "@/lib/rail/zkp2p/transactions";
import { walletReport as walletsReport } from "@/lib/rail/zkp2p/wallets";
import { backoffMs, claim, heartbeat, setDue } from "./due";
import { fulfilStep } from "./fulfil";
import { signalStep } from "./signal";
import { unwindStep } from "./unwind";

// The real rail's on-chain steps of an order, as jobs: one file per step (signal, fulfil, unwind),
// the reconciler that heals what happened on-chain behind them (reconcile), and when each is due
// (due). The order row says what is due (railDueAt) and chain_txs what was signed: a step is claimed
// by moving railDueAt a lease (ZKP2P_STEP_LEASE) ahead (so one process works an order at a time,
// without holding a lock across network calls), renewed while the step works (a slow node does not
// hand the order to another process), then reads the chain, acts, and sets the next due time. The
// claim's fencing token guards what a step records: a process paused past its lease is taken over,
// and what it then tries to record is refused. Every step can run again after a crash and does the right thing: a signed transaction is
// written down before it is broadcast, and is broadcast again rather than signed anew. What the
// rail itself is (quotes, wallets, transactions, the protocol) lives in lib/rail/zkp2p/.

/** Ids of the orders whose rail step is due now. */
export async function findDueRailSteps(db: Db, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.railDueAt), lte(orders.railDueAt, new Date())))
    .orderBy(orders.railDueAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Carries one order's rail step as far as it can go now. Idempotent; safe to call from any number
 * of processes (the claim makes one of them do it).
 */
export async function advanceOrder(db: Db, orderId: string): Promise<void> {
  const rail = liveRail();
  if (!rail) return;
  const order = await claim(db, orderId, rail.settings.stepLeaseMs);
  if (!order) return;
  const chain = new RailChain(rail.settings);
  const stopBeating = heartbeat(db, order, rail.settings.stepLeaseMs);
  try {
    switch (order.status) {
      case "SIGNAL_SUBMITTED":
        return await signalStep(db, chain, rail.settings, order);
      case "PROOF_VERIFIED":
      case "FULFILL_SUBMITTED":
        return await fulfilStep(db, chain, rail.settings, order);
      case "CANCELLED":
      case "EXPIRED":
      case "FAILED":
        return await unwindStep(db, chain, rail.settings, order);
      default:
        // SIGNAL_MINED, PAYMENT_SENT, FULFILLED: nothing to send; the reconciler watches the chain
        return await setDue(db, order, null);
    }
  } catch (err) {
    // another process took the order over while this step waited (a slow RPC or service): it decides
    if (err instanceof LeaseLost) return logger.warn("rail step taken over by another process", { orderId, status: order.status });
    // the RPC is down, or something unexpected: the order keeps its place and is tried again later
    const tries = order.railTries + 1;
    logger.warn("rail step failed; retrying", { orderId, status: order.status, tries, ...errorFields(err) });
    await setDue(db, order, backoffMs(tries), { railTries: tries });
  } finally {
    stopBeating();
  }
}

/** After a commit that made rail work due: hints for it. */
export const railDue = (ids: string[]) => ids.forEach((id) => jobs.railDue(id));

export { reconcileOpenIntents } from "./reconcile";
export { warnLowWallets } from "@/lib/rail/zkp2p/wallets";

/** What `npm run admin -- wallets` shows: each taker wallet, its balance, nonce and order (null: no real rail). */
export async function walletReport(db: Db) {
  const rail = liveRail();
  return rail ? walletsReport(db, rail.settings) : null;
}
