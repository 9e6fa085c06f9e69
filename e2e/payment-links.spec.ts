import type { Browser, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { Dashboard } from "./pages/dashboard";
import { CheckoutPage } from "./pages/checkout-page";
import { checkScreen, createMerchant, expect, startReceiver, test, TOKEN } from "./support/fixtures";

// A merchant with no server gets paid through a payment link made in the dashboard: two payers pay
// through a link with a payer-chosen amount and a limit of two, a third finds it closed, and the
// link's page, the webhooks, the CSV export and the QR code all tell of both payments.
// Where it runs: directly, and the tests tagged @topology through the production topology too. A link's limit holds under a row lock on
// PostgreSQL while two instances serve its payers, and the webhooks go out from the worker; the pages'
// presentation is checked directly only.

const WALLET = "0x52908400098527886E0F7030069857D2E4169EE7";
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A payer in a browser of their own (no cookies of the merchant's). */
async function payerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: false });
  return context.newPage();
}

/** Opens the link (already open: `url` null), fills what is given, and pays the checkout it starts in the sandbox. */
async function pay(page: Page, url: string | null, { amount, name }: { amount?: string; name?: string } = {}) {
  if (url) await page.goto(url);
  if (amount) await page.getByLabel(/^Amount/).fill(amount);
  if (name) await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/checkout\?session=sess_/);
  const checkout = new CheckoutPage(page);
  if (amount) await expect(page.getByRole("heading", { name: `${amount} USDC` })).toBeVisible();
  await checkout.choose("Zelle");
  await checkout.paymentSent();
  await checkout.simulateConfirmation();
  await expect(checkout.heading("Payment complete")).toBeVisible();
  return new URL(page.url()).searchParams.get("session")!;
}

test.describe("payment links", () => {
  test(
    "a link with a payer-chosen amount and a limit of two: two payers pay, a third finds it closed",
    { tag: "@topology" },
    async ({ page, browser, baseURL, request }, testInfo) => {
      const receiver = await startReceiver();
      try {
        const d = new Dashboard(page);
        const apiKey = await d.signUp(unique("links"), "Street Bakery");
        expect((await request.post("/api/webhooks", { headers: { "x-api-key": apiKey }, data: { url: receiver.url } })).status()).toBe(201);

        await page.goto("/dashboard");
        await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Payment links" }).click();
        await expect(page.getByText("No payment links yet.")).toBeVisible();
        await checkScreen(page, testInfo, "links-empty");
        const form = page.getByRole("region", { name: "New payment link" });
        await form.getByLabel("What is it for").fill("Bread club");
        await form.getByLabel("The payer chooses, between a minimum and a maximum").check();
        await form.getByLabel("Minimum (USDC)").fill("1.00");
        await form.getByLabel("Maximum (USDC)").fill("100.00");
        await form.getByLabel("Wallet that receives the USDC").fill(WALLET);
        await form.getByLabel("Name", { exact: true }).selectOption("required");
        await form.getByLabel("Email", { exact: true }).selectOption("optional");
        await form.getByLabel("Number of payments (optional)").fill("2");
        // a refusal first: the maximum below the minimum names its field and creates nothing
        await form.getByLabel("Maximum (USDC)").fill("0.50");
        await form.getByRole("button", { name: "Create payment link" }).click();
        await expect(form.getByText("must be at least minAmount")).toBeVisible();
        await form.getByLabel("Maximum (USDC)").fill("100.00");
        await form.getByRole("button", { name: "Create payment link" }).click();

        await expect(page.getByRole("heading", { name: "Bread club" })).toBeVisible();
        const url = (await page.getByTestId("link-url").textContent())!.trim();
        expect(url).toMatch(/\/l\/[A-Za-z0-9_-]{12}$/);
        await checkScreen(page, testInfo, "link-page-new");

        // the QR code the merchant prints decodes to the link
        const qr = await page.request.get(`${new URL(url).pathname}/qr?format=png`);
        expect(qr.headers()["content-type"]).toBe("image/png");
        const png = PNG.sync.read(await qr.body());
        expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(url);

        // opening the link, even many times, makes no session
        const payer1 = await payerPage(browser, baseURL);
        for (let i = 0; i < 3; i++) await payer1.goto(url);
        await expect(payer1.getByRole("heading", { name: "Bread club" })).toBeVisible();
        await expect(payer1.getByTestId("link-price")).toHaveText("Any amount from 1.00 to 100.00 USDC");
        const none = await request.get("/api/checkout/sessions", { headers: { "x-api-key": apiKey } });
        expect((await none.json()).responseObject.sessions).toEqual([]);

        // the server refuses an amount out of bounds, with the reason by the field
        await payer1.getByLabel(/^Amount/).fill("250");
        await payer1.getByLabel("Name", { exact: true }).fill("Ada");
        await payer1.getByRole("button", { name: "Continue to payment" }).click();
        await expect(payer1.locator("#amount-error")).toHaveText("Enter an amount from 1.00 to 100.00 USDC.");
        await expect(payer1.locator("form").getByRole("alert")).toHaveText("Check the highlighted field.");
        await expect(payer1.getByLabel(/^Amount/)).toHaveAttribute("aria-invalid", "true");
        await checkScreen(payer1, testInfo, "payer-refused");

        const first = await pay(payer1, url, { amount: "5.00", name: "Ada Lovelace" });
        const payer2 = await payerPage(browser, baseURL);
        const second = await pay(payer2, url, { amount: "7.50", name: "Grace Hopper" });

        const payer3 = await payerPage(browser, baseURL);
        await payer3.goto(url);
        await expect(payer3.getByRole("status")).toHaveText("This payment link has reached its number of payments and is closed.");
        await expect(payer3.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
        await checkScreen(payer3, testInfo, "payer-closed");

        // the link's page lists both payments with the payers' names, and its totals
        await page.reload();
        await expect(page.getByTestId("link-payments")).toHaveText("2 of 2, 12.50 USDC received");
        await expect(page.getByRole("cell", { name: "Ada Lovelace" })).toBeVisible();
        await expect(page.getByRole("cell", { name: "Grace Hopper" })).toBeVisible();
        await expect(page.locator('[data-status="LIMIT_REACHED"]')).toBeVisible();
        await checkScreen(page, testInfo, "link-page-paid");

        // each payment has its webhook, with the link and the payer's fields
        await expect
          .poll(
            () =>
              receiver
                .events()
                .filter((e) => e.type === "session.completed")
                .map((e) => e.sessionId)
                .sort(),
            { timeout: 20_000 },
          )
          .toEqual([first, second].sort());
        for (const id of [first, second]) {
          const s = (await (await request.get(`/api/checkout/sessions/${id}`, { headers: { "x-api-key": apiKey } })).json()).responseObject;
          expect(s).toMatchObject({ status: "COMPLETED", paymentLinkId: expect.stringMatching(/^plink_/) });
        }

        // and its row in the CSV export
        const csv = await (await page.request.get("/dashboard/sessions/export")).text();
        const rows = csv.trim().split(/\r?\n/);
        expect(
          rows[0]!.endsWith(
            ",metadata,payment_link,fee_payer,paid_usdc,gross_usdc,fees_usdc,net_usdc,exception_kind,exception_status,exception_resolution,marked_by,refunded_usdc,refund_state",
          ),
        ).toBe(true);
        for (const [id, name] of [
          [first, "Ada Lovelace"],
          [second, "Grace Hopper"],
        ] as const) {
          const row = rows.find((r) => r.startsWith(id))!;
          expect(row).toContain(name);
          // paid in full on the sandbox: no fees, so gross and net are what was paid; no exception, not marked paid, nothing refunded
          expect(row).toMatch(/,plink_[0-9a-f]{32},MERCHANT,(\d+\.\d+),\1,0\.00,\1,,,,,0\.00,none$/);
        }
        for (const p of [payer1, payer2, payer3]) await p.context().close();
      } finally {
        await receiver.close();
      }
    },
  );

  test(
    "a payer who closes the tab and comes back continues their own payment, and the link's one place waits for it",
    { tag: "@topology" },
    async ({ browser, baseURL, request }) => {
      // through the production topology: the browser's cookie of the link's page crosses the proxy
      // over TLS (Secure), and each start may reach either instance
      const m = await createMerchant(request);
      const created = await request.post("/api/payment-links", {
        headers: { "x-api-key": m.apiKey },
        data: {
          title: "Workshop seat",
          amount: "20.00",
          destinationChainId: 8453,
          destinationToken: TOKEN,
          recipientAddress: WALLET,
          maxPayments: 1,
        },
      });
      expect(created.status()).toBe(201);
      const { slug } = (await created.json()).responseObject as { slug: string };
      const path = `/l/${slug}`;

      const payer = await payerPage(browser, baseURL);
      await payer.goto(path);
      await payer.getByRole("button", { name: "Continue to payment" }).click();
      await payer.waitForURL(/\/checkout\?session=sess_/);
      const session = new URL(payer.url()).searchParams.get("session")!;
      const [cookie] = (await payer.context().cookies()).filter((c) => c.name.startsWith("checkout_link_"));
      expect(cookie).toMatchObject({ value: session, path, httpOnly: true, sameSite: "Lax", secure: baseURL!.startsWith("https:") });

      // the tab closed, the link opened again: their own payment is offered, not a second place
      await payer.goto(path);
      await expect(payer.getByRole("status")).toHaveText("You have started a payment on this link. Continue your payment");
      await expect(payer.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
      const other = await payerPage(browser, baseURL);
      await other.goto(path);
      await expect(other.getByRole("status")).toHaveText(
        "Every remaining payment on this link is being made right now. Try again in a few minutes, when one of them ends.",
      );
      await expect(other.getByRole("link", { name: "Continue your payment" })).toHaveCount(0);

      await payer.getByRole("link", { name: "Continue your payment" }).click();
      await payer.waitForURL(new RegExp(`session=${session}$`));
      const checkout = new CheckoutPage(payer);
      await checkout.choose("Zelle");
      await checkout.paymentSent();
      await checkout.simulateConfirmation();
      await expect(checkout.heading("Payment complete")).toBeVisible();
      await other.reload();
      await expect(other.getByRole("status")).toHaveText("This payment link has reached its number of payments and is closed.");
    },
  );

  test("a paused link cannot be started from a page opened before; the pages work at 320 px in the dark, by keyboard", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const d = new Dashboard(page);
    await d.signUp(unique("pause"), "Night Market");
    await page.goto("/dashboard/links");
    const form = page.getByRole("region", { name: "New payment link" });
    await form.getByLabel("What is it for").fill("Stall fee");
    await form.getByLabel("Currency").selectOption("EUR");
    await form.getByLabel("Amount (EUR)").fill("12.00");
    await form.getByLabel("Wallet that receives the USDC").fill(WALLET);
    await form.getByLabel("Order reference", { exact: true }).selectOption("required");
    await form.getByRole("button", { name: "Create payment link" }).click();
    await expect(page.getByRole("heading", { name: "Stall fee" })).toBeVisible();
    const url = (await page.getByTestId("link-url").textContent())!.trim();

    const payer = await payerPage(browser, baseURL);
    await payer.setViewportSize({ width: 320, height: 700 });
    await payer.emulateMedia({ colorScheme: "dark" });
    await payer.goto(url);
    await expect(payer.getByTestId("link-price")).toHaveText("12.00 EUR");
    expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await checkScreen(payer, testInfo, "payer-320-dark");

    // the merchant pauses the link while the payer's page is open
    await page.getByRole("button", { name: "Pause link" }).click();
    await expect(page.getByText("Link paused.")).toBeVisible();

    // by keyboard: the reference, then the button
    await payer.getByLabel("Order reference").focus();
    await payer.keyboard.type("INV-77");
    await payer.keyboard.press("Tab");
    await expect(payer.getByRole("button", { name: "Continue to payment" })).toBeFocused();
    await payer.keyboard.press("Enter");
    await expect(payer.locator("form").getByRole("alert")).toHaveText(
      "This payment link is paused. Ask the merchant for another way to pay.",
    );
    await payer.reload();
    await expect(payer.getByRole("status")).toHaveText("This payment link is paused. Ask the merchant for another way to pay.");

    // resumed, the same page starts a checkout with the exact fiat amount
    await page.getByRole("button", { name: "Resume link" }).click();
    await expect(page.getByText("Link resumed.")).toBeVisible();
    await payer.reload();
    await payer.getByLabel("Order reference").fill("INV-77");
    await payer.getByRole("button", { name: "Continue to payment" }).click();
    await payer.waitForURL(/\/checkout\?session=sess_/);
    await expect(payer.getByText("€12.00").first()).toBeVisible();

    // every new page passes axe, light and dark, at 320 px and on a desktop, with nothing wider than the screen
    const linkPage = page.url();
    for (const [name, p, address] of [
      ["links", page, "/dashboard/links"],
      ["link", page, linkPage],
      ["payer", payer, url],
    ] as const) {
      for (const colorScheme of ["light", "dark"] as const) {
        for (const width of [320, 1280]) {
          await p.setViewportSize({ width, height: 800 });
          await p.emulateMedia({ colorScheme });
          await p.goto(address);
          // nothing wider than the screen; when something is, the elements past its edge are named
          const overflow = await p.evaluate(
            (w) => ({
              width: document.documentElement.scrollWidth,
              beyond: Array.from(document.querySelectorAll("body *"))
                .filter((e) => e.getBoundingClientRect().right > w + 1)
                .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)}`),
            }),
            width,
          );
          expect(overflow.width, `${name} at ${width} px: ${overflow.beyond.join(", ")}`).toBeLessThanOrEqual(width);
          await checkScreen(p, testInfo, `${name}-${width}-${colorScheme}`);
        }
      }
    }
    await payer.context().close();
  });

  test("a request for one payment: the payer sees the reference and the note, pays, and the request closes", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const d = new Dashboard(page);
    await d.signUp(unique("oneoff"), "Bike Shop");
    await page.goto("/dashboard/links");
    const form = page.getByRole("region", { name: "Request one payment" });
    await form.getByLabel("Reference").fill("Invoice 1042");
    await form.getByLabel("Note to the payer (optional)").fill("Blue bike, collected on Friday");
    await form.getByLabel("Amount (USDC)").fill("20.00");
    await form.getByLabel("Wallet that receives the USDC").fill(WALLET);
    await form.getByRole("button", { name: "Create the payment request" }).click();
    await expect(page.getByRole("heading", { name: "Invoice 1042" })).toBeVisible();
    await expect(page.getByTestId("link-payments")).toHaveText("0 of 1, 0.00 USDC received");
    const url = (await page.getByTestId("link-url").textContent())!.trim();

    const payer = await payerPage(browser, baseURL);
    await payer.goto(url);
    await expect(payer.getByRole("heading", { name: "Invoice 1042" })).toBeVisible();
    await expect(payer.getByText("Blue bike, collected on Friday")).toBeVisible();
    await expect(payer.getByTestId("link-price")).toHaveText("20.00 USDC");
    await checkScreen(payer, testInfo, "one-off-payer");
    await pay(payer, null);
    await payer.goto(url);
    await expect(payer.getByRole("status")).toHaveText("This payment link has reached its number of payments and is closed.");
    await page.reload();
    await expect(page.getByTestId("link-payments")).toHaveText("1 of 1, 20.00 USDC received");
    await payer.context().close();
  });
});
