import { and, count, eq, inArray, min, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, orders } from "@/db/schema";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { AppError } from "@/lib/core/errors";
import { metrics } from "@/lib/metrics";

// The caps on open live reservations. Each live order holds a taker wallet (the deployment's shared
// capacity: one open intent each) from its signal until it is paid or unwound, so nobody may hold
// them all: not one merchant, not one payment link, not one client address (an IPv6 address by its
// /64). A start past a cap sends nothing and is told when to try again.

/** The order statuses that hold, or wait for, a taker wallet: the payer has not paid yet. */
export const RESERVING = ["SIGNAL_SUBMITTED", "SIGNAL_MINED", "PAYMENT_SENT"] as const;

/** The caps' names, as the rate-limit metric counts refusals. */
export const RESERVATION_LIMITS = {
  merchant: "rail.open.merchant",
  address: "rail.open.address",
  link: "rail.open.link",
} as const;

export type Reserver = { merchantId: string; clientGroup: string | null; paymentLinkId: string | null };

const RETRY_MIN_S = 30;
const RETRY_MAX_S = 15 * 60;

/**
 * Refuses a live start that would pass a cap (AppError TOO_MANY_OPEN_PAYMENTS, 429, with when to try
 * again), inside the start's transaction. Starts of one merchant, and of one client address, wait
 * for each other here (transaction-scoped advisory locks, the merchant's always first), so a burst
 * of simultaneous starts cannot all count the same open orders and pass together.
 */
export async function assertReservationRoom(tx: Db, who: Reserver, caps: LiveRailSettings["maxOpen"]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rail.open:merchant:${who.merchantId}`}))`);
  if (who.clientGroup) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rail.open:address:${who.clientGroup}`}))`);
  const open = inArray(orders.status, [...RESERVING]);
  const checks: { limit: keyof typeof RESERVATION_LIMITS; cap: number; where: ReturnType<typeof and>; link?: boolean }[] = [
    { limit: "merchant", cap: caps.perMerchant, where: and(open, eq(orders.merchantId, who.merchantId)) },
  ];
  if (who.clientGroup) checks.push({ limit: "address", cap: caps.perAddress, where: and(open, eq(orders.clientGroup, who.clientGroup)) });
  if (who.paymentLinkId)
    checks.push({ limit: "link", cap: caps.perLink, where: and(open, eq(checkoutSessions.paymentLinkId, who.paymentLinkId)), link: true });
  for (const check of checks) {
    const base = tx.select({ n: count(), soonest: min(orders.expiresAt) }).from(orders);
    const [row] = await (check.link ? base.innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId)) : base).where(
      check.where,
    );
    if ((row?.n ?? 0) < check.cap) continue;
    metrics().rateLimited(RESERVATION_LIMITS[check.limit]);
    const soonest = row?.soonest ? Math.ceil((new Date(row.soonest).getTime() - Date.now()) / 1000) : RETRY_MAX_S;
    const retryAfterSeconds = Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, soonest));
    const whose = { merchant: "this shop", address: "your network", link: "this payment link" }[check.limit];
    throw new AppError(
      "TOO_MANY_OPEN_PAYMENTS",
      `Too many payments are in progress for ${whose} right now. Please try again in a few minutes.`,
      { limit: RESERVATION_LIMITS[check.limit], cap: check.cap, retryAfterSeconds },
    );
  }
}
