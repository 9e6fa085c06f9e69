import { type AnyColumn, and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchantDailyOrderStats, merchantDailyStats, merchantDailyTimeToPay } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { usdcFromMicro } from "@/lib/core/money";
import { SESSION, type SessionStatus } from "@/lib/state";

const DAY_MS = 86_400_000;
const TOP = 5;

export type OverviewDay = { day: string; amountUsdc: string; micro: bigint; completed: number };
export type OverviewStep = { step: "Created" | "Started" | "Payment sent" | "Completed"; n: number };
export type OverviewTop = { key: string; orders: number; paid: number; micro: bigint; amountUsdc: string };

/** How far the median time to pay may be from the exact one, as a share of it (see medianOfBuckets). */
export const MEDIAN_RELATIVE_ERROR = 0.02;

/**
 * The overview of a period of `days` UTC days, today included (from midnight UTC `days - 1` days
 * ago): sessions created in it by status, and as a funnel (created, started, payment sent,
 * completed); completed volume and count per day and the median time to pay, by completion time;
 * the payment platforms and fiat currencies of the orders of its sessions, most used first.
 *
 * It reads the daily rollup (merchant_daily_*, kept by the triggers of migration 0007 in the
 * transaction of every write), a few rows per day and shard, so its cost depends on the period's
 * length and not on how many sessions the merchant has. Counts and sums are exact; the median is
 * within MEDIAN_RELATIVE_ERROR (exact when the bucket it falls in holds one value).
 */
export async function merchantOverview(db: Db, opts: { days: number; now?: Date }, { actor }: As<MerchantActor>) {
  const period = overviewPeriod(opts);
  const sinceDay = period.since.toISOString().slice(0, 10);
  const d = merchantDailyStats;
  const total = (c: AnyColumn) => sql<string>`sum(${c})`;
  // each served by its table's primary key (merchant_id, day, …): the period's rows, every shard
  const [perDay, buckets, tops] = await Promise.all([
    db
      .select({
        day: d.day,
        created: total(d.created),
        active: total(d.active),
        completed: total(d.completed),
        expired: total(d.expired),
        cancelled: total(d.cancelled),
        started: total(d.started),
        paymentSent: total(d.paymentSent),
        completedOnDay: total(d.completedOnDay),
        completedMicro: total(d.completedMicro),
      })
      .from(d)
      .where(and(eq(d.merchantId, actor.merchantId), gte(d.day, sinceDay)))
      .groupBy(d.day),
    db
      .select({
        bucket: merchantDailyTimeToPay.bucket,
        n: sql<string>`sum(${merchantDailyTimeToPay.n})`,
        micros: sql<string>`sum(${merchantDailyTimeToPay.totalMicros})`,
      })
      .from(merchantDailyTimeToPay)
      .where(and(eq(merchantDailyTimeToPay.merchantId, actor.merchantId), gte(merchantDailyTimeToPay.day, sinceDay)))
      .groupBy(merchantDailyTimeToPay.bucket)
      .having(sql`sum(${merchantDailyTimeToPay.n}) > 0`)
      .orderBy(merchantDailyTimeToPay.bucket),
    db
      .select({
        dimension: merchantDailyOrderStats.dimension,
        key: merchantDailyOrderStats.key,
        orders: sql<string>`sum(${merchantDailyOrderStats.orders})`,
        paid: sql<string>`sum(${merchantDailyOrderStats.paid})`,
        micro: sql<string>`sum(${merchantDailyOrderStats.paidMicro})`,
      })
      .from(merchantDailyOrderStats)
      .where(and(eq(merchantDailyOrderStats.merchantId, actor.merchantId), gte(merchantDailyOrderStats.day, sinceDay)))
      .groupBy(merchantDailyOrderStats.dimension, merchantDailyOrderStats.key)
      .having(sql`sum(${merchantDailyOrderStats.orders}) > 0`),
  ]);

  const sumOf = (k: Exclude<keyof (typeof perDay)[number], "day">) => perDay.reduce((a, r) => a + Number(r[k] ?? 0), 0);
  return overviewOf(
    {
      byStatus: [
        { status: "CREATED", n: sumOf("created") },
        { status: "ACTIVE", n: sumOf("active") },
        { status: "COMPLETED", n: sumOf("completed") },
        { status: "EXPIRED", n: sumOf("expired") },
        { status: "CANCELLED", n: sumOf("cancelled") },
      ],
      started: sumOf("started"),
      paid: sumOf("paymentSent"),
      volume: perDay.map((r) => ({ day: r.day, micro: BigInt(r.completedMicro ?? 0), n: Number(r.completedOnDay ?? 0) })),
      medianSecondsToPay: medianOfBuckets(buckets.map((b) => ({ n: Number(b.n), micros: BigInt(b.micros) }))),
      tops: tops.map((r) => ({
        dimension: r.dimension as OverviewFigures["tops"][number]["dimension"],
        key: r.key,
        orders: Number(r.orders),
        paid: Number(r.paid),
        micro: BigInt(r.micro),
      })),
    },
    { ...period, days: opts.days },
  );
}

/** The period of `days` UTC days that ends today: midnight UTC today, and `days - 1` days before it. */
export function overviewPeriod(opts: { days: number; now?: Date }): { today: number; since: Date } {
  const now = opts.now ?? new Date();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { today, since: new Date(today - (opts.days - 1) * DAY_MS) };
}

/** What the overview is made of, however it was counted (the rollup; a test counts the sessions and orders themselves). */
export type OverviewFigures = {
  /** the period's sessions by status */
  byStatus: { status: SessionStatus; n: number }[];
  /** sessions of the period with an order, and with a payment sent (or confirmed) */
  started: number;
  paid: number;
  /** completed volume and count per day of completion ("YYYY-MM-DD"); days without any may be absent */
  volume: { day: string; micro: bigint; n: number }[];
  medianSecondsToPay: number | null;
  /** the orders of the period's sessions by payment platform and by fiat currency */
  tops: { dimension: "platform" | "currency"; key: string; orders: number; paid: number; micro: bigint }[];
};

/** The overview of a period from its figures: every status and day present (0 where there is none), the top five of each dimension. */
export function overviewOf(figures: OverviewFigures, period: { today: number; since: Date; days: number }) {
  // every status appears, in the machine's order, with 0 where the period has none
  const counts = Object.fromEntries(SESSION.statuses.map((s) => [s, 0])) as Record<SessionStatus, number>;
  for (const r of figures.byStatus) counts[r.status] = r.n;
  const created = Object.values(counts).reduce((a, b) => a + b, 0);
  const days: OverviewDay[] = [];
  const byDay = new Map(figures.volume.map((v) => [v.day, v]));
  for (let i = period.days - 1; i >= 0; i--) {
    const d = new Date(period.today - i * DAY_MS).toISOString().slice(0, 10);
    const v = byDay.get(d);
    const micro = v?.micro ?? 0n;
    days.push({ day: d, micro, amountUsdc: usdcFromMicro(micro), completed: v?.n ?? 0 });
  }
  const top = (dimension: "platform" | "currency"): OverviewTop[] =>
    figures.tops
      .filter((r) => r.dimension === dimension)
      .map((r) => ({ key: r.key, orders: r.orders, paid: r.paid, micro: r.micro, amountUsdc: usdcFromMicro(r.micro) }))
      .sort((a, b) => b.orders - a.orders || (b.micro > a.micro ? 1 : b.micro < a.micro ? -1 : 0) || a.key.localeCompare(b.key))
      .slice(0, TOP);
  return {
    since: period.since.toISOString(),
    counts,
    funnel: [
      { step: "Created", n: created },
      { step: "Started", n: figures.started },
      { step: "Payment sent", n: figures.paid },
      { step: "Completed", n: counts.COMPLETED },
    ] satisfies OverviewStep[],
    days,
    totalUsdc: usdcFromMicro(days.reduce((a, d) => a + d.micro, 0n)),
    completedCount: days.reduce((a, d) => a + d.completed, 0),
    /** median seconds from creation to completion of the sessions completed in the period, within MEDIAN_RELATIVE_ERROR; null without any */
    medianSecondsToPay: figures.medianSecondsToPay,
    orders: figures.tops.filter((r) => r.dimension === "platform").reduce((a, r) => a + r.orders, 0),
    platforms: top("platform"),
    currencies: top("currency"),
  };
}

/**
 * The median (as percentile_cont(0.5): the mean of the two middle values when their number is even)
 * of a histogram of times to pay, in bucket order. A bucket b ≥ 0 holds the times in
 * [1.02^b, 1.02^(b+1)) seconds, and -1 those under a second (migration 0007, overview_ttp_bucket); a
 * middle value is taken as the mean of its bucket (its exact sum over its count), which lies in the
 * same bucket, so it is within 2 % of the true value (under a second: within a second), and exact
 * when the bucket holds one value.
 */
export function medianOfBuckets(buckets: { n: number; micros: bigint }[]): number | null {
  const n = buckets.reduce((a, b) => a + b.n, 0);
  if (n === 0) return null;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const b of buckets) {
      seen += b.n;
      if (seen >= rank) return Number(b.micros) / b.n / 1e6;
    }
    return Number(buckets.at(-1)!.micros) / buckets.at(-1)!.n / 1e6;
  };
  return n % 2 === 1 ? valueAt((n + 1) / 2) : (valueAt(n / 2) + valueAt(n / 2 + 1)) / 2;
}

export type MerchantOverview = Awaited<ReturnType<typeof merchantOverview>>;
