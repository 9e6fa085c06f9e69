import { and, count, eq, gte, isNotNull, or, sql, sum } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, orders } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";
import { formatUsdc } from "@/lib/money";
import { SESSION, type SessionStatus } from "@/lib/state";

/** The overview: sessions by status, completed volume per day, and the checkout funnel, for a period. */
export async function merchantOverview(db: Db, opts: { days: number; now?: Date }, { actor }: As<MerchantActor>) {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - opts.days * 86_400_000);
  const mine = and(eq(checkoutSessions.merchantId, actor.merchantId), gte(checkoutSessions.createdAt, since));

  const byStatus = await db
    .select({ status: checkoutSessions.status, n: count() })
    .from(checkoutSessions)
    .where(mine)
    .groupBy(checkoutSessions.status);
  const day = sql<string>`to_char(date_trunc('day', ${checkoutSessions.completedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const volume = await db
    .select({ day, micro: sum(checkoutSessions.amountMicro), n: count() })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.merchantId, actor.merchantId),
        eq(checkoutSessions.status, "COMPLETED"),
        gte(checkoutSessions.completedAt, since),
      ),
    )
    .groupBy(day)
    .orderBy(day);
  const started = await db
    .select({ n: sql<number>`count(distinct ${orders.sessionId})` })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    .where(mine);
  const paid = await db
    .select({ n: sql<number>`count(distinct ${orders.sessionId})` })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.sessionId))
    // a payment confirmed without the payer's "sent" click was sent all the same
    .where(and(mine, or(isNotNull(orders.paymentSentAt), eq(orders.status, "FULFILLED"))));

  // every status appears, in the machine's order, with 0 where the period has none
  const counts = Object.fromEntries(SESSION.statuses.map((s) => [s, 0])) as Record<SessionStatus, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  const created = Object.values(counts).reduce((a, b) => a + b, 0);
  const days: { day: string; amountUsdc: string; micro: bigint; completed: number }[] = [];
  const byDay = new Map(volume.map((v) => [v.day, v]));
  for (let i = opts.days - 1; i >= 0; i--) {
    const d = new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    const v = byDay.get(d);
    const micro = BigInt(v?.micro ?? 0);
    days.push({ day: d, micro, amountUsdc: formatUsdc(micro), completed: Number(v?.n ?? 0) });
  }
  return {
    counts,
    funnel: [
      { step: "Created", n: created },
      { step: "Started", n: Number(started[0]?.n ?? 0) },
      { step: "Payment sent", n: Number(paid[0]?.n ?? 0) },
      { step: "Completed", n: counts.COMPLETED },
    ],
    days,
    totalUsdc: formatUsdc(days.reduce((a, d) => a + d.micro, 0n)),
  };
}
