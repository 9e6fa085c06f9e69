import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { webhooks } from "@/db/schema";
import { SYSTEM } from "@/lib/core/actor";
import { decrypt } from "@/lib/crypto";
import { attemptDelivery } from "@/lib/webhooks/delivery";
import { purgeStaleRows } from "@/lib/maintenance/purge";
import { customHeadersToSend, sealPlainCustomHeaders } from "@/lib/webhooks/custom-headers";
import { call, newMerchant, newWebhook, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { Receiver, verifyStandard, verifyZkp2p } from "../support/receiver";
import { envForTests } from "../support/env";
import type { Wire } from "../support/wire";

// The v1 webhook endpoints (/api/v1/webhooks, parity.md §4): the same operations as v0 over the same
// service, on webhooks of their own generation; custom headers; the v1 events and test payload,
// delivered to a real https receiver reached by host name.

const receivers: Receiver[] = [];

envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "2s" });
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});

const receiver = async () => {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
};

async function newV1Webhook(m: TestMerchant, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/v1/webhooks", { key: m.apiKey, body: { url: "https://hooks.example.com/v1", ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.responseObject as Wire<"V1WebhookWithSecret">;
}

const storedRows = async (m: TestMerchant) => (await testDb()).select().from(webhooks).where(eq(webhooks.merchantId, m.id));

describe("v1 webhooks: create, read, change, delete", () => {
  it("creates a v1 webhook with its custom headers and shows the secret once", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/v1/webhooks", {
      key: m.apiKey,
      body: {
        url: "https://hooks.example.com/v1",
        events: ["PAYMENT_SETTLED", "ORDER_FULFILLED", "PAYMENT_SETTLED"],
        customHeaders: [
          { key: "Authorization", value: "Bearer shop-token" },
          { key: "X-Shop-Id", value: "acme 42" },
        ],
      },
    });
    expect(res.status).toBe(201);
    const hook = res.body.responseObject;
    expect(hook).toEqual({
      id: expect.stringMatching(/^wh_/),
      merchantId: m.id,
      url: "https://hooks.example.com/v1",
      events: ["PAYMENT_SETTLED", "ORDER_FULFILLED"],
      active: true,
      // values are often credentials: shown masked, the last 4 characters of a long one
      customHeaders: [
        { key: "Authorization", value: "••••oken" },
        { key: "X-Shop-Id", value: "••••" },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deletedAt: null,
      circuit: { state: "closed", failures: 0, retryAt: null },
      secret: expect.stringMatching(/^whsec_/),
    });
    const [row] = await storedRows(m);
    expect(row).toMatchObject({ apiVersion: 1 });
    expect(decrypt(row!.secretEnc)).toBe(hook.secret);
    // sealed at rest: the row holds no value, and each opens to what was sent
    expect(JSON.stringify(row!.customHeaders)).not.toContain("shop-token");
    expect(JSON.stringify(row!.customHeaders)).not.toContain("acme 42");
    expect(row!.customHeaders.map((h) => [h.key, "enc" in h ? decrypt(h.enc) : null])).toEqual([
      ["Authorization", "Bearer shop-token"],
      ["X-Shop-Id", "acme 42"],
    ]);

    const got = await call("GET", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey });
    expect(got.status).toBe(200);
    const { secret: _secret, ...shown } = hook;
    expect(got.body.responseObject).toEqual(shown);
    expect(got.text).not.toContain(hook.secret);
    const list = await call("GET", "/api/v1/webhooks", { key: m.apiKey });
    expect(list.body.responseObject).toEqual({ webhooks: [shown] });
    for (const answer of [res.text, got.text, list.text]) expect(answer).not.toContain("shop-token");
  });

  it("a header sent back as an answer showed it keeps its stored value; a new value replaces it", async () => {
    const m = await newMerchant();
    const hook = await newV1Webhook(m, { customHeaders: [{ key: "Authorization", value: "Bearer long-secret-1234" }] });
    const shown = (await call("GET", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey })).body.responseObject.customHeaders;
    expect(shown).toEqual([{ key: "Authorization", value: "••••1234" }]);
    // read, then written back whole with another change: the credential survives
    await call("PATCH", `/api/v1/webhooks/${hook.id}`, {
      key: m.apiKey,
      body: { customHeaders: [...shown, { key: "X-New", value: "n" }] },
    });
    const opened = async () => (await storedRows(m))[0]!.customHeaders.map((h) => [h.key, "enc" in h ? decrypt(h.enc) : h.value]);
    expect(await opened()).toEqual([
      ["Authorization", "Bearer long-secret-1234"],
      ["X-New", "n"],
    ]);
    await call("PATCH", `/api/v1/webhooks/${hook.id}`, {
      key: m.apiKey,
      body: { customHeaders: [{ key: "Authorization", value: "Bearer rotated-9999" }] },
    });
    expect(await opened()).toEqual([["Authorization", "Bearer rotated-9999"]]);
    // a PATCH without customHeaders keeps them
    expect((await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { active: false } })).status).toBe(200);
    expect(await opened()).toEqual([["Authorization", "Bearer rotated-9999"]]);
  });

  it("a url moved to another origin drops the stored headers unless they are given again, and never takes a mask there", async () => {
    const m = await newMerchant();
    const secret = [{ key: "Authorization", value: "Bearer long-secret-1234" }];
    const hook = await newV1Webhook(m, { url: "https://hooks.example.com/v1", customHeaders: secret });
    const patch = (body: Record<string, unknown>) => call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body });
    const opened = async () => (await storedRows(m))[0]!.customHeaders.map((h) => [h.key, "enc" in h ? decrypt(h.enc) : h.value]);
    // another path on the same origin keeps them
    expect((await patch({ url: "https://hooks.example.com/v1/other" })).status).toBe(200);
    expect(await opened()).toEqual([["Authorization", "Bearer long-secret-1234"]]);
    // another host, scheme or port: the credential is not sent there
    for (const url of ["https://evil.example.net/v1", "http://evil.example.net/v1", "http://evil.example.net:8080/v1"]) {
      const res = await patch({ url });
      expect(res.status, url).toBe(200);
      expect(res.body.responseObject.customHeaders, url).toEqual([]);
      expect(await opened(), url).toEqual([]);
      expect((await patch({ url: "https://hooks.example.com/v1", customHeaders: secret })).status).toBe(200);
    }
    // nor is a value sent back masked, which would carry the stored credential to the new origin
    const masked = await patch({ url: "https://evil.example.net/v1", customHeaders: [{ key: "Authorization", value: "••••1234" }] });
    expect(masked.status).toBe(400);
    expect(masked.body.message).toContain("customHeaders.0.value: is a masked value");
    expect((await storedRows(m))[0]!.url).toBe("https://hooks.example.com/v1");
    expect(await opened()).toEqual([["Authorization", "Bearer long-secret-1234"]]);
    // given again with the move, they go with it
    const moved = await patch({ url: "https://new.example.org/v1", customHeaders: [{ key: "Authorization", value: "Bearer new-0000" }] });
    expect(moved.status).toBe(200);
    expect(await opened()).toEqual([["Authorization", "Bearer new-0000"]]);
  });

  it("a mask that matches no stored value is refused, never stored as the value", async () => {
    const m = await newMerchant();
    const hook = await newV1Webhook(m, { customHeaders: [{ key: "Authorization", value: "Bearer long-secret-1234" }] });
    const before = (await storedRows(m))[0]!.customHeaders;
    const masks: [string, { key: string; value: string }[]][] = [
      ["another header's name", [{ key: "X-Renamed", value: "••••1234" }]],
      ["another value's mask", [{ key: "Authorization", value: "••••9999" }]],
      ["a short value's mask for a long one", [{ key: "Authorization", value: "••••" }]],
    ];
    for (const [why, customHeaders] of masks) {
      const res = await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { customHeaders } });
      expect(res.status, why).toBe(400);
      expect(res.body.message, why).toContain("customHeaders.0.value: is a masked value that matches no stored value");
      expect((await storedRows(m))[0]!.customHeaders, why).toEqual(before);
    }
    const created = await call("POST", "/api/v1/webhooks", {
      key: m.apiKey,
      body: { url: "https://hooks.example.com/v1", customHeaders: [{ key: "Authorization", value: "••••1234" }] },
    });
    expect(created.status).toBe(400);
    expect(await storedRows(m)).toHaveLength(1);
    // the mask's bullets are accepted as a mask only, never inside a value of the merchant's own
    const bullets = await call("PATCH", `/api/v1/webhooks/${hook.id}`, {
      key: m.apiKey,
      body: { customHeaders: [{ key: "Authorization", value: "Bearer ••••" }] },
    });
    expect(bullets.status).toBe(400);
    expect(bullets.body.message).toContain("customHeaders.0.value: must be visible ASCII");
  });

  it("a row from before values were sealed is still sent, and the maintenance pass seals it", async () => {
    const r = await receiver();
    const m = await newMerchant();
    const hook = await newV1Webhook(m, { url: r.url });
    const db = await testDb();
    const legacy = [
      { key: "Authorization", value: "Bearer legacy-token" },
      { key: "X-Shop-Id", value: "acme" },
    ];
    await db.update(webhooks).set({ customHeaders: legacy }).where(eq(webhooks.id, hook.id));
    const sendTest = async () => {
      const res = await call("POST", `/api/v1/webhooks/${hook.id}/test`, { key: m.apiKey, body: {} });
      expect(res.body.responseObject, res.text).toMatchObject({ success: true, responseCode: 200 });
      return r.received.at(-1)!.headers;
    };
    expect(await sendTest()).toMatchObject({ authorization: "Bearer legacy-token", "x-shop-id": "acme" });
    const got = await call("GET", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey });
    expect(got.body.responseObject.customHeaders).toEqual([
      { key: "Authorization", value: "••••oken" },
      { key: "X-Shop-Id", value: "••••" },
    ]);
    expect(got.text).not.toContain("legacy-token");
    // the maintenance purge runs the pass
    expect((await purgeStaleRows(db)).sealedWebhookHeaders).toBeGreaterThanOrEqual(1);
    const [row] = await storedRows(m);
    expect(row!.customHeaders.every((h) => "enc" in h && !("value" in h))).toBe(true);
    expect(JSON.stringify(row!.customHeaders)).not.toContain("legacy-token");
    expect(JSON.stringify(row!.customHeaders)).not.toContain("acme");
    expect(await sendTest()).toMatchObject({ authorization: "Bearer legacy-token", "x-shop-id": "acme" });
    // nothing is left for the next run
    expect(await sealPlainCustomHeaders(db)).toBe(0);
  });

  it("a row from before values were sealed is sealed at its next change, whatever the change", async () => {
    const m = await newMerchant();
    const hook = await newV1Webhook(m);
    const db = await testDb();
    await db
      .update(webhooks)
      .set({ customHeaders: [{ key: "Authorization", value: "Bearer legacy-token" }] })
      .where(eq(webhooks.id, hook.id));
    const res = await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { events: ["ORDER_FULFILLED"] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.responseObject.customHeaders).toEqual([{ key: "Authorization", value: "••••oken" }]);
    const [row] = await storedRows(m);
    expect(JSON.stringify(row!.customHeaders)).not.toContain("legacy-token");
    expect(customHeadersToSend(row!.customHeaders)).toEqual({ Authorization: "Bearer legacy-token" });
    // a legacy value sent back masked is kept, and sealed
    await db
      .update(webhooks)
      .set({ customHeaders: [{ key: "Authorization", value: "Bearer legacy-token" }] })
      .where(eq(webhooks.id, hook.id));
    const back = await call("PATCH", `/api/v1/webhooks/${hook.id}`, {
      key: m.apiKey,
      body: { customHeaders: [{ key: "Authorization", value: "••••oken" }] },
    });
    expect(back.status, back.text).toBe(200);
    const [again] = await storedRows(m);
    expect(JSON.stringify(again!.customHeaders)).not.toContain("legacy-token");
    expect(customHeadersToSend(again!.customHeaders)).toEqual({ Authorization: "Bearer legacy-token" });
  });

  it("omitted events and headers: all v1 events, no headers", async () => {
    const m = await newMerchant();
    const hook = await newV1Webhook(m);
    expect(hook).toMatchObject({ events: [], customHeaders: [] });
  });

  it("PATCH changes only what is given; customHeaders replaces the list, [] removes it", async () => {
    const m = await newMerchant();
    const hook = await newV1Webhook(m, { events: ["ORDER_CREATED"], customHeaders: [{ key: "X-A", value: "1" }] });
    const headers = await call("PATCH", `/api/v1/webhooks/${hook.id}`, {
      key: m.apiKey,
      body: { customHeaders: [{ key: "X-B", value: "2" }] },
    });
    expect(headers.status).toBe(200);
    expect(headers.body.responseObject).toMatchObject({
      events: ["ORDER_CREATED"],
      active: true,
      customHeaders: [{ key: "X-B", value: "••••" }],
    });
    const off = await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { active: false, events: [] } });
    expect(off.body.responseObject).toMatchObject({ events: [], active: false, customHeaders: [{ key: "X-B", value: "••••" }] });
    const cleared = await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { customHeaders: [] } });
    expect(cleared.body.responseObject.customHeaders).toEqual([]);
    expect((await storedRows(m))[0]!.customHeaders).toEqual([]);
  });

  it("rotates the secret; DELETE keeps it readable and refuses changes, with v1 error codes", async () => {
    const m = await newMerchant();
    const hook = await newV1Webhook(m);
    const rotated = await call("POST", `/api/v1/webhooks/${hook.id}/rotate-secret`, { key: m.apiKey, body: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.responseObject).toMatchObject({ id: hook.id, customHeaders: [], previousSecretExpiresAt: expect.any(String) });
    expect(rotated.body.responseObject.secret).not.toBe(hook.secret);

    const deleted = await call("DELETE", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body.responseObject).toBeNull();
    expect((await call("GET", "/api/v1/webhooks", { key: m.apiKey })).body.responseObject.webhooks).toEqual([]);
    const read = await call("GET", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey });
    expect(read.body.responseObject).toMatchObject({ id: hook.id, active: false, deletedAt: expect.any(String) });
    const again = await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { active: true } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: "CONFLICT", error: { code: "CONFLICT" } });

    const missing = await call("GET", "/api/v1/webhooks/wh_00000000000000000000000000000000", { key: m.apiKey });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, errorCode: "NOT_FOUND", message: "Webhook not found" });
  });
});

describe("a webhook belongs to one API generation", () => {
  it("each API lists its own webhooks only, and another generation's id answers 404 and changes nothing", async () => {
    const m = await newMerchant();
    const v0 = await newWebhook(m);
    const v1 = await newV1Webhook(m);
    expect((await call("GET", "/api/webhooks", { key: m.apiKey })).body.responseObject.webhooks.map((w: { id: string }) => w.id)).toEqual([
      v0.id,
    ]);
    expect(
      (await call("GET", "/api/v1/webhooks", { key: m.apiKey })).body.responseObject.webhooks.map((w: { id: string }) => w.id),
    ).toEqual([v1.id]);
    // v0's shape is unchanged: no custom headers
    expect((await call("GET", `/api/webhooks/${v0.id}`, { key: m.apiKey })).body.responseObject).not.toHaveProperty("customHeaders");

    const before = await storedRows(m);
    const across: [string, string, unknown?][] = [
      ["GET", `/api/webhooks/${v1.id}`],
      ["PATCH", `/api/webhooks/${v1.id}`, { active: false }],
      ["POST", `/api/webhooks/${v1.id}/rotate-secret`, {}],
      ["POST", `/api/webhooks/${v1.id}/test`, {}],
      ["GET", `/api/webhooks/${v1.id}/deliveries`],
      ["DELETE", `/api/webhooks/${v1.id}`],
      ["GET", `/api/v1/webhooks/${v0.id}`],
      ["PATCH", `/api/v1/webhooks/${v0.id}`, { active: false }],
      ["POST", `/api/v1/webhooks/${v0.id}/rotate-secret`, {}],
      ["POST", `/api/v1/webhooks/${v0.id}/test`, {}],
      ["GET", `/api/v1/webhooks/${v0.id}/deliveries`],
      ["DELETE", `/api/v1/webhooks/${v0.id}`],
    ];
    for (const [method, path, body] of across) {
      const res = await call(method, path, { key: m.apiKey, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe("Webhook not found");
      if (path.startsWith("/api/v1/")) expect(res.body.errorCode).toBe("NOT_FOUND");
      else expect(res.body).not.toHaveProperty("errorCode");
    }
    expect(await storedRows(m)).toEqual(before);
  });

  it("each generation subscribes to its own event names only", async () => {
    const m = await newMerchant();
    const v1Names = await call("POST", "/api/webhooks", {
      key: m.apiKey,
      body: { url: "https://hooks.example.com/x", events: ["PAYMENT_CREATED"] },
    });
    expect(v1Names.status).toBe(400);
    const v0Names = await call("POST", "/api/v1/webhooks", {
      key: m.apiKey,
      body: { url: "https://hooks.example.com/x", events: ["order.created"] },
    });
    expect(v0Names.status).toBe(400);
    expect(v0Names.body).toMatchObject({
      errorCode: "VALIDATION_ERROR",
      message: expect.stringContaining("events.0: must be event names: ORDER_CREATED"),
    });
    const v0Headers = await call("POST", "/api/webhooks", {
      key: m.apiKey,
      body: { url: "https://hooks.example.com/x", customHeaders: [{ key: "X-A", value: "1" }] },
    });
    expect(v0Headers.status).toBe(400);
    expect(v0Headers.body.message).toContain("unknown field: customHeaders");
    expect(await storedRows(m)).toEqual([]);
  });
});

describe("customHeaders validation", () => {
  const eleven = Array.from({ length: 11 }, (_, i) => ({ key: `X-Header-${i}`, value: "v" }));
  const cases: [string, unknown, string][] = [
    ["eleven headers", eleven, "customHeaders: must have at most 10 headers"],
    [
      "a name with a space",
      [
        { key: "X-Ok", value: "1" },
        { key: "Bad Header", value: "x" },
      ],
      "customHeaders.1.key: must be a valid HTTP header name",
    ],
    ["a name with a colon", [{ key: "X-A:B", value: "x" }], "customHeaders.0.key: must be a valid HTTP header name"],
    ["an empty name", [{ key: "", value: "x" }], "customHeaders.0.key: must not be empty"],
    [
      "CR/LF in a value",
      [{ key: "X-A", value: "1\r\nX-Injected: yes" }],
      "customHeaders.0.value: must be visible ASCII characters and spaces only",
    ],
    ["a bare LF in a value", [{ key: "X-A", value: "1\nX-Injected: yes" }], "customHeaders.0.value: must be visible ASCII"],
    [
      "a signature header",
      [{ key: "X-Webhook-Signature", value: "forged" }],
      "customHeaders.0.key: is a header every delivery sets itself",
    ],
    [
      "a Standard Webhooks header, any case",
      [{ key: "Webhook-Id", value: "evt_1" }],
      "customHeaders.0.key: is a header every delivery sets itself",
    ],
    ["Content-Type", [{ key: "content-type", value: "text/plain" }], "customHeaders.0.key: is a header every delivery sets itself"],
    ["Host", [{ key: "Host", value: "evil.example" }], "customHeaders.0.key: is a header every delivery sets itself"],
    [
      "duplicate names, whatever their case",
      [
        { key: "X-Shop", value: "1" },
        { key: "x-shop", value: "2" },
      ],
      "customHeaders.1.key: repeats customHeaders.0.key (header names are case-insensitive)",
    ],
    ["a value too long", [{ key: "X-A", value: "v".repeat(1025) }], "customHeaders.0.value: must be at most 1024 characters"],
    ["a missing value", [{ key: "X-A" }], "customHeaders.0.value"],
    ["an unknown field", [{ key: "X-A", value: "1", extra: true }], "unknown field: customHeaders.0.extra"],
    ["not an array", { "X-A": "1" }, "customHeaders: must be an array of { key, value } objects"],
  ];

  it.each(cases)("refuses %s with 400 VALIDATION_ERROR naming the field, and stores nothing", async (_, customHeaders, message) => {
    const m = await newMerchant();
    const res = await call("POST", "/api/v1/webhooks", { key: m.apiKey, body: { url: "https://hooks.example.com/v1", customHeaders } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      responseObject: null,
      errorCode: "VALIDATION_ERROR",
      error: { code: "VALIDATION_FAILED" },
    });
    expect(res.body.message).toContain(message);
    expect(await storedRows(m)).toEqual([]);

    // the same list on a PATCH leaves the webhook's headers as they were
    const hook = await newV1Webhook(m, { customHeaders: [{ key: "X-Kept", value: "yes" }] });
    const patch = await call("PATCH", `/api/v1/webhooks/${hook.id}`, { key: m.apiKey, body: { customHeaders, active: false } });
    expect(patch.status).toBe(400);
    expect(patch.body.errorCode).toBe("VALIDATION_ERROR");
    expect(patch.body.message).toContain(message);
    expect((await storedRows(m)).map((w) => [w.active, customHeadersToSend(w.customHeaders)])).toEqual([[true, { "X-Kept": "yes" }]]);
  });

  it("accepts ten headers with token names and values of visible ASCII and spaces", async () => {
    const m = await newMerchant();
    const ten = Array.from({ length: 10 }, (_, i) => ({ key: `X-Tok!#$%&'*+.^_\`|~${i}`, value: `v ${i} ~!@"` }));
    const hook = await newV1Webhook(m, { customHeaders: ten });
    expect(hook.customHeaders).toEqual(ten.map(({ key }) => ({ key, value: "••••" })));
    expect(customHeadersToSend((await storedRows(m))[0]!.customHeaders)).toEqual(Object.fromEntries(ten.map((h) => [h.key, h.value])));
  });
});

describe("v1 deliveries", () => {
  it("the test endpoint sends WEBHOOK_TEST in the v1 shape, with the custom headers, signed both ways", async () => {
    const r = await receiver();
    const m = await newMerchant();
    const hook = await newV1Webhook(m, {
      url: r.url,
      customHeaders: [
        { key: "Authorization", value: "Bearer shop-token" },
        { key: "X-Shop-Id", value: "acme 42" },
      ],
    });
    const res = await call("POST", `/api/v1/webhooks/${hook.id}/test`, { key: m.apiKey, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.responseObject).toEqual({ success: true, deliveryId: expect.stringMatching(/^dlv_/), responseCode: 200 });
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    expect(new URL(r.url).hostname).toBe("localhost");
    expect(got!.headers.authorization).toBe("Bearer shop-token");
    expect(got!.headers["x-shop-id"]).toBe("acme 42");
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(verifyZkp2p(got!, hook.secret)).toBe(true);
    expect(verifyStandard(got!, hook.secret)).toBe(true);
    const body = JSON.parse(got!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "WEBHOOK_TEST",
      timestamp: expect.any(String),
      data: { order: null, payment: null, paymentBridge: null },
    });
    expect(got!.headers["x-webhook-id"]).toBe(body.id);

    // the delivery is in the v1 log, with the exact payload sent
    const detail = await call("GET", `/api/v1/webhooks/${hook.id}/deliveries/${res.body.responseObject.deliveryId}`, { key: m.apiKey });
    expect(detail.body.responseObject).toMatchObject({ eventType: "WEBHOOK_TEST", status: "DELIVERED", attempts: 1 });
    expect(JSON.stringify(detail.body.responseObject.payload)).toBe(got!.body);
    const retried = await call("POST", `/api/v1/webhooks/${hook.id}/deliveries/${res.body.responseObject.deliveryId}/retry`, {
      key: m.apiKey,
      body: {},
    });
    expect(retried.body.responseObject).toMatchObject({ status: "DELIVERED", attempts: 2 });
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers.authorization).toBe("Bearer shop-token");
    expect(r.received[1]!.body).toBe(got!.body);
  });

  it("a v0 session start: the v1 webhook gets the v1 events only (PAYMENT_CREATED), the v0 webhook of the same merchant the v0 events only", async () => {
    const [r0, r1] = [await receiver(), await receiver()];
    const m = await newMerchant();
    const v0 = await newWebhook(m, { url: r0.url });
    const v1 = await newV1Webhook(m, { url: r1.url, customHeaders: [{ key: "X-Shop-Id", value: "acme" }] });
    const { session, started } = await startedSession(m);

    const v0Deliveries = (await call("GET", `/api/webhooks/${v0.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
    const v1Deliveries = (await call("GET", `/api/v1/webhooks/${v1.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
    expect(v0Deliveries.map((d: { eventType: string }) => d.eventType).sort()).toEqual(["order.created", "session.started"]);
    // the v1 names of what happened: the order (the session) was created, then its payment (the order)
    expect(v1Deliveries.map((d: { eventType: string }) => d.eventType).sort()).toEqual(["ORDER_CREATED", "PAYMENT_CREATED"]);

    const db = await testDb();
    for (const d of [...v0Deliveries, ...v1Deliveries]) expect((await attemptDelivery(db, d.id, { actor: SYSTEM })).kind).toBe("attempted");
    expect(r0.received.map((x) => JSON.parse(x.body).type).sort()).toEqual(["order.created", "session.started"]);
    expect(r1.received.map((x) => JSON.parse(x.body).type).sort()).toEqual(["ORDER_CREATED", "PAYMENT_CREATED"]);
    const got = r1.received.find((x) => JSON.parse(x.body).type === "PAYMENT_CREATED");
    expect(verifyZkp2p(got!, v1.secret)).toBe(true);
    expect(verifyStandard(got!, v1.secret)).toBe(true);
    expect(verifyZkp2p(got!, v0.secret)).toBe(false);
    expect(r1.received.map((x) => x.headers["x-shop-id"])).toEqual(["acme", "acme"]);
    // a v0 webhook never carries custom headers
    expect(r0.received.every((x) => x.headers["x-shop-id"] === undefined)).toBe(true);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({
      type: "PAYMENT_CREATED",
      data: {
        order: { id: session.id, merchantId: m.id, status: "CREATED" },
        payment: { id: started.order.id, orderId: session.id, status: "CREATED" },
        paymentBridge: null,
      },
    });
    const delivery = v1Deliveries.find((d: { eventType: string }) => d.eventType === "PAYMENT_CREATED");
    const detail = await call("GET", `/api/v1/webhooks/${v1.id}/deliveries/${delivery.id}`, { key: m.apiKey });
    expect(detail.body.responseObject).toMatchObject({ status: "DELIVERED", payload: body });
  });
});
