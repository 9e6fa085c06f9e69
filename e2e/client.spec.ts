import { createCheckoutClient, type ErrorCode, type Session } from "@checkout/client";
import { expect, test } from "@playwright/test";
import { startReceiver, TOKEN } from "./support/fixtures";

// The generated client (packages/client) against the built app over real HTTP, as an integration
// would use it: sign up, create a session (idempotently), read it, start it, report the payment,
// fulfil it, register a webhook and list it, and a refused request with its typed error body.
// Where it runs: directly, and the tests tagged @topology through the production topology too. The typed client over TLS at a host name, as
// integrations call a deployment.

test("the typed client drives a checkout over HTTP", { tag: "@topology" }, async ({ baseURL }) => {
  const anonymous = createCheckoutClient({ baseUrl: baseURL! });
  const signup = await anonymous.POST("/api/merchants", {
    body: { name: `client-${Date.now()}-${Math.floor(Math.random() * 1e6)}`, displayName: "Client Shop" },
    headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250)}` },
  });
  expect(signup.response.status).toBe(201);
  const { id: merchantId, apiKey } = signup.data!.responseObject;
  const checkout = createCheckoutClient({ baseUrl: `${baseURL}/`, apiKey });

  // create, twice with one Idempotency-Key: one session, the second answer replayed
  const body = {
    merchantId,
    amountUsdc: "25.00",
    destinationChainId: 8453,
    destinationToken: TOKEN,
    recipientAddress: TOKEN,
    metadata: { orderId: "c-1" },
  };
  const key = `client-${Date.now()}`;
  const created = await checkout.POST("/api/checkout/sessions", { params: { header: { "Idempotency-Key": key } }, body });
  expect(created.response.status).toBe(201);
  const { session, checkoutUrl } = created.data!.responseObject;
  const status: Session["status"] = session.status;
  expect(status).toBe("CREATED");
  expect(checkoutUrl).toContain(`/checkout?session=${session.id}`);
  const replayed = await checkout.POST("/api/checkout/sessions", { params: { header: { "Idempotency-Key": key } }, body });
  expect(replayed.response.headers.get("idempotent-replayed")).toBe("true");
  expect(replayed.data!.responseObject.session.id).toBe(session.id);

  // read it, and find it in the list by its metadata
  const read = await checkout.GET("/api/checkout/sessions/{id}", { params: { path: { id: session.id } } });
  expect(read.data!.responseObject).toMatchObject({
    id: session.id,
    status: "CREATED",
    activeOrder: null,
    merchant: { displayName: "Client Shop" },
  });
  const listed = await checkout.GET("/api/checkout/sessions", { params: { query: { q: "c-1", status: "CREATED", limit: 5 } } });
  expect(listed.data!.responseObject.sessions.map((s) => s.id)).toEqual([session.id]);

  // start it: an order with its quote
  const started = await checkout.POST("/api/checkout/sessions/{id}/start", {
    params: { path: { id: session.id } },
    body: { paymentPlatform: "wise", fiatCurrency: "EUR" },
  });
  expect(started.response.status).toBe(200);
  const { order, quote, intentHash } = started.data!.responseObject;
  expect(order.status).toBe("SIGNAL_MINED");
  // a sandbox signal is mined at once: its intent hash is in the answer (null only while a live one is on its way)
  expect(intentHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(quote.fiatAmountFormatted).toMatch(/^€\d+\.\d{2}$/);

  const sent = await checkout.POST("/api/checkout/sessions/{id}/payment-sent", { params: { path: { id: session.id } }, body: {} });
  expect(sent.data!.responseObject.order.status).toBe("PAYMENT_SENT");
  const fulfilled = await checkout.POST("/api/orders/fulfill", {
    body: { intentHash: intentHash!, proof: { sandbox: true, outcome: "success" } },
  });
  expect(fulfilled.data!.responseObject.order.status).toBe("FULFILLED");

  // webhooks: register one (its secret shown once), then list them
  const receiver = await startReceiver();
  try {
    const hook = await checkout.POST("/api/webhooks", { body: { url: receiver.url, events: ["session.completed"] } });
    expect(hook.response.status).toBe(201);
    expect(hook.data!.responseObject.secret).toMatch(/^whsec_/);
    const hooks = await checkout.GET("/api/webhooks");
    expect(hooks.data!.responseObject.webhooks.map((w) => ({ id: w.id, events: w.events }))).toEqual([
      { id: hook.data!.responseObject.id, events: ["session.completed"] },
    ]);
  } finally {
    await receiver.close();
  }

  // refused: the error body is typed by status, data is absent
  const again = await checkout.POST("/api/checkout/sessions/{id}/cancel", { params: { path: { id: session.id } }, body: {} });
  expect(again.response.status).toBe(409);
  expect(again.data).toBeUndefined();
  const code: ErrorCode = again.error!.error.code;
  expect(code).toBe("CONFLICT");
  expect(again.error).toMatchObject({ success: false, statusCode: 409, responseObject: null });

  const invalid = await checkout.POST("/api/checkout/sessions", { body: { ...body, amountUsdc: "-1" } });
  expect(invalid.response.status).toBe(400);
  expect(invalid.error!.error).toMatchObject({ code: "VALIDATION_FAILED", details: { fields: { amountUsdc: expect.any(String) } } });

  const stranger = createCheckoutClient({ baseUrl: baseURL!, apiKey: "ck_not-a-key" });
  const refused = await stranger.GET("/api/checkout/sessions/{id}", { params: { path: { id: session.id } } });
  expect(refused.response.status).toBe(401);
  expect(refused.error!.error.code).toBe("UNAUTHENTICATED");
});
