import { eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Db } from "@/db/client";
import { checkoutSessions, type OrderRow, orders } from "@/db/schema";
import { SYSTEM } from "@/lib/core/actor";
import { withEvents } from "@/lib/events/service";
import { logger } from "@/lib/core/logger";
import { signalCalldata } from "@/lib/rail/zkp2p/calldata";
import type { RailChain } from "@/lib/rail/zkp2p/chain";
import { describeRevert, managerFeeIn, revertReason, signaledIn } from "@/lib/rail/zkp2p/protocol";
import { fetchGatingSignature, isTransient, ServiceError } from "@/lib/rail/zkp2p/services";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { latestTx, signAndSend, track } from "@/lib/rail/zkp2p/transactions";
import { releaseWallet, setWalletAside, takeWallet, walletFits } from "@/lib/rail/zkp2p/wallets";
import { liveRail } from "@/lib/rail";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { backoffMs, MAX_TRIES, POLL_MS, type RailState, setDue } from "./due";

/** SIGNAL_SUBMITTED: takes a wallet, asks the gating signature, sends the signal and follows it until it is confirmed. */
export async function signalStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as RailState;
  let tx = await latestTx(db, order.id, "signal");
  if (!tx) {
    // a wallet whose tier takes this order now, the one it was quoted as first
    const rail = liveRail();
    const groups = (state.allowedGroupIds ?? "").split(",").filter(Boolean) as Hex[];
    const wallet = await takeWallet(db, settings, order.id, {
      prefer: state.quotedAs,
      ...(rail ? { fits: (w: Address) => walletFits(rail, w, order.paymentPlatform, BigInt(state.amount!), groups) } : {}),
    });
    if (!wallet) return setDue(db, order, 3_000); // every wallet holds an intent: the order waits its turn
    if (order.takerWallet !== wallet) await db.update(orders).set({ takerWallet: wallet }).where(eq(orders.id, order.id));
    const [session] = await db
      .select({ to: checkoutSessions.recipientAddress })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, order.sessionId));
    let gating;
    try {
      gating = await fetchGatingSignature(
        settings.apiUrl,
        {
          processorName: state.processorName!,
          payeeDetails: state.payeeDetails!,
          depositId: BigInt(state.depositId!),
          amount: BigInt(state.amount!),
          to: session!.to as Address,
          paymentMethod: state.paymentMethod!,
          fiatCurrency: state.fiatCurrency!,
          conversionRate: BigInt(state.conversionRate!),
          chainId: settings.network.chainId,
          orchestrator: settings.network.addresses.OrchestratorV3,
          escrow: (state.escrow ?? settings.network.addresses.EscrowV2) as Address,
          caller: wallet,
        },
        settings.serviceTimeoutMs,
      );
    } catch (err) {
      if (err instanceof ServiceError && err.kind === "refused")
        return failSignal(db, order, `refused by the gating service: ${err.message}`);
      const tries = order.railTries + 1;
      if (tries >= MAX_TRIES) return failSignal(db, order, "the gating service did not answer");
      return setDue(db, order, backoffMs(tries), { railTries: tries });
    }
    let call: { to: Address; data: Hex };
    try {
      call = await signalCalldata(settings, wallet, {
        depositId: BigInt(state.depositId!),
        amount: BigInt(state.amount!),
        to: session!.to as Address,
        processorName: state.processorName!,
        payeeDetails: state.payeeDetails!,
        fiatCurrencyCode: order.fiatCurrency,
        conversionRate: BigInt(state.conversionRate!),
        gatingServiceSignature: gating.signature,
        signatureExpiration: gating.expiration,
        preIntentHookData: gating.preIntentHookData,
        referralFees: gating.referralFees,
      });
    } catch (err) {
      // the node or a service failing may pass; anything else the SDK refuses (an unknown platform
      // or currency, a bad argument) would be refused again, with a new gating signature each time
      if (isTransient(err)) throw err;
      return failSignal(db, order, `the signal could not be prepared: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
    }
    // a revert is caught before gas is spent, and named
    try {
      await chain.simulate(wallet, call.to, call.data);
    } catch (err) {
      const reason = revertReason(err);
      if (!reason) throw err; // not a revert: the RPC failed; try again
      // a gating signature names its second: an intent just like another of this wallet's within the
      // same second (a payer starting again at once) is given the same one, which is spent; ask anew
      if (reason.name === "GatingSignatureAlreadyUsed" && order.railTries + 1 < MAX_TRIES)
        return setDue(db, order, 1_500, { railTries: order.railTries + 1 });
      if (reason.name === "AccountHasActiveIntent") {
        // the chain says this wallet has an intent we do not know of: leave it aside, take another
        logger.warn("taker wallet has an open intent unknown to the service; setting it aside", { wallet });
        await setWalletAside(db, wallet, String(reason.args[1] ?? "unknown"));
        return setDue(db, order, 0, { takerWallet: null });
      }
      return failSignal(db, order, describeRevert(reason));
    }
    await db
      .update(orders)
      .set({ railState: { ...state, signatureExpiration: gating.expiration.toString() } })
      .where(eq(orders.id, order.id));
    tx = await signAndSend(db, chain, order, "signal", wallet, call);
    rail?.tiers.forget(wallet); // its cooldown may start now
    return setDue(db, order, POLL_MS, { railTries: 0 });
  }

  const sent = await track(db, chain, order, tx, settings.confirmations);
  if (sent.state === "waiting") return setDue(db, order, POLL_MS);
  if (sent.state === "reverted")
    return failSignal(db, order, sent.why === "SignatureExpired" ? "the gating signature expired before the signal was mined" : sent.why);
  const signaled = signaledIn(sent.receipt, settings.network.addresses.OrchestratorV3, settings.network.addresses.EscrowV2);
  if (!signaled) return failSignal(db, order, "the signal was mined without an IntentSignaled event");
  await withEvents(db, async (t) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    // cancelled (or expired) while the signal was on its way: the unwind step cancels the intent
    if (!canFire("order", "signalMined", o.status)) {
      await t.update(orders).set({ intentHash: signaled.intentHash, signalTx: tx.hash, railDueAt: new Date() }).where(eq(orders.id, o.id));
      return;
    }
    // the order expires with its intent, or once the payer has had ZKP2P_LOCK_TIMEOUT to pay, if
    // sooner: an abandoned lock is cancelled before Peer counts it against the wallet
    const intentExpiry = signaled.expiryTime ? new Date(Number(signaled.expiryTime) * 1000) : null;
    const lockEnds = new Date(Date.now() + settings.lockTimeoutMs);
    const expiry = intentExpiry && intentExpiry < lockEnds ? intentExpiry : lockEnds;
    o = await transition(t, "order", o, "signalMined", {
      set: {
        intentHash: signaled.intentHash.toLowerCase(),
        signalTx: tx.hash,
        railDueAt: null,
        railTries: 0,
        ...(expiry < o.expiresAt ? { expiresAt: expiry } : {}),
        railState: {
          ...state,
          intentHash: signaled.intentHash,
          intentTimestamp: signaled.timestamp.toString(),
          expiryTime: signaled.expiryTime?.toString(),
          signalBlock: sent.receipt.blockNumber.toString(),
          managerFeeRate: managerFeeIn(sent.receipt.logs, settings.network.addresses.OrchestratorV3, signaled.intentHash).toString(),
        },
      },
    });
    session = await transition(t, "session", session, "orderChanged");
  });
}

export async function failSignal(db: Db, order: OrderRow, reason: string) {
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "signalFailed", o.status)) return;
    o = await transition(t, "order", o, "signalFailed", { set: { failureReason: reason, railDueAt: null } });
    session = await transition(t, "session", session, "orderChanged");
    await emit({ type: "order.failed", session, order: o, error: { code: "SIGNAL_FAILED", message: reason } });
  });
  await releaseWallet(db, order.id);
}
