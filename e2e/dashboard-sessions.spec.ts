import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { checkScreen, createMerchant, createSession, expect, test } from "./support/fixtures";

// The sessions list as a merchant works it: filters (status, amount in USDC, created day in UTC)
// kept in the address and the form, four sorts, pages of 25 through ties, a CSV of exactly what the
// filters show, and cards instead of a table on a narrow screen.
// Where it runs: directly. A list's filters, sorts, pages and export; nothing here depends on
// the proxy or a second instance.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

/** axe and a screenshot in the test's results, and one kept in test-results/screenshots/ to look at. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await checkScreen(page, testInfo, name);
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** The session ids the table shows, in order. */
async function shownIds(page: Page): Promise<string[]> {
  await expect(page.getByRole("table")).toBeVisible();
  return page
    .getByRole("table")
    .getByRole("link", { name: /^sess_/ })
    .allTextContents();
}

async function apply(page: Page) {
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForLoadState();
}

/** The records of a CSV without quoted line breaks (this test's rows have none): header first. */
const csvRows = (text: string) =>
  text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));

test.describe("the sessions list", () => {
  test("filters, sorts, pages, exports what it shows, and reads at 320 px", async ({ page, request }, testInfo) => {
    test.setTimeout(120_000); // 33 sessions, a dozen pages, seven accessibility checks
    const d = new Dashboard(page);
    const key = await d.signUp(unique("lister"), "Lister");
    await d.signIn(key);
    const me = (await (await request.get("/api/merchants/me", { headers: { "x-api-key": key } })).json()).responseObject;
    const m = { id: me.id, apiKey: key, name: me.name };
    const cheap = await createSession(request, m, { amountUsdc: "12.50", metadata: { orderRef: "=1+2" } });
    const mid = await createSession(request, m, { amountUsdc: "75.00" });
    const big = await createSession(request, m, { amountUsdc: "150.00" });
    const cancelled = await createSession(request, m, { amountUsdc: "20.00" });
    expect((await request.post(`/api/checkout/sessions/${cancelled.id}/cancel`, { headers: { "x-api-key": key } })).status()).toBe(200);
    // 27 of one amount: two pages through a tie
    const same: string[] = [];
    for (let i = 0; i < 27; i++) same.push((await createSession(request, m, { amountUsdc: "5.00" })).id);
    // another merchant's session, in every range asked below
    const stranger = await createSession(request, await createMerchant(request), { amountUsdc: "50.00" });
    const created = (await (await request.get(`/api/checkout/sessions/${big.id}`, { headers: { "x-api-key": key } })).json()).responseObject
      .createdAt as string;
    const today = created.slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

    await d.nav("Sessions").click();
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
    expect(await shownIds(page)).toHaveLength(25);

    // sort: amount, high to low
    await page.getByLabel("Sort").selectOption({ label: "Amount, high to low" });
    await apply(page);
    await expect(page).toHaveURL(/sort=amount_desc/);
    expect((await shownIds(page)).slice(0, 4)).toEqual([big.id, mid.id, cancelled.id, cheap.id]);
    await expect(page.getByLabel("Sort")).toHaveValue("amount_desc");

    // amount range, typed and sent with Enter from the keyboard
    await page.getByLabel("Minimum amount (USDC)").fill("10");
    await page.getByLabel("Maximum amount (USDC)").fill("100");
    await page.getByLabel("Maximum amount (USDC)").press("Enter");
    await expect(page).toHaveURL(/min=10&max=100/);
    expect(await shownIds(page)).toEqual([mid.id, cancelled.id, cheap.id]);
    await expect(page.getByLabel("Minimum amount (USDC)")).toHaveValue("10");
    await look(page, testInfo, "sessions-filtered");
    await page.emulateMedia({ colorScheme: "dark" });
    await look(page, testInfo, "sessions-filtered-dark");
    await page.getByRole("search").screenshot({ path: `test-results/screenshots/sessions-form-dark-${testInfo.project.name}.png` });
    await page.emulateMedia({ colorScheme: "light" });

    // the export of exactly that: a download carrying the filters and the sort
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/dashboard/sessions/export?min=10&max=100&sort=amount_desc");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^sessions-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRows(fs.readFileSync(await download.path(), "utf8"));
    expect(header!.slice(0, 4)).toEqual(["id", "created_at", "status", "amount_usdc"]);
    expect(rows.map((r) => r[0])).toEqual([mid.id, cancelled.id, cheap.id]);
    expect(rows.map((r) => r[3])).toEqual(["75.00", "20.00", "12.50"]);
    expect(rows.map((r) => r[0])).not.toContain(stranger.id);
    // metadata that a spreadsheet would run is JSON in a quoted cell, never a formula
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv).toContain(`"{""orderRef"":""=1+2""}"`);
    const direct = await page.request.get("/dashboard/sessions/export?min=10&max=100");
    expect(direct.headers()["cache-control"]).toBe("private, no-store");
    expect(direct.headers()["content-type"]).toBe("text/csv; charset=utf-8");

    // status, on top of the amounts
    await page.getByLabel("Status").selectOption({ label: "Cancelled" });
    await apply(page);
    expect(await shownIds(page)).toEqual([cancelled.id]);

    // created day, in UTC: today has them, tomorrow none, with a way back
    await page.goto(`/dashboard/sessions?from=${today}&to=${today}&min=10&max=100`);
    expect(await shownIds(page)).toHaveLength(3);
    await expect(page.getByLabel("Created from (UTC)")).toHaveValue(today);
    await page.getByLabel("Created from (UTC)").fill(tomorrow);
    await page.getByLabel("Created to (UTC)").fill(tomorrow);
    await apply(page);
    await expect(page.getByText("No sessions match these filters.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await look(page, testInfo, "sessions-empty");
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/sessions$/);
    await expect(page.getByLabel("Created from (UTC)")).toHaveValue("");
    expect(await shownIds(page)).toHaveLength(25);

    // bad input: said, field by field, and nothing else breaks
    await page.getByLabel("Minimum amount (USDC)").fill("abc");
    await page.getByLabel("Maximum amount (USDC)").fill("5");
    await apply(page);
    // (Next.js's route announcer is an alert too)
    const alert = () => page.getByRole("alert").filter({ hasText: "These filters cannot be applied" });
    await expect(alert()).toContainText('Minimum amount (USDC): "abc" is not an amount like 12.50');
    await expect(page.getByLabel("Minimum amount (USDC)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
    await page.goto("/dashboard/sessions?min=50&max=10");
    await expect(alert()).toContainText("Maximum amount (USDC): must not be less than the minimum amount");
    await look(page, testInfo, "sessions-bad-input");

    // pages of 25 through 27 equal amounts, oldest-to-newest by id: none twice, none missed
    await page.goto("/dashboard/sessions?min=5&max=5&sort=amount_asc");
    const first = await shownIds(page);
    expect(first).toHaveLength(25);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByRole("link", { name: "First page" })).toBeVisible();
    const second = await shownIds(page);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second])).toEqual(new Set(same));
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect(page.getByLabel("Sort")).toHaveValue("amount_asc");

    // 320 px: cards (definition lists), no sideways scroll, the table out of sight
    await page.goto("/dashboard/sessions?min=10&max=100");
    await page.setViewportSize({ width: 320, height: 900 });
    const cards = page.getByRole("list", { name: "Sessions, newest first" });
    await expect(cards).toBeVisible();
    await expect(cards.getByRole("listitem")).toHaveCount(3);
    await expect(
      cards
        .getByRole("listitem")
        .first()
        .getByRole("link", { name: /^sess_/ }),
    ).toHaveText(cancelled.id);
    await expect(page.getByRole("table")).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await look(page, testInfo, "sessions-320");
    await page.emulateMedia({ colorScheme: "dark" });
    await look(page, testInfo, "sessions-320-dark");
  });

  test("the export is for a signed-in merchant only", async ({ request }) => {
    const res = await request.get("/dashboard/sessions/export", { maxRedirects: 0 });
    expect([302, 303, 307, 401]).toContain(res.status());
    if (res.status() !== 401) expect(res.headers()["location"]).toContain("/dashboard/sign-in");
    expect(await res.text()).not.toContain("id,created_at");
  });
});
