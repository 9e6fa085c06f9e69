import { and, count, eq, gte, inArray, isNotNull, min, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, orders, proofAttempts, takerWallets } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
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
  startsMerchant: "rail.starts.merchant",
  startsAddress: "rail.starts.address",
  startsLink: "rail.starts.link",
  unprovenAddress: "rail.unproven.address",
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
  // an order holds its place until its wallet is free: one that ended (cancelled, expired) while its
  // intent unwinds still holds a wallet, so it still counts (taker_wallets has a row per wallet: few)
  const open = or(
    inArray(orders.status, [...RESERVING]),
    inArray(orders.id, tx.select({ id: takerWallets.orderId }).from(takerWallets).where(isNotNull(takerWallets.orderId))),
  );
  const checks: { limit: "merchant" | "address" | "link"; cap: number; where: ReturnType<typeof and>; link?: boolean }[] = [
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
  await assertStartRate(tx, who, caps);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Live starts are counted over time as well as at once: per merchant, client address and payment
 * link, per minute and per hour (the orders themselves are the count, so every instance sees the same
 * figure under the start's advisory locks); and an address that said "I have sent" and never proved it
 * more than ZKP2P_MAX_UNPROVEN_PER_ADDRESS times in a day gets no more live starts that day. A start
 * and a cancel cost the operator two transactions, and "I have sent" holds a wallet for hours: these
 * bound what one address can take (docs/guides/going-live.md, the threat model).
 */
async function assertStartRate(tx: Db, who: Reserver, caps: LiveRailSettings["maxOpen"]): Promise<void> {
  const scale = getConfig().rateLimitMultiplier;
  const since = (ms: number) => gte(orders.createdAt, new Date(Date.now() - ms));
  const subjects: { limit: keyof typeof RESERVATION_LIMITS; key: "merchant" | "address" | "link"; where: SQL; link?: boolean }[] = [
    { limit: "startsMerchant", key: "merchant", where: eq(orders.merchantId, who.merchantId) },
  ];
  if (who.clientGroup) subjects.push({ limit: "startsAddress", key: "address", where: eq(orders.clientGroup, who.clientGroup) });
  if (who.paymentLinkId)
    subjects.push({ limit: "startsLink", key: "link", where: eq(checkoutSessions.paymentLinkId, who.paymentLinkId), link: true });
  for (const s of subjects) {
    const rule = caps.starts[s.key];
    for (const [windowMs, cap] of [
      [MINUTE_MS, rule.perMinute],
      [HOUR_MS, rule.perHour],
    ] as const) {
      const allowed = Math.max(1, Math.ceil(cap * scale));
      const base = tx.select({ n: count(), oldest: min(orders.createdAt) }).from(orders);
      const [row] = await (s.link ? base.innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId)) : base).where(
        and(s.where, since(windowMs)),
      );
      if ((row?.n ?? 0) < allowed) continue;
      metrics().rateLimited(RESERVATION_LIMITS[s.limit]);
      const frees = row?.oldest ? new Date(row.oldest).getTime() + windowMs - Date.now() : windowMs;
      const whose = { merchant: "this shop", address: "your network", link: "this payment link" }[s.key];
      throw new AppError("TOO_MANY_OPEN_PAYMENTS", `Too many payments were started for ${whose} recently. Please try again later.`, {
        limit: RESERVATION_LIMITS[s.limit],
        cap: allowed,
        windowSeconds: windowMs / 1000,
        retryAfterSeconds: Math.max(1, Math.ceil(frees / 1000)),
      });
    }
  }
  if (!who.clientGroup) return;
  // said "I have sent" in the last day, and never proven: held a wallet for hours each
  const [unproven] = await tx
    .select({ n: count(), oldest: min(orders.paymentSentAt) })
    .from(orders)
    .where(
      and(
        eq(orders.clientGroup, who.clientGroup),
        gte(orders.paymentSentAt, new Date(Date.now() - DAY_MS)),
        ne(orders.status, "FULFILLED"),
        sql`not exists (select 1 from ${proofAttempts} p where p.order_id = ${orders.id} and p.outcome = 'success')`,
      ),
    );
  if ((unproven?.n ?? 0) < caps.unprovenPerAddress) return;
  metrics().rateLimited(RESERVATION_LIMITS.unprovenAddress);
  const frees = unproven?.oldest ? new Date(unproven.oldest).getTime() + DAY_MS - Date.now() : DAY_MS;
  throw new AppError(
    "TOO_MANY_OPEN_PAYMENTS",
    "Payments from your network were reported as sent and never confirmed. Please contact the shop to pay.",
    { limit: RESERVATION_LIMITS.unprovenAddress, cap: caps.unprovenPerAddress, retryAfterSeconds: Math.max(1, Math.ceil(frees / 1000)) },
  );
}
