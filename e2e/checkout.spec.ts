import { CheckoutPage } from "./pages/checkout-page";
import { OwnServer } from "./support/server";
import { checkScreen, createMerchant, createSession, expect, holdLaterScripts, startReceiver, test } from "./support/fixtures";

// The payer's journey on the hosted checkout page, in Debian's Chromium against the built app.
// Where it runs: directly, and the tests tagged @topology through the production topology too. A payment's webhooks go out from the
// worker and the payer returns to the shop at the public address; a page follows its order live while the
// confirmation lands on another instance. The rest is the page itself.

test.describe("hosted checkout", () => {
  test(
    "a payer completes a payment; the merchant hears of it; the browser returns to the shop",
    { tag: "@topology" },
    async ({ page, request, baseURL }, testInfo) => {
      const receiver = await startReceiver();
      try {
        const m = await createMerchant(request);
        await request.post("/api/webhooks", { headers: { "x-api-key": m.apiKey }, data: { url: receiver.url } });
        const s = await createSession(request, m, { successUrl: `${baseURL}/?paid=1`, cancelUrl: `${baseURL}/?cancelled=1` });
        const checkout = new CheckoutPage(page);

        await checkout.open(s.path);
        await expect(page.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
        await expect(page.getByText("Corner Coffee receives 42.50 USDC")).toBeVisible();
        const order = await checkout.platformOrder();
        expect(order[0]).toBe("wise"); // cheapest first
        await checkScreen(page, testInfo, "1-choose");

        await checkout.choose("Zelle");
        await expect(page.getByText("$42.72")).toBeVisible();
        await expect(page.getByText("sandbox-payee@example.com")).toBeVisible();
        await expect(page.getByRole("timer")).toHaveText(/^\d+:\d{2}$/);
        await checkScreen(page, testInfo, "2-pay");

        await checkout.paymentSent();
        await checkScreen(page, testInfo, "3-waiting");

        await checkout.simulateConfirmation();
        await expect(checkout.heading("Payment complete")).toBeVisible();
        await expect(page.getByText(/^0x[0-9a-f]{64}$/)).toBeVisible();
        await checkScreen(page, testInfo, "4-receipt");

        await page.waitForURL(/\/\?paid=1$/, { timeout: 15_000 });
        await expect
          .poll(() => receiver.types(), { timeout: 15_000 })
          .toEqual(
            expect.arrayContaining(["session.started", "order.created", "order.payment_sent", "order.fulfilled", "session.completed"]),
          );
      } finally {
        await receiver.close();
      }
    },
  );

  test("works at 375 px in dark mode, by keyboard", async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    await page.goto(s.path);
    await checkScreen(page, testInfo, "mobile-dark-choose");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    // keyboard only: tab to the first payment app, pick it with space, continue with enter
    await page.getByLabel("Currency").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page.getByRole("radio").first()).toBeChecked();
    await page.getByRole("button", { name: /Continue with/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "I have sent the payment" })).toBeVisible();
    await checkScreen(page, testInfo, "mobile-dark-pay");
  });

  test("cancel asks first, then returns to the shop", async ({ page, request, baseURL }) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m, { cancelUrl: `${baseURL}/?cancelled=1` });
    const checkout = new CheckoutPage(page);
    await checkout.open(s.path);
    await page.getByRole("button", { name: "Cancel checkout" }).click();
    await page.getByRole("button", { name: "Keep paying" }).click();
    await expect(page.getByRole("button", { name: "Cancel checkout" })).toBeVisible();
    await checkout.cancel();
    await page.waitForURL(/\?cancelled=1$/);
    const status = await request.get(`/api/checkout/sessions/${s.id}`, { headers: { "x-api-key": m.apiKey } });
    expect((await status.json()).responseObject.status).toBe("CANCELLED");
  });

  test("a rejected proof can be tried again, then succeeds", async ({ page, request }, testInfo) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    const checkout = new CheckoutPage(page);
    await checkout.open(s.path);
    await checkout.choose("Venmo");
    await checkout.paymentSent();
    await checkout.simulateRejection();
    await expect(page.getByRole("alert").filter({ hasText: "could not be verified" })).toBeVisible();
    await checkScreen(page, testInfo, "rejected-proof");
    await checkout.simulateConfirmation();
    await expect(checkout.heading("Payment complete")).toBeVisible();
  });

  test("after a reload at any step the page resumes where the payer was", async ({ page, request }) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    const checkout = new CheckoutPage(page);
    await checkout.open(s.path);
    // a choice is saved as it is made
    await page.getByLabel("Currency").selectOption("GBP");
    await page.getByRole("radio", { name: /Monzo/ }).check();
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/checkout/sessions/${s.id}`, { headers: { "x-api-key": m.apiKey } })).json()).responseObject
            .selectedPaymentPlatform,
      )
      .toBe("monzo");
    await page.reload();
    await expect(page.getByLabel("Currency")).toHaveValue("GBP");
    await expect(page.getByRole("radio", { name: /Monzo/ })).toBeChecked();
    await checkout.choose("Revolut", "EUR");
    await page.reload();
    await expect(checkout.heading("Send the payment with Revolut")).toBeVisible();
    await expect(page.getByText("€")).toBeVisible();
    await checkout.paymentSent();
    await page.reload();
    await expect(checkout.heading("Waiting for your payment to be confirmed")).toBeVisible();
  });

  test("the page follows the order live when it is confirmed elsewhere", { tag: "@topology" }, async ({ page, request }) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    const checkout = new CheckoutPage(page);
    await checkout.open(s.path);
    await checkout.choose("Wise");
    await checkout.paymentSent();
    const order = await (await request.get(`/api/checkout/sessions/${s.id}/order`, { headers: { "x-api-key": m.apiKey } })).json();
    await request.post("/api/orders/fulfill", {
      headers: { "x-api-key": m.apiKey },
      data: { intentHash: order.responseObject.order.intentHash, proof: { sandbox: true, outcome: "success" } },
    });
    await expect(checkout.heading("Payment complete")).toBeVisible({ timeout: 10_000 }); // no reload
  });

  test("an unknown session shows a not-found page; a finished one its own screen", async ({ page, request }, testInfo) => {
    const res = await page.goto("/checkout?session=sess_00000000000000000000000000000000");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Checkout not found" })).toBeVisible();
    await checkScreen(page, testInfo, "not-found");

    const m = await createMerchant(request);
    const s = await createSession(request, m);
    await request.post(`/api/checkout/sessions/${s.id}/cancel`, { headers: { "x-api-key": m.apiKey } });
    await page.goto(s.path);
    await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
    await checkScreen(page, testInfo, "cancelled");
  });

  test("a lost connection is shown, with a way to retry", async ({ page, request }, testInfo) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    const checkout = new CheckoutPage(page);
    await checkout.open(s.path);
    await checkout.choose("Zelle");
    // the connection stays down until the payer has pressed Retry: the page also polls by itself,
    // and a poll that got through first would take the button away before the click
    let online = false;
    let asked = 0;
    await page.route("**/checkout/status**", (route) => {
      asked++;
      return online ? route.continue() : route.abort("internetdisconnected");
    });
    await checkout.paymentSent();
    await expect(page.getByText("We lost contact with the payment service")).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, testInfo, "network-error");
    const before = asked;
    await page.getByRole("button", { name: "Retry now" }).click();
    await expect.poll(() => asked).toBeGreaterThan(before); // the button asked again
    online = true;
    await expect(page.getByText("We lost contact with the payment service")).toBeHidden();
  });

  test("the page hydrates what the server rendered, even when its scripts arrive seconds later", async ({ page, request }) => {
    // A mismatch makes React throw the server's HTML away and render the page again in the browser:
    // the payer sees it repainted, and the largest paint moves behind all the JavaScript. The order's
    // countdown is rendered on the server at one second and hydrated at a later one.
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    const checkout = new CheckoutPage(page);
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(err.message));
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await checkout.open(s.path);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    await checkout.choose("Revolut", "EUR");
    await page.reload();
    const timer = page.getByRole("timer");
    await expect(timer).toBeVisible();
    const served = await timer.textContent();
    // hydrated: the countdown ticks, from the browser's clock
    await expect(timer).not.toHaveText(served!, { timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  test("a new checkout loads the code of its first step only; on a slow network the next step's code never leaves the card empty", async ({
    page,
    request,
  }) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    // the scripts the page's HTML loads; any other chunk is code the page asks for afterwards
    const { held, release } = await holdLaterScripts(page, await (await request.get(s.path)).text());
    const checkout = new CheckoutPage(page);
    await checkout.open(s.path);
    // once hydrated, the page asks for the later steps by itself, before the payer does anything
    await expect.poll(() => held.length).toBeGreaterThan(0);

    await page.getByRole("radio", { name: /Zelle/ }).check();
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
    await page.getByRole("button", { name: "Continue with Zelle" }).click();
    await answered;
    // the server has answered with the order, but the pay step's code has not arrived: the choose
    // step stays on screen, whole, its button still saying the quote is coming (and not pressable again)
    await expect(page.getByRole("button", { name: "Getting your quote…" })).toBeDisabled();
    await expect(checkout.heading("How would you like to pay?")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Zelle/ })).toBeChecked();
    await expect(checkout.heading(/Send the payment/)).toHaveCount(0);

    release();
    await expect(checkout.heading("Send the payment with Zelle")).toBeVisible();
    await expect(page.getByRole("button", { name: "I have sent the payment" })).toBeEnabled();
  });

  test("the page is not indexed and holds no merchant secret", async ({ page, request }) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m, { metadata: { internalNote: "vip-customer-1234" } });
    await page.goto(s.path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const html = await page.content();
    expect(html).not.toContain(m.apiKey);
    expect(html).not.toContain("vip-customer-1234");
  });
});

test.describe("hosted checkout with short lifetimes", () => {
  test("an unpaid order expires and can be started again; then the session expires", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // the session outlives the first order by enough for the page to offer, and the payer to take, a
    // second quote on a loaded machine (with 12 s the second choice sometimes met the expired session)
    const server = new OwnServer({ ORDER_TTL: "4s", SESSION_TTL: "30s" });
    await server.start();
    try {
      const context = await page.context().browser()!.newContext({ baseURL: server.base });
      const own = await context.newPage();
      const m = await createMerchant(context.request);
      const s = await createSession(context.request, m);
      const checkout = new CheckoutPage(own);
      await checkout.open(s.path);
      await checkout.choose("Zelle");
      // nobody pays: the order expires on its own and the page offers a new quote
      await expect(own.getByText("Your order expired before the payment was sent")).toBeVisible({ timeout: 15_000 });
      await checkScreen(own, testInfo, "order-expired");
      await checkout.choose("Zelle");
      // and then the whole session runs out
      await expect(checkout.heading("This checkout has expired")).toBeVisible({ timeout: 45_000 });
      await checkScreen(own, testInfo, "session-expired");
      await context.close();
    } finally {
      await server.kill();
    }
  });
});
