import { Dashboard } from "./pages/dashboard";
import { TOKEN, checkScreen, createSession, expect, test } from "./support/fixtures";

// The dashboard reads plainly: statuses as badges, times relative with the exact time at hand,
// chains and tokens by name, addresses short but whole for copy, screen readers and the explorer.
// Where it runs: directly. How pages read; nothing here crosses the proxy differently.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;
const SHORT = "0x8335…2913";

test.describe("a readable dashboard", () => {
  // the browser's zone is the merchant's: Tokyo, so the exact time says GMT+9
  test.use({ timezoneId: "Asia/Tokyo", locale: "en-GB" });

  test("the sessions list and a session's page name what they show", async ({ page, request }, testInfo) => {
    const d = new Dashboard(page);
    const key = await d.signUp(unique("readable"), "Readable");
    await d.signIn(key);
    const me = (await (await request.get("/api/merchants/me", { headers: { "x-api-key": key } })).json()).responseObject;
    const s = await createSession(request, { id: me.id, apiKey: key, name: me.name });

    await d.nav("Sessions").click();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: s.id }) });
    // a status badge: its word, and an icon beside it
    const badge = row.locator("[data-status=CREATED]");
    await expect(badge).toHaveText("Created");
    await expect(badge.locator("svg[aria-hidden=true]")).toHaveCount(1);
    // chain and token by name, the recipient short, copyable and linked to the explorer
    await expect(row.getByText("USDC on Base")).toBeVisible();
    await expect(row.getByText(SHORT)).toBeVisible();
    await expect(row.getByRole("link", { name: new RegExp(`Recipient ${TOKEN}`) })).toHaveAttribute(
      "href",
      `https://basescan.org/address/${TOKEN}`,
    );
    const copy = row.getByRole("button", { name: `Copy recipient ${TOKEN}` });
    await copy.click();
    await expect(copy).toHaveText("Copied");
    // the time is relative; its exact time, in the browser's zone, shows on keyboard focus
    const time = row.locator("time");
    await expect(time).toHaveText("just now");
    await expect(time).toHaveAccessibleDescription(/GMT\+9/);
    await expect(time).toHaveAttribute("title", /GMT\+9/); // on hover
    const tip = row.getByRole("tooltip");
    await expect(tip).toBeHidden();
    await time.focus();
    await expect(time).toBeFocused();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText("GMT+9");
    await checkScreen(page, testInfo, "readable-sessions");
    await page.emulateMedia({ colorScheme: "dark" });
    await checkScreen(page, testInfo, "readable-sessions-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 320, height: 800 });
    await checkScreen(page, testInfo, "readable-sessions-320");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: s.id }).click();
    await expect(page.getByRole("heading", { name: /Session/ })).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.locator("[data-status=CREATED]")).toHaveText("Created");
    await expect(summary).toContainText("Base (chain id 8453)");
    await expect(summary).toContainText(`USDC ${SHORT}`);
    await expect(summary.getByRole("link", { name: new RegExp(`Token contract ${TOKEN}`) })).toBeVisible();
    await expect(summary.getByRole("button", { name: `Copy recipient ${TOKEN}` })).toBeVisible();
    await expect(summary.locator("time")).toHaveText(/^in \d+ (minutes?|hours?|days?)$/);
    await checkScreen(page, testInfo, "readable-session");
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await checkScreen(page, testInfo, "readable-session-320");
  });
});
