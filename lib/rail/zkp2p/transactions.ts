import { and, desc, eq, inArray, max, ne, sql } from "drizzle-orm";
import { type Address, type Hex, parseTransaction, type TransactionReceipt } from "viem";
import type { Db } from "@/db/client";
import { chainTxs, type OrderRow, orders } from "@/db/schema";
import { isUniqueViolation } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { logger } from "@/lib/core/logger";
import { CHAIN_TX, type ChainTxTrigger } from "@/lib/state/machines";
import { RailChain, type TxState } from "./chain";
import { describeRevert, revertReason } from "./protocol";

// The rail's transactions, as chain_txs keeps them: signed and written down before any node sees
// the bytes, sent again if dropped, replaced with a higher fee if stuck, and read until confirmed.

export type TxRow = typeof chainTxs.$inferSelect;

/**
 * Moves a transaction's row by a trigger of its machine (CHAIN_TX, lib/state/machines.ts), in one
 * conditional UPDATE: only from a status the trigger allows. Returns the row as it now stands. A row
 * already where the trigger leads is left as it is (another process wrote the same verdict first);
 * any other refusal changes nothing and is logged as an error: the journal would disagree with the
 * moves it allows.
 */
export async function moveTx(
  db: Db,
  tx: Pick<TxRow, "id" | "orderId" | "kind" | "hash">,
  trigger: ChainTxTrigger,
  set: Partial<Pick<TxRow, "sentAt" | "blockNumber" | "blockHash">> = {},
): Promise<TxRow> {
  const rule = CHAIN_TX.triggers[trigger];
  const [moved] = await db
    .update(chainTxs)
    .set({ ...set, status: rule.to, updatedAt: new Date() })
    .where(and(eq(chainTxs.id, tx.id), inArray(chainTxs.status, [...rule.from])))
    .returning();
  if (moved) return moved;
  const [row] = await db.select().from(chainTxs).where(eq(chainTxs.id, tx.id));
  if (!row) throw new Error(`rail transaction ${tx.id} is not written down`);
  if (row.status !== rule.to)
    logger.error("a rail transaction's row refused a move its status does not allow", {
      orderId: tx.orderId,
      kind: tx.kind,
      tx: tx.hash,
      trigger,
      status: row.status,
    });
  return row;
}

/** Writes down the chain's word on a transaction: its block once mined (mine, confirm, revert), none once a reorg took it out. */
export async function recordOnChain(
  db: Db,
  tx: Pick<TxRow, "id" | "orderId" | "kind" | "hash">,
  trigger: "mine" | "confirm" | "revert" | "reorg",
  receipt?: TransactionReceipt,
): Promise<TxRow> {
  return moveTx(db, tx, trigger, { blockNumber: receipt?.blockNumber ?? null, blockHash: receipt?.blockHash ?? null });
}

export async function latestTx(db: Db, orderId: string, kind: string): Promise<TxRow | null> {
  const [row] = await db
    .select()
    .from(chainTxs)
    .where(
      and(
        eq(chainTxs.orderId, orderId),
        eq(chainTxs.kind, kind),
        ne(chainTxs.status, "dropped"),
        sql`not exists (select 1 from ${chainTxs} r where r.replaces = ${chainTxs.id} and r.status <> 'dropped')`,
      ),
    )
    .orderBy(desc(chainTxs.createdAt))
    .limit(1);
  return row ?? null;
}

/** The step lost its order to another process (its lease ended and was taken over): it records and sends nothing. */
export class LeaseLost extends Error {
  constructor(orderId: string) {
    super(`another process holds the rail step of order ${orderId}`);
    this.name = "LeaseLost";
  }
}

/**
 * The nonce for a wallet's next transaction: the node's pending count, or past every nonce we have
 * written down for it if that is higher (a transaction signed and recorded that no node has seen yet).
 */
async function nextNonce(db: Db, chain: RailChain, wallet: Address): Promise<number> {
  const [pending, [ours]] = await Promise.all([
    chain.pendingNonce(wallet),
    db
      .select({ n: max(chainTxs.nonce) })
      .from(chainTxs)
      .where(eq(chainTxs.wallet, wallet.toLowerCase())),
  ]);
  return Math.max(pending, ours?.n === null || ours?.n === undefined ? 0 : ours.n + 1);
}

/** Fees for a new transaction: the node's estimate (twice the base fee), never above ZKP2P_MAX_FEE_GWEI. */
async function cappedFees(chain: RailChain): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const fees = await chain.client.estimateFeesPerGas();
  const ceiling = chain.settings.maxFeePerGasWei;
  const maxFeePerGas = fees.maxFeePerGas * 2n > ceiling ? ceiling : fees.maxFeePerGas * 2n;
  if (fees.maxFeePerGas > ceiling)
    logger.error("the network's fee is above ZKP2P_MAX_FEE_GWEI: the rail's transactions wait at the ceiling", {
      estimateWei: fees.maxFeePerGas.toString(),
      ceilingWei: ceiling.toString(),
    });
  return { maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : fees.maxPriorityFeePerGas };
}

/**
 * Signs, writes down, then broadcasts: the row exists before any node has seen the bytes. It is
 * written only while the step still holds the order (its fencing token, checked under the order's row
 * lock, so a takeover waits for the write and then sees the transaction), and only with a nonce no
 * other transaction of ours has (chain_txs_wallet_nonce_key): a step that lost its lease, or a second
 * process with the same wallet, sends nothing.
 */
export async function signAndSend(
  db: Db,
  chain: RailChain,
  order: Pick<OrderRow, "id" | "railLease">,
  kind: "signal" | "fulfill" | "cancel",
  wallet: Address,
  call: { to: Address; data: Hex },
  opts: { nonce?: number; gas?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; replaces?: string } = {},
): Promise<TxRow> {
  const fees =
    opts.maxFeePerGas !== undefined && opts.maxPriorityFeePerGas !== undefined
      ? { maxFeePerGas: opts.maxFeePerGas, maxPriorityFeePerGas: opts.maxPriorityFeePerGas }
      : await cappedFees(chain);
  for (let attempt = 0; ; attempt++) {
    const nonce = opts.nonce ?? (await nextNonce(db, chain, wallet));
    const signed = await chain.sign(wallet, { ...call, nonce, gas: opts.gas, ...fees });
    try {
      const row = await db.transaction(async (t) => {
        const [held] = await t
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, order.id), ...(order.railLease === null ? [] : [eq(orders.railLease, order.railLease)])))
          .for("update");
        if (!held) throw new LeaseLost(order.id);
        const [inserted] = await t
          .insert(chainTxs)
          .values({
            id: newId("ctx"),
            orderId: order.id,
            kind,
            wallet: wallet.toLowerCase(),
            nonce,
            raw: signed.raw,
            hash: signed.hash,
            status: CHAIN_TX.initial,
            maxFeePerGas: signed.maxFeePerGas.toString(),
            replaces: opts.replaces ?? null,
          })
          .returning();
        return inserted!;
      });
      return send(db, chain, row);
    } catch (err) {
      // another transaction of ours took the nonce since it was read: sign again with the next one
      if (opts.nonce === undefined && attempt < 3 && isUniqueViolation(err, "chain_txs_wallet_nonce_key")) continue;
      throw err;
    }
  }
}

async function send(db: Db, chain: RailChain, tx: TxRow): Promise<TxRow> {
  const outcome = await chain.broadcast(tx.raw as Hex);
  const row = await moveTx(db, tx, "broadcast", { sentAt: tx.sentAt ?? new Date() });
  // the nonce is used: by this transaction (then it has a receipt) or another, which decides
  return outcome === "nonce-used" ? { ...row, status: "nonce-used" } : row;
}

/**
 * Follows a transaction: sends signed bytes that never left, sends again what the node dropped,
 * replaces what is stuck with a higher fee (up to ZKP2P_MAX_FEE_GWEI and ZKP2P_MAX_REPLACEMENTS; past
 * them it waits, and the operator is alerted). Returns its state now, and the row that state is of: a
 * replaced original mined before its replacement is the one the chain has.
 */
export async function follow(db: Db, chain: RailChain, order: Pick<OrderRow, "id" | "railLease">, tx: TxRow): Promise<Followed> {
  const stuckAfterMs = chain.settings.stuckAfterMs;
  if (tx.status === "signed") {
    tx = await send(db, chain, tx);
    if (tx.status === "nonce-used") return nonceUsed(db, chain, tx);
  }
  const state = await chain.stateOf(tx.hash as Hex);
  if (state.state === "unknown") {
    if ((await chain.broadcast(tx.raw as Hex)) === "nonce-used") return nonceUsed(db, chain, tx);
  } else if (state.state === "pending" && tx.sentAt && Date.now() - tx.sentAt.getTime() > stuckAfterMs) {
    const parsed = parseTransaction(tx.raw as Hex);
    // a replacement must raise both fees (nodes ask 10 %); its gas is the original's, not estimated
    // again (an estimate would run on top of the pending original)
    const bump = (fee: bigint | undefined) => ((fee ?? 0n) * 5n) / 4n + 1n;
    const maxFeePerGas = bump(parsed.maxFeePerGas);
    const replaced = await replacementsOf(db, tx);
    if (maxFeePerGas > chain.settings.maxFeePerGasWei || replaced >= chain.settings.maxReplacements) {
      warnStuck(
        tx,
        maxFeePerGas > chain.settings.maxFeePerGasWei ? "its fee is at ZKP2P_MAX_FEE_GWEI" : "it was replaced ZKP2P_MAX_REPLACEMENTS times",
      );
      return { ...state, tx };
    }
    logger.info("rail transaction stuck; replacing it with a higher fee", { orderId: order.id, kind: tx.kind, nonce: tx.nonce });
    const replacement = await signAndSend(
      db,
      chain,
      order,
      tx.kind as "signal",
      tx.wallet as Address,
      { to: parsed.to!, data: parsed.data ?? "0x" },
      { nonce: tx.nonce, gas: parsed.gas, maxFeePerGas, maxPriorityFeePerGas: bump(parsed.maxPriorityFeePerGas), replaces: tx.id },
    );
    await moveTx(db, tx, "replace");
    if (replacement.status === "nonce-used") return nonceUsed(db, chain, replacement);
    return { ...(await chain.stateOf(replacement.hash as Hex)), tx: replacement };
  }
  return { ...state, tx };
}

export type Followed = TxState & { tx: TxRow };

/** How many replacements stand before this transaction (its original's, its original's original…). */
async function replacementsOf(db: Db, tx: TxRow): Promise<number> {
  const rows = await db
    .select({ id: chainTxs.id })
    .from(chainTxs)
    .where(and(eq(chainTxs.wallet, tx.wallet), eq(chainTxs.nonce, tx.nonce), eq(chainTxs.orderId, tx.orderId)));
  return rows.length - 1;
}

const lastStuckWarning = new Map<string, number>();
/** A transaction that no more gas will be spent on: an error in the logs (once a minute each), and the oldest-unconfirmed metric rises. */
function warnStuck(tx: TxRow, why: string) {
  const now = Date.now();
  if (now - (lastStuckWarning.get(tx.id) ?? 0) < 60_000) return;
  lastStuckWarning.set(tx.id, now);
  logger.error(`a rail transaction is not being mined and will not be replaced: ${why}`, {
    orderId: tx.orderId,
    kind: tx.kind,
    wallet: tx.wallet,
    nonce: tx.nonce,
    tx: tx.hash,
  });
}

/**
 * The node says a transaction's nonce is used. Which transaction used it decides, so the receipts of
 * every transaction we wrote down with that wallet and nonce are read first: one of them mined is the
 * transaction (an original mined before its replacement, say); none mined means something else took
 * the nonce, so this one can never be mined: it is dropped and its step signs anew.
 */
async function nonceUsed(db: Db, chain: RailChain, tx: TxRow): Promise<Followed> {
  const same = await db
    .select()
    .from(chainTxs)
    .where(and(eq(chainTxs.wallet, tx.wallet), eq(chainTxs.nonce, tx.nonce)))
    .orderBy(desc(chainTxs.createdAt));
  for (const row of same) {
    const s = await chain.stateOf(row.hash as Hex);
    if (s.state !== "mined") continue;
    if (row.id !== tx.id && row.orderId === tx.orderId && row.kind === tx.kind) {
      // an earlier version of this transaction is the one mined: the later ones are dropped
      for (const later of same.filter((r) => r.createdAt > row.createdAt && r.orderId === tx.orderId)) await moveTx(db, later, "drop");
      return { ...s, tx: await moveTx(db, row, "revive") };
    }
    if (row.id === tx.id) return { ...s, tx };
    break; // another order's transaction has the nonce
  }
  logger.warn("a rail transaction's nonce was used by another transaction; it is dropped and signed anew", {
    orderId: tx.orderId,
    kind: tx.kind,
    nonce: tx.nonce,
  });
  return { state: "unknown", tx: await moveTx(db, tx, "drop") };
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
export async function track(
  db: Db,
  chain: RailChain,
  order: Pick<OrderRow, "id" | "railLease">,
  tx: TxRow,
  confirmations: number,
): Promise<Tracked> {
  const s = await follow(db, chain, order, tx);
  tx = s.tx;
  if (s.state !== "mined") return { state: "waiting" };
  if (s.receipt.status === "reverted") {
    await recordOnChain(db, tx, "revert", s.receipt);
    return { state: "reverted", why: await whyReverted(chain, tx, s.receipt.blockNumber), receipt: s.receipt };
  }
  if (s.confirmations < confirmations) return { state: "waiting" };
  await recordOnChain(db, tx, "confirm", s.receipt);
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
