import type { Address, Hex } from "viem";
import type { Db } from "@/db/client";
import type { OrderRow } from "@/db/schema";
import { cancelCalldata } from "@/lib/rail/zkp2p/calldata";
import type { RailChain } from "@/lib/rail/zkp2p/chain";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { follow, latestTx, recordOnChain, signAndSend, track } from "@/lib/rail/zkp2p/transactions";
import { releaseWallet } from "@/lib/rail/zkp2p/wallets";
import { POLL_MS, setDue } from "./due";

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
    await releaseWallet(db, order.id);
    return setDue(db, order, null);
  }
  let cancel = await latestTx(db, order.id, "cancel");
  if (!cancel) {
    const call = await cancelCalldata(settings, wallet, intentHash!);
    cancel = await signAndSend(db, chain, order, "cancel", wallet, call);
    return setDue(db, order, POLL_MS);
  }
  const sent = await track(db, chain, order, cancel, settings.confirmations);
  if (sent.state === "waiting") return setDue(db, order, POLL_MS);
  await releaseWallet(db, order.id);
  return setDue(db, order, null);
}
