import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Address, type Hex, parseTransaction, type TransactionReceipt } from "viem";
import type { Db } from "@/db/client";
import { chainTxs, type OrderRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { RailChain, type TxState } from "./chain";
import { describeRevert, revertReason } from "./protocol";

// The rail's transactions, as chain_txs keeps them: signed and written down before any node sees
// the bytes, sent again if dropped, replaced with a higher fee if stuck, and read until confirmed.

export type TxRow = typeof chainTxs.$inferSelect;

/** Writes down where a transaction stands: its block once mined, none once a reorg took it out. */
export async function setTxStatus(db: Db, tx: TxRow, status: "confirmed" | "reverted" | "sent", receipt?: TransactionReceipt) {
  await db
    .update(chainTxs)
    .set({ status, blockNumber: receipt?.blockNumber ?? null, blockHash: receipt?.blockHash ?? null, updatedAt: new Date() })
    .where(eq(chainTxs.id, tx.id));
}

export async function latestTx(db: Db, orderId: string, kind: string): Promise<TxRow | null> {
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
export async function signAndSend(
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
export async function follow(db: Db, chain: RailChain, order: OrderRow, tx: TxRow): Promise<TxState> {
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

/** Where a transaction the rail follows stands, once this step has done what it can for it. */
export type Tracked =
  | { state: "waiting" }
  | { state: "reverted"; why: string; receipt: TransactionReceipt }
  | { state: "confirmed"; receipt: TransactionReceipt };

/**
 * Follows a transaction (follow) and reads the verdict once it is mined: reverted (written down,
 * with the contract's reason) at once, confirmed (written down, with its block) once it has
 * `confirmations` blocks on top; waiting until then.
 */
export async function track(db: Db, chain: RailChain, order: OrderRow, tx: TxRow, confirmations: number): Promise<Tracked> {
  const s = await follow(db, chain, order, tx);
  if (s.state !== "mined") return { state: "waiting" };
  if (s.receipt.status === "reverted") {
    await setTxStatus(db, tx, "reverted", s.receipt);
    return { state: "reverted", why: await whyReverted(chain, tx, s.receipt.blockNumber), receipt: s.receipt };
  }
  if (s.confirmations < confirmations) return { state: "waiting" };
  await setTxStatus(db, tx, "confirmed", s.receipt);
  return { state: "confirmed", receipt: s.receipt };
}

/**
 * Whether a confirmed transaction is still in the chain, and succeeded. One that a reorg moved to
 * another block is followed there.
 */
export async function stillConfirmed(db: Db, chain: RailChain, tx: TxRow): Promise<boolean> {
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
