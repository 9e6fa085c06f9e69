import type { Address, Hex } from "viem";
import type { Db } from "@/db/client";
import type { OrderRow } from "@/db/schema";
import { cancelCalldata } from "@/lib/rail/zkp2p/calldata";
import type { RailChain } from "@/lib/rail/zkp2p/chain";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { follow, latestTx, recordOnChain, signAndSend, track } from "@/lib/rail/zkp2p/transactions";
import { releaseWallet } from "@/lib/rail/zkp2p/wallets";
import { POLL_MS, type RailState, setDue } from "./due";
import { lateRelease } from "./fulfil";

/** How often an intent kept open for a payer who said they paid is read while its order has ended. */
const KEPT_WATCH_MS = 60_000;

/**
 * An ended order whose intent is kept open (its payer said they paid): a release that comes (the
 * maker's, or a late proof's) is money for the merchant, recorded as an exception of the session
 * (PAID_LATE) for a person to resolve; an intent gone without a release frees the wallet.
 */
async function watchKept(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const seen = await lateRelease(db, chain, settings, order);
  if (seen === "pending") return setDue(db, order, POLL_MS);
  if (seen === "recorded" || !(await chain.intentOf(order.intentHash as Hex))) {
    await releaseWallet(db, order.id);
    return setDue(db, order, null);
  }
  return setDue(db, order, KEPT_WATCH_MS);
}

/**
 * An order that ended (cancelled, expired, failed) may still hold an intent on-chain, and its wallet:
 * the intent is cancelled (it frees the maker's liquidity) and then the wallet is free again.
 */
export async function unwindStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const signal = await latestTx(db, order.id, "signal");
  if (signal && signal.status !== "confirmed" && signal.status !== "reverted") {
    const s = await follow(db, chain, order, signal);
    if (s.state !== "mined") return setDue(db, order, POLL_MS); // it may still lock funds: wait for it
    await recordOnChain(db, s.tx, s.receipt.status === "success" ? "mine" : "revert", s.receipt);
  }
  const intentHash = order.intentHash as Hex | null;
  const intent = intentHash ? await chain.intentOf(intentHash) : null;
  const wallet = order.takerWallet as Address | null;
  if (!intent || !wallet) {
    // gone: released by someone after the order ended (money for the merchant, recorded), or cancelled or pruned
    if (intentHash && (await lateRelease(db, chain, settings, order)) === "pending") return setDue(db, order, POLL_MS);
    await releaseWallet(db, order.id);
    return setDue(db, order, null);
  }
  // a payer who said they paid may have: their intent is never cancelled by us (the maker can still
  // release it by hand, a late proof can still fulfil it) unless the chain refused the payment as not
  // this intent's. It is watched until it is released or gone; the wallet stays with it.
  const state = (order.railState ?? {}) as RailState;
  if (order.paymentSentAt && !state.notThisIntent && !state.operatorReleased) return watchKept(db, chain, settings, order);
  let cancel = await latestTx(db, order.id, "cancel");
  if (!cancel) {
    const call = await cancelCalldata(settings, wallet, intentHash!);
    cancel = await signAndSend(db, chain, order, "cancel", wallet, call);
    return setDue(db, order, POLL_MS);
  }
  const sent = await track(db, chain, order, cancel, settings.confirmations);
  if (sent.state === "waiting") return setDue(db, order, POLL_MS);
  // a cancel that reverted may have lost a race with a release: the release is recorded
  if (sent.state === "reverted" && (await lateRelease(db, chain, settings, order)) === "pending") return setDue(db, order, POLL_MS);
  await releaseWallet(db, order.id);
  return setDue(db, order, null);
}
