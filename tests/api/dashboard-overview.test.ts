import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { checkoutSessions } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import { merchantOverview } from "@/lib/dashboard/stats";
import { call, newMerchant, newSession, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// The overview answers "how is my business doing": completed volume and count per UTC day, the
// funnel with its drop-offs, the median time to pay, and the top platforms and currencies, for one
// merchant's period only.

let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
const { default: OverviewPage } = await import("@/app/dashboard/(app)/page");

const DAY = 86_400_000;
const USDC = 1_000_000n;
const as = (m: TestMerchant) => ({ actor: dashboardMerchant(m.id) });
const startOfToday = Math.floor(Date.now() / DAY) * DAY;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A session paid through the sandbox rail, then placed at `createdAt` and completed `secondsToPay` later. */
async function paid(
  m: TestMerchant,
  o: { amount: string; platform: string; currency: string; createdAt: number; secondsToPay: number; sent?: boolean },
) {
  const { session, started } = await startedSession(m, o.platform, o.currency, { amountUsdc: o.amount });
  if (o.sent) expect((await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey })).status).toBe(200);
  const res = await call("POST", "/api/orders/fulfill", {
    key: m.apiKey,
    body: { intentHash: started.intentHash, proof: { sandbox: true } },
  });
  expect(res.status).toBe(200);
  await (
    await testDb()
  )
    .update(checkoutSessions)
    .set({ createdAt: new Date(o.createdAt), completedAt: new Date(o.createdAt + o.secondsToPay * 1000) })
    .where(eq(checkoutSessions.id, session.id));
  return session.id as string;
}

describe("the overview's figures", () => {
  it("counts the funnel with its drop-offs, volume per UTC day, the median time to pay and the top platforms and currencies", async () => {
    const m = await newMerchant();
    await newSession(m); // created, never started
    await startedSession(m, "venmo", "USD"); // started, not paid
    const sent = await startedSession(m, "revolut", "EUR", { amountUsdc: "5.00" });
    await call("POST", `/api/checkout/sessions/${sent.session.id}/payment-sent`, { key: m.apiKey }); // sent, not confirmed
    await paid(m, {
      amount: "50.00",
      platform: "venmo",
      currency: "USD",
      createdAt: startOfToday + 3_600_000,
      secondsToPay: 252,
      sent: true,
    });
    // two days ago: one paid in a minute, one in ten; confirmed without the payer's "sent" click
    await paid(m, { amount: "20.00", platform: "wise", currency: "GBP", createdAt: startOfToday - 2 * DAY + 3_600_000, secondsToPay: 60 });
    await paid(m, {
      amount: "30.25",
      platform: "venmo",
      currency: "USD",
      createdAt: startOfToday - 2 * DAY + 7_200_000,
      secondsToPay: 600,
    });
    // forty days ago: outside the 30 days (no funnel step, platform, day or time to pay), inside 90
    await paid(m, { amount: "7.00", platform: "paypal", currency: "CAD", createdAt: startOfToday - 40 * DAY, secondsToPay: 1 });
    // another merchant's payment counts for that merchant only
    const other = await newMerchant();
    await paid(other, { amount: "999.00", platform: "zelle", currency: "USD", createdAt: startOfToday + 60_000, secondsToPay: 1 });

    const o = await merchantOverview(await testDb(), { days: 30 }, as(m));
    expect(o.funnel).toEqual([
      { step: "Created", n: 6 },
      { step: "Started", n: 5 },
      { step: "Payment sent", n: 4 },
      { step: "Completed", n: 3 },
    ]);
    expect(o.counts).toMatchObject({ CREATED: 1, ACTIVE: 2, COMPLETED: 3 });
    // 60, 252, 600 seconds
    expect(o.medianSecondsToPay).toBe(252);
    expect(o.days).toHaveLength(30);
    expect(o.days.at(-1)).toEqual({ day: dayOf(startOfToday), micro: 50n * USDC, amountUsdc: "50.00", completed: 1 });
    expect(o.days.at(-3)).toEqual({ day: dayOf(startOfToday - 2 * DAY), micro: 50_250_000n, amountUsdc: "50.25", completed: 2 });
    expect(o.days[0]!.day).toBe(dayOf(startOfToday - 29 * DAY));
    expect(o.days.filter((d) => d.completed > 0)).toHaveLength(2);
    expect(o.totalUsdc).toBe("100.25");
    expect(o.completedCount).toBe(3);
    // most orders first; equal counts by completed volume
    expect(o.orders).toBe(5);
    expect(o.platforms.map(({ key, orders, paid, amountUsdc }) => ({ key, orders, paid, amountUsdc }))).toEqual([
      { key: "venmo", orders: 3, paid: 2, amountUsdc: "80.25" },
      { key: "wise", orders: 1, paid: 1, amountUsdc: "20.00" },
      { key: "revolut", orders: 1, paid: 0, amountUsdc: "0.00" },
    ]);
    expect(o.currencies.map(({ key, orders, paid, micro }) => ({ key, orders, paid, micro }))).toEqual([
      { key: "USD", orders: 3, paid: 2, micro: 80_250_000n },
      { key: "GBP", orders: 1, paid: 1, micro: 20n * USDC },
      { key: "EUR", orders: 1, paid: 0, micro: 0n },
    ]);

    const ninety = await merchantOverview(await testDb(), { days: 90 }, as(m));
    expect(ninety.funnel[0]).toEqual({ step: "Created", n: 7 });
    expect(ninety.totalUsdc).toBe("107.25");
    expect(ninety.medianSecondsToPay).toBe((60 + 252) / 2);
    expect(ninety.platforms.map((p) => p.key)).toEqual(["venmo", "wise", "paypal", "revolut"]);

    // the page: drop-offs in words, the median said plainly, a platform by name, the day's values
    signedIn = m.id;
    const html = renderToStaticMarkup(await OverviewPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain("Completed volume: 100.25 USDC in 30 days");
    expect(html).toContain("1 of 6 dropped off after Created, 17%");
    expect(html).toContain("−1 (17%) after Created");
    expect(html).toContain("1 of 4 dropped off after Payment sent, 25%");
    expect(html).toContain("4 min 12 s");
    expect(html).toMatch(/Venmo<\/th><td[^>]*>3/);
    expect(html).toContain("50.25 USDC · 2 payments");
    expect(html).not.toMatch(/NaN|Infinity|999/);
  });

  it("gives a new merchant zeros, no median and no platforms, and a page that says so", async () => {
    const m = await newMerchant();
    const o = await merchantOverview(await testDb(), { days: 7 }, as(m));
    expect(o.funnel.map((f) => f.n)).toEqual([0, 0, 0, 0]);
    expect(o.days).toHaveLength(7);
    expect(o.days.every((d) => d.micro === 0n && d.completed === 0)).toBe(true);
    expect(o).toMatchObject({ totalUsdc: "0.00", completedCount: 0, medianSecondsToPay: null, orders: 0, platforms: [], currencies: [] });

    signedIn = m.id;
    const html = renderToStaticMarkup(await OverviewPage({ searchParams: Promise.resolve({ days: "7" }) }));
    expect(html).toContain("No completed payments in this period yet");
    expect(html).toContain("No payments completed in this period, so no time to measure");
    expect(html).toContain("No orders in this period yet");
    expect(html).toContain("No webhooks yet");
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });
});
