import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Hex } from "viem";
import type { Db } from "@/db/client";
import { type OrderRow, orders } from "@/db/schema";
import type { QuotedIntent } from "@/lib/rail/zkp2p/quotes";

// When an order's next on-chain step is due (orders.rail_due_at), and what its steps keep of it.

export const POLL_MS = 1_000;
/** failed service calls before the order fails: with backoff, about ten minutes */
export const MAX_TRIES = 12;

export type RailState = Partial<QuotedIntent> & {
  intentHash?: Hex;
  intentTimestamp?: string;
  expiryTime?: string;
  signalBlock?: string;
  /** the deposit manager's fee rate V3 snapshotted at signal (1e18 = 100%) */
  managerFeeRate?: string;
  attestation?: Record<string, string>;
  signatureExpiration?: string;
};

/** Takes an order's due step for this process: null if it is not due or another process has it. */
export async function claim(db: Db, orderId: string, leaseMs: number): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ railDueAt: new Date(Date.now() + leaseMs) })
    .where(and(eq(orders.id, orderId), isNotNull(orders.railDueAt), lte(orders.railDueAt, new Date())))
    .returning();
  return row ?? null;
}

export async function setDue(db: Db, orderId: string, inMs: number | null, extra: Partial<OrderRow> = {}) {
  await db
    .update(orders)
    .set({ railDueAt: inMs === null ? null : new Date(Date.now() + inMs), ...extra })
    .where(eq(orders.id, orderId));
}

export const backoffMs = (tries: number) => Math.min(60_000, 1_000 * 2 ** Math.min(tries, 6));
