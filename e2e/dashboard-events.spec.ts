import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { Receiver, verifyStandard, verifyZkp2p } from "../tests/support/receiver";
import { Dashboard } from "./pages/dashboard";
import { checkScreen, createSession, expect, test } from "./support/fixtures";

// The dashboard's Events page: a session's events listed newest first, filtered by type, each with
// the payload its deliveries carry (copyable byte for byte), and "Resend" sending one again, signed,
// to a webhook at https://localhost.
// Where it runs: directly. Pages of one merchant's data; the proxy and a second instance
// change nothing they show.

const unique = (p: string) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e5)}`;

/** The accessibility check and a full-page screenshot, kept also in test-results/screenshots/. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await checkScreen(page, testInfo, name);
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

test("events: list, filter, read and copy a payload, resend it signed to a webhook", async ({ page, request, context }, testInfo) => {
  // one long journey with eight axe-checked screenshots, and through the proxy a resend may wait for the worker's attempt
  test.slow();
  const receiver = await new Receiver().start();
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const d = new Dashboard(page);
    const key = await d.signUp(unique("events"), "Events Shop");
    await d.signIn(key);
    const me = (await (await request.get("/api/merchants/me", { headers: { "x-api-key": key } })).json()).responseObject;

    // no events yet: the page says how they arise
    await d.nav("Events").click();
    await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
    await expect(page.getByText("No events yet. Events are recorded when a payer starts checkout")).toBeVisible();
    await shot(page, testInfo, "events-empty");

    // a webhook that takes every event, then a session the payer starts: its events are delivered once
    const secret = await d.addWebhook(receiver.url);
    const s = await createSession(request, { id: me.id, apiKey: key, name: me.name });
    const start = await request.post(`/api/checkout/sessions/${s.id}/start`, {
      headers: { "x-api-key": key },
      data: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    });
    expect(start.status()).toBe(200);
    const typeOf = (i: number) => JSON.parse(receiver.received[i]!.body).type as string;
    await expect
      .poll(() => receiver.received.map((_, i) => typeOf(i)).sort(), { timeout: 20_000 })
      .toEqual(["order.created", "session.started"]);
    const first = receiver.received.find((_, i) => typeOf(i) === "session.started")!;

    await d.nav("Events").click();
    const items = page.getByRole("list", { name: "Events, newest first" }).getByRole("listitem");
    // both generations: the v0 events and the v1 event(s) they stand for
    await expect(items.filter({ hasText: "session.started" })).toHaveCount(1);
    await expect(items.filter({ hasText: "PAYMENT_CREATED" })).toContainText("v1 API");
    await expect(items.first().getByRole("link", { name: s.id })).toHaveAttribute("href", `/dashboard/sessions/${s.id}`);
    await shot(page, testInfo, "events-list");

    // filter by type
    await page.getByLabel("Type").selectOption("session.started");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/type=session\.started/);
    await expect(items).toHaveCount(1);
    const item = items.first();
    await expect(item.getByRole("heading", { name: /Session started/ })).toBeVisible();
    await expect(item.locator("time")).toHaveText("just now");

    // the payload: collapsed, then shown pretty and highlighted
    const payload = item.getByRole("group", { name: /^Payload of evt_/ });
    await expect(payload).toBeHidden();
    await item.getByText("Payload", { exact: true }).click();
    await expect(payload).toBeVisible();
    await expect(payload.locator('[data-json="key"]').first()).toHaveText('"id"');
    await expect(payload).toContainText(`"id": "${s.id}"`);
    // copied: exactly the body the webhook received
    const copy = item.getByRole("button", { name: /^Copy the payload of evt_/ });
    await copy.click();
    await expect(copy).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.body);
    await shot(page, testInfo, "events-payload");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, testInfo, "events-payload-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // resend it to the webhook: a second delivery, signed with the webhook's secret
    await expect(item.getByLabel("Resend to")).toHaveValue(/^wh_/);
    await item.getByRole("button", { name: "Resend" }).click();
    await expect(item.getByRole("status")).toHaveText(`Resent to ${receiver.url}: delivered (HTTP 200).`);
    const n = receiver.received.length;
    expect(n).toBe(3);
    const again = receiver.received[2]!;
    expect(again.body).toBe(first.body);
    expect(again.headers["x-webhook-id"]).toBe(first.headers["x-webhook-id"]);
    expect(verifyZkp2p(again, secret)).toBe(true);
    expect(verifyStandard(again, secret)).toBe(true);
    expect(Number(again.headers["x-webhook-timestamp"])).toBeGreaterThanOrEqual(Number(first.headers["x-webhook-timestamp"]));
    await shot(page, testInfo, "events-resent");

    // the delivery, on the webhook's page, with both attempts
    await item.getByRole("link", { name: "See the delivery on the webhook's page" }).click();
    await page.waitForURL(/\/dashboard\/webhooks\/wh_[^?]+\?delivery=dlv_/);
    await expect(page.getByText(/Attempt 2|#2/).first()).toBeVisible();

    // a refused filter is a message, not an error page
    await page.goto("/dashboard/events?type=nope");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("type: must be an event name");

    // 320 px: nothing scrolls the page sideways, the payload scrolls in its own box
    await page.goto("/dashboard/events");
    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByRole("list", { name: "Events, newest first" }).getByText("Payload", { exact: true }).first().click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await shot(page, testInfo, "events-320");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, testInfo, "events-320-dark");
  } finally {
    await receiver.stop();
  }
});
