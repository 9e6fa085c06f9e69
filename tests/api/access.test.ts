// Databases: PostgreSQL only: who may call what is the route wrapper's own check; the files run on both read the same keys and rows on PGlite.
import { describe, expect, it } from "vitest";
import { createKey } from "@/lib/accounts/keys";
import { OPERATOR } from "@/lib/core/actor";
import { call, newMerchant, newSession, newWebhook, randomIp, ROUTE_FILES, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// One table for every authenticated route: no key → 401, a bad key → 401, another merchant's
// resource → 403, a resource that does not exist → 404, a read-only key → its answer to a GET and
// 403 to anything else. Each owner's data stays untouched.

type Fixture = {
  owner: TestMerchant;
  other: TestMerchant;
  sessionId: string;
  webhookId: string;
  intentHash: string;
  deliveryId: string;
  v1WebhookId: string;
  v1DeliveryId: string;
  linkId: string;
  /** a paid session and its (recorded) refund */
  paidSessionId: string;
  refundId: string;
};
type Case = {
  route: string;
  method: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  missing?: (f: Fixture) => string;
  missingBody?: () => unknown;
  /** the 401 message without a key, where the route also takes another credential */
  noKey?: string;
};

const MISSING_SESSION = "sess_00000000000000000000000000000000";
const MISSING_WEBHOOK = "wh_00000000000000000000000000000000";
const MISSING_LINK = "plink_00000000000000000000000000000000";
const LINK_BODY = {
  title: "Tips",
  amount: "5.00",
  destinationChainId: 8453,
  destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  recipientAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
};

// a refund names no session or refund of another merchant: 404 there, not 403 (tests/api/refunds.test.ts)
const REFUND_CASES: Case[] = [
  ["/api/checkout/sessions/[id]/refunds", (f: Fixture) => `/api/checkout/sessions/${f.paidSessionId}/refunds`],
  ["/api/v1/orders/[id]/refunds", (f: Fixture) => `/api/v1/orders/${f.paidSessionId}/refunds`],
].flatMap(([route, path]) => [
  { route: route as string, method: "POST", path: path as Case["path"], body: () => ({ amountUsdc: "1.00" }) },
  { route: route as string, method: "GET", path: path as Case["path"] },
]);
for (const base of ["/api/refunds", "/api/v1/refunds"]) {
  REFUND_CASES.push(
    { route: `${base}/[id]`, method: "GET", path: (f) => `${base}/${f.refundId}` },
    { route: `${base}/[id]/cancel`, method: "POST", path: (f) => `${base}/${f.refundId}/cancel` },
  );
}

const CASES: Case[] = [
  ...REFUND_CASES,
  { route: "/api/merchants/me", method: "GET", path: () => "/api/merchants/me" },
  { route: "/api/merchants/[id]", method: "GET", path: (f) => `/api/merchants/${f.owner.id}`, missing: () => "/api/merchants/merch_0000" },
  {
    route: "/api/merchants/[id]",
    method: "PATCH",
    path: (f) => `/api/merchants/${f.owner.id}`,
    body: () => ({ displayName: "Hijacked" }),
    missing: () => "/api/merchants/merch_0000",
  },
  {
    route: "/api/checkout/sessions",
    method: "POST",
    path: () => "/api/checkout/sessions",
    body: (f) => ({
      merchantId: f.owner.id,
      amountUsdc: "5.00",
      destinationChainId: 8453,
      destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      recipientAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    }),
  },
  { route: "/api/checkout/sessions", method: "GET", path: () => "/api/checkout/sessions" },
  {
    route: "/api/checkout/sessions/[id]",
    method: "GET",
    path: (f) => `/api/checkout/sessions/${f.sessionId}`,
    missing: () => `/api/checkout/sessions/${MISSING_SESSION}`,
  },
  {
    route: "/api/checkout/sessions/[id]/select-platform",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/select-platform`,
    body: () => ({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
    missing: () => `/api/checkout/sessions/${MISSING_SESSION}/select-platform`,
  },
  {
    route: "/api/checkout/sessions/[id]/start",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/start`,
    body: () => ({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
    missing: () => `/api/checkout/sessions/${MISSING_SESSION}/start`,
  },
  {
    route: "/api/checkout/sessions/[id]/order",
    method: "GET",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/order`,
    missing: () => `/api/checkout/sessions/${MISSING_SESSION}/order`,
  },
  {
    route: "/api/checkout/sessions/[id]/payment-sent",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/payment-sent`,
    missing: () => `/api/checkout/sessions/${MISSING_SESSION}/payment-sent`,
  },
  {
    route: "/api/checkout/sessions/[id]/cancel",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/cancel`,
    missing: () => `/api/checkout/sessions/${MISSING_SESSION}/cancel`,
  },
  {
    route: "/api/orders/fulfill",
    method: "POST",
    path: () => "/api/orders/fulfill",
    body: (f) => ({ intentHash: f.intentHash, proof: { sandbox: true, outcome: "success" } }),
    missing: () => "/api/orders/fulfill",
    missingBody: () => ({ intentHash: "0x" + "cd".repeat(32), proof: { sandbox: true } }),
  },
  { route: "/api/webhooks", method: "POST", path: () => "/api/webhooks", body: () => ({ url: "https://hooks.example.com/x" }) },
  { route: "/api/webhooks", method: "GET", path: () => "/api/webhooks" },
  {
    route: "/api/webhooks/[id]",
    method: "GET",
    path: (f) => `/api/webhooks/${f.webhookId}`,
    missing: () => `/api/webhooks/${MISSING_WEBHOOK}`,
  },
  {
    route: "/api/webhooks/[id]",
    method: "PATCH",
    path: (f) => `/api/webhooks/${f.webhookId}`,
    body: () => ({ active: false }),
    missing: () => `/api/webhooks/${MISSING_WEBHOOK}`,
  },
  {
    route: "/api/webhooks/[id]",
    method: "DELETE",
    path: (f) => `/api/webhooks/${f.webhookId}`,
    missing: () => `/api/webhooks/${MISSING_WEBHOOK}`,
  },
  {
    route: "/api/webhooks/[id]/deliveries",
    method: "GET",
    path: (f) => `/api/webhooks/${f.webhookId}/deliveries`,
    missing: () => `/api/webhooks/${MISSING_WEBHOOK}/deliveries`,
  },
  {
    route: "/api/webhooks/[id]/test",
    method: "POST",
    path: (f) => `/api/webhooks/${f.webhookId}/test`,
    missing: () => `/api/webhooks/${MISSING_WEBHOOK}/test`,
  },
  {
    route: "/api/webhooks/[id]/rotate-secret",
    method: "POST",
    path: (f) => `/api/webhooks/${f.webhookId}/rotate-secret`,
    missing: () => `/api/webhooks/${MISSING_WEBHOOK}/rotate-secret`,
  },
  {
    route: "/api/webhooks/[id]/deliveries/[deliveryId]",
    method: "GET",
    path: (f) => `/api/webhooks/${f.webhookId}/deliveries/${f.deliveryId}`,
    missing: (f) => `/api/webhooks/${f.webhookId}/deliveries/dlv_0000`,
  },
  {
    route: "/api/webhooks/[id]/deliveries/[deliveryId]/retry",
    method: "POST",
    path: (f) => `/api/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/retry`,
    missing: (f) => `/api/webhooks/${f.webhookId}/deliveries/dlv_0000/retry`,
  },
  { route: "/api/events", method: "GET", path: () => "/api/events" },
  { route: "/api/events/feed", method: "GET", path: () => "/api/events/feed" },
  { route: "/api/v1/webhooks", method: "POST", path: () => "/api/v1/webhooks", body: () => ({ url: "https://hooks.example.com/x" }) },
  { route: "/api/v1/webhooks", method: "GET", path: () => "/api/v1/webhooks" },
  ...(["GET", "PATCH", "DELETE"] as const).map((method) => ({
    route: "/api/v1/webhooks/[id]",
    method,
    path: (f: Fixture) => `/api/v1/webhooks/${f.v1WebhookId}`,
    ...(method === "PATCH" ? { body: () => ({ active: false }) } : {}),
    missing: () => `/api/v1/webhooks/${MISSING_WEBHOOK}`,
  })),
  ...(["deliveries", "test", "rotate-secret"] as const).map((action) => ({
    route: `/api/v1/webhooks/[id]/${action}`,
    method: action === "deliveries" ? "GET" : "POST",
    path: (f: Fixture) => `/api/v1/webhooks/${f.v1WebhookId}/${action}`,
    missing: () => `/api/v1/webhooks/${MISSING_WEBHOOK}/${action}`,
  })),
  {
    route: "/api/v1/webhooks/[id]/deliveries/[deliveryId]",
    method: "GET",
    path: (f) => `/api/v1/webhooks/${f.v1WebhookId}/deliveries/${f.v1DeliveryId}`,
    missing: (f) => `/api/v1/webhooks/${f.v1WebhookId}/deliveries/dlv_0000`,
  },
  {
    route: "/api/v1/webhooks/[id]/deliveries/[deliveryId]/retry",
    method: "POST",
    path: (f) => `/api/v1/webhooks/${f.v1WebhookId}/deliveries/${f.v1DeliveryId}/retry`,
    missing: (f) => `/api/v1/webhooks/${f.v1WebhookId}/deliveries/dlv_0000/retry`,
  },
  {
    route: "/api/v1/orders",
    method: "POST",
    path: () => "/api/v1/orders",
    body: () => ({ requestedUsdcAmount: "5.00", destinationAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }),
  },
  ...(["", "/payments"] as const).map((sub): Case => ({
    route: `/api/v1/orders/[id]${sub}`,
    method: "GET",
    path: (f) => `/api/v1/orders/${f.sessionId}${sub}`,
    missing: () => `/api/v1/orders/${MISSING_SESSION}${sub}`,
    noKey: "Send the merchant's X-API-Key, or the order's token as ?token= or X-Order-Token",
  })),
  {
    route: "/api/v1/orders/[id]/cancel",
    method: "POST",
    path: (f) => `/api/v1/orders/${f.sessionId}/cancel`,
    missing: () => `/api/v1/orders/${MISSING_SESSION}/cancel`,
  },
  { route: "/api/v1/merchants/me", method: "GET", path: () => "/api/v1/merchants/me" },
  { route: "/api/merchants/me/embedding", method: "GET", path: () => "/api/merchants/me/embedding" },
  {
    route: "/api/merchants/me/embedding",
    method: "PATCH",
    path: () => "/api/merchants/me/embedding",
    body: () => ({ frameAncestors: ["https://shop.example"] }),
  },
  ...(["/api/payment-links", "/api/v1/payment-links"] as const).flatMap((base) => [
    { route: base, method: "POST", path: () => base, body: () => LINK_BODY },
    { route: base, method: "GET", path: () => base },
    { route: `${base}/[id]`, method: "GET", path: (f: Fixture) => `${base}/${f.linkId}`, missing: () => `${base}/${MISSING_LINK}` },
    {
      route: `${base}/[id]`,
      method: "PATCH",
      path: (f: Fixture) => `${base}/${f.linkId}`,
      body: () => ({ active: false }),
      missing: () => `${base}/${MISSING_LINK}`,
    },
  ]),
];

const PUBLIC_ROUTES = new Set([
  "/api/merchants",
  "/api/health",
  "/api/health/live",
  "/api/health/ready",
  "/api/openapi.json",
  "/api/[...slug]",
  "/api/inngest",
  "/api/auth/[...nextauth]",
]);

async function fixture(): Promise<Fixture> {
  const owner = await newMerchant();
  const other = await newMerchant();
  const webhook = await newWebhook(owner);
  const v1Webhook = (await call("POST", "/api/v1/webhooks", { key: owner.apiKey, body: { url: "https://hooks.example.com/v1" } })).body
    .responseObject;
  const { session, started } = await startedSession(owner);
  const deliveries = (await call("GET", `/api/webhooks/${webhook.id}/deliveries`, { key: owner.apiKey })).body.responseObject.deliveries;
  const v1Deliveries = (await call("GET", `/api/v1/webhooks/${v1Webhook.id}/deliveries`, { key: owner.apiKey })).body.responseObject
    .deliveries;
  const link = (await call("POST", "/api/payment-links", { key: owner.apiKey, body: LINK_BODY })).body.responseObject;
  const paid = await startedSession(owner);
  await call("POST", "/api/orders/fulfill", {
    key: owner.apiKey,
    body: { intentHash: paid.started.intentHash, proof: { sandbox: true, outcome: "success" } },
  });
  const refund = await call("POST", `/api/checkout/sessions/${paid.session.id}/refunds`, {
    key: owner.apiKey,
    body: { amountUsdc: "1.00", method: "recorded" },
  });
  if (refund.status !== 201) throw new Error(`refund failed: ${refund.text}`);
  // the owner's session is started; a fresh one serves the select-platform/start cases
  return {
    owner,
    other,
    sessionId: session.id,
    webhookId: webhook.id,
    intentHash: started.intentHash,
    deliveryId: deliveries[0].id,
    v1WebhookId: v1Webhook.id,
    v1DeliveryId: v1Deliveries[0].id,
    linkId: link.id,
    paidSessionId: paid.session.id,
    refundId: refund.body.responseObject.id,
  };
}

describe("access to every authenticated route", () => {
  it("covers every route file", () => {
    const covered = new Set(CASES.map((c) => c.route));
    expect(ROUTE_FILES.filter((r) => !PUBLIC_ROUTES.has(r) && !covered.has(r))).toEqual([]);
  });

  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))("%s: 401 without a key or with a bad one", async (_, c) => {
    const f = await fixture();
    const none = await call(c.method, c.path(f), { body: c.body?.(f) });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, message: c.noKey ?? "Missing API key", responseObject: null, statusCode: 401 });
    // each from an address of its own: an address that sends many bad keys is refused (rate-limit-bounds.test.ts)
    const bad = await call(c.method, c.path(f), {
      key: "ck_not-a-real-key",
      body: c.body?.(f),
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe("Invalid API key");
  });

  // routes that name a resource, plus session creation (its merchantId names one)
  const owned = CASES.filter((c) => c.missing || (c.route === "/api/checkout/sessions" && c.method === "POST"));
  it.each(owned.map((c) => [`${c.method} ${c.route}`, c] as const))(
    "%s: 403 with another merchant's key, and nothing changes",
    async (_, c) => {
      const f = await fixture();
      if (c.route.includes("select-platform") || c.route.endsWith("/start")) f.sessionId = (await newSession(f.owner)).id;
      const before = await call("GET", `/api/checkout/sessions/${f.sessionId}`, { key: f.owner.apiKey });
      const res = await call(c.method, c.path(f), { key: f.other.apiKey, body: c.body?.(f) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, responseObject: null, statusCode: 403 });
      const after = await call("GET", `/api/checkout/sessions/${f.sessionId}`, { key: f.owner.apiKey });
      expect(after.body.responseObject).toEqual(before.body.responseObject);
      expect((await call("GET", `/api/webhooks/${f.webhookId}`, { key: f.owner.apiKey })).body.responseObject.active).toBe(true);
      expect((await call("GET", `/api/v1/webhooks/${f.v1WebhookId}`, { key: f.owner.apiKey })).body.responseObject.active).toBe(true);
      expect((await call("GET", "/api/merchants/me", { key: f.owner.apiKey })).body.responseObject.displayName).toBe("Test Shop");
      expect((await call("GET", `/api/payment-links/${f.linkId}`, { key: f.owner.apiKey })).body.responseObject.active).toBe(true);
    },
  );

  /** What the owner's data looks like, to see that a refused request changed none of it. */
  const snapshot = async (f: Fixture) => {
    const get = async (path: string) => (await call("GET", path, { key: f.owner.apiKey })).body.responseObject;
    return {
      session: await get(`/api/checkout/sessions/${f.sessionId}`),
      sessions: (await get("/api/checkout/sessions")).sessions.length,
      webhooks: (await get("/api/webhooks")).webhooks,
      v1Webhooks: (await get("/api/v1/webhooks")).webhooks,
      links: (await get("/api/payment-links")).paymentLinks.map((l: { id: string; active: boolean }) => [l.id, l.active]),
      merchant: await get("/api/merchants/me"),
      embedding: await get("/api/merchants/me/embedding"),
    };
  };

  it.each(CASES.map((c) => [`${c.method} ${c.route}`, c] as const))(
    "%s: a read-only key may GET, and is refused anything else with nothing changed",
    async (_, c) => {
      const f = await fixture();
      if (c.route.includes("select-platform") || c.route.endsWith("/start")) f.sessionId = (await newSession(f.owner)).id;
      const { apiKey } = await createKey(await testDb(), { actor: OPERATOR, merchantId: f.owner.id }, { name: "Reporting", scope: "read" });
      const before = await snapshot(f);
      const res = await call(c.method, c.path(f), { key: apiKey, body: c.body?.(f) });
      if (c.method === "GET") {
        expect(res.status, res.text).toBe(200);
        return;
      }
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ success: false, responseObject: null, statusCode: 403 });
      expect(res.body.message).toMatch(new RegExp(`^This API key is read-only: it may only read \\(GET\\), not ${c.method}\\.`));
      expect(res.body.error?.code ?? res.body.errorCode).toBe("FORBIDDEN");
      expect(await snapshot(f)).toEqual(before);
    },
  );

  it.each(CASES.filter((c) => c.missing).map((c) => [`${c.method} ${c.route}`, c] as const))(
    "%s: 404 for an id that does not exist",
    async (_, c) => {
      const f = await fixture();
      const res = await call(c.method, c.missing!(f), { key: f.owner.apiKey, body: c.missingBody?.() ?? c.body?.(f) });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, responseObject: null, statusCode: 404 });
    },
  );

  it("lists show only the key's own merchant data", async () => {
    const f = await fixture();
    expect((await call("GET", "/api/checkout/sessions", { key: f.other.apiKey })).body.responseObject.sessions).toEqual([]);
    expect((await call("GET", "/api/webhooks", { key: f.other.apiKey })).body.responseObject.webhooks).toEqual([]);
    expect((await call("GET", "/api/v1/webhooks", { key: f.other.apiKey })).body.responseObject.webhooks).toEqual([]);
    expect((await call("GET", "/api/payment-links", { key: f.other.apiKey })).body.responseObject.paymentLinks).toEqual([]);
    expect((await call("GET", "/api/v1/payment-links", { key: f.other.apiKey })).body.responseObject.paymentLinks).toEqual([]);
    expect((await call("GET", "/api/events", { key: f.other.apiKey })).body.responseObject.events).toEqual([]);
    expect((await call("GET", "/api/merchants/me", { key: f.other.apiKey })).body.responseObject.id).toBe(f.other.id);
  });
});
