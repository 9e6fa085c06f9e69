import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it, vi } from "vitest";
import { getCheckoutView } from "@/lib/checkout/service";
import { call, newMerchant, sessionBody, type TestMerchant, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";

// What people see of a session priced in fiat (checkoutMode "exact-fiat"): the payer's page asks for
// the price in its currency and says nothing of USDC, chains, tokens or the merchant's wallet; the
// merchant's dashboard shows the fiat price, the fee limit and, once the payer has started, the USDC
// the merchant receives. Exact-token sessions look as they always did.

let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));

async function fiatSession(m: TestMerchant, overrides: Record<string, unknown> = {}) {
  const { amountUsdc: _amount, ...body } = sessionBody(m, {
    checkoutMode: "exact-fiat",
    fiatAmount: "25.00",
    fiatCurrency: "EUR",
    ...overrides,
  });
  const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body });
  expect(res.status, res.text).toBe(201);
  return res.body.responseObject.session as { id: string; amountUsdc: string };
}

async function start(m: TestMerchant, id: string, paymentPlatform: string, fiatCurrency: string) {
  const res = await call("POST", `/api/checkout/sessions/${id}/start`, { key: m.apiKey, body: { paymentPlatform, fiatCurrency } });
  expect(res.status, res.text).toBe(200);
  return res.body.responseObject;
}

async function complete(m: TestMerchant, id: string) {
  const order = (await call("GET", `/api/checkout/sessions/${id}/order`, { key: m.apiKey })).body.responseObject.order;
  expect((await call("POST", `/api/checkout/sessions/${id}/payment-sent`, { key: m.apiKey })).status).toBe(200);
  const res = await call("POST", "/api/orders/fulfill", {
    key: m.apiKey,
    body: { intentHash: order.intentHash, proof: { sandbox: true } },
  });
  expect(res.status, res.text).toBe(200);
  return order as { id: string; intentHash: string };
}

/** The checkout's HTML as the server sends it: rendered whole, each step's chunk waited for. */
async function checkoutHtml(view: Awaited<ReturnType<typeof getCheckoutView>>) {
  const { Checkout } = await import("@/components/checkout/checkout");
  const { checkoutChrome } = await import("@/components/checkout/chrome");
  const { NextIntlClientProvider } = await import("next-intl");
  const { messagesFor, translator } = await import("@/lib/i18n");
  const chrome = await checkoutChrome(view, await translator("en", "Checkout"));
  const page = createElement(Checkout, { initial: view, chrome });
  const { prelude } = await prerender(
    createElement(NextIntlClientProvider, { locale: "en", messages: await messagesFor("en"), children: page }),
  );
  return new Response(prelude).text();
}

/** The page's text as the payer reads it (tags dropped). */
async function checkoutText(sessionId: string) {
  // React marks the seam between two adjacent texts with an empty comment: the browser shows them as one
  return (await checkoutHtml(await getCheckoutView(await testDb(), sessionId))).replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");
}

const ON_CHAIN = [/USDC/i, /\bBase\b/, /0x[0-9a-f]/i, /chain/i, /token/i, /wallet/i];

describe("the checkout view of an exact-fiat session", () => {
  it("states the fiat price, offers the price's currency on every platform within the fee limit, and nothing on-chain", async () => {
    const m = await newMerchant();
    const s = await fiatSession(m);
    const view = await getCheckoutView(await testDb(), s.id);
    expect(view.step).toBe("choose");
    expect(view.session.price).toEqual({ mode: "exact-fiat", fiatAmount: "25.00", fiatCurrency: "EUR", formatted: "€25.00" });
    expect(view.currency).toBe("EUR");
    // sandbox spreads for EUR: Wise 0.3 %, Revolut 0.4 %, N26 0.5 %, PayPal 1.5 %, all within the default 10 %
    expect(view.options.map((o) => o.currency)).toEqual(["EUR"]);
    expect(view.options[0]!.quotes.map((q) => [q.platform, q.fiatAmountFormatted])).toEqual([
      ["wise", "€25.00"],
      ["revolut", "€25.00"],
      ["n26", "€25.00"],
      ["paypal", "€25.00"],
    ]);
    const json = JSON.stringify(view);
    for (const secret of [s.amountUsdc, TOKEN, WALLET, "USDC"]) expect(json).not.toContain(secret);
  });

  it("leaves out the platforms above the fee limit", async () => {
    const m = await newMerchant();
    const s = await fiatSession(m, { maxFeePercentage: 0.4 });
    const view = await getCheckoutView(await testDb(), s.id);
    expect(view.options[0]!.quotes.map((q) => q.platform)).toEqual(["wise", "revolut"]);
  });

  it("says no platform can take the payment when none is within the fee limit", async () => {
    const m = await newMerchant();
    const s = await fiatSession(m, { maxFeePercentage: 0.1, cancelUrl: "https://shop.example/cart" });
    const view = await getCheckoutView(await testDb(), s.id);
    expect(view.step).toBe("no-platform");
    expect(view.options).toEqual([]);
    const text = await checkoutText(s.id);
    expect(text).toContain("Pay €25.00");
    expect(text).toContain("This payment can’t be made here right now");
    const html = await checkoutHtml(view);
    expect(html).toContain('href="https://shop.example/cart"');
  });

  it("keeps the payer's page free of on-chain words at every step, to the receipt", async () => {
    const m = await newMerchant();
    const s = await fiatSession(m);
    const pages = [await checkoutText(s.id)];
    await start(m, s.id, "revolut", "EUR");
    pages.push(await checkoutText(s.id));
    await complete(m, s.id);
    const view = await getCheckoutView(await testDb(), s.id);
    expect(view.step).toBe("receipt");
    expect(view.order).toMatchObject({ fiatAmountFormatted: "€25.00", fulfillTx: null });
    expect(JSON.stringify(view)).not.toMatch(/0x[0-9a-f]/i);
    pages.push(await checkoutText(s.id));
    expect(pages[0]).toContain("Pay €25.00");
    expect(pages[1]).toContain("Send the payment with Revolut");
    expect(pages[2]).toContain("Payment complete");
    expect(pages[2]).toContain("Paid €25.00");
    for (const text of pages) {
      for (const word of ON_CHAIN) expect(text).not.toMatch(word);
    }
  });

  it("an exact-token session's page still speaks of USDC, every currency and the transaction", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { amountUsdc: "42.50" }) });
    const id = res.body.responseObject.session.id;
    const view = await getCheckoutView(await testDb(), id);
    expect(view.session.price).toEqual({ mode: "exact-token", amountUsdc: "42.50" });
    expect(view.options.length).toBeGreaterThan(1);
    expect(await checkoutText(id)).toContain("Test Shop receives 42.50 USDC");
    await start(m, id, "zelle", "USD");
    await complete(m, id);
    const done = await getCheckoutView(await testDb(), id);
    expect(done.order?.fulfillTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.order?.fulfillTxUrl).toBeNull(); // the sandbox's transactions are made up: no explorer link
    expect(await checkoutText(id)).toContain(done.order!.fulfillTx!);
  });
});

describe("the dashboard's sessions", () => {
  it("show an exact-fiat session's price and fee limit, then the USDC the merchant receives", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const s = await fiatSession(m);
    const { default: SessionsPage } = await import("@/app/dashboard/(app)/sessions/page");
    const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");
    const list = async () => renderToStaticMarkup(await SessionsPage({ searchParams: Promise.resolve({}) }));
    const detail = async () => renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id: s.id }) }));

    expect(await list()).toContain("€25.00 (exact fiat, fee limit 10%)");
    const before = await detail();
    expect(before).toContain("€25.00 (exact fiat, fee limit 10%)");
    expect(before).toContain("set when the payer picks a payment app");

    await start(m, s.id, "wise", "EUR");
    await complete(m, s.id);
    const order = (await call("GET", `/api/checkout/sessions/${s.id}`, { key: m.apiKey })).body.responseObject.activeOrder;
    expect(order.netAmountUsdc).toMatch(/^\d+\.\d+$/);
    const after = await detail();
    // the text a reader sees (each amount is its own element, re-formatted in the browser's locale)
    expect(after.replace(/<[^>]+>/g, "")).toContain(`${order.netAmountUsdc} USDC net (gross ${order.grossAmountUsdc} USDC)`);
    expect(await list()).toContain(`receives ${order.netAmountUsdc} USDC net`);
  });

  it("show an exact-token session's USDC amount as before", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { amountUsdc: "42.50" }) });
    const id = res.body.responseObject.session.id;
    const { default: SessionsPage } = await import("@/app/dashboard/(app)/sessions/page");
    const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");
    const list = renderToStaticMarkup(await SessionsPage({ searchParams: Promise.resolve({}) }));
    const detail = renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id }) }));
    for (const page of [list, detail]) {
      expect(page).toContain("42.50 USDC");
      expect(page).not.toContain("exact fiat");
      expect(page).not.toContain("USDC net");
    }
  });
});
