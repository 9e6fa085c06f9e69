import { and, eq, ne } from "drizzle-orm";
import { type Address, TransactionReceiptNotFoundError } from "viem";
import type { Db } from "@/db/client";
import { checkoutSessions, payoutAddresses, refunds } from "@/db/schema";
import { errorFields, logger } from "@/lib/core/logger";
import { withEvents } from "@/lib/events/service";
import { liveRail } from "@/lib/rail";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { completeIn, lockRefund, reopenIn } from "./service";

// A live refund's transfer, as the chain shows it. Once the payer has claimed, the refunds job reads
// USDC Transfer logs from the session's recipient address (or any allowed payout address of the
// account) to the claimed address, from the chain's head at the claim on. When the confirmed
// transfers reach the refund's amount, it completes with the last one's hash; too little keeps it
// waiting (a transfer seen is written down, so the address can no longer change). A completed refund
// is watched for REORG_WATCH_BLOCKS more blocks: if its transfer's block is no longer the chain's, it
// awaits the transfer again and the session's refunded amount falls back.

/** How often a claimed live refund's transfers are read. */
export const WATCH_EVERY_MS = 5_000;
/** How many blocks past its transfer a completed refund is still checked for a reorg (Base: about two minutes). */
export const REORG_WATCH_BLOCKS = 64n;

const later = (ms: number) => new Date(Date.now() + ms);

export async function watchRefund(db: Db, refundId: string): Promise<void> {
  const rail = liveRail();
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!row || !row.payoutAddress) return;
  if (!rail) {
    // a deployment whose real rail was taken away: look again later, the claim stays as it is
    await db
      .update(refunds)
      .set({ dueAt: later(60_000) })
      .where(eq(refunds.id, row.id));
    return;
  }
  const settings = rail.settings;
  const chain = new RailChain(settings);
  try {
    const head = await chain.head();
    if (row.status === "COMPLETED") {
      if (row.blockNumber === null || head - row.blockNumber >= REORG_WATCH_BLOCKS) {
        await db.update(refunds).set({ dueAt: null }).where(eq(refunds.id, row.id));
        return;
      }
      // only a receipt the node does not have means the transfer is gone: a failed read is tried again
      // (the catch below), never taken for a reorg that would reopen a refund whose money moved
      const still = await chain.client.getTransactionReceipt({ hash: row.txHash as `0x${string}` }).catch((err: unknown) => {
        if (err instanceof TransactionReceiptNotFoundError) return null;
        throw err;
      });
      const canonical = still && still.blockNumber === row.blockNumber && (await chain.blockHash(still.blockNumber)) === still.blockHash;
      if (canonical) {
        await db
          .update(refunds)
          .set({ dueAt: later(WATCH_EVERY_MS) })
          .where(eq(refunds.id, row.id));
        return;
      }
      await withEvents(db, async (tx) => {
        const { row: locked, session } = await lockRefund(tx, row.id, null);
        if (locked.status !== "COMPLETED" || locked.txHash !== row.txHash) return;
        logger.warn("a reorg took a completed refund's transfer out of the chain; it awaits the transfer again", {
          refundId: row.id,
          txHash: row.txHash,
        });
        await reopenIn(tx, locked, session);
      });
      return;
    }
    if (row.status !== "AWAITING_TRANSFER") return;
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.sessionId)).limit(1);
    if (!session) return;
    const allowed = await db
      .select({ address: payoutAddresses.address })
      .from(payoutAddresses)
      .where(eq(payoutAddresses.merchantId, row.merchantId));
    const from = [...new Set([session.recipientAddress.toLowerCase(), ...allowed.map((a) => a.address)])] as Address[];
    const start = row.watchFromBlock ?? head;
    const logs = start <= head ? await chain.usdcTransfers(from, row.payoutAddress as Address, start, head) : [];
    // a transfer that completed another refund to the same address is that refund's
    const taken = new Set(
      (
        await db
          .select({ txHash: refunds.txHash })
          .from(refunds)
          .where(and(eq(refunds.payoutAddress, row.payoutAddress), eq(refunds.status, "COMPLETED"), ne(refunds.id, row.id)))
      ).map((r) => r.txHash?.toLowerCase()),
    );
    const ours = logs
      .filter((l) => !taken.has(l.txHash.toLowerCase()))
      .sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
    const confirmed = ours.filter((l) => head - l.blockNumber >= BigInt(settings.confirmations));
    let sum = 0n;
    const reaching = confirmed.find((l) => (sum += l.value) >= row.amountMicro);
    if (!reaching) {
      // too little so far: the last transfer seen is written down (the payer can no longer change the address)
      const seen = ours.at(-1)?.txHash ?? row.txHash;
      await db
        .update(refunds)
        .set({ txHash: seen, dueAt: later(WATCH_EVERY_MS) })
        .where(eq(refunds.id, row.id));
      return;
    }
    await withEvents(db, async (tx, emit) => {
      const { row: locked, session: s } = await lockRefund(tx, row.id, null);
      if (locked.status !== "AWAITING_TRANSFER") return;
      await completeIn(tx, emit, locked, s, {
        trigger: "complete",
        txHash: reaching.txHash,
        sentFrom: reaching.from,
        blockNumber: reaching.blockNumber,
        dueAt: later(WATCH_EVERY_MS),
      });
    });
  } catch (err) {
    logger.warn("a refund's transfers could not be read; tried again shortly", { refundId, ...errorFields(err) });
    await db
      .update(refunds)
      .set({ dueAt: later(WATCH_EVERY_MS * 6) })
      .where(eq(refunds.id, refundId));
  }
}
