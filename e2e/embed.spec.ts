import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { FrameLocator, Page } from "@playwright/test";
import { createCheckout } from "@zkp2p/pay-sdk";
import { ensureEmbedModeUrl } from "@zkp2p/pay-sdk/embedded";
import { testCertificates } from "../tests/support/tls";
import { Dashboard } from "./pages/dashboard";
import { checkScreen, createMerchant, createSession, expect, type Merchant, test, TOKEN } from "./support/fixtures";

// The embedded checkout (`&embed=true` in an iframe): a shop's page on another origin frames it and
// hears how it ended; only the origins the merchant allows in the dashboard may frame it.
// Where it runs: directly. Framing is decided by the service's own headers, checked in the
// browser; the proxy passes them unchanged (security-headers.spec.ts checks that through it).

type Received = { origin: string; data: { channel: string; type: string; timestamp: unknown; payload: Record<string, unknown> } };

/**
 * A shop's page on an origin of its own (https://localhost:<port>, the test CA's certificate): it
 * frames the address in its `src` parameter and records every message it receives.
 */
async function startShop() {
  const certs = testCertificates();
  const server = https.createServer({ cert: fs.readFileSync(certs.certFile), key: fs.readFileSync(certs.keyFile) }, (req, res) => {
    const src = new URL(req.url ?? "/", "https://localhost").searchParams.get("src") ?? "about:blank";
    const attr = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The shop</title></head>
<body><main><h1>The shop</h1>
<script>
  window.received = [];
  window.addEventListener("message", (e) => window.received.push({ origin: e.origin, data: e.data }));
</script>
<iframe title="Checkout" src="${attr}" style="width: 460px; height: 820px; border: 1px solid #888"
  onload="window.frameLoaded = true"></iframe>
</main></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (src: string) => `${origin}/?src=${encodeURIComponent(src)}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

async function allowOrigins(page: Page, m: Merchant, text: string, saved: string) {
  const d = new Dashboard(page);
  await d.signIn(m.apiKey);
  await d.nav("Settings").click();
  const field = page.getByLabel("Sites allowed to embed the checkout");
  await field.fill(text);
  await page.getByRole("button", { name: "Save embedding" }).click();
  await expect(page.getByRole("status").filter({ hasText: saved })).toBeVisible();
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

/** The document response of the framed checkout, for its headers. */
const checkoutDocument = (page: Page) =>
  page.waitForResponse((r) => r.request().resourceType() === "document" && new URL(r.url()).pathname === "/checkout");

const frameAncestors = (csp: string | undefined) =>
  /(?:^|;)\s*frame-ancestors ([^;]*)/
    .exec(csp ?? "")?.[1]
    ?.trim()
    .split(/\s+/);

test.describe("embedded checkout", () => {
  test("in a frame of an allowed origin: no chrome, a sandbox payment, checkout.success to the parent only", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const shop = await startShop();
    try {
      const m = await createMerchant(request);
      // a page address over http is refused, with a message naming it, by keyboard alone
      await new Dashboard(page).signIn(m.apiKey);
      await page.goto("/dashboard/settings");
      const field = page.getByLabel("Sites allowed to embed the checkout");
      await field.fill("http://shop.example.com/cart");
      await field.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("alert").filter({ hasText: "shop.example.com/cart" })).toHaveText(
        '"http://shop.example.com/cart" must use https:// (http:// only for localhost or 127.0.0.1)',
      );
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await checkScreen(page, testInfo, "settings-embedding-refused");
      await page.reload();
      await expect(field).toHaveValue("");
      // typed with a trailing slash and an upper-case host: stored as the bare origin
      await field.fill(`${shop.origin.replace("localhost", "LOCALHOST")}/\nhttps://other-shop.example.com`);
      await page.getByRole("button", { name: "Save embedding" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved. 2 sites may embed the checkout." })).toBeVisible();
      await expect(page.getByLabel("Sites allowed to embed the checkout")).toHaveValue(`${shop.origin}\nhttps://other-shop.example.com`);
      await checkScreen(page, testInfo, "settings-embedding");

      const s = await createSession(request, m, { successUrl: `${baseURL}/?paid=1` });
      const doc = checkoutDocument(page);
      await page.goto(shop.url(`${baseURL}${s.path}&embed=true`));
      const headers = (await doc).headers();
      expect(frameAncestors(headers["content-security-policy"])).toEqual([shop.origin, "https://other-shop.example.com"]);
      expect(headers["x-frame-options"]).toBeUndefined();

      const frame: FrameLocator = page.frameLocator('iframe[title="Checkout"]');
      await expect(frame.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
      // the shop's page is the chrome: no logo, no footer
      await expect(frame.getByText("Never share your banking password")).toHaveCount(0);
      await expect(frame.getByRole("heading", { name: "How would you like to pay?" })).toBeVisible();
      await checkScreen(page, testInfo, "embedded-choose");

      await frame.getByLabel("Currency").selectOption("USD");
      await frame.getByRole("radio", { name: /Zelle/ }).check();
      await frame.getByRole("button", { name: "Continue with Zelle" }).click();
      await expect(frame.getByRole("heading", { name: "Send the payment with Zelle" })).toBeVisible();
      await frame.getByRole("button", { name: "I have sent the payment" }).click();
      await expect(frame.getByRole("heading", { name: "Waiting for your payment to be confirmed" })).toBeVisible();
      expect(await received(page)).toEqual([]); // nothing before the end
      await frame.getByRole("button", { name: "Simulate bank confirmation" }).click();
      await expect(frame.getByRole("heading", { name: "Payment complete" })).toBeVisible();

      await expect.poll(() => received(page)).toHaveLength(1);
      const [message] = await received(page);
      expect(message!.origin).toBe(new URL(baseURL!).origin);
      expect(message!.data).toEqual({
        channel: "zkp2p_checkout_embed_v1",
        type: "checkout.success",
        timestamp: expect.any(Number),
        payload: { id: s.id, status: "COMPLETED" },
      });
      expect(Math.abs((message!.data.timestamp as number) - Date.now())).toBeLessThan(60_000);
      // the frame stays on the receipt: the parent decides where the payer goes
      await expect(frame.getByText(/Returning you to/)).toHaveCount(0);
      await expect(frame.getByRole("link", { name: /Return to/ })).toHaveCount(0);
      await checkScreen(page, testInfo, "embedded-receipt");
      await page.screenshot({ path: "/tmp/embed-receipt.png", fullPage: true });
      expect(await received(page)).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });

  test("the payer cancels in the frame: checkout.closed, and the frame stays", async ({ page, request, baseURL }) => {
    const shop = await startShop();
    try {
      const m = await createMerchant(request);
      await allowOrigins(page, m, shop.origin, "1 site");
      const s = await createSession(request, m, { cancelUrl: `${baseURL}/?cancelled=1` });
      await page.goto(shop.url(`${baseURL}${s.path}&embed=true`));
      const frame = page.frameLocator('iframe[title="Checkout"]');
      await frame.getByRole("button", { name: "Cancel checkout" }).click();
      await frame.getByRole("button", { name: "Yes, cancel" }).click();
      await expect(frame.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
      await expect(frame.getByRole("link", { name: /Back to/ })).toHaveCount(0);
      await expect.poll(() => received(page)).toHaveLength(1);
      expect((await received(page))[0]!.data).toEqual({
        channel: "zkp2p_checkout_embed_v1",
        type: "checkout.closed",
        timestamp: expect.any(Number),
        payload: { id: s.id, status: "CANCELLED" },
      });
    } finally {
      await shop.close();
    }
  });

  test("an origin the merchant did not allow cannot frame it; nor can anyone without embed=true", async ({ page, request, baseURL }) => {
    const [allowed, stranger] = [await startShop(), await startShop()];
    try {
      const m = await createMerchant(request);
      await allowOrigins(page, m, allowed.origin, "1 site");
      const s = await createSession(request, m);
      const blocked: string[] = [];
      page.on("console", (msg) => {
        if (msg.text().includes("frame-ancestors")) blocked.push(msg.text());
      });

      const framed = async (url: string) => {
        await page.goto(url);
        await page.waitForFunction(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded === true);
        return page.frameLocator('iframe[title="Checkout"]').getByRole("heading", { name: "42.50 USDC" });
      };
      // the control: the allowed origin sees the checkout
      await expect(await framed(allowed.url(`${baseURL}${s.path}&embed=true`))).toBeVisible();
      // another origin: the browser refuses to render it (loaded, but an error page, never the checkout)
      await expect(await framed(stranger.url(`${baseURL}${s.path}&embed=true`))).toHaveCount(0);
      // without embed=true the checkout is never frameable, not even by the allowed origin
      await expect(await framed(allowed.url(`${baseURL}${s.path}`))).toHaveCount(0);
      expect(blocked.length).toBeGreaterThanOrEqual(2);
      expect(await received(page)).toEqual([]);

      // the headers behind it
      const embedded = (await request.get(`${s.path}&embed=true`)).headers();
      expect(frameAncestors(embedded["content-security-policy"])).toEqual([allowed.origin]);
      const plain = (await request.get(s.path)).headers();
      expect(frameAncestors(plain["content-security-policy"])).toEqual(["'none'"]);
      expect(plain["x-frame-options"]).toBe("DENY");
      // an unknown session, and the dashboard whatever its query, are never frameable
      for (const path of ["/checkout?session=sess_unknown&embed=true", `/dashboard/sign-in?session=${s.id}&embed=true`]) {
        const h = (await request.get(path, { maxRedirects: 0 })).headers();
        expect(frameAncestors(h["content-security-policy"]), path).toEqual(["'none'"]);
        expect(h["x-frame-options"], path).toBe("DENY");
      }
    } finally {
      await allowed.close();
      await stranger.close();
    }
  });

  test("opened on its own, embed=true is ignored: the page keeps its chrome and posts nothing", async ({ page, request }, testInfo) => {
    const m = await createMerchant(request);
    const shop = await startShop();
    try {
      await allowOrigins(page, m, shop.origin, "1 site");
    } finally {
      await shop.close();
    }
    const s = await createSession(request, m);
    await page.addInitScript(() => {
      const w = window as unknown as { received: unknown[] };
      w.received = [];
      window.addEventListener("message", (e) => w.received.push({ origin: e.origin, data: e.data }));
    });
    await page.goto(`${s.path}&embed=true`);
    await expect(page.getByRole("heading", { name: "42.50 USDC" })).toBeVisible();
    await expect(page.getByText("Never share your banking password")).toBeVisible();
    await checkScreen(page, testInfo, "embed-param-top-level");
    await page.getByRole("button", { name: "Cancel checkout" }).click();
    await page.getByRole("button", { name: "Yes, cancel" }).click();
    await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
    expect(await received(page)).toEqual([]);
  });

  test("a v1 order's link from @zkp2p/pay-sdk, embedded by an allowed origin: checkout.success names the order as FULFILLED", async ({
    page,
    request,
    baseURL,
  }) => {
    const shop = await startShop();
    try {
      const m = await createMerchant(request);
      await allowOrigins(page, m, shop.origin, "1 site");
      const created = await createCheckout(
        { requestedUsdcAmount: "12.00", destinationAddress: TOKEN },
        { apiBaseUrl: baseURL!, apiKey: m.apiKey },
      );
      const src = ensureEmbedModeUrl(created.checkoutUrl);
      const doc = page.waitForResponse((r) => r.request().resourceType() === "document" && r.url() === src);
      await page.goto(shop.url(src));
      expect(frameAncestors((await doc).headers()["content-security-policy"])).toEqual([shop.origin]);
      const frame = page.frameLocator('iframe[title="Checkout"]');
      await expect(frame.getByRole("heading", { name: "12.00 USDC" })).toBeVisible();
      await frame.getByLabel("Currency").selectOption("USD");
      await frame.getByRole("radio", { name: /Zelle/ }).check();
      await frame.getByRole("button", { name: "Continue with Zelle" }).click();
      await frame.getByRole("button", { name: "I have sent the payment" }).click();
      await frame.getByRole("button", { name: "Simulate bank confirmation" }).click();
      await expect(frame.getByRole("heading", { name: "Payment complete" })).toBeVisible();
      await expect.poll(() => received(page)).toHaveLength(1);
      const [message] = await received(page);
      expect(message!.data).toEqual({
        channel: "zkp2p_checkout_embed_v1",
        type: "checkout.success",
        timestamp: expect.any(Number),
        payload: { id: created.order.id, status: "FULFILLED" },
      });
      // nothing of the token reaches the parent
      expect(JSON.stringify(message)).not.toContain(created.orderToken);
    } finally {
      await shop.close();
    }
  });
});
