import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Hex } from "viem";
import type { StoredAttestation } from "@/lib/rail/zkp2p/services";
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
  attestation?: StoredAttestation;
  signatureExpiration?: string;
  /** a proven release the chain refuses for now (lib/orders/rail-steps/fulfil.ts): why, since when, and whether the orchestrator is paused */
  blocked?: { reason: string; since: string; paused: boolean };
  /** the chain refused the proven payment as not this intent's: the only case in which the unwind step cancels a paid order's intent */
  notThisIntent?: boolean;
  /** the operator freed the order's wallet by hand (npm run admin -- release-wallet): its intent is cancelled whatever the payer said */
  operatorReleased?: boolean;
};

/**
 * Takes an order's due step for this process: null if it is not due or another process has it. The
 * row comes back with a new fencing token (railLease): what the step records later (a transaction,
 * its next due time) is written only while the token is still the order's, so a step that outlived
 * its lease (a slow RPC, a long pause) and was taken over by another process changes nothing.
 */
export async function claim(db: Db, orderId: string, leaseMs: number): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ railDueAt: new Date(Date.now() + leaseMs), railLease: randomUUID() })
    .where(and(eq(orders.id, orderId), isNotNull(orders.railDueAt), lte(orders.railDueAt, new Date())))
    .returning();
  return row ?? null;
}

/**
 * Renews the step's lease every third of it while the step works, so a slow node or service (calls of
 * 10–15 s) does not hand a live step to another process. A renewal moves railDueAt only if it is
 * still the time this process set (its claim's or its last renewal's) under its token: once the step
 * sets a due time of its own, or another process holds the order, renewals stop. Returns the stop.
 */
export function heartbeat(db: Db, order: OrderRow, leaseMs: number): () => void {
  let heldUntil = order.railDueAt;
  let stopped = false;
  const beat = async () => {
    if (stopped || !heldUntil || !order.railLease) return;
    const until = new Date(Date.now() + leaseMs);
    const [row] = await db
      .update(orders)
      .set({ railDueAt: until })
      .where(and(eq(orders.id, order.id), eq(orders.railLease, order.railLease), eq(orders.railDueAt, heldUntil)))
      .returning({ id: orders.id });
    if (row && !stopped) heldUntil = until;
    else stopped = true;
  };
  const timer = setInterval(() => void beat().catch(() => {}), Math.max(1_000, Math.floor(leaseMs / 3)));
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** An order as a step holds it: its id and the fencing token of its claim (null: no claim, not fenced). */
export type Held = Pick<OrderRow, "id" | "railLease">;

/** Sets when the order's next step is due, if the step still holds it (else another process does, and decides). */
export async function setDue(db: Db, order: Held, inMs: number | null, extra: Partial<OrderRow> = {}) {
  await db
    .update(orders)
    .set({ railDueAt: inMs === null ? null : new Date(Date.now() + inMs), ...extra })
    .where(and(eq(orders.id, order.id), ...(order.railLease ? [eq(orders.railLease, order.railLease)] : [])));
}

export const backoffMs = (tries: number) => Math.min(60_000, 1_000 * 2 ** Math.min(tries, 6));
