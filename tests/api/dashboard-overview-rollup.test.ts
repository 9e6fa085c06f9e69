import { and, count, eq, gte, inArray, isNotNull, or, sql, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { checkoutSessions, merchantDailyOrderStats, merchantDailyStats, merchantDailyTimeToPay, orders } from "@/db/schema";
import { type As, dashboardMerchant, type MerchantActor, payer } from "@/lib/core/actor";
import { simulateBankConfirmation } from "@/lib/checkout/service";
import { MEDIAN_RELATIVE_ERROR, merchantOverview, overviewOf, overviewPeriod } from "@/lib/dashboard/stats";
import { expireIfDue } from "@/lib/sessions/expiry";
import { startSession } from "@/lib/sessions/transitions";
import { call, newMerchant, newSession, type TestMerchant, WALLET } from "../support/api";
import { testDb } from "../support/db";
import { rng } from "../support/rng";

// The overview reads a daily rollup that triggers keep in the transaction of every write. Whatever
// happens to sessions and orders (created, started again and again, payment sent, paid in full or in
// parts, reverted, expired, cancelled, moved to another day), and however many of those run at once,
// the overview must say exactly what the sessions and orders themselves say.

const DAY_MS = 86_400_000;
const PLATFORMS = ["venmo", "revolut", "wise", "zelle", "paypal", "cashapp"];
const CURRENCIES = ["USD", "EUR", "GBP"];

/** The overview computed from checkout_sessions and orders directly: what merchantOverview did before the rollup. */
async function baseTableOverview(db: Db, opts: { days: number; now?: Date }, { actor }: As<MerchantActor>) {
  const period = overviewPeriod(opts);
  const since = period.since;
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

  // the same figures the rollup gives, counted from the sessions and orders themselves
  const p50 = timeToPay?.p50;
  return overviewOf(
    {
      byStatus: byStatus.map((r) => ({ status: r.status, n: Number(r.n) })),
      started: Number(reached?.started ?? 0),
      paid: Number(reached?.paid ?? 0),
      volume: volume.map((v) => ({ day: v.day, micro: BigInt(v.micro ?? 0), n: Number(v.n) })),
      medianSecondsToPay: p50 === null || p50 === undefined ? null : Number(p50),
      // grouping(payment_platform) is 0 in the rows grouped by platform
      tops: tops.map((r) => ({
        dimension: r.byPlatform === 0 ? "platform" : "currency",
        key: (r.byPlatform === 0 ? r.platform : r.currency) ?? "",
        orders: Number(r.orders),
        paid: r.paid,
        micro: BigInt(r.micro),
      })),
    },
    { ...period, days: opts.days },
  );
}

type Actor = { m: TestMerchant; sessions: { id: string; token?: string; intentHash?: string }[] };

describe("the overview's rollup", () => {
  it("equals the overview computed from sessions and orders, after many random transitions, some at once, over many days", async () => {
    const db = await testDb();
    const random = rng(11_0003);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const merchants: Actor[] = [
      { m: await newMerchant(), sessions: [] },
      { m: await newMerchant(), sessions: [] },
    ];
    const statuses: number[] = [];

    async function create(a: Actor) {
      if (random() < 0.3) {
        const res = await call("POST", "/api/v1/orders", {
          key: a.m.apiKey,
          body: { requestedUsdcAmount: `${10 + Math.floor(random() * 90)}.00`, destinationAddress: WALLET },
        });
        statuses.push(res.status);
        a.sessions.push({ id: res.body.responseObject.order.id, token: res.body.responseObject.orderToken });
      } else {
        const s = await newSession(a.m, { amountUsdc: `${1 + Math.floor(random() * 200)}.${random() < 0.5 ? "50" : "00"}` });
        a.sessions.push({ id: s.id });
      }
    }
    async function step(a: Actor) {
      const s = pick(a.sessions);
      const action = random();
      const key = a.m.apiKey;
      if (action < 0.3) {
        if (s.token) {
          // a v1 order: part of what is left, or all of it
          const body = {
            paymentPlatform: pick(PLATFORMS),
            fiatCurrency: pick(CURRENCIES),
            ...(random() < 0.5 ? { amountUsdc: "5.00" } : {}),
          };
          await startSession(db, s.id, body, { actor: payer(s.id, s.token) }).catch(() => undefined);
        } else {
          const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
            key,
            body: { paymentPlatform: pick(PLATFORMS), fiatCurrency: pick(CURRENCIES) },
          });
          statuses.push(res.status);
          if (res.status === 200) s.intentHash = res.body.responseObject.intentHash;
        }
      } else if (action < 0.42) {
        statuses.push((await call("POST", `/api/checkout/sessions/${s.id}/payment-sent`, { key })).status);
      } else if (action < 0.62) {
        if (s.token) await simulateBankConfirmation(db, s.id, random() < 0.8 ? "success" : "invalid", s.token).catch(() => undefined);
        else if (s.intentHash) {
          const outcome = random() < 0.8 ? "success" : "reverted";
          const res = await call("POST", "/api/orders/fulfill", {
            key,
            body: { intentHash: s.intentHash, proof: { sandbox: true, outcome } },
          });
          statuses.push(res.status);
        }
      } else if (action < 0.65) {
        statuses.push((await call("POST", `/api/checkout/sessions/${s.id}/cancel`, { key })).status);
      } else if (action < 0.77) {
        // its order's time runs out (then it may start again, with another order)
        await db
          .update(orders)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(and(eq(orders.sessionId, s.id), eq(orders.status, "SIGNAL_MINED")));
        await expireIfDue(db, s.id);
      } else if (action < 0.8) {
        await db
          .update(checkoutSessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(checkoutSessions.id, s.id));
        await expireIfDue(db, s.id);
      } else if (action < 0.91) {
        // the session (and when it was completed) moves to an earlier UTC day, by plain SQL
        const back = Math.floor(random() * 100) * DAY_MS + Math.floor(random() * DAY_MS);
        const toPay = Math.floor(random() * 5000 * 1000) + (random() < 0.2 ? 0 : 1000);
        await db
          .update(checkoutSessions)
          .set({
            createdAt: sql`${checkoutSessions.createdAt} - ${`${back} milliseconds`}::interval`,
            completedAt: sql`${checkoutSessions.createdAt} - ${`${back - toPay} milliseconds`}::interval`,
          })
          .where(and(eq(checkoutSessions.id, s.id), inArray(checkoutSessions.status, ["COMPLETED"])));
        await db
          .update(checkoutSessions)
          .set({ createdAt: sql`${checkoutSessions.createdAt} - ${`${back} milliseconds`}::interval` })
          .where(and(eq(checkoutSessions.id, s.id), inArray(checkoutSessions.status, ["CREATED", "ACTIVE", "EXPIRED", "CANCELLED"])));
      } else {
        await create(a);
      }
    }

    async function expectSame(when: string) {
      const now = new Date();
      for (const a of merchants) {
        const as: As<MerchantActor> = { actor: dashboardMerchant(a.m.id) };
        for (const days of [1, 7, 30, 90]) {
          const got = await merchantOverview(db, { days, now }, as);
          const want = await baseTableOverview(db, { days, now }, as);
          const { medianSecondsToPay: p50, ...rest } = got;
          const { medianSecondsToPay: wantP50, ...wantRest } = want;
          expect(rest, `${when}, ${days} days`).toEqual(wantRest);
          if (wantP50 === null) expect(p50).toBeNull();
          else
            expect(Math.abs(p50! - wantP50), `${when}, ${days} days: median ${p50} for ${wantP50}`).toBeLessThanOrEqual(
              Math.max(wantP50 * MEDIAN_RELATIVE_ERROR, 1),
            );
        }
        // every day, the periods' edges aside: the rollup counts each session and order once, ever
        const [rolled] = await db
          .select({ n: sql<string>`coalesce(sum(created + active + completed + expired + cancelled), 0)` })
          .from(merchantDailyStats)
          .where(eq(merchantDailyStats.merchantId, a.m.id));
        const [sessions] = await db.select({ n: count() }).from(checkoutSessions).where(eq(checkoutSessions.merchantId, a.m.id));
        expect(Number(rolled!.n), when).toBe(Number(sessions!.n));
        const [rolledOrders] = await db
          .select({ n: sql<string>`coalesce(sum(orders), 0)` })
          .from(merchantDailyOrderStats)
          .where(and(eq(merchantDailyOrderStats.merchantId, a.m.id), eq(merchantDailyOrderStats.dimension, "currency")));
        const [allOrders] = await db.select({ n: count() }).from(orders).where(eq(orders.merchantId, a.m.id));
        expect(Number(rolledOrders!.n), when).toBe(Number(allOrders!.n));
        const [paidTimes] = await db
          .select({ n: sql<string>`coalesce(sum(n), 0)` })
          .from(merchantDailyTimeToPay)
          .where(eq(merchantDailyTimeToPay.merchantId, a.m.id));
        const [completed] = await db
          .select({ n: count() })
          .from(checkoutSessions)
          .where(and(eq(checkoutSessions.merchantId, a.m.id), eq(checkoutSessions.status, "COMPLETED")));
        expect(Number(paidTimes!.n), when).toBe(Number(completed!.n));
      }
    }

    for (const a of merchants) for (let i = 0; i < 12; i++) await create(a);
    for (let round = 0; round < 6; round++) {
      // a burst: several transitions of both merchants at once (concurrent transactions on PostgreSQL)
      for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: 6 }, (_, k) => step(merchants[k % 2]!)));
      await expectSame(`after round ${round + 1}`);
    }
    // the run did give sessions several orders
    const several = await db
      .select({ id: orders.sessionId })
      .from(orders)
      .where(inArray(orders.merchantId, [merchants[0]!.m.id, merchants[1]!.m.id]))
      .groupBy(orders.sessionId)
      .having(sql`count(*) > 1`);
    expect(several.length).toBeGreaterThan(2);
    // nothing failed for want of a lock, a deadlock or a constraint
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const total = await merchantOverview(db, { days: 90 }, { actor: dashboardMerchant(merchants[0]!.m.id) });
    // the run did reach every step of the funnel
    expect(total.funnel.every((f) => f.n > 0)).toBe(true);
  });
});
