import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { test as base, type APIRequestContext, type Browser, devices, expect, type Page, type TestInfo } from "@playwright/test";
import { testCertificates } from "../../tests/support/tls";

// Merchants, sessions and a webhook receiver made through the public API, as an integration would.

export const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

export type Merchant = { id: string; apiKey: string; name: string };

/** A phone's browser (an iPhone's size, touch and user agent): it cannot run the Peer extension. */
export function phoneContext(browser: Browser) {
  const iphone = devices["iPhone 13"];
  return browser.newContext({ userAgent: iphone.userAgent, viewport: iphone.viewport, isMobile: true, hasTouch: true });
}

/** The hand-off a live checkout shows a phone: its short link, once the link and its QR code have loaded. */
export async function handoffLinkOn(page: Page): Promise<string> {
  const link = page.getByTestId("handoff-link");
  await expect(link).toHaveText(/\/c\/[0-9a-z]{5}-[0-9a-z]{5}$/);
  const url = (await link.textContent())!.trim();
  const qr = page.getByRole("img", { name: `QR code of the link ${url}` });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return url;
}

export async function createMerchant(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<Merchant> {
  const name = `shop-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const res = await request.post("/api/merchants", {
    data: { name, displayName: "Corner Coffee", ...overrides },
    headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250)}` },
  });
  expect(res.status()).toBe(201);
  const { id, apiKey } = (await res.json()).responseObject;
  return { id, apiKey, name };
}

export async function createSession(request: APIRequestContext, m: Merchant, overrides: Record<string, unknown> = {}) {
  const res = await request.post("/api/checkout/sessions", {
    headers: { "x-api-key": m.apiKey },
    data: {
      merchantId: m.id,
      amountUsdc: "42.50",
      destinationChainId: 8453,
      destinationToken: TOKEN,
      recipientAddress: TOKEN,
      ...overrides,
    },
  });
  expect(res.status()).toBe(201);
  const { session, checkoutUrl } = (await res.json()).responseObject;
  return { id: session.id as string, path: new URL(checkoutUrl).pathname + new URL(checkoutUrl).search };
}

/**
 * A merchant's webhook endpoint as merchants run them: https at a host name (localhost, both address
 * families), with a certificate from the test CA that the service trusts through NODE_EXTRA_CA_CERTS.
 * It records each request's event type, X-Webhook-Id and arrival time.
 */
export async function startReceiver() {
  const events: { id: string; type: string; webhookId: string; sessionId?: string; order?: Record<string, unknown>; at: number }[] = [];
  let status = 200;
  const certs = testCertificates();
  const server = https.createServer({ cert: fs.readFileSync(certs.certFile), key: fs.readFileSync(certs.keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      events.push({
        id: body.id,
        type: body.type,
        webhookId: String(req.headers["x-webhook-id"]),
        sessionId: body.data?.session?.id,
        order: body.data?.order,
        at: Date.now(),
      });
      res.writeHead(status).end(status < 300 ? "ok" : "unavailable");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r)); // reached as https://localhost
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}/hooks`,
    /** the endpoint goes away: connections are refused until resume() */
    pause: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
    resume: () => new Promise<void>((r) => server.listen(port, "127.0.0.1", r)),
    types: () => events.map((e) => e.type),
    events: () => [...events],
    /** what the endpoint answers from now on */
    answer: (code: number) => {
      status = code;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

/**
 * A slow network for a page: every script that the page's HTML (`html`, as served) does not load
 * itself waits until `release()` is called. `held` lists the ones asked for meanwhile.
 */
export async function holdLaterScripts(page: Page, html: string): Promise<{ held: string[]; release: () => void }> {
  const initial = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((x) => x[1]!));
  const held: string[] = [];
  let release!: () => void;
  const network = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!initial.has(path)) {
      held.push(path);
      await network;
    }
    await route.continue();
  });
  return { held, release };
}

/**
 * No accessibility violations (axe-core, WCAG 2 A and AA), then a screenshot kept with the results
 * (not with E2E_SCREENSHOTS=0). Presentation is checked once, in the direct project: through the
 * production topology the same pages are served, so a journey there skips both.
 */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== "direct") return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary?.replace(/\s+/g, " ")})`).join(", ")}`,
    ),
    name,
  ).toEqual([]);
  if (process.env.E2E_SCREENSHOTS !== "0") await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

export const test = base;
export { expect };
