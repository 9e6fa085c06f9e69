import type { APIRequestContext, Page } from "@playwright/test";
import { CheckoutPage } from "./pages/checkout-page";
import { checkScreen, createMerchant, createSession, expect, type Merchant, test } from "./support/fixtures";

// The payer's page for a session priced in fiat (checkoutMode "exact-fiat"): it asks for the price
// in its currency and says nothing of USDC, chains, tokens or the merchant's wallet, at any step.
// Where it runs: directly. What the payer's page says; the proxy changes none of it.

/** An exact-fiat session: no amountUsdc (a body with undefined leaves the fixture's out). */
function createFiatSession(request: APIRequestContext, m: Merchant, overrides: Record<string, unknown> = {}) {
  return createSession(request, m, {
    checkoutMode: "exact-fiat",
    amountUsdc: undefined,
    fiatAmount: "25.00",
    fiatCurrency: "EUR",
    ...overrides,
  });
}

/** What the payer reads (the rendered text of the page) mentions nothing on-chain. */
async function expectNoCryptoWords(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/USDC/i);
  expect(text).not.toMatch(/\bBase\b/);
  expect(text).not.toMatch(/0x[0-9a-f]/i);
  expect(text).not.toMatch(/\b(chain|token|on-chain|wallet|crypto)/i);
}

async function payWith(page: Page, platform: string, name: (step: string) => string, testInfo: Parameters<typeof checkScreen>[1]) {
  const checkout = new CheckoutPage(page);
  await page.getByRole("radio", { name: new RegExp(platform) }).check();
  await page.getByRole("button", { name: `Continue with ${platform}` }).click();
  await expect(checkout.heading(`Send the payment with ${platform}`)).toBeVisible();
  await expect(checkout.amountToSend()).toContainText("€25.00");
  await expectNoCryptoWords(page);
  await checkScreen(page, testInfo, name("2-pay"));

  await checkout.paymentSent();
  await expect(page.getByText(`You sent €25.00 with ${platform}`)).toBeVisible();
  await expectNoCryptoWords(page);
  await checkScreen(page, testInfo, name("3-waiting"));

  await checkout.simulateConfirmation();
  await expect(checkout.heading("Payment complete")).toBeVisible();
  await expect(checkout.heading("Paid €25.00")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "€25.00" })).toBeVisible();
  await expectNoCryptoWords(page);
  await checkScreen(page, testInfo, name("4-receipt"));
}

test.describe("hosted checkout priced in fiat", () => {
  test("the payer pays €25.00 and never reads of USDC, chains or wallets; the merchant receives the net USDC", async ({
    page,
    request,
  }, testInfo) => {
    const m = await createMerchant(request);
    const s = await createFiatSession(request, m);
    await page.goto(s.path);

    await expect(page.getByRole("heading", { name: "Pay €25.00" })).toBeVisible();
    await expect(page.getByText("You pay €25.00 with any of these apps.")).toBeVisible();
    // no currency to pick: the price has one; every EUR app within the default 10% fee limit, lowest fee first
    await expect(page.getByLabel("Currency")).toHaveCount(0);
    expect(await new CheckoutPage(page).platformOrder()).toEqual(["wise", "revolut", "n26", "paypal"]);
    await expectNoCryptoWords(page);
    await checkScreen(page, testInfo, "fiat-desktop-1-choose");

    await payWith(page, "Revolut", (step) => `fiat-desktop-${step}`, testInfo);

    const read = await request.get(`/api/checkout/sessions/${s.id}`, { headers: { "x-api-key": m.apiKey } });
    const session = (await read.json()).responseObject;
    expect(session).toMatchObject({ status: "COMPLETED", checkoutMode: "exact-fiat", fiatAmount: "25.00", fiatCurrency: "EUR" });
    expect(session.activeOrder).toMatchObject({ fiatAmount: "25.00", fiatCurrency: "EUR", netAmountUsdc: expect.any(String) });
  });

  test("at 390 px, in the dark, the page fits and stays free of on-chain words", async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    const m = await createMerchant(request);
    const s = await createFiatSession(request, m);
    await page.goto(s.path);
    await expect(page.getByRole("heading", { name: "Pay €25.00" })).toBeVisible();
    await expectNoCryptoWords(page);
    await checkScreen(page, testInfo, "fiat-390-1-choose");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await payWith(page, "Wise", (step) => `fiat-390-${step}`, testInfo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("payment apps above the merchant's fee limit are not offered", async ({ page, request }) => {
    const m = await createMerchant(request);
    // sandbox spreads for EUR: Wise 0.3 %, Revolut 0.4 %, N26 0.5 %, PayPal 1.5 %
    const s = await createFiatSession(request, m, { maxFeePercentage: 0.4 });
    await page.goto(s.path);
    expect(await new CheckoutPage(page).platformOrder()).toEqual(["wise", "revolut"]);
    await expect(page.getByRole("radio", { name: /PayPal|N26/ })).toHaveCount(0);
  });

  test("when no payment app is within the fee limit, the page says so and leads back to the shop", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const m = await createMerchant(request);
    const s = await createFiatSession(request, m, { maxFeePercentage: 0.1, cancelUrl: `${baseURL}/?cancelled=1` });
    await page.goto(s.path);
    await expect(page.getByRole("heading", { name: "Pay €25.00" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This payment can’t be made here right now" })).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expectNoCryptoWords(page);
    await checkScreen(page, testInfo, "fiat-no-platform");
    await page.getByRole("link", { name: "Back to Corner Coffee" }).click();
    await page.waitForURL(/\?cancelled=1$/);

    // without a shop to go back to, the page still says what to do
    const bare = await createFiatSession(request, m, { maxFeePercentage: 0.1 });
    await page.goto(bare.path);
    await expect(page.getByText("Go back to the shop to choose another way to pay.")).toBeVisible();
  });
});
