import { and, asc, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { checkoutSessions, events } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { startSession } from "@/lib/sessions/transitions";
import { getCheckoutView, platformQuotes, simulateBankConfirmation } from "@/lib/checkout/service";
import { quotesByCurrency } from "@/lib/checkout/view";
import { call, newMerchant, newSession, type TestMerchant, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";
import type { Wire } from "../support/wire";

// The v1 API (parity.md §4): orders are sessions, payments are their orders, on the same services.

// the merchant's dashboard page of an order, rendered in-process for the signed-in merchant
let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
const dashboardPageText = async (id: string) => {
  const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");
  return renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id }) })).replace(/<[^>]+>/g, "");
};

const create = (m: TestMerchant, body: Record<string, unknown>) => call("POST", "/api/v1/orders", { key: m.apiKey, body });
const order = (id: string, opts: { key?: string; token?: string; header?: string } = {}) =>
  call("GET", `/api/v1/orders/${id}${opts.token !== undefined ? `?token=${encodeURIComponent(opts.token)}` : ""}`, {
    key: opts.key,
    headers: opts.header ? { "x-order-token": opts.header } : {},
  });

async function newOrder(m: TestMerchant, body: Record<string, unknown> = {}) {
  const res = await create(m, { requestedUsdcAmount: "50.00", destinationAddress: WALLET, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.responseObject as { order: Wire<"V1Order">; orderToken: string; checkoutUrl: string };
}

/** The payer pays (part of) an order through the same services as the hosted page. */
async function pay(id: string, token: string, amountUsdc?: string) {
  const db = await testDb();
  const actor = payer(id, token);
  await startSession(db, id, { paymentPlatform: "venmo", fiatCurrency: "USD", ...(amountUsdc ? { amountUsdc } : {}) }, { actor });
  await simulateBankConfirmation(db, id, "success", token);
}

async function eventTypes(sessionId: string, apiVersion: 0 | 1) {
  const db = await testDb();
  const rows = await db
    .select({ type: events.type, payload: events.payload })
    .from(events)
    .where(and(eq(events.sessionId, sessionId), eq(events.apiVersion, apiVersion)))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows;
}

describe("POST /api/v1/orders", () => {
  it("creates an order with its token and link, in the SDK's shape", async () => {
    const m = await newMerchant();
    const {
      order: o,
      orderToken,
      checkoutUrl,
    } = await newOrder(m, { notes: { sku: "A-1" }, feePayer: "PAYEE", enabledRails: ["venmo", "wise"] });
    expect(o).toMatchObject({
      merchantId: m.id,
      status: "CREATED",
      requestedUsdcAmount: "50.00",
      remainingUsdcAmount: "50.00",
      destinationAddress: WALLET,
      destinationToken: TOKEN,
      destinationChainId: "8453",
      feePayer: "PAYEE",
      enabledRails: ["venmo", "wise"],
      notes: { sku: "A-1" },
      referralSplitConfig: null,
      cancelledAt: null,
      completedAt: null,
    });
    expect(orderToken).toMatch(/^otk_[A-Za-z0-9_-]{32}$/);
    const link = new URL(checkoutUrl);
    expect(link.pathname).toBe("/");
    expect(link.searchParams.get("order")).toBe(o.id);
    expect(link.searchParams.get("token")).toBe(orderToken);
    // the token is nowhere in what the merchant can read later
    const read = await order(o.id, { key: m.apiKey });
    expect(read.text).not.toContain(orderToken);
  });

  it("prices an order in fiat", async () => {
    const m = await newMerchant();
    const res = await create(m, { requestedFiatAmount: "25.00", requestedFiatCurrency: "EUR", destinationAddress: WALLET });
    expect(res.status, res.text).toBe(201);
    const s = await call("GET", `/api/checkout/sessions/${res.body.responseObject.order.id}`, { key: m.apiKey });
    expect(s.body.responseObject).toMatchObject({ checkoutMode: "exact-fiat", fiatAmount: "25.00", fiatCurrency: "EUR" });
  });

  it("refuses bad input with errorCode, naming v1 fields, and creates nothing", async () => {
    const m = await newMerchant();
    const cases: [Record<string, unknown>, string][] = [
      [{}, "requestedUsdcAmount"],
      [{ requestedUsdcAmount: "1.00", requestedFiatAmount: "1.00", requestedFiatCurrency: "USD" }, "requestedUsdcAmount"],
      [{ requestedFiatAmount: "10.00" }, "requestedFiatCurrency"],
      [{ requestedUsdcAmount: 50 }, "requestedUsdcAmount"],
      [{ requestedUsdcAmount: "0.50" }, "requestedUsdcAmount"],
      [{ requestedUsdcAmount: "5.00", destinationAddress: "0xnope" }, "destinationAddress"],
      [{ requestedUsdcAmount: "5.00", destinationChainId: 1 }, "destinationChainId"],
      [{ requestedUsdcAmount: "5.00", feePayer: "SOMEONE" }, "feePayer"],
      [{ requestedUsdcAmount: "5.00", enabledRails: ["pigeon"] }, "enabledRails"],
      [{ requestedUsdcAmount: "5.00", notes: "text" }, "notes"],
      [{ requestedUsdcAmount: "5.00", extra: true }, "extra"],
    ];
    for (const [body, field] of cases) {
      const res = await create(m, { destinationAddress: WALLET, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, errorCode: "VALIDATION_ERROR", error: { code: "VALIDATION_FAILED" } });
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
    // no default wallet, none given: a clear refusal
    const noWallet = await create(m, { requestedUsdcAmount: "5.00" });
    expect(noWallet.status).toBe(400);
    expect(noWallet.body.message).toMatch(/destinationAddress.*default wallet/);
    const list = await call("GET", "/api/checkout/sessions", { key: m.apiKey });
    expect(list.body.responseObject.sessions).toHaveLength(0);
  });

  it("answers 401 with errorCode without a key", async () => {
    const res = await call("POST", "/api/v1/orders", { body: { requestedUsdcAmount: "5.00" } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errorCode: "UNAUTHENTICATED" });
  });
});

describe("GET /api/v1/orders/:id", () => {
  it("answers the merchant's key and the order's token; 403 for another merchant, 401 for a wrong token, 404 for unknown ids", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const { order: o, orderToken } = await newOrder(m);
    const byKey = await order(o.id, { key: m.apiKey });
    expect(byKey.status).toBe(200);
    expect(byKey.body.responseObject).toMatchObject({
      order: { id: o.id, status: "CREATED" },
      merchant: { id: m.id, name: "Test Shop", environment: "SANDBOX", disableBranding: false, checkoutTheme: { presetName: "default" } },
      currentPayment: null,
    });
    expect((await order(o.id, { token: orderToken })).status).toBe(200);
    expect((await order(o.id, { header: orderToken })).status).toBe(200);
    expect((await order(o.id, { key: other.apiKey })).status).toBe(403);
    const wrong = await order(o.id, { token: `${orderToken}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorCode).toBe("UNAUTHENTICATED");
    // a token opens its own order only
    const second = await newOrder(m);
    expect((await order(second.order.id, { token: orderToken })).status).toBe(401);
    expect((await order("sess_doesnotexist", { key: m.apiKey })).status).toBe(404);
    expect((await order("sess_doesnotexist", { token: orderToken })).body.errorCode).toBe("NOT_FOUND");
    expect((await order(o.id)).status).toBe(401);
  });

  it("answers the payer's token without the merchant's notes and metadata; the key reads them", async () => {
    const m = await newMerchant();
    const { order: o, orderToken } = await newOrder(m, { notes: { memo: "VIP: ship first", crm: "cust_42" } });
    // v1 sets no metadata, but a session's row may hold some (the v0 face): the payer reads none of it either
    await (
      await testDb()
    )
      .update(checkoutSessions)
      .set({ metadata: { margin: "41%" } })
      .where(eq(checkoutSessions.id, o.id));
    const asMerchant = (await order(o.id, { key: m.apiKey })).body.responseObject.order;
    expect(asMerchant).toMatchObject({ notes: { memo: "VIP: ship first", crm: "cust_42" }, metadata: { margin: "41%" } });
    for (const read of [await order(o.id, { token: orderToken }), await order(o.id, { header: orderToken })]) {
      expect(read.status).toBe(200);
      // present and null, as the SDK's CheckoutOrder has both fields
      expect(read.body.responseObject.order).toMatchObject({ id: o.id, notes: null, metadata: null });
      for (const secret of ["VIP: ship first", "cust_42", "41%"]) expect(read.text).not.toContain(secret);
    }
    // the merchant's own webhooks carry them
    const created = (await eventTypes(o.id, 1)).find((e) => e.type === "ORDER_CREATED")!;
    expect(created.payload).toMatchObject({ data: { order: { notes: { memo: "VIP: ship first", crm: "cust_42" } } } });
  });

  it("a v0 session is readable with the key, and no token opens it", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    expect((await order(s.id, { key: m.apiKey })).body.responseObject.order).toMatchObject({ id: s.id, status: "CREATED" });
    expect((await order(s.id, { token: "otk_anything" })).status).toBe(401);
  });
});

describe("the v1 order token on the payer's side", () => {
  it("the payer's page and actions open a v1 order only with its token", async () => {
    const m = await newMerchant();
    const { order: o, orderToken } = await newOrder(m);
    const db = await testDb();
    await expect(startSession(db, o.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: payer(o.id) })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      startSession(db, o.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: payer(o.id, "otk_wrong") }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const started = await startSession(db, o.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: payer(o.id, orderToken) });
    expect(started.session.status).toBe("ACTIVE");
  });
});

describe("payments, partial payments and the v1 events", () => {
  it("a full payment settles the order: PAYMENT_CREATED, PAYMENT_SETTLED, ORDER_FULFILLED beside the v0 events", async () => {
    const m = await newMerchant();
    const { order: o, orderToken } = await newOrder(m, { requestedUsdcAmount: "20.00" });
    await pay(o.id, orderToken);
    const read = await order(o.id, { token: orderToken });
    expect(read.body.responseObject.order).toMatchObject({ status: "FULFILLED", remainingUsdcAmount: "0.00" });
    expect(read.body.responseObject.currentPayment).toMatchObject({
      orderId: o.id,
      status: "SETTLED",
      rail: "venmo",
      currency: "USD",
      netSettledUsdcAmount: "20.00",
      totalUsdcFeeAmount: "0.00",
    });
    expect(read.body.responseObject.currentPayment.fulfillTransaction).toMatch(/^0x[0-9a-f]{64}$/);
    const v1 = await eventTypes(o.id, 1);
    expect(v1.map((e) => e.type)).toEqual(["ORDER_CREATED", "PAYMENT_CREATED", "PAYMENT_SETTLED", "ORDER_FULFILLED"]);
    const settled = v1.find((e) => e.type === "PAYMENT_SETTLED")!.payload as any;
    expect(Object.keys(settled).sort()).toEqual(["data", "id", "timestamp", "type"]);
    expect(settled.data).toMatchObject({ order: { id: o.id }, payment: { status: "SETTLED" }, paymentBridge: null });
    expect((await eventTypes(o.id, 0)).map((e) => e.type)).toEqual([
      "session.started",
      "order.created",
      "order.fulfilled",
      "session.completed",
    ]);
  });

  it("an order paid in two parts is PARTIALLY_FULFILLED, then FULFILLED; every part is a payment", async () => {
    const m = await newMerchant();
    const { order: o, orderToken } = await newOrder(m, { requestedUsdcAmount: "30.00" });
    await pay(o.id, orderToken, "12.50");
    let read = await order(o.id, { key: m.apiKey });
    expect(read.body.responseObject.order).toMatchObject({ status: "PARTIALLY_FULFILLED", remainingUsdcAmount: "17.50" });
    // the payer's page asks for the rest
    const view = await getCheckoutView(await testDb(), o.id, orderToken);
    expect(view).toMatchObject({ step: "choose", order: null, session: { price: { amountUsdc: "17.50" }, paidUsdc: "12.50" } });
    expect(view.options).toEqual(quotesByCurrency(await platformQuotes("sandbox", "17.50", null)));
    // more than is left is refused, and changes nothing
    const db = await testDb();
    await expect(
      startSession(db, o.id, { paymentPlatform: "venmo", fiatCurrency: "USD", amountUsdc: "17.51" }, { actor: payer(o.id, orderToken) }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await pay(o.id, orderToken); // the rest
    read = await order(o.id, { key: m.apiKey });
    expect(read.body.responseObject.order).toMatchObject({ status: "FULFILLED", remainingUsdcAmount: "0.00" });
    const payments = await call("GET", `/api/v1/orders/${o.id}/payments?token=${orderToken}`);
    expect(payments.status).toBe(200);
    expect(payments.body.responseObject.payments.map((p: Wire<"V1Payment">) => [p.status, p.netSettledUsdcAmount])).toEqual([
      ["SETTLED", "12.50"],
      ["SETTLED", "17.50"],
    ]);
    const v1 = (await eventTypes(o.id, 1)).map((e) => e.type);
    expect(v1).toEqual(["ORDER_CREATED", "PAYMENT_CREATED", "PAYMENT_SETTLED", "PAYMENT_CREATED", "PAYMENT_SETTLED", "ORDER_FULFILLED"]);
    // the v0 session completes once, when the whole amount is paid
    expect((await eventTypes(o.id, 0)).filter((e) => e.type === "session.completed")).toHaveLength(1);
  });

  it("only a v1 order priced in USDC may be paid in parts, and a part must be an amount within bounds", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const start = (id: string, token: string | undefined, amountUsdc: string) =>
      startSession(db, id, { paymentPlatform: "venmo", fiatCurrency: "USD", amountUsdc }, { actor: payer(id, token) });
    const v0 = await newSession(m);
    await expect(start(v0.id, undefined, "10.00")).rejects.toMatchObject({ code: "VALIDATION_FAILED", message: /only a v1 order/ });
    const { order: o, orderToken } = await newOrder(m, { requestedUsdcAmount: "30.00" });
    for (const bad of ["abc", "-1", "1e3", "0.0000001", "0.50", "30.01"]) {
      await expect(start(o.id, orderToken, bad), bad).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    }
    const fiat = (await create(m, { requestedFiatAmount: "25.00", requestedFiatCurrency: "USD", destinationAddress: WALLET })).body
      .responseObject;
    await expect(start(fiat.order.id, fiat.orderToken, "10.00")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: /priced in fiat/,
    });
    // nothing started anywhere
    expect((await order(o.id, { key: m.apiKey })).body.responseObject.currentPayment).toBeNull();
    // the page offers parts on the v1 order only
    expect((await getCheckoutView(db, o.id, orderToken)).session.partial).toEqual({ minUsdc: "1.00", maxUsdc: "30.00" });
    expect((await getCheckoutView(db, v0.id)).session.partial).toBeNull();
    expect((await getCheckoutView(db, fiat.order.id, fiat.orderToken)).session.partial).toBeNull();
  });

  it("an order paid in part, then cancelled or expired, says how much was paid and how much was not", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const db = await testDb();
    const cancelled = await newOrder(m, { requestedUsdcAmount: "30.00" });
    await pay(cancelled.order.id, cancelled.orderToken, "12.50");
    expect(await dashboardPageText(cancelled.order.id)).toContain("Partly paid: 12.50 USDC received, 17.50 USDC still to pay");
    const res = await call("POST", `/api/v1/orders/${cancelled.order.id}/cancel`, { key: m.apiKey });
    expect(res.status, res.text).toBe(200);
    // remaining is what was never paid: requested less remaining is what was paid, in every status
    expect(res.body.responseObject.order).toMatchObject({
      status: "CANCELLED",
      requestedUsdcAmount: "30.00",
      remainingUsdcAmount: "17.50",
      paidUsdcAmount: "12.50",
    });
    for (const read of [
      await order(cancelled.order.id, { key: m.apiKey }),
      await order(cancelled.order.id, { token: cancelled.orderToken }),
    ]) {
      expect(read.body.responseObject.order).toMatchObject({ status: "CANCELLED", remainingUsdcAmount: "17.50", paidUsdcAmount: "12.50" });
    }
    // the payer's page says so too, instead of "Nothing was charged"
    const page = await getCheckoutView(db, cancelled.order.id, cancelled.orderToken);
    expect(page).toMatchObject({ step: "cancelled", session: { endedPaidUsdc: "12.50", paidUsdc: null, partial: null } });
    // and the merchant's dashboard
    expect(await dashboardPageText(cancelled.order.id)).toContain(
      "Partly paid: 12.50 USDC received, 17.50 USDC not paid: the session was cancelled before the rest was paid",
    );

    const expired = await newOrder(m, { requestedUsdcAmount: "30.00" });
    await pay(expired.order.id, expired.orderToken, "10.00");
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, expired.order.id));
    for (const read of [await order(expired.order.id, { key: m.apiKey }), await order(expired.order.id, { token: expired.orderToken })]) {
      expect(read.body.responseObject.order).toMatchObject({ status: "CANCELLED", remainingUsdcAmount: "20.00", paidUsdcAmount: "10.00" });
    }
    // the v1 webhook's ORDER_CANCELLED carries it too
    const last = (await eventTypes(expired.order.id, 1)).at(-1)!;
    expect(last.type).toBe("ORDER_CANCELLED");
    expect(last.payload).toMatchObject({ data: { order: { remainingUsdcAmount: "20.00", paidUsdcAmount: "10.00" } } });
    expect((await getCheckoutView(db, expired.order.id, expired.orderToken)).session.endedPaidUsdc).toBe("10.00");
    expect(await dashboardPageText(expired.order.id)).toContain(
      "Partly paid: 10.00 USDC received, 20.00 USDC not paid: the session expired before the rest was paid",
    );
    // an order never paid reads 0.00 paid and all of it remaining, and its page says nothing was charged
    const unpaid = await newOrder(m);
    expect(unpaid.order).toMatchObject({ paidUsdcAmount: "0.00" });
    const unpaidCancelled = await call("POST", `/api/v1/orders/${unpaid.order.id}/cancel`, { key: m.apiKey });
    expect(unpaidCancelled.body.responseObject.order).toMatchObject({
      status: "CANCELLED",
      remainingUsdcAmount: "50.00",
      paidUsdcAmount: "0.00",
    });
    expect((await getCheckoutView(db, unpaid.order.id, unpaid.orderToken)).session.endedPaidUsdc).toBeNull();
    expect(await dashboardPageText(unpaid.order.id)).not.toContain("Partly paid");
  });

  it("cancel: ORDER_CANCELLED with PAYMENT_CANCELLED; the merchant's key only", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const { order: o, orderToken } = await newOrder(m);
    const db = await testDb();
    await startSession(db, o.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: payer(o.id, orderToken) });
    expect((await call("POST", `/api/v1/orders/${o.id}/cancel`, { key: other.apiKey })).status).toBe(403);
    expect((await call("POST", `/api/v1/orders/sess_unknown/cancel`, { key: m.apiKey })).status).toBe(404);
    const res = await call("POST", `/api/v1/orders/${o.id}/cancel`, { key: m.apiKey });
    expect(res.status, res.text).toBe(200);
    expect(res.body.responseObject.order).toMatchObject({ status: "CANCELLED", remainingUsdcAmount: "50.00", paidUsdcAmount: "0.00" });
    expect(res.body.responseObject.order.cancelledAt).not.toBeNull();
    const v1 = (await eventTypes(o.id, 1)).map((e) => e.type);
    expect(v1).toEqual(["ORDER_CREATED", "PAYMENT_CREATED", "PAYMENT_CANCELLED", "ORDER_CANCELLED"]);
  });

  it("a v0 session gets v1 events too (a v1 webhook hears of every order)", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    expect((await eventTypes(s.id, 1)).map((e) => e.type)).toEqual(["ORDER_CREATED"]);
    // and v0 lists stay v0
    const list = await call("GET", "/api/events", { key: m.apiKey });
    expect(list.body.responseObject.events.every((e: Wire<"Event">) => e.type === e.type.toLowerCase())).toBe(true);
  });
});

describe("GET /api/v1/merchants/me", () => {
  it("answers the profile with the key's display prefix, never the key", async () => {
    const m = await newMerchant();
    const res = await call("GET", "/api/v1/merchants/me", { key: m.apiKey });
    expect(res.status).toBe(200);
    const p = res.body.responseObject;
    expect(p).toMatchObject({ id: m.id, name: "Test Shop", environment: "SANDBOX", tier: "FREE", evmWalletAddress: null });
    expect(p.apiKey).toBe(`${m.apiKey.slice(0, 9)}…`);
    expect(res.text).not.toContain(m.apiKey);
    expect(p.merchantConfig).toMatchObject({ destinationChainId: "8453", destinationToken: TOKEN, disableBranding: false });
  });
});
