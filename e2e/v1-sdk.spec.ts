import { type CheckoutClientOptions, type CreateOrderRequest, createCheckout, getMerchant } from "@zkp2p/pay-sdk";
import { CheckoutPage } from "./pages/checkout-page";
import { checkScreen, createMerchant, expect, holdLaterScripts, startReceiver, test, TOKEN } from "./support/fixtures";

// The v1 API as its official client speaks it: @zkp2p/pay-sdk 1.0.0, the published package, pointed
// at this service by its base URL alone. It creates an order, the payer opens the link the SDK built
// in Chromium and pays in the sandbox, and a v1 webhook hears PAYMENT_SETTLED and ORDER_FULFILLED.
// Where it runs: directly, and the tests tagged @topology through the production topology too. The published SDK against a deployment's
// https base URL, its webhook sent by the worker; the rest is the payer's page.

test.describe("the v1 API through @zkp2p/pay-sdk", () => {
  test(
    "createCheckout → the payer pays at the SDK's link → PAYMENT_SETTLED and ORDER_FULFILLED at a v1 webhook",
    { tag: "@topology" },
    async ({ page, request, baseURL }, testInfo) => {
      const receiver = await startReceiver();
      try {
        const m = await createMerchant(request);
        const hook = await request.post("/api/v1/webhooks", { headers: { "x-api-key": m.apiKey }, data: { url: receiver.url } });
        expect(hook.status()).toBe(201);
        const opts: CheckoutClientOptions = { apiBaseUrl: baseURL!, apiKey: m.apiKey };

        const profile = await getMerchant(opts);
        expect(profile.id).toBe(m.id);
        expect(profile.apiKey).not.toBe(m.apiKey); // the display prefix only
        expect(m.apiKey.startsWith(profile.apiKey.replace(/…$/, ""))).toBe(true);

        const params: CreateOrderRequest = { requestedUsdcAmount: "42.50", destinationAddress: TOKEN, successUrl: `${baseURL}/?paid=1` };
        const created = await createCheckout(params, opts);
        expect(created.order).toMatchObject({ status: "CREATED", requestedUsdcAmount: "42.50", remainingUsdcAmount: "42.50" });
        expect(new URL(created.checkoutUrl).origin).toBe(new URL(baseURL!).origin);

        // the link without its token, or with another, opens nothing
        const bare = new URL(created.checkoutUrl);
        bare.searchParams.set("token", "otk_wrong");
        expect((await page.goto(bare.toString()))!.status()).toBe(404);

        const checkout = new CheckoutPage(page);
        await checkout.open(created.checkoutUrl);
        await expect(page.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
        await checkScreen(page, testInfo, "v1-choose");
        await checkout.choose("Zelle");
        await checkout.paymentSent();
        await checkout.simulateConfirmation();
        await expect(checkout.heading("Payment complete")).toBeVisible();
        await page.waitForURL(/\/\?paid=1$/, { timeout: 15_000 });

        await expect
          .poll(() => receiver.types(), { timeout: 20_000 })
          .toEqual(expect.arrayContaining(["ORDER_CREATED", "PAYMENT_CREATED", "PAYMENT_SETTLED", "ORDER_FULFILLED"]));
        // a v1 webhook gets v1 events only
        expect(receiver.types().every((t) => /^[A-Z_]+$/.test(t))).toBe(true);

        // the order as the merchant reads it afterwards
        const read = await request.get(`/api/v1/orders/${created.order.id}`, { headers: { "x-api-key": m.apiKey } });
        const aggregate = (await read.json()).responseObject;
        expect(aggregate.order).toMatchObject({ status: "FULFILLED", remainingUsdcAmount: "0.00" });
        expect(aggregate.currentPayment).toMatchObject({ status: "SETTLED", rail: "zelle", netSettledUsdcAmount: "42.50" });
      } finally {
        await receiver.close();
      }
    },
  );

  test("the payer's page of a v1 order follows it live: confirmed elsewhere, the receipt shows without a reload", async ({
    page,
    request,
    baseURL,
  }) => {
    const m = await createMerchant(request);
    const opts: CheckoutClientOptions = { apiBaseUrl: baseURL!, apiKey: m.apiKey };
    const created = await createCheckout({ requestedUsdcAmount: "12.00", destinationAddress: TOKEN }, opts);
    const polls: number[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname === "/checkout/status") polls.push(r.status());
    });
    const checkout = new CheckoutPage(page);
    await checkout.open(created.checkoutUrl);
    await checkout.choose("Wise");
    await checkout.paymentSent();
    // the page polls while the payment is confirmed; every poll of the v1 link is answered
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const order = await (
      await request.get(`/api/checkout/sessions/${created.order.id}/order`, { headers: { "x-api-key": m.apiKey } })
    ).json();
    const fulfilled = await request.post("/api/orders/fulfill", {
      headers: { "x-api-key": m.apiKey },
      data: { intentHash: order.responseObject.order.intentHash, proof: { sandbox: true, outcome: "success" } },
    });
    expect(fulfilled.status()).toBe(200);
    await expect(checkout.heading("Payment complete")).toBeVisible({ timeout: 10_000 }); // no reload
    await expect(page.getByText("We lost contact")).toHaveCount(0);
    expect(polls.every((s) => s === 200)).toBe(true);
  });

  test("a payer pays an order in two parts at the same link; the order is PARTIALLY_FULFILLED, then FULFILLED", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const receiver = await startReceiver();
    try {
      const m = await createMerchant(request);
      await request.post("/api/v1/webhooks", { headers: { "x-api-key": m.apiKey }, data: { url: receiver.url } });
      const opts: CheckoutClientOptions = { apiBaseUrl: baseURL!, apiKey: m.apiKey };
      const created = await createCheckout({ requestedUsdcAmount: "42.50", destinationAddress: TOKEN }, opts);
      const checkout = new CheckoutPage(page);
      const readOrder = async () =>
        (await (await request.get(`/api/v1/orders/${created.order.id}`, { headers: { "x-api-key": m.apiKey } })).json()).responseObject;

      await checkout.open(created.checkoutUrl);
      await page.getByText("Pay only part of it now").click();
      const part = page.getByLabel("Amount to pay now (USDC)");
      await part.fill("10.00");
      await checkScreen(page, testInfo, "v1-part");
      await page.getByRole("radio", { name: /Zelle/ }).check();
      await page.getByRole("button", { name: "Continue with Zelle" }).click();
      await expect(checkout.heading("Send the payment with Zelle")).toBeVisible();
      await expect(page.getByText("$10.05")).toBeVisible(); // the part's quote, not the whole
      await checkout.paymentSent();
      await checkout.simulateConfirmation();

      // the page asks for the rest
      await expect(page.getByRole("heading", { name: "32.50 USDC" })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText("10.00 USDC is paid already; this payment is for the rest")).toBeVisible();
      await checkScreen(page, testInfo, "v1-rest");
      expect((await readOrder()).order).toMatchObject({ status: "PARTIALLY_FULFILLED", remainingUsdcAmount: "32.50" });

      await checkout.choose("Zelle");
      await checkout.paymentSent();
      await checkout.simulateConfirmation();
      await expect(checkout.heading("Payment complete")).toBeVisible();
      expect((await readOrder()).order).toMatchObject({ status: "FULFILLED", remainingUsdcAmount: "0.00" });
      await expect.poll(() => receiver.types().filter((t) => t === "PAYMENT_SETTLED").length, { timeout: 20_000 }).toBe(2);
      await expect.poll(() => receiver.types().filter((t) => t === "ORDER_FULFILLED").length, { timeout: 20_000 }).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  test("a part typed before the field's code has arrived is kept when an app is picked, and is the part quoted", async ({
    page,
    request,
    baseURL,
  }) => {
    const m = await createMerchant(request);
    const created = await createCheckout(
      { requestedUsdcAmount: "42.50", destinationAddress: TOKEN },
      { apiBaseUrl: baseURL!, apiKey: m.apiKey },
    );
    // a slow network: every script the page's HTML does not load itself (the part field's among them) waits
    const { held, release } = await holdLaterScripts(page, await (await request.get(created.checkoutUrl)).text());
    const checkout = new CheckoutPage(page);
    await checkout.open(created.checkoutUrl);
    await expect.poll(() => held.length).toBeGreaterThan(0); // hydrated, and asking for the later code
    await page.getByText("Pay only part of it now").click();
    const part = page.getByLabel("Amount to pay now (USDC)");
    await part.fill("10.00");
    await page.getByRole("radio", { name: /Zelle/ }).check();
    await expect(page.getByRole("button", { name: "Continue with Zelle" })).toBeEnabled();
    // the field is the one the payer typed into, still open and still holding the part
    await expect(part).toHaveValue("10.00");
    release();
    await expect(part).toHaveValue("10.00");
    await page.getByRole("button", { name: "Continue with Zelle" }).click();
    await expect(checkout.heading("Send the payment with Zelle")).toBeVisible();
    await expect(page.getByText("$10.05")).toBeVisible(); // the part's quote, not the whole
  });

  test("an order paid in part and then cancelled by the merchant: the open page says what was paid", async ({ page, request, baseURL }) => {
    const m = await createMerchant(request);
    const created = await createCheckout(
      { requestedUsdcAmount: "42.50", destinationAddress: TOKEN },
      { apiBaseUrl: baseURL!, apiKey: m.apiKey },
    );
    const checkout = new CheckoutPage(page);
    await checkout.open(created.checkoutUrl);
    await page.getByText("Pay only part of it now").click();
    await page.getByLabel("Amount to pay now (USDC)").fill("10.00");
    await page.getByRole("radio", { name: /Zelle/ }).check();
    await page.getByRole("button", { name: "Continue with Zelle" }).click();
    await checkout.paymentSent();
    await checkout.simulateConfirmation();
    await expect(page.getByRole("heading", { name: "32.50 USDC" })).toBeVisible({ timeout: 15_000 });
    const cancelled = await request.post(`/api/v1/orders/${created.order.id}/cancel`, { headers: { "x-api-key": m.apiKey } });
    expect((await cancelled.json()).responseObject.order).toMatchObject({ status: "CANCELLED", paidUsdcAmount: "10.00" });
    // no reload: the page follows the order
    await expect(checkout.heading("Checkout cancelled")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("10.00 USDC of this order was paid before it was cancelled; the rest was not charged.")).toBeVisible();
    await expect(page.getByText("Nothing was charged")).toHaveCount(0);
  });
});
