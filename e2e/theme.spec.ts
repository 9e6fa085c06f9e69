import type { Locator, Page } from "@playwright/test";
import { CheckoutPage } from "./pages/checkout-page";
import { Dashboard } from "./pages/dashboard";
import { watchViolations } from "./support/csp";
import { checkScreen, createMerchant, createSession, expect, type Merchant, test } from "./support/fixtures";

// The merchant's theme and branding on the payer's page, set in the dashboard as a merchant would:
// the live preview, the contrast rule, every preset free of accessibility violations at desktop and
// 390 px, the service's name hidden on request, and initials for a logo that does not load.
// Where it runs: directly. Presentation only: the theme's colours and their contrast.

const CUSTOM = {
  "Page background": "#fdf6e3",
  "Panel background": "#ffffff",
  "Panel text": "#1f2937",
  "Panel muted text": "#4b5563",
  "Accent (selection and focus)": "#b45309",
  "Panel border": "#d6c7a1",
  "Button background": "#7c2d12",
  "Button text": "#ffffff",
};

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

function appearance(page: Page) {
  return page.getByRole("region", { name: "Checkout appearance" });
}

/** The preview's themed root (the element the theme's custom properties are on). */
function preview(page: Page): Locator {
  return appearance(page).getByRole("group", { name: "Preview" }).locator(":scope > div");
}

async function openSettings(page: Page, m: Merchant) {
  await new Dashboard(page).signIn(m.apiKey);
  await page.goto("/dashboard/settings");
  await expect(appearance(page)).toBeVisible();
}

async function fillCustom(page: Page, colours: Record<string, string>) {
  const section = appearance(page);
  await section.getByRole("radio", { name: /^Custom/ }).check();
  for (const [label, value] of Object.entries(colours)) await section.getByLabel(label, { exact: true }).fill(value);
}

async function save(page: Page) {
  await appearance(page).getByRole("button", { name: "Save appearance" }).click();
  await expect(appearance(page).getByRole("status")).toHaveText(/^Saved\./);
}

async function choosePreset(page: Page, preset: "Default" | "Light" | "Dark") {
  await appearance(page)
    .getByRole("radio", { name: new RegExp(`^${preset}`) })
    .check();
  await save(page);
}

test.describe("checkout theme", () => {
  test("a custom theme: the preview follows the edits before saving; saved, the payer's page has its colours", async ({
    page,
    request,
  }, testInfo) => {
    const m = await createMerchant(request);
    const session = await createSession(request, m);
    const violations = await watchViolations(page);
    await openSettings(page, m);

    await fillCustom(page, CUSTOM);
    // the preview has the colours already; nothing is saved yet
    await expect(preview(page)).toHaveCSS("background-color", rgb(CUSTOM["Page background"]));
    await expect(preview(page).getByText("Continue with Venmo")).toHaveCSS("background-color", rgb(CUSTOM["Button background"]));
    await appearance(page).getByLabel("Button background", { exact: true }).fill("#14532d");
    await expect(preview(page).getByText("Continue with Venmo")).toHaveCSS("background-color", rgb("#14532d"));
    await appearance(page).getByLabel("Button background", { exact: true }).fill(CUSTOM["Button background"]);
    await expect(appearance(page).getByRole("alert")).toHaveCount(0);
    await checkScreen(page, testInfo, "theme-settings-custom-desktop");

    const payer = await page.context().newPage();
    const payerViolations = await watchViolations(payer);
    await payer.goto(session.path);
    await expect(payer.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
    await expect(payer.locator("[data-checkout-theme]")).toHaveCount(0);

    await save(page);
    await payer.reload();
    const root = payer.locator("[data-checkout-theme]");
    await expect(root).toHaveAttribute("data-checkout-theme", "custom");
    await expect(root).toHaveCSS("background-color", rgb(CUSTOM["Page background"]));
    await expect(payer.getByRole("heading", { name: "42.50 USDC" })).toHaveCSS("color", rgb(CUSTOM["Panel text"]));
    await expect(payer.getByText("Pay Corner Coffee")).toHaveCSS("color", rgb(CUSTOM["Panel muted text"]));
    const panel = payer.locator("section.theme-panel");
    await expect(panel).toHaveCSS("background-color", rgb(CUSTOM["Panel background"]));
    await expect(panel).toHaveCSS("border-top-color", rgb(CUSTOM["Panel border"]));
    await payer.getByRole("radio", { name: /Venmo/ }).check();
    const go = payer.getByRole("button", { name: "Continue with Venmo" });
    await expect(go).toHaveCSS("background-color", rgb(CUSTOM["Button background"]));
    await expect(go).toHaveCSS("color", rgb(CUSTOM["Button text"]));
    await expect(payer.locator("label.theme-option").filter({ hasText: "Venmo" })).toHaveCSS(
      "border-top-color",
      rgb(CUSTOM["Accent (selection and focus)"]),
    );
    await go.focus();
    await payer.keyboard.press("Shift+Tab");
    await payer.keyboard.press("Tab");
    await expect(go).toHaveCSS("outline-color", rgb(CUSTOM["Accent (selection and focus)"]));
    await checkScreen(payer, testInfo, "theme-checkout-custom-desktop");

    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, testInfo, "theme-settings-custom-390");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the narrowest phone: the section still fits, nothing scrolls sideways
    await page.setViewportSize({ width: 320, height: 700 });
    await expect(appearance(page).getByLabel("Button text", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await checkScreen(page, testInfo, "theme-settings-custom-320");
    // the theme's custom properties are a style attribute, which the policy allows; nothing else is refused
    expect([...violations, ...payerViolations]).toEqual([]);
  });

  test("a theme whose text fails WCAG AA is refused with the pair named, and nothing is saved", async ({ page, request }, testInfo) => {
    const m = await createMerchant(request);
    await openSettings(page, m);
    await fillCustom(page, { ...CUSTOM, "Panel text": "#777777", "Panel background": "#888888" });
    const pair = "panelTextColor #777777 on panelBackgroundColor #888888 has contrast 1.26:1; WCAG AA needs 4.5:1";
    // said as the merchant types, next to the field and in the summary
    await expect(appearance(page).getByRole("alert")).toContainText(pair);
    await expect(appearance(page).getByLabel("Panel text", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(appearance(page).getByLabel("Panel text", { exact: true })).toHaveAccessibleDescription(
      new RegExp(pair.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    // the preview does not paint an unreadable theme: it keeps the last readable colours, and says so
    await expect(appearance(page).getByText("Showing your last readable colours")).toBeVisible();
    await expect(preview(page)).toHaveCSS("background-color", rgb(CUSTOM["Page background"]));
    // and by the server, if saved anyway
    await appearance(page).getByRole("button", { name: "Save appearance" }).click();
    await expect(
      appearance(page)
        .getByRole("alert")
        .filter({ hasText: /^Not saved: panelTextColor #777777/ }),
    ).toContainText(pair);
    await checkScreen(page, testInfo, "theme-settings-refused");
    await page.reload();
    await expect(appearance(page).getByRole("radio", { name: /^Default/ })).toBeChecked();
  });

  test("every preset and a custom theme are free of accessibility violations at desktop and 390 px", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const m = await createMerchant(request);
    const dashboard = await page.context().newPage();
    await openSettings(dashboard, m);
    const checkout = new CheckoutPage(page);
    for (const preset of ["Default", "Light", "Dark", "Custom"] as const) {
      if (preset === "Custom") {
        await fillCustom(dashboard, CUSTOM);
        await save(dashboard);
      } else await choosePreset(dashboard, preset);
      const name = preset.toLowerCase();
      const session = await createSession(request, m);
      await page.setViewportSize({ width: 1280, height: 900 });
      await checkout.open(session.path);
      await expect(checkout.heading("How would you like to pay?")).toBeVisible();
      if (preset === "Default") await expect(page.locator("[data-checkout-theme]")).toHaveCount(0);
      else await expect(page.locator("[data-checkout-theme]")).toHaveAttribute("data-checkout-theme", name);
      await checkScreen(page, testInfo, `theme-${name}-desktop-choose`);
      await page.setViewportSize({ width: 390, height: 844 });
      await checkScreen(page, testInfo, `theme-${name}-390-choose`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await checkout.choose("Venmo");
      await checkScreen(page, testInfo, `theme-${name}-390-pay`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await checkScreen(page, testInfo, `theme-${name}-desktop-pay`);
      await checkout.paymentSent();
      await checkScreen(page, testInfo, `theme-${name}-desktop-waiting`);
    }
    // the default preset follows the system: dark there too
    await choosePreset(dashboard, "Default");
    const session = await createSession(request, m);
    await page.emulateMedia({ colorScheme: "dark" });
    await checkout.open(session.path);
    await checkScreen(page, testInfo, "theme-default-dark-system-desktop");
    await dashboard.emulateMedia({ colorScheme: "dark" });
    await checkScreen(dashboard, testInfo, "theme-settings-dark-system");
  });

  test("with branding off, the page never names the service", async ({ page, request }) => {
    const m = await createMerchant(request);
    const session = await createSession(request, m);
    const payer = await page.context().newPage();
    await payer.goto(session.path);
    await expect(payer.getByText("Secure checkout by Merchant Checkout")).toBeVisible();

    await openSettings(page, m);
    await expect(preview(page).getByText("Secure checkout by Merchant Checkout")).toBeVisible();
    await appearance(page)
      .getByRole("checkbox", { name: /Hide the service’s name/ })
      .check();
    await expect(preview(page).getByText("Secure checkout by Merchant Checkout")).toHaveCount(0);
    await save(page);

    await payer.reload();
    await expect(payer.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
    expect(await payer.locator("body").innerText()).not.toContain("Merchant Checkout");
    await page.reload();
    await expect(appearance(page).getByRole("checkbox", { name: /Hide the service’s name/ })).toBeChecked();
  });

  test("a logo that does not load shows the merchant's initials, on the page and in the preview", async ({ page, request }, testInfo) => {
    await page.route("https://logos.example/**", (route) => route.fulfill({ status: 404, body: "not found" }));
    const m = await createMerchant(request, { displayName: "Corner Coffee", logoUrl: "https://logos.example/missing.png" });
    const session = await createSession(request, m);
    await page.goto(session.path);
    const logo = page.getByRole("img", { name: "Corner Coffee logo" });
    await expect(logo).toHaveText("CC");
    await expect(page.locator("img")).toHaveCount(0);
    await checkScreen(page, testInfo, "theme-logo-initials");

    await openSettings(page, m);
    await expect(preview(page).getByRole("img", { name: "Corner Coffee logo" })).toHaveText("CC");
    await expect(page.getByRole("img", { name: "Logo preview" })).toHaveText("CC");
  });

  test("the logo is never a broken image, not even before the page's scripts run; once it loads, the initials go", async ({
    browser,
    page,
    request,
  }, testInfo) => {
    const m = await createMerchant(request, { displayName: "Corner Coffee", logoUrl: "https://logos.example/missing.png" });
    const session = await createSession(request, m);
    // the server's HTML as it paints before the page's scripts have arrived (they never do here), with
    // a logo that cannot load
    const noScripts = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const first = await noScripts.newPage();
    await first.route(/\/_next\/static\/chunks\/.*\.js$/, (route) => route.abort());
    await first.route("https://logos.example/**", (route) => route.fulfill({ status: 404, body: "not found" }));
    await first.goto(session.path);
    const logo = first.getByRole("img", { name: "Corner Coffee logo" });
    await expect(logo).toBeVisible();
    await expect(logo.getByText("CC")).toBeVisible();
    // the broken image is covered by its fallback: the initials on their tile, drawn by CSS alone
    const broken = logo.locator("img");
    await expect.poll(() => broken.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    expect(await broken.evaluate((img) => getComputedStyle(img, "::after").content)).toBe('"CC"');
    expect(await broken.evaluate((img) => getComputedStyle(img, "::after").backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    await checkScreen(first, testInfo, "theme-logo-before-scripts");
    await noScripts.close();

    // a logo that loads covers the initials, and once the scripts know it, the initials and their tile go
    const shop = await createMerchant(request, { displayName: "Corner Coffee", logoUrl: "https://logos.example/corner-coffee.png" });
    await page.route("https://logos.example/**", (route) =>
      route.fulfill({
        contentType: "image/png",
        body: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
      }),
    );
    await page.goto((await createSession(request, shop)).path);
    const loaded = page.getByRole("img", { name: "Corner Coffee logo" });
    await expect(loaded.getByText("CC")).toBeHidden();
    await expect(page.locator("[data-initials]")).toHaveCount(0);
    expect(await loaded.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });
});
