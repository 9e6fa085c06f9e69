import { and, count, eq, gte, isNotNull, or, sql, sum } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, orders } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";
import { formatUsdc } from "@/lib/money";
import { SESSION, type SessionStatus } from "@/lib/state";

const DAY_MS = 86_400_000;
const TOP = 5;

export type OverviewDay = { day: string; amountUsdc: string; micro: bigint; completed: number };
export type OverviewStep = { step: "Created" | "Started" | "Payment sent" | "Completed"; n: number };
export type OverviewTop = { key: string; orders: number; paid: number; micro: bigint; amountUsdc: string };

/**
 * The overview of a period of `days` UTC days, today included (from midnight UTC `days - 1` days
 * ago): sessions created in it by status, and as a funnel (created, started, payment sent,
 * completed); completed volume and count per day and the median time to pay, by completion time;
 * the payment platforms and fiat currencies of the orders of its sessions, most used first.
 */
export async function merchantOverview(db: Db, opts: { days: number; now?: Date }, { actor }: As<MerchantActor>) {
  const now = opts.now ?? new Date();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const since = new Date(today - (opts.days - 1) * DAY_MS);
  // served by checkout_sessions_merchant_created_idx (merchant_id, created_at)
  const mine = and(eq(checkoutSessions.merchantId, actor.merchantId), gte(checkoutSessions.createdAt, since));
  // served by checkout_sessions_merchant_completed_idx (merchant_id, completed_at) where COMPLETED, which
  // includes the amount and created_at: the volume and the median read the index only
  const completedInPeriod = and(
    eq(checkoutSessions.merchantId, actor.merchantId),
    eq(checkoutSessions.status, "COMPLETED"),
    gte(checkoutSessions.completedAt, since),
  );
  // the orders of the period's sessions: an order is made after its session, so these are the
  // merchant's orders since the start of the period (orders_merchant_created_idx, which includes the
  // columns read below) whose session was created in the period, joined by hash on two index-only scans
  const ordersOfPeriod = and(mine, eq(orders.merchantId, actor.merchantId), gte(orders.createdAt, since));

  const byStatus = await db
    .select({ status: checkoutSessions.status, n: count() })
    .from(checkoutSessions)
    .where(mine)
    .groupBy(checkoutSessions.status);
  const day = sql<string>`to_char(date_trunc('day', ${checkoutSessions.completedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const volume = await db
    .select({ day, micro: sum(checkoutSessions.amountMicro), n: count() })
    .from(checkoutSessions)
    .where(completedInPeriod)
    .groupBy(day)
    .orderBy(day);
  const [timeToPay] = await db
    .select({
      p50: sql<
        number | string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${checkoutSessions.completedAt} - ${checkoutSessions.createdAt}))`,
    })
    .from(checkoutSessions)
    .where(completedInPeriod);
  const [reached] = await db
    .select({
      started: sql<number>`count(distinct ${orders.sessionId})`,
      // a payment confirmed without the payer's "sent" click was sent all the same
      paid: sql<number>`count(distinct ${orders.sessionId}) filter (where ${or(isNotNull(orders.paymentSentAt), eq(orders.status, "FULFILLED"))})`,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(ordersOfPeriod);
  // one pass over the period's orders, grouped twice: by platform and by currency
  const fulfilled = sql`${orders.status} = 'FULFILLED'`;
  const tops = await db
    .select({
      byPlatform: sql<number>`grouping(${orders.paymentPlatform})`.mapWith(Number),
      platform: orders.paymentPlatform,
      currency: orders.fiatCurrency,
      orders: count(),
      paid: sql<number>`count(*) filter (where ${fulfilled})`.mapWith(Number),
      micro: sql<string>`coalesce(sum(coalesce(${orders.netAmountMicro}, ${orders.tokenAmountMicro})) filter (where ${fulfilled}), 0)`,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(ordersOfPeriod)
    .groupBy(sql`grouping sets ((${orders.paymentPlatform}), (${orders.fiatCurrency}))`);

  // every status appears, in the machine's order, with 0 where the period has none
  const counts = Object.fromEntries(SESSION.statuses.map((s) => [s, 0])) as Record<SessionStatus, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  const created = Object.values(counts).reduce((a, b) => a + b, 0);
  const days: OverviewDay[] = [];
  const byDay = new Map(volume.map((v) => [v.day, v]));
  for (let i = opts.days - 1; i >= 0; i--) {
    const d = new Date(today - i * DAY_MS).toISOString().slice(0, 10);
    const v = byDay.get(d);
    const micro = BigInt(v?.micro ?? 0);
    days.push({ day: d, micro, amountUsdc: formatUsdc(micro), completed: Number(v?.n ?? 0) });
  }
  // grouping(payment_platform) is 0 in the rows grouped by platform
  const top = (rows: typeof tops, key: (r: (typeof tops)[number]) => string | null): OverviewTop[] =>
    rows
      .map((r) => ({
        key: key(r) ?? "",
        orders: Number(r.orders),
        paid: r.paid,
        micro: BigInt(r.micro),
        amountUsdc: formatUsdc(BigInt(r.micro)),
      }))
      .sort((a, b) => b.orders - a.orders || (b.micro > a.micro ? 1 : b.micro < a.micro ? -1 : 0) || a.key.localeCompare(b.key))
      .slice(0, TOP);
  const p50 = timeToPay?.p50;
  return {
    since: since.toISOString(),
    counts,
    funnel: [
      { step: "Created", n: created },
      { step: "Started", n: Number(reached?.started ?? 0) },
      { step: "Payment sent", n: Number(reached?.paid ?? 0) },
      { step: "Completed", n: counts.COMPLETED },
    ] satisfies OverviewStep[],
    days,
    totalUsdc: formatUsdc(days.reduce((a, d) => a + d.micro, 0n)),
    completedCount: days.reduce((a, d) => a + d.completed, 0),
    /** median seconds from creation to completion of the sessions completed in the period; null without any */
    medianSecondsToPay: p50 === null || p50 === undefined ? null : Number(p50),
    orders: tops.filter((r) => r.byPlatform === 0).reduce((a, r) => a + Number(r.orders), 0),
    platforms: top(
      tops.filter((r) => r.byPlatform === 0),
      (r) => r.platform,
    ),
    currencies: top(
      tops.filter((r) => r.byPlatform === 1),
      (r) => r.currency,
    ),
  };
}

export type MerchantOverview = Awaited<ReturnType<typeof merchantOverview>>;
