import type { Page, TestInfo } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { checkScreen, createMerchant, createSession, expect, test } from "./support/fixtures";

// While the sandbox rail is active, every dashboard page and the payer's page say so at the top, so
// that no one takes a sandbox payment for money: readable (axe) in light and dark, and at 320 px.
// Where it runs: directly. A banner on every page, checked for accessibility: presentation only.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

const banner = (page: Page) => page.getByRole("note").filter({ hasText: "Sandbox: no real money moves. Payments here are simulated." });

/** The banner shows above the given element, and the page is accessible in light and dark, wide and at 320 px. */
async function checkBanner(page: Page, testInfo: TestInfo, name: string, below: ReturnType<Page["getByRole"]>) {
  await expect(banner(page)).toHaveCount(1);
  await expect(banner(page)).toBeVisible();
  const [top, other] = [await banner(page).boundingBox(), await below.boundingBox()];
  expect(top!.y).toBeLessThan(other!.y);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkScreen(page, testInfo, `${name}-${colorScheme}`);
    await page.setViewportSize({ width: 320, height: 700 });
    await expect(banner(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await checkScreen(page, testInfo, `${name}-${colorScheme}-320`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("every dashboard page shows the sandbox banner above its navigation", async ({ page }, testInfo) => {
  const d = new Dashboard(page);
  await d.signIn(await d.signUp(unique("sandbox"), "Sandbox Shop"));
  await checkBanner(page, testInfo, "sandbox-dash-overview", page.getByRole("navigation", { name: "Dashboard" }));
  for (const [name, heading] of [
    ["Sessions", "Sessions"],
    ["Webhooks", "Webhooks"],
    ["Settings", "Settings"],
    ["Developers", "Developers"],
  ]) {
    await d.nav(name).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    await expect(banner(page)).toBeVisible();
  }
});

test("the sign-in and sign-up pages show the sandbox banner above the form, unless the deployment takes real payments", async ({
  page,
}, testInfo) => {
  await page.goto("/dashboard/sign-in");
  if (testInfo.project.name === "prod") {
    // the production topology carries the real rail: these pages serve live merchants too, and do
    // not tell them that no real money moves
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.goto("/dashboard/sign-up");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    return;
  }
  await checkBanner(page, testInfo, "sandbox-sign-in", page.getByLabel("Email"));
  await page.goto("/dashboard/sign-up");
  await expect(banner(page)).toBeVisible();
});

test("the payer's page shows the sandbox banner above the amount", async ({ page, request }, testInfo) => {
  const m = await createMerchant(request);
  const s = await createSession(request, m);
  await page.goto(s.path);
  await expect(page.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
  await checkBanner(page, testInfo, "sandbox-checkout", page.getByRole("heading", { name: "42.50 USDC" }));
});
