import { eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import type { Db } from "@/db/client";
import { checkoutSessions, type OrderRow, orders } from "@/db/schema";
import { SYSTEM } from "@/lib/core/actor";
import { withEvents } from "@/lib/events/service";
import { logger } from "@/lib/core/logger";
import { bpsToPercent, usdcFromMicro } from "@/lib/core/money";
import { buyerShareBps, referralShortfall } from "@/lib/rail/fees";
import { signalCalldata } from "@/lib/rail/zkp2p/calldata";
import { type RailChain, storeIntent } from "@/lib/rail/zkp2p/chain";
import { describeRevert, managerFeeIn, revertReason, signaledIn } from "@/lib/rail/zkp2p/protocol";
import { fetchGatingSignature, type GatingSignature, isTransient, ServiceError } from "@/lib/rail/zkp2p/services";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { latestTx, signAndSend, track } from "@/lib/rail/zkp2p/transactions";
import { releaseWallet, setWalletAside, takeWallet, walletFits } from "@/lib/rail/zkp2p/wallets";
import { isPayoutAddressListed } from "@/lib/merchants/payout-addresses";
import { liveRail } from "@/lib/rail";
import { expireIfDue } from "@/lib/sessions/expiry";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { backoffMs, MAX_TRIES, POLL_MS, setDue } from "./due";
import { requoteOrFail, type SignalState } from "./requote";

/**
 * Reverts of the deposit's own (EscrowV2's lock, or V3's checks of the deposit's terms): another
 * maker may take the order, so it is re-quoted (requote.ts) rather than failed.
 */
const DEPOSIT_REVERTS = new Set([
  "DepositNotAcceptingIntents",
  "DepositNotFound",
  "InsufficientDepositLiquidity",
  "MaxIntentsExceeded",
  "AmountAboveMax",
  "AmountBelowMin",
  "AmountExceedsAvailable",
  "RateBelowMinimum",
  "CurrencyNotSupported",
  "CurrencyNotFound",
  "PaymentMethodNotSupported",
  "PaymentMethodNotActive",
  "PaymentMethodNotListed",
  "EscrowLockFailed",
]);

const RECIPIENT_REMOVED = "the payout address was removed from the account's allowed payout addresses before the intent was signalled";

/** Whether the session's recipient is off its account's list now (removed after the session was made). */
async function recipientRemoved(db: Db, order: OrderRow): Promise<boolean> {
  const [session] = await db
    .select({ to: checkoutSessions.recipientAddress })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, order.sessionId));
  return Boolean(session) && !(await isPayoutAddressListed(db, order.merchantId, session!.to));
}

/** SIGNAL_SUBMITTED: takes a wallet, asks the gating signature, sends the signal and follows it until it is confirmed. */
export async function signalStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as SignalState;
  let tx = await latestTx(db, order.id, "signal");
  if (!tx) {
    // an order whose time is over is never signalled: its payer could no longer pay it
    if (await endedBeforeSignal(db, order)) return;
    // nor one whose payout address an owner has taken off the list since the session was made
    if (await recipientRemoved(db, order)) return failSignal(db, order, RECIPIENT_REMOVED);
    // the deposit's own terms, read before anything is asked: an amount it does not take goes to another maker
    const refusal = await depositRefusal(chain, state);
    if (refusal) return requoteOrFail(db, order, state, refusal, failSignal);
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
      .select({
        to: checkoutSessions.recipientAddress,
        checkoutMode: checkoutSessions.checkoutMode,
        feePayer: checkoutSessions.feePayer,
        buyerFeeShareBps: checkoutSessions.buyerFeeShareBps,
      })
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
        return requoteOrFail(db, order, state, `refused by the gating service: ${err.message}`, failSignal);
      const tries = order.railTries + 1;
      if (tries >= MAX_TRIES) return failSignal(db, order, "the gating service did not answer");
      return setDue(db, order, backoffMs(tries), { railTries: tries });
    }
    // the price carries the fees the quote named (the payer's share under PAYEE and SPLIT, the
    // merchant's cost bounded by maxFeePercentage on an exact-fiat session): curator's signature may
    // impose more referral fees than it quoted, and that intent's release would leave the merchant short
    const priced =
      session!.checkoutMode === "exact-fiat" ||
      buyerShareBps({ feePayer: session!.feePayer ?? "MERCHANT", buyerFeeShareBps: session!.buyerFeeShareBps }) > 0n;
    const extra = priced ? referralExcess(state, gating) : null;
    if (extra) return failSignal(db, order, extra);
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
      // the deposit's refusal: another maker may take it
      if (DEPOSIT_REVERTS.has(reason.name))
        return requoteOrFail(db, order, state, `the maker's deposit refused the intent: ${describeRevert(reason)}`, failSignal);
      if (reason.name === "AccountHasActiveIntent") {
        // the chain says this wallet has an intent we do not know of: leave it aside, take another
        logger.warn("taker wallet has an open intent unknown to the service; setting it aside", { wallet });
        await setWalletAside(db, wallet, String(reason.args[1] ?? "unknown"));
        return setDue(db, order, 0, { takerWallet: null });
      }
      return failSignal(db, order, describeRevert(reason));
    }
    // the service calls above may have taken the order past its time, or the address off the list
    if (await endedBeforeSignal(db, order)) return;
    if (await recipientRemoved(db, order)) return failSignal(db, order, RECIPIENT_REMOVED);
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
  // the intent as the orchestrator holds it (its payee is the deposit's, whatever the quote said):
  // what the attestation is asked about (proof.ts), read now so that a proof needs no node
  const held = await chain.intentOf(signaled.intentHash);
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
          onChainIntent: held ? storeIntent(held) : undefined,
        },
      },
    });
    session = await transition(t, "session", session, "orderChanged");
  });
}

/**
 * Whether the order's own time (expiresAt) is over before its signal is sent; if so it is ended and
 * its wallet freed. The session's expiry, if due, expires it (expireIfDue); an order that may not
 * expire while it is being signalled (the order machine expires SIGNAL_MINED orders) fails instead,
 * saying so, and the payer may start again.
 */
async function endedBeforeSignal(db: Db, order: OrderRow): Promise<boolean> {
  if (order.expiresAt > new Date()) return false;
  await expireIfDue(db, order.sessionId);
  const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  if (now?.status === "SIGNAL_SUBMITTED") await failSignal(db, order, "the order's time ran out before its signal could be sent");
  else await releaseWallet(db, order.id);
  return true;
}

/**
 * Why the quoted deposit cannot take the intent, as the escrow holds it now (EscrowV2 getDeposit):
 * not accepting intents, or an amount outside its intent range. Null: it may (its liquidity is the
 * lock's to check: the escrow frees expired intents' funds first).
 */
async function depositRefusal(chain: RailChain, state: SignalState): Promise<string | null> {
  if (!state.escrow || !state.depositId || !state.amount) return null;
  const d = await chain.depositOf(state.escrow, BigInt(state.depositId));
  if (d.depositor === "0x0000000000000000000000000000000000000000") return "the maker's deposit is gone";
  if (!d.acceptingIntents) return "the maker's deposit is not accepting intents";
  const amount = BigInt(state.amount);
  const { min, max } = d.intentAmountRange;
  if (amount < min || amount > max)
    return `the maker's deposit takes intents of ${usdcFromMicro(min)} to ${usdcFromMicro(max)} USDC, not ${usdcFromMicro(amount)}`;
  return null;
}

/**
 * Why the gating signature's referral fees cannot be signalled with: they take more of the intent
 * than the quote the payer's price was made from (null: they do not). A quote kept before its fees
 * were recorded is not checked.
 */
function referralExcess(state: SignalState, gating: GatingSignature): string | null {
  if (state.quotedAmount === undefined || !state.amount) return null;
  const gross = BigInt(state.amount);
  const quote = { quoted: BigInt(state.quotedAmount), referral: BigInt(state.quotedReferralFee ?? "0") };
  const short = referralShortfall(gross, gating.referralFees, quote);
  if (short === 0n) return null;
  // as percentages of the intent: the signature's rates (1e18 = 100 %), the quote's share of its amount
  const signedBps = gating.referralFees.reduce((sum, f) => sum + f.fee, 0n) / 10n ** 14n;
  const quotedBps = quote.quoted > 0n ? (quote.referral * 10_000n + quote.quoted / 2n) / quote.quoted : 0n;
  return (
    `the gating signature carries ${bpsToPercent(Number(signedBps))}% in referral fees where the quote priced in ` +
    `${bpsToPercent(Number(quotedBps))}%: the release would leave the merchant ${usdcFromMicro(short)} USDC short; start again for a new price`
  );
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
