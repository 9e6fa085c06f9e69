import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, deliveries, orders, proofAttempts } from "@/db/schema";
import { serializeOrder, serializeSession } from "@/lib/wire/session";
import { call, newMerchant, newSession, newWebhook, sessionBody, startedSession, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";
import type { Wire } from "../support/wire";

const HEX32 = /^0x[0-9a-f]{64}$/;

async function eventTypes(key: string, sessionId: string) {
  const res = await call("GET", `/api/events?sessionId=${sessionId}&limit=100`, { key });
  return (res.body.responseObject.events as { type: string }[]).map((e) => e.type).reverse();
}

describe("POST /api/checkout/sessions", () => {
  it("creates a CREATED session with its checkout URL (201)", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/checkout/sessions", {
      key: m.apiKey,
      body: sessionBody(m, {
        amountUsdc: "12.345",
        successUrl: "https://shop.example/thanks",
        cancelUrl: "https://shop.example/cart",
        metadata: { orderRef: "A-1001", customer: "ünïcødé ✓" },
        recipientAddress: WALLET.toLowerCase(),
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    const { session, checkoutUrl } = res.body.responseObject;
    expect(session.id).toMatch(/^sess_[0-9a-f]{32}$/);
    expect(checkoutUrl).toBe(`http://checkout.test/checkout?session=${session.id}`);
    expect(session).toMatchObject({
      merchantId: m.id,
      amountUsdc: "12.345",
      destinationChainId: 8453,
      destinationToken: TOKEN,
      recipientAddress: WALLET, // lowercase input comes back checksummed
      status: "CREATED",
      successUrl: "https://shop.example/thanks",
      cancelUrl: "https://shop.example/cart",
      metadata: { orderRef: "A-1001", customer: "ünïcødé ✓" },
      selectedPaymentPlatform: null,
      selectedFiatCurrency: null,
      activeOrderId: null,
    });
    const ttl = new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime();
    expect(ttl).toBe(24 * 3600 * 1000);
  });

  it("writes amounts with at least two decimals", async () => {
    const m = await newMerchant();
    for (const [given, shown] of [
      ["50", "50.00"],
      ["50.5", "50.50"],
      ["1.000001", "1.000001"],
      ["100000", "100000.00"],
    ]) {
      expect((await newSession(m, { amountUsdc: given })).amountUsdc).toBe(shown);
    }
  });

  it.each([
    [{ amountUsdc: 50 }, "amountUsdc"],
    [{ amountUsdc: "-5.00" }, "amountUsdc"],
    [{ amountUsdc: "1e3" }, "amountUsdc"],
    [{ amountUsdc: "1.1234567" }, "amountUsdc"],
    [{ amountUsdc: "0.99" }, "amountUsdc"],
    [{ amountUsdc: "100000.01" }, "amountUsdc"],
    [{ amountUsdc: "0" }, "amountUsdc"],
    [{ destinationChainId: 1 }, "destinationChainId"],
    [{ destinationChainId: "8453" }, "destinationChainId"],
    [{ destinationToken: "0x1234" }, "destinationToken"],
    [{ recipientAddress: "0x52908400098527886E0F7030069857D2E4169Ee7" }, "recipientAddress"],
    [{ successUrl: "javascript:alert(1)" }, "successUrl"],
    [{ cancelUrl: "ftp://x.example" }, "cancelUrl"],
    [{ metadata: { n: 1 } }, "metadata"],
    [{ metadata: { ["k".repeat(41)]: "v" } }, "metadata"],
    [{ metadata: { k: "v".repeat(501) } }, "metadata"],
    [{ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) }, "metadata"],
    [{ metadata: ["a"] }, "metadata"],
    [{ enabledPaymentPlatforms: ["venmo", "bitcoin"] }, "enabledPaymentPlatforms"],
    [{ colour: "red" }, "colour"],
  ])("answers 400 naming the field for %j", async (override, field) => {
    const m = await newMerchant();
    const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, override) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect((await call("GET", "/api/checkout/sessions", { key: m.apiKey })).body.responseObject.sessions).toEqual([]);
  });

  it("requires every required field", async () => {
    const m = await newMerchant();
    for (const field of ["merchantId", "amountUsdc", "destinationChainId", "destinationToken", "recipientAddress"]) {
      const body: Record<string, unknown> = sessionBody(m);
      delete body[field];
      const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it("refuses a merchantId that is not the key's merchant with 403", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const res = await call("POST", "/api/checkout/sessions", { key: a.apiKey, body: sessionBody(b) });
    expect(res.status).toBe(403);
  });
});

describe("the checkout flow", () => {
  it("GET returns the session directly, with its merchant and active order", async () => {
    const m = await newMerchant({ displayName: "Corner Shop" });
    const s = await newSession(m);
    const res = await call("GET", `/api/checkout/sessions/${s.id}`, { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.responseObject).toMatchObject({
      id: s.id,
      status: "CREATED",
      merchant: { id: m.id, name: m.name, displayName: "Corner Shop" },
      activeOrder: null,
      activeOrderId: null,
    });
    expect(res.headers.get("ratelimit-limit")).toBe("300");
  });

  it("select-platform saves the choice and start then needs no body", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    const sel = await call("POST", `/api/checkout/sessions/${s.id}/select-platform`, {
      key: m.apiKey,
      body: { paymentPlatform: "wise", fiatCurrency: "GBP" },
    });
    expect(sel.status).toBe(200);
    expect(sel.body.responseObject.session).toMatchObject({
      selectedPaymentPlatform: "wise",
      selectedFiatCurrency: "GBP",
      status: "CREATED",
    });
    const start = await call("POST", `/api/checkout/sessions/${s.id}/start`, { key: m.apiKey });
    expect(start.status).toBe(200);
    expect(start.body.responseObject.order).toMatchObject({ paymentPlatform: "wise", fiatCurrency: "GBP" });
  });

  it.each([
    [{ paymentPlatform: "venmo", fiatCurrency: "EUR" }, "fiatCurrency"],
    [{ paymentPlatform: "bitcoin", fiatCurrency: "USD" }, "paymentPlatform"],
    [{ paymentPlatform: "venmo" }, "fiatCurrency"],
    [{ fiatCurrency: "usd", paymentPlatform: "venmo" }, "fiatCurrency"],
  ])("select-platform refuses %j", async (body, field) => {
    const m = await newMerchant();
    const s = await newSession(m);
    const res = await call("POST", `/api/checkout/sessions/${s.id}/select-platform`, { key: m.apiKey, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it("start without a saved or given platform is a 400 that names it", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, { key: m.apiKey, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("paymentPlatform");
    expect((await call("GET", `/api/checkout/sessions/${s.id}`, { key: m.apiKey })).body.responseObject.status).toBe("CREATED");
  });

  it("start respects the session's enabled platforms", async () => {
    const m = await newMerchant();
    const s = await newSession(m, { enabledPaymentPlatforms: ["revolut"] });
    const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
      key: m.apiKey,
      body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("paymentPlatform");
  });

  it("start creates one SIGNAL_MINED order with a quote, intent hash and expiry", async () => {
    const m = await newMerchant();
    const s = await newSession(m, { amountUsdc: "100.00" });
    const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
      key: m.apiKey,
      body: { paymentPlatform: "revolut", fiatCurrency: "EUR" },
    });
    expect(res.status).toBe(200);
    const r = res.body.responseObject;
    expect(r.session).toMatchObject({
      status: "ACTIVE",
      activeOrderId: r.order.id,
      selectedPaymentPlatform: "revolut",
      selectedFiatCurrency: "EUR",
    });
    expect(r.order).toMatchObject({ sessionId: s.id, status: "SIGNAL_MINED", paymentPlatform: "revolut", intentHash: r.intentHash });
    expect(r.order.id).toMatch(/^ord_/);
    expect(r.intentHash).toMatch(HEX32);
    expect(r.order.signalTx).toMatch(HEX32);
    expect(r.order.recipient).toBe(r.quote.payeeAddress);
    // 100 USDC at 0.92 EUR plus revolut's 0.40% spread = 92.368 → 92.37 (rounded up for the merchant)
    expect(r.quote).toEqual({
      fiatAmount: "92.37",
      fiatAmountFormatted: "€92.37",
      fiatCurrency: "EUR",
      tokenAmount: "100000000",
      tokenAmountFormatted: "100.00 USDC",
      paymentMethod: "revolut",
      payeeAddress: r.order.recipient,
      conversionRate: "0.92368",
    });
    expect(new Date(r.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(r.expiresAt).toBe(r.order.expiresAt);

    const order = await call("GET", `/api/checkout/sessions/${s.id}/order`, { key: m.apiKey });
    expect(order.body.responseObject.order).toMatchObject({ id: r.order.id, sessionId: s.id, intentHash: r.intentHash });
    expect(await eventTypes(m.apiKey, s.id)).toEqual(["session.started", "order.created"]);
  });

  it("a start's answer and events carry the session and order exactly as stored, each delivered once per webhook", async () => {
    const m = await newMerchant();
    const hook = await newWebhook(m);
    const fiat = { checkoutMode: "exact-fiat", fiatAmount: "25.00", fiatCurrency: "EUR", amountUsdc: undefined }; // undefined: not sent
    const db = await testDb();
    for (const overrides of [{}, fiat]) {
      const s = await newSession(m, overrides);
      const res = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
        key: m.apiKey,
        body: { paymentPlatform: "revolut", fiatCurrency: "EUR" },
      });
      expect(res.status).toBe(200);
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, s.id));
      const [order] = await db.select().from(orders).where(eq(orders.sessionId, s.id));
      expect(session!.firstOrderAt).toEqual(order!.createdAt);
      const stored = { session: serializeSession(session!), order: serializeOrder(order!) };
      expect({ session: res.body.responseObject.session, order: res.body.responseObject.order }).toEqual(stored);
      const listed = await call("GET", `/api/events?sessionId=${s.id}&limit=100`, { key: m.apiKey });
      const started = (listed.body.responseObject.events as { id: string; type: string; data: unknown }[]).reverse();
      expect(started.map((e) => e.type)).toEqual(["session.started", "order.created"]);
      for (const e of started) expect(e.data).toEqual(stored);
      const sent = await db.select().from(deliveries).where(eq(deliveries.webhookId, hook.id));
      expect(
        sent
          .filter((d) => started.some((e) => e.id === d.eventId))
          .map((d) => d.eventType)
          .sort(),
      ).toEqual(["order.created", "session.started"]);
    }
  });

  it("a second start while the order is live is 409 and creates nothing", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const again = await call("POST", `/api/checkout/sessions/${session.id}/start`, {
      key: m.apiKey,
      body: { paymentPlatform: "zelle", fiatCurrency: "USD" },
    });
    expect(again.status).toBe(409);
    const db = await testDb();
    expect(await db.select().from(orders).where(eq(orders.sessionId, session.id))).toHaveLength(1);
    expect((await call("GET", `/api/checkout/sessions/${session.id}/order`, { key: m.apiKey })).body.responseObject.order.id).toBe(
      started.order.id,
    );
  });

  it("the order endpoint is 404 before start", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    expect((await call("GET", `/api/checkout/sessions/${s.id}/order`, { key: m.apiKey })).status).toBe(404);
  });

  it("payment-sent moves the order to PAYMENT_SENT once; a repeat returns it unchanged", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const first = await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    expect(first.status).toBe(200);
    expect(first.body.responseObject.order).toMatchObject({ id: started.order.id, status: "PAYMENT_SENT" });
    const second = await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    expect(second.status).toBe(200);
    expect(second.body.responseObject.order).toEqual(first.body.responseObject.order);
    expect(await eventTypes(m.apiKey, session.id)).toEqual(["session.started", "order.created", "order.payment_sent"]);
  });

  it("payment-sent before start is 409", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    expect((await call("POST", `/api/checkout/sessions/${s.id}/payment-sent`, { key: m.apiKey })).status).toBe(409);
  });
});

describe("POST /api/orders/fulfill", () => {
  const fulfill = (key: string, intentHash: string, outcome = "success") =>
    call("POST", "/api/orders/fulfill", { key, body: { intentHash, proof: { sandbox: true, outcome } } });

  it("fulfils the order, completes the session and records the events", async () => {
    const m = await newMerchant();
    const hook = await newWebhook(m);
    const { session, started } = await startedSession(m);
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    const res = await fulfill(m.apiKey, started.intentHash);
    expect(res.status).toBe(200);
    const r = res.body.responseObject;
    expect(r.order).toMatchObject({ id: started.order.id, status: "FULFILLED", fulfillTx: r.txHash });
    expect(r.txHash).toMatch(HEX32);
    expect(r.proofAttemptId).toMatch(/^proof_/);
    const s = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(s.status).toBe("COMPLETED");
    expect(s.activeOrder.status).toBe("FULFILLED");
    expect(await eventTypes(m.apiKey, session.id)).toEqual([
      "session.started",
      "order.created",
      "order.payment_sent",
      "order.fulfilled",
      "session.completed",
    ]);

    const events = (await call("GET", `/api/events?sessionId=${session.id}&type=order.fulfilled`, { key: m.apiKey })).body.responseObject
      .events;
    expect(events[0]).toMatchObject({
      type: "order.fulfilled",
      data: { txHash: r.txHash, session: { id: session.id, status: "COMPLETED" }, order: { status: "FULFILLED" } },
    });
    const dl = await call("GET", `/api/webhooks/${hook.id}/deliveries?limit=100`, { key: m.apiKey });
    expect((dl.body.responseObject.deliveries as Wire<"Delivery">[]).map((d) => d.eventType).sort()).toEqual([
      "order.created",
      "order.fulfilled",
      "order.payment_sent",
      "session.completed",
      "session.started",
    ]);

    const again = await fulfill(m.apiKey, started.intentHash);
    expect(again.status).toBe(409);
  });

  it("fulfils straight from SIGNAL_MINED", async () => {
    const m = await newMerchant();
    const { started } = await startedSession(m);
    expect((await fulfill(m.apiKey, started.intentHash)).status).toBe(200);
  });

  it.each([
    ["invalid", "PROOF_INVALID"],
    ["expired", "PROOF_EXPIRED"],
  ])("a %s proof is 400 %s, keeps the order's status and is recorded", async (outcome, code) => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    const res = await fulfill(m.apiKey, started.intentHash, outcome);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(code);
    expect(res.body.responseObject).toBeNull();
    const order = (await call("GET", `/api/checkout/sessions/${session.id}/order`, { key: m.apiKey })).body.responseObject.order;
    expect(order.status).toBe("PAYMENT_SENT");
    const db = await testDb();
    const attempts = await db.select().from(proofAttempts).where(eq(proofAttempts.orderId, started.order.id));
    expect(attempts.map((a) => a.errorCode)).toEqual([code]);
    expect((await fulfill(m.apiKey, started.intentHash)).status).toBe(200); // retryable
  });

  it("a reverted fulfilment fails the order for good; the payer can start again", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const res = await fulfill(m.apiKey, started.intentHash, "reverted");
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("FULFILL_REVERTED");
    const s = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(s).toMatchObject({ status: "ACTIVE", activeOrder: { status: "FAILED" } });
    expect((await fulfill(m.apiKey, started.intentHash)).status).toBe(409);
    expect(await eventTypes(m.apiKey, session.id)).toContain("order.failed");
    const restart = await call("POST", `/api/checkout/sessions/${session.id}/start`, { key: m.apiKey, body: {} });
    expect(restart.status).toBe(200);
    expect(restart.body.responseObject.order.id).not.toBe(started.order.id);
  });

  it("an unknown intent is 404; another merchant's is 403", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const { started } = await startedSession(a);
    expect((await fulfill(a.apiKey, "0x" + "ab".repeat(32))).status).toBe(404);
    expect((await fulfill(b.apiKey, started.intentHash)).status).toBe(403);
    expect((await call("GET", `/api/checkout/sessions/${started.session.id}`, { key: a.apiKey })).body.responseObject.status).toBe(
      "ACTIVE",
    );
  });

  it("validates its body", async () => {
    const m = await newMerchant();
    for (const body of [
      {},
      { intentHash: "0x12", proof: {} },
      { intentHash: "0x" + "0".repeat(64) },
      { intentHash: "0x" + "0".repeat(64), proof: "yes" },
    ]) {
      const res = await call("POST", "/api/orders/fulfill", { key: m.apiKey, body });
      expect(res.status).toBe(400);
    }
  });
});

describe("cancel and expiry", () => {
  it("cancel ends the session and its unpaid order, with session.abandoned", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const res = await call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.responseObject.session.status).toBe("CANCELLED");
    const s = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(s.activeOrder).toMatchObject({ id: started.order.id, status: "CANCELLED" });
    expect(await eventTypes(m.apiKey, session.id)).toEqual(["session.started", "order.created", "session.abandoned"]);
    expect((await call("POST", `/api/checkout/sessions/${session.id}/start`, { key: m.apiKey, body: {} })).status).toBe(409);
    expect((await call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey })).status).toBe(200);
  });

  it("cancel after the payment was sent is 409", async () => {
    const m = await newMerchant();
    const { session } = await startedSession(m);
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    expect((await call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey })).status).toBe(409);
  });

  it("an unpaid order past its expiry is EXPIRED; the session stays ACTIVE and can start again", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const db = await testDb();
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, started.order.id));
    const s = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(s).toMatchObject({ status: "ACTIVE", activeOrder: { id: started.order.id, status: "EXPIRED" } });
    expect(await eventTypes(m.apiKey, session.id)).toEqual(["session.started", "order.created", "order.expired"]);
    expect((await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey })).status).toBe(409);
    const again = await call("POST", `/api/checkout/sessions/${session.id}/start`, { key: m.apiKey, body: {} });
    expect(again.status).toBe(200);
  });

  it("a session past its expiry is EXPIRED with order.expired and session.abandoned", async () => {
    const m = await newMerchant();
    const { session } = await startedSession(m);
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    const db = await testDb();
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, session.id));
    const res = await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    expect(res.status).toBe(409);
    const s = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(s).toMatchObject({ status: "EXPIRED", activeOrder: { status: "EXPIRED" } });
    expect(await eventTypes(m.apiKey, session.id)).toEqual([
      "session.started",
      "order.created",
      "order.payment_sent",
      "order.expired",
      "session.abandoned",
    ]);
  });

  it("a never-started session expires with session.abandoned only", async () => {
    const m = await newMerchant();
    await newWebhook(m, { events: ["session.abandoned"] });
    const s = await newSession(m);
    const db = await testDb();
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, s.id));
    expect(
      (
        await call("POST", `/api/checkout/sessions/${s.id}/start`, {
          key: m.apiKey,
          body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
        })
      ).status,
    ).toBe(409);
    expect(await eventTypes(m.apiKey, s.id)).toEqual(["session.abandoned"]);
    const dl = await db.select().from(deliveries).where(eq(deliveries.merchantId, m.id));
    expect(dl.map((d) => d.eventType)).toEqual(["session.abandoned"]);
  });
});

describe("GET /api/checkout/sessions", () => {
  it("lists newest first with a cursor and a status filter", async () => {
    const m = await newMerchant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newSession(m)).id);
    await call("POST", `/api/checkout/sessions/${ids[1]}/cancel`, { key: m.apiKey });
    const first = await call("GET", "/api/checkout/sessions?limit=2", { key: m.apiKey });
    expect(first.status).toBe(200);
    const p1 = first.body.responseObject;
    expect(p1.sessions.map((s: Wire<"Session">) => s.id)).toEqual([ids[4], ids[3]]);
    const p2 = (await call("GET", `/api/checkout/sessions?limit=2&cursor=${p1.nextCursor}`, { key: m.apiKey })).body.responseObject;
    expect(p2.sessions.map((s: Wire<"Session">) => s.id)).toEqual([ids[2], ids[1]]);
    const p3 = (await call("GET", `/api/checkout/sessions?limit=2&cursor=${p2.nextCursor}`, { key: m.apiKey })).body.responseObject;
    expect(p3.sessions.map((s: Wire<"Session">) => s.id)).toEqual([ids[0]]);
    expect(p3.nextCursor).toBeNull();
    const cancelled = (await call("GET", "/api/checkout/sessions?status=CANCELLED", { key: m.apiKey })).body.responseObject;
    expect(cancelled.sessions.map((s: Wire<"Session">) => s.id)).toEqual([ids[1]]);
    for (const q of ["limit=0", "limit=101", "limit=abc", "status=DONE", "cursor=garbage"]) {
      const bad = await call("GET", `/api/checkout/sessions?${q}`, { key: m.apiKey });
      expect(bad.status, q).toBe(400);
    }
  });
});
