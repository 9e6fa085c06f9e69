import { eq } from "drizzle-orm";
import { type Address, type Hex, serializeTransaction, type TransactionReceipt, type TransactionSerializable } from "viem";
import type { Db } from "@/db/client";
import { chainTxs, type OrderRow } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { SYSTEM } from "@/lib/core/actor";
import { withEvents } from "@/lib/events/service";
import { fulfilCalldata } from "@/lib/rail/zkp2p/calldata";
import type { RailChain } from "@/lib/rail/zkp2p/chain";
import { describeRevert, encodeStoredAttestation, fulfilledIn, releaseIn, revertReason } from "@/lib/rail/zkp2p/protocol";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { latestTx, signAndSend, track } from "@/lib/rail/zkp2p/transactions";
import { releaseWallet } from "@/lib/rail/zkp2p/wallets";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { detailsOf, openException } from "@/lib/exceptions/service";
import { usdcFromMicro } from "@/lib/core/money";
import { logger } from "@/lib/core/logger";
import { blockedRetryMs, type ReleaseVerdict, releaseVerdict } from "@/lib/rail/zkp2p/release-verdict";
import { type ChainRelease, recordRelease } from "../release";
import { POLL_MS, type RailState, setDue } from "./due";

/**
 * PROOF_VERIFIED, FULFILL_SUBMITTED: sends the release with the attestation and follows it until it is
 * confirmed. A release the chain refuses is judged by releaseVerdict: only a revert proving the payment
 * is not this intent's ends the order; a blocked one (a paused orchestrator, a hook) is tried again.
 */
export async function fulfilStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as RailState;
  const intentHash = order.intentHash as Hex;
  const wallet = (order.takerWallet ?? settings.takerKeys.addresses[0]) as Address;
  let tx = await latestTx(db, order.id, "fulfill");
  // a release that reverted while blocked is sent anew once the chain takes it (a simulation says so first)
  if (!tx || (tx.status === "reverted" && order.status === "PROOF_VERIFIED")) {
    const encoded = encodeStoredAttestation(state.attestation!);
    const call = await fulfilCalldata(settings, wallet, { intentHash, ...encoded });
    try {
      await chain.simulate(wallet, call.to, call.data);
    } catch (err) {
      const reason = revertReason(err);
      if (!reason) throw err;
      return refused(db, chain, settings, order, describeRevert(reason));
    }
    tx = await signAndSend(db, chain, order, "fulfill", wallet, call);
    await withEvents(db, async (t) => {
      let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
      if (!canFire("order", "fulfilSubmitted", o.status)) return;
      o = await transition(t, "order", o, "fulfilSubmitted", { set: { railDueAt: new Date(Date.now() + POLL_MS), railTries: 0 } });
      session = await transition(t, "session", session, "orderChanged");
    });
    return;
  }
  const sent = await track(db, chain, order, tx, settings.confirmations);
  if (sent.state === "waiting") return setDue(db, order, POLL_MS);
  if (sent.state === "reverted") return refused(db, chain, settings, order, sent.why);
  // our release: its gross is the attested amount, capped at the intent's (as the orchestrator caps it)
  const attested = BigInt(state.attestation?.releaseAmount ?? state.amount ?? order.tokenAmountMicro);
  const intentAmount = BigInt(state.amount ?? order.tokenAmountMicro);
  const released = releaseIn(
    sent.receipt.logs,
    settings.network.addresses.OrchestratorV3,
    intentHash,
    { managerRate: BigInt(state.managerFeeRate ?? 0), protocolRate: 0n },
    attested < intentAmount ? attested : intentAmount,
  );
  if (!released) return refused(db, chain, settings, order, "the release was mined without an IntentFulfilled event");
  return settle(db, order, { txHash: sent.receipt.transactionHash, chain: released });
}

/**
 * A release of the order's intent on the chain, whoever sent it: "none", "pending" (mined, not yet
 * ZKP2P_CONFIRMATIONS deep, so not acted on), or confirmed with what it moved; a confirmed one is
 * written down (kind fulfill) so the release watch follows it through reorgs as it follows ours.
 */
async function confirmedRelease(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as RailState;
  const hash = order.intentHash as Hex;
  const logs = (await chain.fulfilmentLogs(hash, BigInt(state.signalBlock ?? 0))) as unknown as TransactionReceipt["logs"];
  const orchestrator = settings.network.addresses.OrchestratorV3;
  if (!fulfilledIn(logs, orchestrator, hash)) return "none" as const;
  const log = logs.find((l) => l.transactionHash)!;
  const head = await chain.client.getBlockNumber();
  if (log.blockNumber === null || head - log.blockNumber < BigInt(settings.confirmations)) return "pending" as const;
  const rates = { managerRate: BigInt(state.managerFeeRate ?? 0), protocolRate: await chain.protocolFee() };
  const released = releaseIn(logs, orchestrator, hash, rates)!;
  await recordObserved(db, chain, order.id, log.transactionHash!);
  return { txHash: log.transactionHash!, released };
}

/**
 * Whether the chain has a release of the order's intent that we did not see (fulfilment is
 * permissionless: anyone may send it). "settled": it has ZKP2P_CONFIRMATIONS blocks on top, and the
 * order is settled with what it moved. "pending": mined, not yet confirmed enough to act on. "none":
 * no release.
 */
export async function settledOnChain(
  db: Db,
  chain: RailChain,
  settings: LiveRailSettings,
  order: OrderRow,
): Promise<"settled" | "pending" | "none"> {
  const found = await confirmedRelease(db, chain, settings, order);
  if (typeof found === "string") return found;
  await settle(db, order, { txHash: found.txHash, chain: found.released });
  return "settled";
}

/**
 * A release of the intent of an order that had already ended (the maker's manual release, a late
 * proof, a release that raced our cancel): the USDC reached the merchant, but the order's story was
 * over, so the session gets an exception (PAID_LATE) with the release, for a person to resolve.
 * "pending": mined, not yet confirmed enough to act on; "none": no release.
 */
export async function lateRelease(
  db: Db,
  chain: RailChain,
  settings: LiveRailSettings,
  order: OrderRow,
): Promise<"recorded" | "pending" | "none"> {
  const found = await confirmedRelease(db, chain, settings, order);
  if (typeof found === "string") return found;
  const { txHash, released } = found;
  await withEvents(db, async (t, emit) => {
    const { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (o.status === "FULFILLED") return;
    const why = `USDC ${usdcFromMicro(released.netMicro)} was released to the merchant${released.fulfilled.manual ? " by the maker" : ""} after the order had ended (${o.status})`;
    await openException(t, emit, {
      session,
      order: o,
      kind: "PAID_LATE",
      details: detailsOf(o, why, { txHash, amountUsdc: usdcFromMicro(released.netMicro) }),
    });
  });
  return "recorded";
}

/**
 * Writes down a release someone else sent, with its signed bytes rebuilt from the node's copy, so a
 * reorg that takes it out finds bytes to send again (as for ours). Once only (the hash is unique).
 */
async function recordObserved(db: Db, chain: RailChain, orderId: string, hash: Hex) {
  const [known] = await db.select({ id: chainTxs.id }).from(chainTxs).where(eq(chainTxs.hash, hash.toLowerCase()));
  if (known) return;
  const [tx, receipt] = await Promise.all([chain.client.getTransaction({ hash }), chain.client.getTransactionReceipt({ hash })]);
  let raw: Hex = "0x";
  try {
    raw = serializeTransaction(tx as TransactionSerializable, { r: tx.r, s: tx.s, yParity: tx.yParity ?? 0 });
  } catch {
    // a transaction type viem cannot serialize: it is watched, but cannot be sent again
  }
  await db
    .insert(chainTxs)
    .values({
      id: newId("ctx"),
      orderId,
      kind: "fulfill",
      wallet: tx.from.toLowerCase(),
      nonce: tx.nonce,
      raw,
      hash: hash.toLowerCase(),
      status: "confirmed",
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      error: "sent by another party",
      sentAt: new Date(),
    })
    .onConflictDoNothing();
}

/**
 * The release did not go through as sent. Fulfilment is permissionless: if someone else released
 * the intent, the chain has its IntentFulfilled and the order is paid. Otherwise the revert and the
 * chain's state say what it means (releaseVerdict): the order ends only when the payment proven is
 * not this intent's, or the intent is gone; a blocked release keeps the intent, is tried again, and
 * opens an exception (once); an attestation made for another snapshot of the intent is proven anew.
 */
async function refused(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow, reason: string) {
  const other = await settledOnChain(db, chain, settings, order);
  if (other === "settled") return;
  if (other === "pending") return setDue(db, order, POLL_MS); // acted on once it is confirmed
  const paused = await chain.paused().catch(() => null);
  const verdict = releaseVerdict(reason, paused);
  if (verdict.kind === "blocked") return blocked(db, order, verdict);
  if (verdict.kind === "reprove") return reprove(db, order, verdict.reason);
  // the payment is not this intent's (the intent is then cancelled by the unwind step), or the intent is gone
  const definitive = verdict.kind === "not-this-intent";
  const why = definitive
    ? `the chain refused the payment as not this order's (${reason}): it was used for another payment, or made on another method`
    : "the intent is gone on-chain without a release: only the maker can release it now";
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "fulfilReverted", o.status)) return;
    const state = { ...((o.railState ?? {}) as RailState), ...(definitive ? { notThisIntent: true } : {}) };
    o = await transition(t, "order", o, "fulfilReverted", { set: { failureReason: reason, railDueAt: null, railState: state } });
    session = await transition(t, "session", session, "orderChanged");
    await emit({
      type: "order.failed",
      session,
      order: o,
      error: { code: definitive ? "FULFILL_REVERTED" : "INTENT_GONE", message: reason },
    });
    // the payer proved a payment the chain will not release for this order: a person must look
    await openException(t, emit, { session, order: o, kind: "PAID_UNPROVEN", details: detailsOf(o, why) });
  });
  // the intent may still be open on-chain: the unwind step cancels it (only when the payment is not this intent's) and frees the wallet
  await setDue(db, order, 0);
}

/**
 * A proven release the chain refuses for now: the order stays PROOF_VERIFIED (shown as blocked, with an
 * exception opened once and a person alerted), and the release is tried again later: every 30 s while
 * the orchestrator is paused, else backing off to ten minutes. Nothing is cancelled.
 */
async function blocked(db: Db, order: OrderRow, verdict: Extract<ReleaseVerdict, { kind: "blocked" }>) {
  const tries = order.railTries + 1;
  const inMs = blockedRetryMs(verdict, order.railTries);
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "releaseBlocked", o.status)) return;
    const state = o.railState as RailState;
    const since = state.blocked?.since ?? new Date().toISOString();
    o = await transition(t, "order", o, "releaseBlocked", {
      set: { railState: { ...state, blocked: { reason: verdict.reason, since, paused: verdict.paused } }, failureReason: null },
    });
    const why = verdict.paused
      ? "the payment is proven, and ZKP2P's orchestrator is paused: the release is sent once it is unpaused"
      : `the payment is proven, and the chain refuses the release for now (${verdict.reason}): it is tried again`;
    const opened = await openException(t, emit, { session, order: o, kind: "RELEASE_BLOCKED", details: detailsOf(o, why) });
    session = opened.session;
    if (opened.opened)
      logger.error("a proven release is blocked: the order is kept and retried (npm run admin -- blocked-releases)", {
        orderId: o.id,
        intentHash: o.intentHash,
        reason: verdict.reason,
        paused: verdict.paused,
      });
  });
  await setDue(db, order, inMs, { railTries: tries });
}

/**
 * The chain refused the attestation as made for another snapshot of the intent (or under a witness
 * it no longer trusts): the order goes back to PAYMENT_SENT, so a new proof is attested against the
 * intent as the chain holds it; an exception says so. Nothing is cancelled.
 */
async function reprove(db: Db, order: OrderRow, reason: string) {
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "reprove", o.status)) return;
    const state = { ...(o.railState as RailState) };
    delete state.attestation;
    o = await transition(t, "order", o, "reprove", { set: { railState: state, railDueAt: null, failureReason: reason } });
    session = await transition(t, "session", session, "orderChanged");
    const why = `the chain refused the payment's attestation (${reason}): the payment is to be proven again`;
    await openException(t, emit, { session, order: o, kind: "RELEASE_BLOCKED", details: detailsOf(o, why) });
    logger.error("a proven release was refused as attested for another snapshot of the intent; the payer is asked to prove again", {
      orderId: o.id,
      reason,
    });
  });
}

export async function settle(db: Db, order: OrderRow, release: { txHash: string; chain: ChainRelease }) {
  await withEvents(db, async (t, emit) => {
    const rows = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "fulfil", rows.order.status)) return;
    await recordRelease(t, emit, rows, release);
  });
  await releaseWallet(db, order.id);
}
