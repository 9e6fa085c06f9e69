import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { watchViolations } from "./support/csp";
import { checkScreen, expect, test } from "./support/fixtures";

// The documentation: the API reference at /docs, rendered in the browser by Scalar from the
// service's own OpenAPI document under the pages' nonce policy, and the guides beside it.
// Where it runs: directly. Pages rendered in the browser; the proxy changes nothing they show.

/** The addresses outside this origin the page tried to reach (there must be none: no CDN, no fonts, no telemetry). */
function watchRequests(page: Page, origin: string) {
  const all: string[] = [];
  page.on("request", (r) => all.push(r.url()));
  return {
    elsewhere: () => all.filter((u) => !u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("blob:")),
    all: () => [...all],
  };
}

/** Waits for the reference to render the document, then opens "Create a checkout session" from its sidebar. */
async function openCreateSession(page: Page) {
  const sidebar = page.getByRole("complementary", { name: /Sidebar/ });
  await sidebar.getByRole("link", { name: "Checkout sessions", exact: true }).click({ timeout: 30_000 });
  await sidebar.getByRole("link", { name: /^Create a checkout session/ }).click();
  await expect(page.getByRole("heading", { name: "Create a checkout session" }).first()).toBeVisible();
}

test.describe("docs", () => {
  test("the API reference renders the service's operations, with no CSP violation and nothing from elsewhere", async ({
    page,
    baseURL,
  }, testInfo) => {
    const violations = await watchViolations(page, (text) => text.includes("Content Security Policy"));
    const requests = watchRequests(page, new URL(baseURL!).origin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const res = await page.goto("/docs");
    expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);

    // operations from the document, by their summaries and paths
    await expect(page.getByRole("heading", { name: "Health check" })).toBeVisible({ timeout: 30_000 });
    await openCreateSession(page);
    await expect(page.getByText("/api/checkout/sessions", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveTitle("API reference · Checkout docs");
    // our header stays above it, and is accessible
    await expect(page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "API reference" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const header = await new AxeBuilder({ page }).include("header").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(header.violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("docs-desktop.png") });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Health check" })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath("docs-390.png") });

    expect(violations).toEqual([]);
    expect(requests.elsewhere()).toEqual([]);
    expect(requests.all().filter((u) => u.endsWith("/docs/scalar.js")).length).toBeGreaterThan(0);
  });

  test("the reference follows a dark system setting", async ({ page }, testInfo) => {
    const violations = await watchViolations(page, (text) => text.includes("Content Security Policy"));
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/docs");
    await openCreateSession(page);
    await expect(page.locator("body")).toHaveClass(/dark-mode/);
    await page.screenshot({ path: testInfo.outputPath("docs-dark.png") });
    expect(violations).toEqual([]);
  });

  test("the guides: listed, rendered, accessible, reached from the reference and back", async ({ page, baseURL }, testInfo) => {
    const violations = await watchViolations(page, (text) => text.includes("Content Security Policy"));
    const requests = watchRequests(page, new URL(baseURL!).origin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/docs/guides");
    const list = page.getByRole("main");
    for (const title of ["Quick start", "The payer's journey", "Going live", "Verifying webhooks"]) {
      await expect(list.getByRole("link", { name: title, exact: true })).toBeVisible();
    }
    await checkScreen(page, testInfo, "guides-index");

    await list.getByRole("link", { name: "Quick start", exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/guides\/quick-start$/);
    await expect(page.getByRole("heading", { level: 1, name: "Quick start" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "2. Create a checkout session" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Guides" }).getByRole("link", { name: "Quick start" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // a link to another guide is a site link
    await expect(page.getByRole("link", { name: "Verifying webhooks" }).first()).toHaveAttribute("href", "/docs/guides/verify-webhooks");
    await checkScreen(page, testInfo, "guide-desktop");

    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "nothing wider than the screen").toBeLessThanOrEqual(390);
    await checkScreen(page, testInfo, "guide-390");

    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await checkScreen(page, testInfo, "guide-dark");

    // keyboard: the skip link comes first and lands on the content
    await page.goto("/docs/guides/going-live");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#content$/);

    // the reference is one link away, and the renderer loads only there
    expect(requests.all().filter((u) => u.includes("/docs/scalar.js"))).toEqual([]);
    await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "API reference" }).click();
    await openCreateSession(page);
    expect(violations).toEqual([]);
  });

  test("an unknown guide is a 404; other pages never load the renderer", async ({ page, request }) => {
    expect((await request.get("/docs/guides/no-such-guide")).status()).toBe(404);
    expect((await request.get("/docs/guides/..%2F..%2FREADME")).status()).toBe(404);
    // the scripts of other pages neither are nor load the renderer
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.text().then((body) => ({ url: r.url(), body })));
    });
    await page.goto("/");
    await page.goto("/dashboard/sign-in");
    await page.waitForLoadState("networkidle");
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(
      loaded
        .filter((s) => s.url.includes("scalar") || s.body.includes("/docs/scalar.js") || s.body.includes("createApiReference"))
        .map((s) => s.url),
    ).toEqual([]);
    const bundle = await request.get("/docs/scalar.js");
    expect(bundle.status()).toBe(200);
    expect(bundle.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    const again = await request.get("/docs/scalar.js", { headers: { "if-none-match": bundle.headers()["etag"]! } });
    expect(again.status()).toBe(304);
  });

  test("the dashboard's developer page leads to the reference and the guides", async ({ page }) => {
    const d = new Dashboard(page);
    const key = await d.signUp(`docs-${Date.now()}-${Math.floor(Math.random() * 1e5)}`, "Docs Shop");
    await d.signIn(key);
    await d.nav("Developers").click();
    await expect(page.getByRole("link", { name: "Quick start guide" })).toHaveAttribute("href", "/docs/guides/quick-start");
    await page.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await openCreateSession(page);
  });
});
