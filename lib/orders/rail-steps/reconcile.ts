import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Hex, TransactionReceipt } from "viem";
import type { Db } from "@/db/client";
import { chainTxs, type OrderRow, orders, takerWallets } from "@/db/schema";
import { SYSTEM } from "@/lib/core/actor";
import { withEvents } from "@/lib/events/service";
import { errorFields, logger } from "@/lib/core/logger";
import { liveRail } from "@/lib/rail";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { fulfilledIn } from "@/lib/rail/zkp2p/protocol";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { latestTx, recordOnChain, stillConfirmed, type TxRow } from "@/lib/rail/zkp2p/transactions";
import { releaseWallet, warnLowWallets } from "@/lib/rail/zkp2p/wallets";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { detailsOf, openException } from "@/lib/exceptions/service";
import type { RailState } from "./due";
import { settledOnChain } from "./fulfil";

/**
 * Reads the chain for every live order whose intent is open (SIGNAL_MINED, PAYMENT_SENT) and heals
 * what a missed job or someone else left behind: an intent released by anyone (fulfilment is
 * permissionless) is a payment; an intent gone without a release (pruned after expiry, cancelled by
 * the maker's tooling) ends the order. At most one intent per taker wallet is open, so this is a
 * handful of reads.
 */
export async function reconcileOpenIntents(db: Db): Promise<number> {
  const rail = liveRail();
  if (!rail) return 0;
  await warnLowWallets(rail.settings).catch((err) => logger.warn("reading taker wallet balances failed", errorFields(err)));
  const open = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ["SIGNAL_MINED", "PAYMENT_SENT", "PROOF_VERIFIED", "FULFILL_SUBMITTED"]),
        isNotNull(orders.intentHash),
        isNotNull(orders.takerWallet),
      ),
    )
    .limit(200);
  const chain = new RailChain(rail.settings);
  await shareWaitingWallets(db, chain).catch((err) => logger.warn("reading allowMultipleIntents failed", errorFields(err)));
  let healed = 0;
  for (const order of open) {
    try {
      if (order.status === "PROOF_VERIFIED" || order.status === "FULFILL_SUBMITTED") {
        healed += await releaseUnderway(db, chain, rail.settings, order);
        continue;
      }
      // a reorg deeper than the confirmations may have taken the signal out: then the intent is not
      // gone for good, it is waiting to be mined again
      const signal = await latestTx(db, order.id, "signal");
      if (signal?.status === "confirmed" && !(await stillConfirmed(db, chain, signal))) {
        await signalReorged(db, order, signal);
        healed++;
        continue;
      }
      if (await chain.intentOf(order.intentHash as Hex)) continue;
      const other = await settledOnChain(db, chain, rail.settings, order);
      if (other === "pending") continue; // released by someone: acted on once confirmed
      if (other === "none") {
        await withEvents(db, async (t, emit) => {
          let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
          const reason = "the intent was released back on-chain (pruned or cancelled) before a payment was proven";
          if (canFire("order", "expire", o.status)) {
            o = await transition(t, "order", o, "expire", { set: { failureReason: reason } });
            session = await transition(t, "session", session, "orderChanged");
            await emit({ type: "order.expired", session, order: o });
          } else if (canFire("order", "fulfilReverted", o.status)) {
            // the payer said they paid: a person must look (the maker can release the funds by hand)
            logger.error("a paid order's intent is gone without a release", { orderId: o.id, intentHash: o.intentHash });
            o = await transition(t, "order", o, "fulfilReverted", { set: { failureReason: reason } });
            session = await transition(t, "session", session, "orderChanged");
            await emit({ type: "order.failed", session, order: o, error: { code: "INTENT_GONE", message: reason } });
            const why = "the payer said they paid, and the intent is gone on-chain without a release: only the maker can make it right now";
            await openException(t, emit, { session, order: o, kind: "PAID_UNPROVEN", details: detailsOf(o, why) });
          }
        });
        await releaseWallet(db, order.id);
      }
      healed++;
    } catch (err) {
      logger.warn("reconciling an open intent failed", { orderId: order.id, ...errorFields(err) });
    }
  }
  return healed + (await watchReleases(db, chain, rail.settings));
}

/**
 * Where the orchestrator lets one account hold several intents (allowMultipleIntents()), a wallet
 * whose intent waits on its payer (PAYMENT_SENT: hours, until a proof or the maker's release) need not
 * stop the next payer: it is handed back to the pool while the order keeps it as its intent's owner
 * (orders.taker_wallet, which cancels or fulfils as before). Its next order is still held to the
 * wallet's tier (cap and cooldown) when it signals. Where it does not, the wallet stays with the order.
 */
async function shareWaitingWallets(db: Db, chain: RailChain) {
  if (!(await chain.allowMultipleIntents())) return;
  await db
    .update(takerWallets)
    .set({ orderId: null, updatedAt: new Date() })
    .where(inArray(takerWallets.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.status, "PAYMENT_SENT"))));
}

/**
 * A release is underway (PROOF_VERIFIED, FULFILL_SUBMITTED): the fulfil step carries it, so a step is
 * made due if none is (a lost hint, a crash between steps); a release someone else sent is settled
 * once it is confirmed, whatever our own transaction does. Returns 1 when it changed something.
 */
async function releaseUnderway(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow): Promise<number> {
  const stale = new Date(Date.now() - settings.stepLeaseMs);
  if (order.railDueAt === null || order.railDueAt < stale) {
    await db
      .update(orders)
      .set({ railDueAt: new Date() })
      .where(and(eq(orders.id, order.id), or(isNull(orders.railDueAt), lt(orders.railDueAt, stale))));
    return 1;
  }
  if (await chain.intentOf(order.intentHash as Hex)) return 0;
  return (await settledOnChain(db, chain, settings, order)) === "settled" ? 1 : 0;
}

/** How long a confirmed release is watched for a reorg deeper than its confirmations (Base's L1 finality is about 20 minutes). */
const REORG_WATCH_MS = 60 * 60_000;

/**
 * A reorg took a confirmed signal out of the chain: the order moves back to SIGNAL_SUBMITTED (the
 * payee is not shown while there is no intent to pay into) and its signal step sends the same bytes
 * again; mined again, the order carries on with the intent the chain now has.
 */
async function signalReorged(db: Db, order: OrderRow, signal: TxRow) {
  await recordOnChain(db, signal, "reorg");
  await withEvents(db, async (t) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "signalReorged", o.status)) return;
    const log = o.status === "PAYMENT_SENT" ? logger.error : logger.warn;
    log("a reorg took an order's confirmed signal out of the chain; it is sent again", {
      orderId: o.id,
      signalTx: signal.hash,
      paymentSent: o.status === "PAYMENT_SENT",
    });
    const state = { ...((o.railState ?? {}) as RailState) };
    for (const k of ["intentHash", "intentTimestamp", "expiryTime", "signalBlock"] as const) delete state[k];
    o = await transition(t, "order", o, "signalReorged", {
      set: { intentHash: null, signalTx: null, railState: state, railDueAt: new Date(), railTries: 0 },
    });
    session = await transition(t, "session", session, "orderChanged");
  });
}

/**
 * Releases confirmed within the last hour are read again: one that a reorg took out is sent again
 * from its stored bytes (the same transaction, so the hash the merchant was given stays true) and
 * followed until it is confirmed again. The order stays FULFILLED (its webhooks are out); if the
 * release cannot be mined again, a person is told in the logs.
 */
async function watchReleases(db: Db, chain: RailChain, settings: LiveRailSettings): Promise<number> {
  const rows = await db
    .select({ tx: chainTxs })
    .from(chainTxs)
    .innerJoin(orders, eq(orders.id, chainTxs.orderId))
    .where(
      and(
        eq(chainTxs.kind, "fulfill"),
        inArray(chainTxs.status, ["confirmed", "sent"]),
        eq(orders.status, "FULFILLED"),
        sql`${chainTxs.updatedAt} > now() - make_interval(secs => ${REORG_WATCH_MS / 1000})`,
      ),
    )
    .limit(200);
  let healed = 0;
  for (const { tx } of rows) {
    try {
      if (tx.status === "confirmed") {
        if (await stillConfirmed(db, chain, tx)) continue;
        logger.error("a reorg took a confirmed release out of the chain; its bytes are sent again", { orderId: tx.orderId, tx: tx.hash });
        await recordOnChain(db, tx, "reorg");
        await chain.broadcast(tx.raw as Hex).catch((err) => logger.warn("sending a release again failed", errorFields(err)));
        healed++;
        continue;
      }
      const s = await chain.stateOf(tx.hash as Hex);
      if (s.state === "unknown") await chain.broadcast(tx.raw as Hex);
      if (s.state !== "mined" || s.confirmations < settings.confirmations) continue;
      if (s.receipt.status !== "success") {
        logger.error("a release undone by a reorg reverted when sent again: the payment needs a person", {
          orderId: tx.orderId,
          tx: tx.hash,
        });
      }
      await recordOnChain(db, tx, s.receipt.status === "success" ? "confirm" : "revert", s.receipt);
      healed++;
    } catch (err) {
      logger.warn("watching a release failed", { orderId: tx.orderId, ...errorFields(err) });
    }
  }
  return healed;
}
