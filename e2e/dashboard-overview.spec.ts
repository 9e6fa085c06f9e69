import type { Page, TestInfo } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { checkScreen, createSession, expect, startReceiver, test, type Merchant } from "./support/fixtures";

// The overview tells a merchant how the business is doing: volume per day on a chart with axes whose
// days show their values on keyboard focus, a table of the same numbers, the funnel's drop-offs, the
// median time to pay, the top platform, and a failing webhook linked from its health.
// Where it runs: directly. A page of one merchant's figures, checked for accessibility.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;
const today = new Date().toISOString().slice(0, 10);
const shortToday = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date());

/** axe and a screenshot in the test's results, and one kept in test-results/screenshots/ to look at. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await checkScreen(page, testInfo, name);
  await page.screenshot({ path: `test-results/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

/** A session paid through the sandbox rail: started with a platform, sent, and confirmed by a proof. */
async function pay(
  request: import("@playwright/test").APIRequestContext,
  m: Merchant,
  amountUsdc: string,
  platform: string,
  currency: string,
) {
  const s = await createSession(request, m, { amountUsdc });
  const headers = { "x-api-key": m.apiKey };
  const started = await request.post(`/api/checkout/sessions/${s.id}/start`, {
    headers,
    data: { paymentPlatform: platform, fiatCurrency: currency },
  });
  expect(started.status()).toBe(200);
  expect((await request.post(`/api/checkout/sessions/${s.id}/payment-sent`, { headers })).status()).toBe(200);
  const fulfilled = await request.post("/api/orders/fulfill", {
    headers,
    data: { intentHash: (await started.json()).responseObject.intentHash, proof: { sandbox: true } },
  });
  expect(fulfilled.status()).toBe(200);
}

test("the overview: a chart with axes and values on focus, a table, the funnel's drop-offs, time to pay, top platform, failing webhook", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000); // five accessibility checks of a page with a chart
  const receiver = await startReceiver();
  try {
    const d = new Dashboard(page);
    const key = await d.signUp(unique("overview"), "Overview Shop");
    await d.signIn(key);
    // a new merchant: every section says something, and nothing reads NaN
    await expect(page.getByText("No completed payments in this period yet.")).toBeVisible();
    await expect(page.getByTestId("median-time-to-pay")).toHaveText("—");
    await expect(page.getByText("No payments completed in this period, so no time to measure")).toBeVisible();
    await expect(page.getByRole("region", { name: "Top payment platforms" })).toContainText("No orders in this period yet");
    await expect(page.getByRole("region", { name: "Webhooks, last 24 hours" })).toContainText("No webhooks yet.");
    expect(await page.locator("main").textContent()).not.toMatch(/NaN|Infinity/);
    await look(page, testInfo, "overview-empty");

    const me = (await (await request.get("/api/merchants/me", { headers: { "x-api-key": key } })).json()).responseObject;
    const m = { id: me.id, apiKey: key, name: me.name };
    await createSession(request, m); // created, never started
    const started = await createSession(request, m);
    await request.post(`/api/checkout/sessions/${started.id}/start`, {
      headers: { "x-api-key": key },
      data: { paymentPlatform: "revolut", fiatCurrency: "EUR" },
    });
    await pay(request, m, "42.50", "venmo", "USD");
    await pay(request, m, "10.00", "venmo", "USD");

    // a webhook whose endpoint answers 500
    receiver.answer(500);
    await d.addWebhook(receiver.url);
    await page.getByRole("link", { name: receiver.url }).click();
    await page.waitForURL(/\/dashboard\/webhooks\/wh_/);
    const webhookPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Test event failed: HTTP 500" })).toBeVisible();

    await d.nav("Overview").click();
    await expect(page.getByRole("heading", { name: "Completed volume: 52.50 USDC in 30 days" })).toBeVisible();
    const chart = page.locator("figure");
    await expect(chart.getByRole("img", { name: "Completed USDC per day over 30 days" })).toBeVisible();
    // the y axis in rounded USDC (52.50 → 0, 20, 40, 60), the x axis with today's date, days in UTC
    for (const tick of ["0", "20", "40", "60"]) await expect(chart.getByText(tick, { exact: true })).toBeVisible();
    await expect(chart.getByText(shortToday, { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(chart).toContainText("days in UTC");

    // keyboard: from "Show as table", Shift+Tab reaches today's bar (the chart's one tab stop); its values show while it has focus
    const days = chart.getByRole("listitem");
    await expect(days).toHaveCount(30);
    const todayBar = days.last();
    const tip = todayBar.locator("span").first();
    await expect(tip).toHaveCSS("opacity", "0");
    await page.getByText("Show as table").focus();
    await page.keyboard.press("Shift+Tab");
    await expect(todayBar).toBeFocused();
    await expect(tip).toHaveCSS("opacity", "1");
    await expect(tip).toContainText("52.50 USDC · 2 payments");
    await look(page, testInfo, "overview-focused-day");
    // the days are one tab stop: the arrow keys move between them, Home and End to either end
    await page.keyboard.press("ArrowLeft");
    await expect(tip).toHaveCSS("opacity", "0");
    // and on hover, with the mouse; the day under the pointer shows instead of the focused one
    const yesterdayTip = days.nth(28).locator("span").first();
    await expect(days.nth(28)).toBeFocused();
    await expect(yesterdayTip).toHaveCSS("opacity", "1");
    await todayBar.hover();
    await expect(tip).toHaveCSS("opacity", "1");
    await expect(yesterdayTip).toHaveCSS("opacity", "0");
    await page.mouse.move(0, 0);
    await expect(tip).toHaveCSS("opacity", "0");
    await expect(yesterdayTip).toHaveCSS("opacity", "1");
    await page.keyboard.press("Home");
    await expect(days.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(todayBar).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    // Shift+Tab leaves the chart at once, and Tab comes back to the day left focused
    await page.keyboard.press("Shift+Tab");
    await expect(days.nth(28)).not.toBeFocused();
    await page.keyboard.press("Tab");
    await expect(days.nth(28)).toBeFocused();

    // the table has the same numbers
    await page.getByText("Show as table").click();
    const table = page.getByRole("table", { name: /Completed payments per day/ });
    await expect(table.getByRole("row")).toHaveCount(31);
    const row = table.getByRole("row").filter({ has: page.locator(`time[datetime="${today}"]`) });
    await expect(row.getByRole("cell")).toHaveText(["52.50", "2"]);

    // the funnel: 4 created, 3 started, 2 sent, 2 completed, with the drop-off after each step
    const funnel = page.getByRole("region", { name: "Funnel" });
    await expect(funnel.getByTestId("drop-off-Started")).toContainText("−1 (25%) after Created");
    await expect(funnel.getByTestId("drop-off-Started")).toContainText("1 of 4 dropped off after Created, 25%");
    await expect(funnel.getByTestId("drop-off-Payment sent")).toContainText("−1 (33%) after Started");
    await expect(funnel.getByTestId("drop-off-Completed")).toHaveText("No drop-off after Payment sent");
    await expect(page.getByTestId("median-time-to-pay")).toHaveText(/^(under 1 s|\d+ s|\d+ min( \d+ s)?)$/);
    const platforms = page.getByRole("region", { name: "Top payment platforms" });
    await expect(platforms.getByRole("row").nth(1)).toContainText("Venmo");
    await expect(platforms.getByRole("row").nth(1)).toContainText("52.50");
    await expect(page.getByRole("region", { name: "Top currencies" }).getByRole("row").nth(1)).toContainText("USD");

    // webhook health: the failure shows, linked to the webhook
    const hooks = page.getByRole("region", { name: "Webhooks, last 24 hours" });
    await expect(hooks.getByTestId("overview-webhook-success-rate")).toHaveText("0%");
    await expect(hooks.getByRole("link", { name: receiver.url })).toHaveAttribute("href", webhookPath);
    await expect(hooks).toContainText("last failure HTTP status 500");
    expect(await page.locator("main").textContent()).not.toMatch(/NaN|Infinity/);
    await look(page, testInfo, "overview-1280");
    await page.emulateMedia({ colorScheme: "dark" });
    await look(page, testInfo, "overview-1280-dark");

    // the count per day, at 320 px
    await page.getByRole("navigation", { name: "Chart shows" }).getByRole("link", { name: "Payments" }).click();
    await expect(chart.getByRole("img", { name: "Completed payments per day over 30 days" })).toBeVisible();
    await expect(chart.getByText("2", { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 800 });
    await noSidewaysScroll(page);
    await look(page, testInfo, "overview-320-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await look(page, testInfo, "overview-320");
    await noSidewaysScroll(page);

    await hooks.getByRole("link", { name: receiver.url }).click();
    await page.waitForURL((u) => u.pathname === webhookPath);
  } finally {
    await receiver.close().catch(() => {});
  }
});
