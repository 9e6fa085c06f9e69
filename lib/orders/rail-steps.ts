import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { type Address, formatEther, type Hex, parseTransaction, type TransactionReceipt } from "viem";
import type { Db } from "@/db/client";
import { chainTxs, checkoutSessions, type OrderRow, orders, takerWallets } from "@/db/schema";
import { SYSTEM } from "@/lib/actor";
import { withEvents } from "@/lib/events/service";
import { newId } from "@/lib/ids";
import { jobs } from "@/lib/jobs";
import { errorFields, logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics";
import { liveRail } from "@/lib/payments";
import type { QuotedIntent } from "@/lib/payments/zkp2p-rail";
import { lockSessionAndOrder } from "@/lib/sessions/rows";
import { canFire, transition } from "@/lib/state";
import { cancelCalldata, fulfilCalldata, signalCalldata } from "@/lib/zkp2p/calldata";
import { RailChain, type TxState } from "@/lib/zkp2p/chain";
import { describeRevert, encodeAttestation, fulfilledIn, revertReason, signaledIn } from "@/lib/zkp2p/protocol";
import { fetchGatingSignature, ServiceError } from "@/lib/zkp2p/services";
import type { LiveRailSettings } from "@/lib/zkp2p/settings";
import { recordRelease } from "./release";

// The real rail's on-chain steps of an order, as jobs. The order row says what is due (railDueAt) and
// chain_txs what was signed: a step is claimed by moving railDueAt a lease (ZKP2P_STEP_LEASE) ahead
// (so one process works an order at a time, without holding a lock across network calls), then reads
// the chain, acts, and sets the next due time. Every step can run again after a crash and does the right thing: a signed
// transaction is written down before it is broadcast, and is broadcast again rather than signed anew.

const POLL_MS = 1_000;
/** failed service calls before the order fails: with backoff, about ten minutes */
const MAX_TRIES = 12;

type RailState = Partial<QuotedIntent> & {
  intentHash?: Hex;
  intentTimestamp?: string;
  expiryTime?: string;
  signalBlock?: string;
  attestation?: Record<string, string>;
  signatureExpiration?: string;
};

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

/** Takes an order's due step for this process: null if it is not due or another process has it. */
async function claim(db: Db, orderId: string, leaseMs: number): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ railDueAt: new Date(Date.now() + leaseMs) })
    .where(and(eq(orders.id, orderId), isNotNull(orders.railDueAt), lte(orders.railDueAt, new Date())))
    .returning();
  return row ?? null;
}

async function setDue(db: Db, orderId: string, inMs: number | null, extra: Partial<OrderRow> = {}) {
  await db
    .update(orders)
    .set({ railDueAt: inMs === null ? null : new Date(Date.now() + inMs), ...extra })
    .where(eq(orders.id, orderId));
}

const backoffMs = (tries: number) => Math.min(60_000, 1_000 * 2 ** Math.min(tries, 6));

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
        return await setDue(db, order.id, null);
    }
  } catch (err) {
    // the RPC is down, or something unexpected: the order keeps its place and is tried again later
    const tries = order.railTries + 1;
    logger.warn("rail step failed; retrying", { orderId, status: order.status, tries, ...errorFields(err) });
    await setDue(db, order.id, backoffMs(tries), { railTries: tries });
  }
}

// ------------------------------------------------------------------ wallets

/** The wallets of the settings, present in the table (free) if they were not. */
async function ensureWallets(db: Db, settings: LiveRailSettings) {
  await db
    .insert(takerWallets)
    .values(settings.takerKeys.addresses.map((address) => ({ address: address.toLowerCase() })))
    .onConflictDoNothing();
}

/** A free wallet for the order (the one it holds already, if it holds one), or null: the order waits. */
async function walletFor(db: Db, settings: LiveRailSettings, orderId: string): Promise<Address | null> {
  await ensureWallets(db, settings);
  const held = await db.select({ address: takerWallets.address }).from(takerWallets).where(eq(takerWallets.orderId, orderId));
  if (held[0]) return held[0].address as Address;
  const known = settings.takerKeys.addresses.map((a) => a.toLowerCase());
  const rows = await db.execute<{ address: string }>(sql`
    update ${takerWallets} set order_id = ${orderId}, updated_at = now()
    where address = (
      select address from ${takerWallets}
      where order_id is null and address in (${sql.join(
        known.map((a) => sql`${a}`),
        sql`, `,
      )})
      order by updated_at limit 1 for update skip locked
    )
    returning address`);
  const address = (Array.isArray(rows) ? rows : (rows as { rows: { address: string }[] }).rows)[0]?.address;
  return (address as Address | undefined) ?? null;
}

async function releaseWallet(db: Db, orderId: string) {
  await db.update(takerWallets).set({ orderId: null, updatedAt: new Date() }).where(eq(takerWallets.orderId, orderId));
}

// ------------------------------------------------------------------ transactions

type TxRow = typeof chainTxs.$inferSelect;

/** Writes down where a transaction stands: its block once mined, none once a reorg took it out. */
async function setTxStatus(db: Db, tx: TxRow, status: "confirmed" | "reverted" | "sent", receipt?: TransactionReceipt) {
  await db
    .update(chainTxs)
    .set({ status, blockNumber: receipt?.blockNumber ?? null, blockHash: receipt?.blockHash ?? null, updatedAt: new Date() })
    .where(eq(chainTxs.id, tx.id));
}

async function latestTx(db: Db, orderId: string, kind: string): Promise<TxRow | null> {
  const [row] = await db
    .select()
    .from(chainTxs)
    .where(
      and(
        eq(chainTxs.orderId, orderId),
        eq(chainTxs.kind, kind),
        isNull(sql`(select 1 from ${chainTxs} r where r.replaces = ${chainTxs.id})`),
      ),
    )
    .orderBy(desc(chainTxs.createdAt))
    .limit(1);
  return row ?? null;
}

/** Signs, writes down, then broadcasts: the row exists before any node has seen the bytes. */
async function signAndSend(
  db: Db,
  chain: RailChain,
  order: OrderRow,
  kind: "signal" | "fulfill" | "cancel",
  wallet: Address,
  call: { to: Address; data: Hex },
  opts: { nonce?: number; gas?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; replaces?: string } = {},
): Promise<TxRow> {
  const nonce = opts.nonce ?? (await chain.pendingNonce(wallet));
  const signed = await chain.sign(wallet, {
    ...call,
    nonce,
    gas: opts.gas,
    maxFeePerGas: opts.maxFeePerGas,
    maxPriorityFeePerGas: opts.maxPriorityFeePerGas,
  });
  const [row] = await db
    .insert(chainTxs)
    .values({
      id: newId("ctx"),
      orderId: order.id,
      kind,
      wallet: wallet.toLowerCase(),
      nonce,
      raw: signed.raw,
      hash: signed.hash,
      status: "signed",
      maxFeePerGas: signed.maxFeePerGas.toString(),
      replaces: opts.replaces ?? null,
    })
    .returning();
  return send(db, chain, row!);
}

async function send(db: Db, chain: RailChain, tx: TxRow): Promise<TxRow> {
  await chain.broadcast(tx.raw as Hex);
  const [row] = await db
    .update(chainTxs)
    .set({ status: "sent", sentAt: tx.sentAt ?? new Date(), updatedAt: new Date() })
    .where(eq(chainTxs.id, tx.id))
    .returning();
  return row!;
}

/**
 * Follows a transaction: sends signed bytes that never left, sends again what the node dropped,
 * replaces what is stuck with a higher fee. Returns its state now.
 */
async function follow(db: Db, chain: RailChain, order: OrderRow, tx: TxRow): Promise<TxState> {
  const stuckAfterMs = chain.settings.stuckAfterMs;
  if (tx.status === "signed") tx = await send(db, chain, tx);
  const state = await chain.stateOf(tx.hash as Hex);
  if (state.state === "unknown") {
    await chain.broadcast(tx.raw as Hex);
  } else if (state.state === "pending" && tx.sentAt && Date.now() - tx.sentAt.getTime() > stuckAfterMs) {
    const parsed = parseTransaction(tx.raw as Hex);
    // a replacement must raise both fees (nodes ask 10 %); its gas is the original's, not estimated
    // again (an estimate would run on top of the pending original)
    const bump = (fee: bigint | undefined) => ((fee ?? 0n) * 5n) / 4n + 1n;
    logger.info("rail transaction stuck; replacing it with a higher fee", { orderId: order.id, kind: tx.kind, nonce: tx.nonce });
    const replacement = await signAndSend(
      db,
      chain,
      order,
      tx.kind as "signal",
      tx.wallet as Address,
      { to: parsed.to!, data: parsed.data ?? "0x" },
      {
        nonce: tx.nonce,
        gas: parsed.gas,
        maxFeePerGas: bump(parsed.maxFeePerGas),
        maxPriorityFeePerGas: bump(parsed.maxPriorityFeePerGas),
        replaces: tx.id,
      },
    );
    await db.update(chainTxs).set({ status: "replaced", updatedAt: new Date() }).where(eq(chainTxs.id, tx.id));
    return chain.stateOf(replacement.hash as Hex);
  }
  return state;
}

/** Why a mined transaction reverted: the call replayed at its block, its custom error decoded. */
async function whyReverted(chain: RailChain, tx: TxRow, blockNumber: bigint): Promise<string> {
  const parsed = parseTransaction(tx.raw as Hex);
  try {
    // replayed on the state the block left (a reverted transaction changed nothing), at its time
    await chain.client.call({ account: tx.wallet as Address, to: parsed.to!, data: parsed.data, blockNumber });
    return "reverted";
  } catch (err) {
    return describeRevert(revertReason(err));
  }
}

// ------------------------------------------------------------------ steps

async function signalStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as RailState;
  let tx = await latestTx(db, order.id, "signal");
  if (!tx) {
    const wallet = await walletFor(db, settings, order.id);
    if (!wallet) return setDue(db, order.id, 3_000); // every wallet holds an intent: the order waits its turn
    if (order.takerWallet !== wallet) await db.update(orders).set({ takerWallet: wallet }).where(eq(orders.id, order.id));
    const [session] = await db
      .select({ to: checkoutSessions.recipientAddress })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, order.sessionId));
    let gating;
    try {
      gating = await fetchGatingSignature(settings.apiUrl, {
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
      });
    } catch (err) {
      if (err instanceof ServiceError && err.kind === "refused")
        return failSignal(db, order, `refused by the gating service: ${err.message}`);
      const tries = order.railTries + 1;
      if (tries >= MAX_TRIES) return failSignal(db, order, "the gating service did not answer");
      return setDue(db, order.id, backoffMs(tries), { railTries: tries });
    }
    const call = await signalCalldata(settings, wallet, {
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
    // a revert is caught before gas is spent, and named
    try {
      await chain.simulate(wallet, call.to, call.data);
    } catch (err) {
      const reason = revertReason(err);
      if (!reason) throw err; // not a revert: the RPC failed; try again
      if (reason.name === "AccountHasActiveIntent") {
        // the chain says this wallet has an intent we do not know of: leave it aside, take another
        logger.warn("taker wallet has an open intent unknown to the service; setting it aside", { wallet });
        await db
          .update(takerWallets)
          .set({ orderId: `held:${String(reason.args[1] ?? "unknown")}` })
          .where(eq(takerWallets.address, wallet.toLowerCase()));
        return setDue(db, order.id, 0, { takerWallet: null });
      }
      return failSignal(db, order, describeRevert(reason));
    }
    await db
      .update(orders)
      .set({ railState: { ...state, signatureExpiration: gating.expiration.toString() } })
      .where(eq(orders.id, order.id));
    tx = await signAndSend(db, chain, order, "signal", wallet, call);
    return setDue(db, order.id, POLL_MS, { railTries: 0 });
  }

  const s = await follow(db, chain, order, tx);
  if (s.state !== "mined") return setDue(db, order.id, POLL_MS);
  if (s.receipt.status === "reverted") {
    await db
      .update(chainTxs)
      .set({ status: "reverted", blockNumber: s.receipt.blockNumber, updatedAt: new Date() })
      .where(eq(chainTxs.id, tx.id));
    const why = await whyReverted(chain, tx, s.receipt.blockNumber);
    return failSignal(db, order, why === "SignatureExpired" ? "the gating signature expired before the signal was mined" : why);
  }
  if (s.confirmations < settings.confirmations) return setDue(db, order.id, POLL_MS);
  const signaled = signaledIn(s.receipt, settings.network.addresses.OrchestratorV3, settings.network.addresses.EscrowV2);
  if (!signaled) return failSignal(db, order, "the signal was mined without an IntentSignaled event");
  await setTxStatus(db, tx, "confirmed", s.receipt);
  await withEvents(db, async (t) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    // cancelled (or expired) while the signal was on its way: the unwind step cancels the intent
    if (!canFire("order", "signalMined", o.status)) {
      await t.update(orders).set({ intentHash: signaled.intentHash, signalTx: tx.hash, railDueAt: new Date() }).where(eq(orders.id, o.id));
      return;
    }
    const expiry = signaled.expiryTime ? new Date(Number(signaled.expiryTime) * 1000) : null;
    o = await transition(t, "order", o, "signalMined", {
      set: {
        intentHash: signaled.intentHash.toLowerCase(),
        signalTx: tx.hash,
        railDueAt: null,
        railTries: 0,
        // the order expires with its intent, if that comes first
        ...(expiry && expiry < o.expiresAt ? { expiresAt: expiry } : {}),
        railState: {
          ...state,
          intentHash: signaled.intentHash,
          intentTimestamp: signaled.timestamp.toString(),
          expiryTime: signaled.expiryTime?.toString(),
          signalBlock: s.receipt.blockNumber.toString(),
        },
      },
    });
    session = await transition(t, "session", session, "orderChanged");
  });
}

async function failSignal(db: Db, order: OrderRow, reason: string) {
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "signalFailed", o.status)) return;
    o = await transition(t, "order", o, "signalFailed", { set: { failureReason: reason, railDueAt: null } });
    session = await transition(t, "session", session, "orderChanged");
    await emit({ type: "order.failed", session, order: o, error: { code: "SIGNAL_FAILED", message: reason } });
  });
  await releaseWallet(db, order.id);
}

async function fulfilStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const state = (order.railState ?? {}) as RailState;
  const intentHash = order.intentHash as Hex;
  const wallet = (order.takerWallet ?? settings.takerKeys.addresses[0]) as Address;
  let tx = await latestTx(db, order.id, "fulfill");
  if (!tx) {
    const a = state.attestation!;
    const encoded = encodeAttestation({
      intentHash: a.intentHash as Hex,
      releaseAmount: BigInt(a.releaseAmount!),
      dataHash: a.dataHash as Hex,
      signature: a.signature as Hex,
      signer: a.signer as Address,
      encodedPaymentDetails: a.encodedPaymentDetails as Hex,
      metadata: (a.metadata ?? "0x") as Hex,
    });
    const call = await fulfilCalldata(settings, wallet, { intentHash, ...encoded });
    try {
      await chain.simulate(wallet, call.to, call.data);
    } catch (err) {
      const reason = revertReason(err);
      if (!reason) throw err;
      return settleOrFail(db, chain, settings, order, null, describeRevert(reason));
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
  const s = await follow(db, chain, order, tx);
  if (s.state !== "mined") return setDue(db, order.id, POLL_MS);
  if (s.receipt.status === "reverted") {
    await db
      .update(chainTxs)
      .set({ status: "reverted", blockNumber: s.receipt.blockNumber, updatedAt: new Date() })
      .where(eq(chainTxs.id, tx.id));
    return settleOrFail(db, chain, settings, order, null, await whyReverted(chain, tx, s.receipt.blockNumber));
  }
  if (s.confirmations < settings.confirmations) return setDue(db, order.id, POLL_MS);
  await setTxStatus(db, tx, "confirmed", s.receipt);
  const fulfilled = fulfilledIn(s.receipt.logs, settings.network.addresses.OrchestratorV3, intentHash);
  if (!fulfilled) return settleOrFail(db, chain, settings, order, null, "the release was mined without an IntentFulfilled event");
  return settle(db, order, { txHash: s.receipt.transactionHash, netMicro: fulfilled.amount });
}

/**
 * The release did not go through as sent. Fulfilment is permissionless: if someone else released
 * the intent, the chain has its IntentFulfilled and the order is paid; otherwise it failed.
 */
async function settleOrFail(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow, _tx: TxRow | null, reason: string) {
  const state = (order.railState ?? {}) as RailState;
  const logs = (await chain.fulfilmentLogs(
    order.intentHash as Hex,
    BigInt(state.signalBlock ?? 0),
  )) as unknown as TransactionReceipt["logs"];
  const done = fulfilledIn(logs, settings.network.addresses.OrchestratorV3, order.intentHash as Hex);
  if (done) return settle(db, order, { txHash: logs.find((l) => l.transactionHash)!.transactionHash, netMicro: done.amount });
  await withEvents(db, async (t, emit) => {
    let { session, order: o } = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "fulfilReverted", o.status)) return;
    o = await transition(t, "order", o, "fulfilReverted", { set: { failureReason: reason, railDueAt: null } });
    session = await transition(t, "session", session, "orderChanged");
    await emit({ type: "order.failed", session, order: o, error: { code: "FULFILL_REVERTED", message: reason } });
  });
  // the intent may still be open on-chain: the unwind step cancels it and frees the wallet
  await setDue(db, order.id, 0);
}

async function settle(db: Db, order: OrderRow, release: { txHash: string; netMicro: bigint }) {
  await withEvents(db, async (t, emit) => {
    const rows = await lockSessionAndOrder(t, { sessionId: order.sessionId, orderId: order.id }, SYSTEM);
    if (!canFire("order", "fulfil", rows.order.status)) return;
    await recordRelease(t, emit, rows, release);
  });
  await releaseWallet(db, order.id);
}

/**
 * An order that ended (cancelled, expired, failed) may still hold an intent on-chain, and its wallet:
 * the intent is cancelled (it frees the maker's liquidity) and then the wallet is free again.
 */
async function unwindStep(db: Db, chain: RailChain, settings: LiveRailSettings, order: OrderRow) {
  const signal = await latestTx(db, order.id, "signal");
  if (signal && signal.status !== "confirmed" && signal.status !== "reverted") {
    const s = await follow(db, chain, order, signal);
    if (s.state !== "mined") return setDue(db, order.id, POLL_MS); // it may still lock funds: wait for it
  }
  const intentHash = order.intentHash as Hex | null;
  const intent = intentHash ? await chain.intentOf(intentHash) : null;
  const wallet = order.takerWallet as Address | null;
  if (!intent || !wallet) {
    await releaseWallet(db, order.id);
    return setDue(db, order.id, null);
  }
  let cancel = await latestTx(db, order.id, "cancel");
  if (!cancel) {
    const call = await cancelCalldata(settings, wallet, intentHash!);
    cancel = await signAndSend(db, chain, order, "cancel", wallet, call);
    return setDue(db, order.id, POLL_MS);
  }
  const s = await follow(db, chain, order, cancel);
  if (s.state !== "mined" || s.confirmations < settings.confirmations) return setDue(db, order.id, POLL_MS);
  await db
    .update(chainTxs)
    .set({ status: s.receipt.status === "success" ? "confirmed" : "reverted", updatedAt: new Date() })
    .where(eq(chainTxs.id, cancel.id));
  await releaseWallet(db, order.id);
  return setDue(db, order.id, null);
}

/** What `npm run admin -- wallets` shows: each taker wallet, its balance, nonce and order. */
export async function walletReport(db: Db) {
  const rail = liveRail();
  if (!rail) return null;
  await ensureWallets(db, rail.settings);
  const chain = new RailChain(rail.settings);
  const rows = await db
    .select()
    .from(takerWallets)
    .where(
      inArray(
        takerWallets.address,
        rail.settings.takerKeys.addresses.map((a) => a.toLowerCase()),
      ),
    );
  return Promise.all(
    rows.map(async (w) => {
      const [balance, nonce] = await Promise.all([
        chain.client.getBalance({ address: w.address as Address }),
        chain.pendingNonce(w.address as Address),
      ]);
      return { address: w.address, balanceWei: balance, low: balance < rail.settings.minWalletWei, nonce, orderId: w.orderId };
    }),
  );
}

/** After a commit that made rail work due: hints for it. */
export const railDue = (ids: string[]) => ids.forEach((id) => jobs.railDue(id));

// ------------------------------------------------------------------ reconciler

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
    .where(and(inArray(orders.status, ["SIGNAL_MINED", "PAYMENT_SENT"]), isNotNull(orders.intentHash), isNotNull(orders.takerWallet)))
    .limit(200);
  const chain = new RailChain(rail.settings);
  let healed = 0;
  for (const order of open) {
    try {
      // a reorg deeper than the confirmations may have taken the signal out: then the intent is not
      // gone for good, it is waiting to be mined again
      const signal = await latestTx(db, order.id, "signal");
      if (signal?.status === "confirmed" && !(await stillConfirmed(db, chain, signal))) {
        await signalReorged(db, order, signal);
        healed++;
        continue;
      }
      if (await chain.intentOf(order.intentHash as Hex)) continue;
      const state = (order.railState ?? {}) as RailState;
      const logs = (await chain.fulfilmentLogs(
        order.intentHash as Hex,
        BigInt(state.signalBlock ?? 0),
      )) as unknown as TransactionReceipt["logs"];
      const done = fulfilledIn(logs, rail.settings.network.addresses.OrchestratorV3, order.intentHash as Hex);
      if (done) {
        await settle(db, order, { txHash: logs.find((l) => l.transactionHash)!.transactionHash, netMicro: done.amount });
      } else {
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

// ------------------------------------------------------------------ reorgs

/** How long a confirmed release is watched for a reorg deeper than its confirmations (Base's L1 finality is about 20 minutes). */
const REORG_WATCH_MS = 60 * 60_000;

/**
 * Whether a confirmed transaction is still in the chain, and succeeded. One that a reorg moved to
 * another block is followed there.
 */
async function stillConfirmed(db: Db, chain: RailChain, tx: TxRow): Promise<boolean> {
  const s = await chain.stateOf(tx.hash as Hex);
  if (s.state !== "mined" || s.receipt.status !== "success") return false;
  if (s.receipt.blockHash !== tx.blockHash) {
    await db
      .update(chainTxs)
      .set({ blockNumber: s.receipt.blockNumber, blockHash: s.receipt.blockHash, updatedAt: new Date() })
      .where(eq(chainTxs.id, tx.id));
  }
  return true;
}

/**
 * A reorg took a confirmed signal out of the chain: the order moves back to SIGNAL_SUBMITTED (the
 * payee is not shown while there is no intent to pay into) and its signal step sends the same bytes
 * again; mined again, the order carries on with the intent the chain now has.
 */
async function signalReorged(db: Db, order: OrderRow, signal: TxRow) {
  await setTxStatus(db, signal, "sent");
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
        await setTxStatus(db, tx, "sent");
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
      await setTxStatus(db, tx, s.receipt.status === "success" ? "confirmed" : "reverted", s.receipt);
      healed++;
    } catch (err) {
      logger.warn("watching a release failed", { orderId: tx.orderId, ...errorFields(err) });
    }
  }
  return healed;
}

// ------------------------------------------------------------------ wallet balances

const WARN_EVERY_MS = 10 * 60_000;
const lastWarned = new Map<string, number>();

/**
 * Logs a warning (at most every ten minutes per wallet) for each taker wallet whose ETH is below
 * ZKP2P_MIN_WALLET_ETH: a wallet without gas cannot signal, release or cancel. Returns the low ones.
 */
export async function warnLowWallets(settings: LiveRailSettings, now = Date.now()): Promise<Address[]> {
  const chain = new RailChain(settings);
  const low: Address[] = [];
  for (const address of settings.takerKeys.addresses) {
    const balance = await chain.client.getBalance({ address });
    metrics().walletBalance(address.toLowerCase(), Number(formatEther(balance)), Number(formatEther(settings.minWalletWei)));
    if (balance >= settings.minWalletWei) continue;
    low.push(address);
    if (now - (lastWarned.get(address) ?? -Infinity) < WARN_EVERY_MS) continue;
    lastWarned.set(address, now);
    logger.warn("taker wallet is low on ETH: fund it, or it cannot send the rail's transactions", {
      wallet: address,
      balanceWei: balance.toString(),
      thresholdWei: settings.minWalletWei.toString(),
    });
  }
  return low;
}
