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
import { type ChainRelease, recordRelease } from "../release";
import { POLL_MS, type RailState, setDue } from "./due";

/** PROOF_VERIFIED, FULFILL_SUBMITTED: sends the release with the attestation and follows it until it is confirmed. */
export async function fulfilStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as RailState;
  const intentHash = order.intentHash as Hex;
  const wallet = (order.takerWallet ?? settings.takerKeys.addresses[0]) as Address;
  let tx = await latestTx(db, order.id, "fulfill");
  if (!tx) {
    const encoded = encodeStoredAttestation(state.attestation!);
    const call = await fulfilCalldata(settings, wallet, { intentHash, ...encoded });
    try {
      await chain.simulate(wallet, call.to, call.data);
    } catch (err) {
      const reason = revertReason(err);
      if (!reason) throw err;
      return settleOrFail(db, chain, settings, order, describeRevert(reason));
    }
    tx = await signAndSend(db, chain, order, "fulfill", wallet, call);
    await withEvents(db, async (t) => {
      let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
      if (!canFire("order", "fulfilSubmitted", o.status)) return;
      o = await transition(t, "order", o, "fulfilSubmitted", { set: { railDueAt: new Date(Date.now() + POLL_MS) } });
      session = await transition(t, "session", session, "orderChanged");
    });
    return;
  }
  const sent = await track(db, chain, order, tx, settings.confirmations);
  if (sent.state === "waiting") return setDue(db, order, POLL_MS);
  if (sent.state === "reverted") return settleOrFail(db, chain, settings, order, sent.why);
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
  if (!released) return settleOrFail(db, chain, settings, order, "the release was mined without an IntentFulfilled event");
  return settle(db, order, { txHash: sent.receipt.transactionHash, chain: released });
}

/**
 * Whether the chain has a release of the order's intent that we did not see (fulfilment is
 * permissionless: anyone may send it). "settled": it has ZKP2P_CONFIRMATIONS blocks on top, and the
 * order is settled with what it moved; its transaction is written down (kind fulfill) so the release
 * watch follows it through reorgs as it follows ours. "pending": mined, not yet confirmed enough to
 * act on. "none": no release.
 */
export async function settledOnChain(
  db: Db,
  chain: RailChain,
  settings: LiveRailSettings,
  order: OrderRow,
): Promise<"settled" | "pending" | "none"> {
  const state = (order.railState ?? {}) as RailState;
  const logs = (await chain.fulfilmentLogs(
    order.intentHash as Hex,
    BigInt(state.signalBlock ?? 0),
  )) as unknown as TransactionReceipt["logs"];
  const orchestrator = settings.network.addresses.OrchestratorV3;
  if (!fulfilledIn(logs, orchestrator, order.intentHash as Hex)) return "none";
  const log = logs.find((l) => l.transactionHash)!;
  const head = await chain.client.getBlockNumber();
  if (log.blockNumber === null || head - log.blockNumber < BigInt(settings.confirmations)) return "pending";
  const rates = { managerRate: BigInt(state.managerFeeRate ?? 0), protocolRate: await chain.protocolFee() };
  const released = releaseIn(logs, orchestrator, order.intentHash as Hex, rates)!;
  await recordObserved(db, chain, order.id, log.transactionHash!);
  await settle(db, order, { txHash: log.transactionHash!, chain: released });
  return "settled";
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
 * the intent, the chain has its IntentFulfilled and the order is paid; otherwise it failed.
 */
async function settleOrFail(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow, reason: string) {
  const other = await settledOnChain(db, chain, settings, order);
  if (other === "settled") return;
  if (other === "pending") return setDue(db, order, POLL_MS); // acted on once it is confirmed
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "fulfilReverted", o.status)) return;
    o = await transition(t, "order", o, "fulfilReverted", { set: { failureReason: reason, railDueAt: null } });
    session = await transition(t, "session", session, "orderChanged");
    await emit({ type: "order.failed", session, order: o, error: { code: "FULFILL_REVERTED", message: reason } });
  });
  // the intent may still be open on-chain: the unwind step cancels it and frees the wallet
  await setDue(db, order, 0);
}

export async function settle(db: Db, order: OrderRow, release: { txHash: string; chain: ChainRelease }) {
  await withEvents(db, async (t, emit) => {
    const rows = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "fulfil", rows.order.status)) return;
    await recordRelease(t, emit, rows, release);
  });
  await releaseWallet(db, order.id);
}
