import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, deliveries, events, idempotencyRecords, merchants, orders, proofAttempts, webhooks } from "@/db/schema";
import {
  call,
  newMerchant,
  newSession,
  newWebhook,
  randomIp,
  sessionBody,
  startedSession,
  type TestMerchant,
  WALLET,
} from "../support/api";
import { testDb } from "../support/db";
import { rng } from "../support/rng";
import { envForTests } from "../support/env";

// A sweep of generated bad bodies against every POST and PATCH route: wrong types, huge strings,
// unicode, nested junk, unknown and missing fields, non-JSON. None may answer 2xx or 5xx, and
// none may change what the merchant has.

const BODIES_PER_ROUTE = 250;

type Kind =
  | "name"
  | "text"
  | "https"
  | "url"
  | "amount"
  | "fiat"
  | "percent"
  | "mode"
  | "chain"
  | "address"
  | "metadata"
  | "platforms"
  | "platform"
  | "currency"
  | "hash"
  | "proof"
  | "events"
  | "v1events"
  | "headers"
  | "bool"
  | "v1chain"
  | "notes"
  | "id";
type Fields = Record<string, { kind: Kind; required?: boolean; nullable?: boolean }>;

const UNICODE = [
  "ünïcødé",
  "名前",
  "🙂🙃",
  "\u202e\u0000\u0007",
  "ｆｕｌｌｗｉｄｔｈ",
  "e\u0301",
  "\ud800",
  "'; drop table merchants; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "0x" + "zz".repeat(20),
];

function junkValue(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * 9);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return [Number.MAX_SAFE_INTEGER * 10, -1, 1e308, -0, 0.1, 2 ** 53 + 1][Math.floor(r() * 6)];
    case 3:
      return UNICODE[Math.floor(r() * UNICODE.length)];
    case 4:
      return "x".repeat(1 + Math.floor(r() * 5000));
    case 5:
      return depth > 30 ? [] : [junkValue(r, depth + 1)];
    case 6:
      return depth > 30 ? {} : { [UNICODE[Math.floor(r() * UNICODE.length)]!]: junkValue(r, depth + 1) };
    case 7: {
      let v: unknown = 1;
      for (let i = 0; i < 60; i++) v = r() < 0.5 ? [v] : { a: v };
      return v;
    }
    default:
      return "";
  }
}

/** A value certain to be invalid for the field's kind. */
function invalidFor(kind: Kind, r: () => number): unknown {
  const wrongType = () => {
    const options: Record<string, unknown[]> = {
      string: [42, true, null, [], {}, ["a"], { a: 1 }],
      number: ["8453", 8453.5, null, true, [], {}, -1, 1e21],
      bool: ["true", 1, 0, null, [], {}],
      object: ["text", 7, [], [["a", "b"]], null, true],
      array: ["venmo", 1, { 0: "venmo" }, null, true],
    };
    const group =
      kind === "chain" || kind === "percent"
        ? "number"
        : kind === "bool"
          ? "bool"
          : kind === "metadata" || kind === "proof"
            ? "object"
            : kind === "platforms" || kind === "events" || kind === "v1events" || kind === "headers"
              ? "array"
              : "string";
    const list = options[group]!;
    return list[Math.floor(r() * list.length)];
  };
  const huge = () => "9".repeat(3000 + Math.floor(r() * 4000));
  const bad: Record<Kind, (() => unknown)[]> = {
    name: [wrongType, huge, () => UNICODE[Math.floor(r() * UNICODE.length)], () => "UPPER", () => "a b", () => ""],
    text: [wrongType, () => "x".repeat(101 + Math.floor(r() * 5000)), () => "   "],
    https: [
      wrongType,
      huge,
      () => "http://plain.example",
      () => UNICODE[Math.floor(r() * UNICODE.length)],
      () => "https://" + "a".repeat(3000) + ".example",
    ],
    url: [wrongType, huge, () => "javascript:alert(1)", () => UNICODE[Math.floor(r() * UNICODE.length)]],
    amount: [
      wrongType,
      huge,
      () => "-1",
      () => "1e5",
      () => "0.0000001",
      () => UNICODE[Math.floor(r() * UNICODE.length)],
      () => "100000000.00",
      () => "0.00",
      () => 50,
    ],
    fiat: [
      wrongType,
      huge,
      () => "-1",
      () => "1e5",
      () => "25.001",
      () => "0",
      () => "0.00",
      () => "0.50",
      () => "99999999.00",
      () => UNICODE[Math.floor(r() * UNICODE.length)],
      () => 25,
    ],
    percent: [wrongType, () => 0, () => -5, () => 50.01, () => 10.001, () => 1e21, () => "10"],
    mode: [wrongType, () => "exact", () => "EXACT-FIAT", () => "", () => UNICODE[Math.floor(r() * UNICODE.length)]],
    chain: [wrongType, () => 1, () => 0, () => -8453, () => 2 ** 40],
    address: [
      wrongType,
      huge,
      () => "0x" + "g".repeat(40),
      () => "0x52908400098527886E0F7030069857D2E4169Ee7",
      () => UNICODE[Math.floor(r() * UNICODE.length)],
    ],
    metadata: [
      wrongType,
      () => ({ k: 5 }),
      () => ({ ["k".repeat(41)]: "v" }),
      () => ({ k: "v".repeat(501) }),
      () => ({ nested: { a: "b" } }),
    ],
    platforms: [wrongType, () => ["bitcoin"], () => [UNICODE[0]], () => [1, 2]],
    platform: [wrongType, huge, () => ""],
    currency: [wrongType, huge, () => "usd", () => "US", () => UNICODE[Math.floor(r() * UNICODE.length)]],
    hash: [wrongType, huge, () => "0x1234", () => "0x" + "Z".repeat(64)],
    proof: [wrongType],
    events: [wrongType, () => ["order.shipped"], () => [UNICODE[1]], () => [null]],
    v1events: [wrongType, () => ["order.created"], () => ["PAYMENT_BRIDGE_PENDING"], () => [UNICODE[1]], () => [null]],
    headers: [
      wrongType,
      () => Array.from({ length: 11 }, (_, i) => ({ key: `X-H${i}`, value: "v" })),
      () => [{ key: "Bad Header", value: "v" }],
      () => [{ key: "X-A", value: "1\r\nX-Injected: yes" }],
      () => [{ key: "X-Webhook-Signature", value: "forged" }],
      () => [{ key: "content-length", value: "0" }],
      () => [
        { key: "X-A", value: "1" },
        { key: "x-a", value: "2" },
      ],
      // the non-ASCII samples: neither a header name nor a header value may hold them
      () => [{ key: UNICODE[Math.floor(r() * 7)], value: "v" }],
      () => [{ key: "X-A", value: UNICODE[Math.floor(r() * 7)] }],
      () => [{ key: "X-A", value: "v".repeat(3000) }],
      () => [{ key: "X-A" }],
      () => [junkValue(r)],
    ],
    bool: [wrongType],
    // v1 takes the chain as a number or a string of digits
    v1chain: [() => 1, () => 0, () => -8453, () => 2 ** 40, () => 8453.5, () => "84 53", () => "0x2105", () => true, () => [], () => ({})],
    notes: [() => "text", () => 7, () => [], () => true, () => ({ ["k".repeat(101)]: 1 }), () => ({ big: "v".repeat(5000) })],
    id: [wrongType, huge],
  };
  const choices = bad[kind];
  return choices[Math.floor(r() * choices.length)]!();
}

function generate(valid: Record<string, unknown>, fields: Fields, r: () => number): { raw?: string; body?: unknown } {
  const names = Object.keys(fields);
  const mode = Math.floor(r() * 10);
  if (mode === 0) {
    const samples = ["{", "[", '{"a":', "not json", "\u0000\u0001", '{"a":1}}', UNICODE.join("")];
    return { raw: samples[Math.floor(r() * samples.length)] };
  }
  if (mode === 1) return { raw: JSON.stringify([valid]) };
  const body: Record<string, unknown> = { ...valid };
  if (mode === 2 || names.length === 0) {
    body[`unknown_${Math.floor(r() * 1e6)}`] = junkValue(r); // unknown fields are refused
    return { body };
  }
  if (mode === 3) {
    const required = names.filter((n) => fields[n]!.required);
    if (required.length) {
      delete body[required[Math.floor(r() * required.length)]!];
      return { body };
    }
  }
  // one to three fields invalid at once, sometimes with junk beside them
  const count = 1 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const name = names[Math.floor(r() * names.length)]!;
    const value = invalidFor(fields[name]!.kind, r);
    body[name] = value === null && fields[name]!.nullable ? 42 : value;
  }
  if (r() < 0.2) body[`x${Math.floor(r() * 1000)}`] = junkValue(r);
  return { body };
}

type Fixture = {
  m: TestMerchant;
  sessionId: string;
  startedSessionId: string;
  webhookId: string;
  intentHash: string;
  deliveryId: string;
  v1WebhookId: string;
  v1DeliveryId: string;
};

type Target = {
  name: string;
  method: "POST" | "PATCH";
  path: (f: Fixture) => string;
  fields: Fields;
  valid: (f: Fixture) => Record<string, unknown>;
  key?: boolean;
};

const TARGETS: Target[] = [
  {
    name: "POST /api/merchants",
    method: "POST",
    path: () => "/api/merchants",
    key: false,
    fields: { name: { kind: "name", required: true }, displayName: { kind: "text" }, logoUrl: { kind: "https" } },
    valid: () => ({ name: "fuzz-valid-name", displayName: "Shop", logoUrl: "https://x.example/l.png" }),
  },
  {
    name: "PATCH /api/merchants/:id",
    method: "PATCH",
    path: (f) => `/api/merchants/${f.m.id}`,
    fields: { displayName: { kind: "text" }, logoUrl: { kind: "https", nullable: true } },
    valid: () => ({ displayName: "Renamed", logoUrl: "https://y.example/l.png" }),
  },
  {
    name: "POST /api/checkout/sessions",
    method: "POST",
    path: () => "/api/checkout/sessions",
    fields: {
      merchantId: { kind: "id", required: true },
      amountUsdc: { kind: "amount", required: true },
      destinationChainId: { kind: "chain", required: true },
      destinationToken: { kind: "address", required: true },
      recipientAddress: { kind: "address", required: true },
      successUrl: { kind: "url" },
      cancelUrl: { kind: "url" },
      metadata: { kind: "metadata" },
      enabledPaymentPlatforms: { kind: "platforms" },
    },
    valid: (f) =>
      sessionBody(f.m, {
        successUrl: "https://s.example",
        cancelUrl: "https://c.example",
        metadata: { a: "b" },
        enabledPaymentPlatforms: ["venmo"],
      }),
  },
  {
    name: "POST /api/checkout/sessions (exact-fiat)",
    method: "POST",
    path: () => "/api/checkout/sessions",
    fields: {
      merchantId: { kind: "id", required: true },
      checkoutMode: { kind: "mode", required: true },
      fiatAmount: { kind: "fiat", required: true },
      fiatCurrency: { kind: "currency" },
      maxFeePercentage: { kind: "percent" },
      destinationChainId: { kind: "chain", required: true },
      destinationToken: { kind: "address", required: true },
      recipientAddress: { kind: "address", required: true },
      enabledPaymentPlatforms: { kind: "platforms" },
    },
    valid: (f) => {
      const { amountUsdc: _amount, ...body } = sessionBody(f.m, {
        checkoutMode: "exact-fiat",
        fiatAmount: "25.00",
        fiatCurrency: "EUR",
        maxFeePercentage: 5,
        enabledPaymentPlatforms: ["revolut", "n26"],
      });
      return body;
    },
  },
  {
    name: "POST select-platform",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/select-platform`,
    fields: { paymentPlatform: { kind: "platform", required: true }, fiatCurrency: { kind: "currency", required: true } },
    valid: () => ({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
  },
  {
    name: "POST start",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.sessionId}/start`,
    fields: { paymentPlatform: { kind: "platform" }, fiatCurrency: { kind: "currency" } },
    valid: () => ({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
  },
  {
    name: "POST payment-sent",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.startedSessionId}/payment-sent`,
    fields: {},
    valid: () => ({}),
  },
  {
    name: "POST cancel",
    method: "POST",
    path: (f) => `/api/checkout/sessions/${f.startedSessionId}/cancel`,
    fields: {},
    valid: () => ({}),
  },
  {
    name: "POST /api/orders/fulfill",
    method: "POST",
    path: () => "/api/orders/fulfill",
    fields: { intentHash: { kind: "hash", required: true }, proof: { kind: "proof", required: true } },
    valid: (f) => ({ intentHash: f.intentHash, proof: { sandbox: true, outcome: "success" } }),
  },
  {
    name: "POST /api/webhooks",
    method: "POST",
    path: () => "/api/webhooks",
    fields: { url: { kind: "https", required: true }, events: { kind: "events" } },
    valid: () => ({ url: "https://hooks.example.com/fuzz", events: ["order.created"] }),
  },
  { name: "POST /api/webhooks/:id/test", method: "POST", path: (f) => `/api/webhooks/${f.webhookId}/test`, fields: {}, valid: () => ({}) },
  {
    name: "POST /api/webhooks/:id/rotate-secret",
    method: "POST",
    path: (f) => `/api/webhooks/${f.webhookId}/rotate-secret`,
    fields: {},
    valid: () => ({}),
  },
  {
    name: "POST /api/webhooks/:id/deliveries/:id/retry",
    method: "POST",
    path: (f) => `/api/webhooks/${f.webhookId}/deliveries/${f.deliveryId}/retry`,
    fields: {},
    valid: () => ({}),
  },
  {
    name: "PATCH /api/webhooks/:id",
    method: "PATCH",
    path: (f) => `/api/webhooks/${f.webhookId}`,
    fields: { url: { kind: "https" }, events: { kind: "events" }, active: { kind: "bool" } },
    valid: () => ({ url: "https://hooks.example.com/other", events: [], active: false }),
  },
  {
    name: "POST /api/v1/orders",
    method: "POST",
    path: () => "/api/v1/orders",
    fields: {
      requestedUsdcAmount: { kind: "amount", required: true },
      destinationAddress: { kind: "address" },
      destinationToken: { kind: "address" },
      destinationChainId: { kind: "v1chain" },
      feePayer: { kind: "mode" },
      enabledRails: { kind: "platforms" },
      successUrl: { kind: "url", nullable: true },
      cancelUrl: { kind: "url", nullable: true },
      notes: { kind: "notes", nullable: true },
    },
    valid: () => ({ requestedUsdcAmount: "5.00", destinationAddress: WALLET, feePayer: "MERCHANT", notes: { sku: "A-1" } }),
  },
  {
    name: "POST /api/v1/orders (fiat)",
    method: "POST",
    path: () => "/api/v1/orders",
    fields: {
      requestedFiatAmount: { kind: "fiat", required: true },
      requestedFiatCurrency: { kind: "currency", required: true },
      destinationAddress: { kind: "address" },
    },
    valid: () => ({ requestedFiatAmount: "25.00", requestedFiatCurrency: "EUR", destinationAddress: WALLET }),
  },
  {
    name: "POST /api/v1/orders/:id/cancel",
    method: "POST",
    path: (f) => `/api/v1/orders/${f.sessionId}/cancel`,
    fields: {},
    valid: () => ({}),
  },
  {
    name: "POST /api/v1/webhooks",
    method: "POST",
    path: () => "/api/v1/webhooks",
    fields: { url: { kind: "https", required: true }, events: { kind: "v1events" }, customHeaders: { kind: "headers" } },
    valid: () => ({ url: "https://hooks.example.com/fuzz", events: ["PAYMENT_SETTLED"], customHeaders: [{ key: "X-Shop", value: "1" }] }),
  },
  {
    name: "PATCH /api/v1/webhooks/:id",
    method: "PATCH",
    path: (f) => `/api/v1/webhooks/${f.v1WebhookId}`,
    fields: { url: { kind: "https" }, events: { kind: "v1events" }, active: { kind: "bool" }, customHeaders: { kind: "headers" } },
    valid: () => ({ url: "https://hooks.example.com/other", events: [], active: false, customHeaders: [] }),
  },
  ...(["test", "rotate-secret"] as const).map((action): Target => ({
    name: `POST /api/v1/webhooks/:id/${action}`,
    method: "POST",
    path: (f) => `/api/v1/webhooks/${f.v1WebhookId}/${action}`,
    fields: {},
    valid: () => ({}),
  })),
  {
    name: "POST /api/v1/webhooks/:id/deliveries/:id/retry",
    method: "POST",
    path: (f) => `/api/v1/webhooks/${f.v1WebhookId}/deliveries/${f.v1DeliveryId}/retry`,
    fields: {},
    valid: () => ({}),
  },
];

async function snapshot(f: Fixture) {
  const db = await testDb();
  const n = async (table: any, column: any) => Number((await db.select({ n: count() }).from(table).where(eq(column, f.m.id)))[0]!.n);
  return {
    merchant: await db.select().from(merchants).where(eq(merchants.id, f.m.id)),
    sessions: await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, f.m.id)).orderBy(checkoutSessions.id),
    orders: await db.select().from(orders).where(eq(orders.merchantId, f.m.id)).orderBy(orders.id),
    webhooks: await db.select().from(webhooks).where(eq(webhooks.merchantId, f.m.id)).orderBy(webhooks.id),
    events: await n(events, events.merchantId),
    deliveries: await n(deliveries, deliveries.merchantId),
    proofAttempts: await n(proofAttempts, proofAttempts.merchantId),
    idempotency: await n(idempotencyRecords, idempotencyRecords.scope),
  };
}

// the sweep sends thousands of requests a minute; the limiter is tested elsewhere
envForTests({ RATE_LIMIT_MULTIPLIER: "100" });

describe("bad-input sweep", () => {
  it.each(TARGETS.map((t, i) => [t.name, t, i] as const))(
    "%s: generated bad bodies answer 4xx and change nothing",
    async (_, target, index) => {
      const m = await newMerchant();
      const webhookId = (await newWebhook(m)).id;
      const v1WebhookId = (await call("POST", "/api/v1/webhooks", { key: m.apiKey, body: { url: "https://hooks.example.com/v1" } })).body
        .responseObject.id;
      const { session: started, started: s } = await startedSession(m);
      const [delivery] = (await call("GET", `/api/webhooks/${webhookId}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
      const [v1Delivery] = (await call("GET", `/api/v1/webhooks/${v1WebhookId}/deliveries`, { key: m.apiKey })).body.responseObject
        .deliveries;
      const f: Fixture = {
        m,
        sessionId: (await newSession(m)).id,
        startedSessionId: started.id,
        webhookId,
        intentHash: s.intentHash,
        deliveryId: delivery.id,
        v1WebhookId,
        v1DeliveryId: v1Delivery.id,
      };
      const before = await snapshot(f);
      const r = rng(1000 + index);
      const names: string[] = [];
      const statuses = new Map<number, number>();
      for (let i = 0; i < BODIES_PER_ROUTE; i++) {
        const { raw, body } = generate(target.valid(f), target.fields, r);
        const name = (body as { name?: unknown } | undefined)?.name;
        if (typeof name === "string" && name.length < 200 && !/[\u0000\ud800-\udfff]/.test(name)) names.push(name);
        const res = await call(target.method, target.path(f), {
          key: target.key === false ? undefined : m.apiKey,
          rawBody: raw,
          body,
          headers: { "x-forwarded-for": randomIp() },
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect([400, 413], `${res.status} for ${raw ?? JSON.stringify(body).slice(0, 300)}: ${res.text.slice(0, 300)}`).toContain(
          res.status,
        );
        expect(res.body.success).toBe(false);
        expect(res.body.responseObject).toBeNull();
        expect(res.body.message.length).toBeGreaterThan(0);
      }
      expect(await snapshot(f)).toEqual(before);
      if (names.length) {
        const db = await testDb();
        expect(await db.select().from(merchants).where(inArray(merchants.name, names))).toEqual([]);
      }
      expect([...statuses.keys()].sort()).toContain(400);
    },
  );
});
