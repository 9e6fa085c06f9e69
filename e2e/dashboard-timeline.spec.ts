import type { Page, TestInfo } from "@playwright/test";
import { Dashboard } from "./pages/dashboard";
import { TOKEN, checkScreen, createSession, expect, startReceiver, test } from "./support/fixtures";

// A session's page tells its whole story in one ordered timeline: its states, its order's steps,
// the proof, each event and, under each event, each webhook delivery by its URL with every attempt.
// The webhook pages show badges and relative times; a merchant's own explorer changes the links;
// copying is announced; USDC reads in the browser's locale (German here).
// Where it runs: directly. How one session's pages read, in a locale and time zone.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

/** A full-page picture for a person to look at (test-results/screenshots/, not committed). */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/timeline-${name}.png`, fullPage: true });

/** axe clean and pictured in light, in dark, and at 320 px without sideways scroll. */
async function everyWay(page: Page, testInfo: TestInfo, name: string) {
  await checkScreen(page, testInfo, `timeline-${name}`);
  await shot(page, `${name}-desktop`);
  await page.emulateMedia({ colorScheme: "dark" });
  await checkScreen(page, testInfo, `timeline-${name}-dark`);
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 320, height: 800 });
  await noSidewaysScroll(page);
  await checkScreen(page, testInfo, `timeline-${name}-320`);
  await shot(page, `${name}-320`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Nothing wider than the window; on failure, names the elements that stick out. */
const noSidewaysScroll = async (page: Page) => {
  const { width, scroll, wide } = await page.evaluate(() => ({
    width: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 60)}`),
  }));
  expect(scroll, wide.join("\n")).toBeLessThanOrEqual(width);
};

test.describe("a session's timeline", () => {
  test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

  test("one ordered timeline with deliveries and attempts; webhook pages; explorer override; copy announced", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000); // several pages, each checked with axe in light, dark and at 320 px
    const receiver = await startReceiver();
    try {
      const d = new Dashboard(page);
      const key = await d.signUp(unique("timeline"), "Timeline Shop");
      await d.signIn(key);
      const headers = { "x-api-key": key };
      const me = (await (await request.get("/api/merchants/me", { headers })).json()).responseObject;
      await d.addWebhook(receiver.url);
      const hooks = (await (await request.get("/api/webhooks", { headers })).json()).responseObject;
      const webhookId = hooks.webhooks[0].id as string;

      // the endpoint fails the first time it hears of the start, then answers
      receiver.answer(503);
      const s = await createSession(request, { id: me.id, apiKey: key, name: me.name }, { amountUsdc: "1234.50" });
      expect(
        (
          await request.post(`/api/checkout/sessions/${s.id}/start`, { headers, data: { paymentPlatform: "venmo", fiatCurrency: "USD" } })
        ).status(),
      ).toBe(200);
      await expect.poll(() => receiver.types().sort()).toEqual(["order.created", "session.started"]);
      receiver.answer(200);
      const log = async () => (await (await request.get(`/api/webhooks/${webhookId}/deliveries`, { headers })).json()).responseObject;
      if (testInfo.project.name === "prod") {
        // the production topology retries after 2 s: its second attempt is the worker's own
        await expect
          .poll(async () => (await log()).deliveries.map((x: { status: string }) => x.status))
          .toEqual(["DELIVERED", "DELIVERED"]);
      } else {
        // the default schedule waits a minute: the merchant retries each one now
        for (const delivery of (await log()).deliveries) {
          const retried = await request.post(`/api/webhooks/${webhookId}/deliveries/${delivery.id}/retry`, { headers });
          expect(retried.status(), await retried.text()).toBe(200);
        }
      }
      const order = (await (await request.get(`/api/checkout/sessions/${s.id}/order`, { headers })).json()).responseObject;
      expect((await request.post(`/api/checkout/sessions/${s.id}/payment-sent`, { headers })).status()).toBe(200);
      const fulfilled = await request.post("/api/orders/fulfill", {
        headers,
        data: { intentHash: order.order.intentHash, proof: { sandbox: true } },
      });
      expect(fulfilled.status()).toBe(200);
      await expect.poll(() => receiver.types().length).toBe(7); // 2 failed, 2 retried, payment_sent, fulfilled, completed
      const fulfillTx: string = (await (await request.get(`/api/checkout/sessions/${s.id}/order`, { headers })).json()).responseObject.order
        .fulfillTx;
      expect((await (await request.get(`/api/checkout/sessions/${s.id}`, { headers })).json()).responseObject.status).toBe("COMPLETED");

      await page.goto(`/dashboard/sessions/${s.id}`);
      const timeline = page.getByRole("region", { name: "Timeline" });
      const entries = timeline.locator(":scope > ol > li");
      await expect(entries.first()).toContainText("Session created");
      // one list, oldest first: what happened, in the order it happened
      const texts = await entries.allInnerTexts();
      const at = (what: string) => {
        const i = texts.findIndex((t) => t.startsWith(what));
        expect(i, `${what} in ${JSON.stringify(texts.map((t) => t.split("\n")[0]))}`).toBeGreaterThanOrEqual(0);
        return i;
      };
      const story = [
        at("Session created"),
        at("Order created"),
        at("Session active"),
        at("Payment sent"),
        at("Proof accepted"),
        at("Order fulfilled"),
        at("Session completed"),
      ];
      expect(story).toEqual([...story].sort((a, b) => a - b));
      // the events among them, each after the session began and the start's before the payment
      for (const type of ["session.started", "order.created"]) {
        expect(at(`Event ${type}`)).toBeGreaterThan(at("Session created"));
        expect(at(`Event ${type}`)).toBeLessThan(at("Payment sent"));
      }
      expect(at("Event order.fulfilled")).toBeGreaterThan(at("Payment sent"));
      expect(at("Event session.completed")).toBeGreaterThan(at("Payment sent"));
      // each entry says when, as a time element
      for (let i = 0; i < texts.length; i++) await expect(entries.nth(i).locator("time").first()).toBeVisible();
      // the order: fiat amount and payment app, the USDC in the browser's locale, the transaction linked
      const created = entries.nth(at("Order created"));
      await expect(created).toContainText(/the payer pays \$[\d,.]+ by Venmo for 1\.234,50 USDC/);
      const fulfilledEntry = entries.nth(at("Order fulfilled"));
      await expect(fulfilledEntry.locator("[data-status=FULFILLED]")).toHaveText("Fulfilled");
      await expect(fulfilledEntry.getByRole("link", { name: new RegExp(`Transaction ${fulfillTx}`) })).toHaveAttribute(
        "href",
        `https://basescan.org/tx/${fulfillTx}`,
      );
      await expect(page.getByRole("region", { name: "Summary" })).toContainText("1.234,50 USDC");

      // a delivery under its event, named by its webhook's URL, with both attempts
      const deliveries = entries.nth(at("Event order.created")).getByRole("list", { name: "Deliveries of order.created" });
      await expect(deliveries.getByRole("link", { name: receiver.url, exact: true })).toBeVisible();
      await expect(deliveries.locator("[data-status=DELIVERED]")).toHaveText("Delivered");
      await expect(deliveries).toContainText("2 attempts");
      await deliveries.getByText("Attempts (2)").click();
      const attempts = deliveries.getByRole("list", { name: `Attempts to deliver order.created to ${receiver.url}` }).getByRole("listitem");
      await expect(attempts).toHaveCount(2);
      await expect(attempts.nth(0)).toContainText("Attempt 1");
      await expect(attempts.nth(0)).toContainText("HTTP 503 Service Unavailable");
      await expect(attempts.nth(0)).toContainText(/\d+ ms/);
      await expect(attempts.nth(1)).toContainText("HTTP 200 OK");
      await expect(attempts.nth(1).locator("time")).toHaveText("just now");
      // a delivery that worked at once has one attempt
      await expect(entries.nth(at("Event session.completed")).getByRole("list", { name: "Deliveries of session.completed" })).toContainText(
        "1 attempt",
      );

      // copying says so to screen readers, politely
      const copy = fulfilledEntry.getByRole("button", { name: `Copy transaction ${fulfillTx}` });
      const announcement = fulfilledEntry.locator("[aria-live=polite]");
      await expect(announcement).toHaveText("");
      await copy.click();
      await expect(announcement).toHaveText("Copied");

      await everyWay(page, testInfo, "session");

      // the webhooks list: the state as a badge, when it was added
      await d.nav("Webhooks").click();
      const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: receiver.url }) });
      await expect(item.locator("[data-status=ACTIVE]")).toHaveText("Active");
      await expect(item.locator("time").first()).toHaveText(/just now|minute/i);
      await expect(item).toContainText("last failure HTTP status 503");
      await checkScreen(page, testInfo, "timeline-webhooks");
      await shot(page, "webhooks-desktop");
      // a webhook's log: badges, codes in words, relative times; a delivery keeps its status word
      await page.getByRole("link", { name: receiver.url }).click();
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "order.created" }) });
      await expect(row.locator("[data-status=DELIVERED]")).toHaveText("Delivered");
      await expect(row.getByRole("cell", { name: "200 OK" })).toBeVisible();
      await expect(row.locator("time")).toHaveText("just now");
      await row.getByRole("link", { name: "order.created" }).click();
      await expect(page.getByRole("heading", { name: /: DELIVERED$/ })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Delivery dlv_/ }).locator("[data-status=DELIVERED]")).toBeVisible();
      await expect(page.getByText("HTTP 503 Service Unavailable")).toBeVisible();
      await expect(page.getByText("HTTP 200 OK")).toBeVisible();
      await everyWay(page, testInfo, "webhook");

      // the merchant's own explorer: refused as typed wrong (nothing saved), then saved normalised
      await d.nav("Settings").click();
      const base = page.getByLabel("Base explorer");
      await expect(base).toHaveAttribute("placeholder", "https://basescan.org");
      await base.fill("http://explorer.example.com");
      await page.getByLabel("Base Sepolia explorer").fill("https://sepolia.example.com/?q=1");
      await page.getByRole("button", { name: "Save explorers" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toHaveText("Not saved: check Base and Base Sepolia.");
      await expect(base).toHaveAttribute("aria-invalid", "true");
      await expect(base).toHaveAccessibleDescription(/must use https:\/\//);
      await expect(page.getByLabel("Base Sepolia explorer")).toHaveAccessibleDescription(/must not have a query/);
      await checkScreen(page, testInfo, "timeline-explorer-errors");
      await shot(page, "explorer-errors");
      await page.reload();
      await expect(page.getByLabel("Base explorer")).toHaveValue("");
      await page.getByLabel("Base explorer").fill("https://Explorer.Example.com/base/");
      await page.getByRole("button", { name: "Save explorers" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
      await expect(page.getByLabel("Base explorer")).toHaveValue("https://explorer.example.com/base");
      await page.setViewportSize({ width: 320, height: 800 });
      await noSidewaysScroll(page);
      await checkScreen(page, testInfo, "timeline-explorer-320");
      await shot(page, "explorer-320");
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.goto(`/dashboard/sessions/${s.id}`);
      await expect(page.getByRole("link", { name: new RegExp(`Transaction ${fulfillTx}`) })).toHaveAttribute(
        "href",
        `https://explorer.example.com/base/tx/${fulfillTx}`,
      );
      await expect(
        page.getByRole("region", { name: "Summary" }).getByRole("link", { name: new RegExp(`Recipient ${TOKEN}`) }),
      ).toHaveAttribute("href", `https://explorer.example.com/base/address/${TOKEN}`);
    } finally {
      await receiver.close().catch(() => {});
    }
  });
});
