import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions } from "@/db/schema";
import { awayFromWindowEdge, call, newMerchant, sessionBody, startedSession } from "../support/api";
import { testDb } from "../support/db";

// The envelope, body handling, idempotency and rate limits that every route shares.

describe("requests that never reach a handler", () => {
  it("malformed JSON is 400 'Invalid JSON body'", async () => {
    const m = await newMerchant();
    for (const raw of ["{", "{'a':1}", "nul", '{"a":1}}', "\u0000"]) {
      const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, rawBody: raw });
      expect(res.status, raw).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: "Invalid JSON body",
        responseObject: null,
        statusCode: 400,
        error: { code: "INVALID_JSON" },
      });
    }
  });

  it("a body that is not an object is 400", async () => {
    const m = await newMerchant();
    for (const raw of ["[]", "42", '"text"', "null", "true"]) {
      const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, rawBody: raw });
      expect(res.status, raw).toBe(400);
      expect(res.body.message).toContain("body");
    }
  });

  it("a body over 64 KiB is 413, whatever Content-Length says", async () => {
    const m = await newMerchant();
    const big = JSON.stringify(sessionBody(m, { metadata: { note: "x".repeat(70 * 1024) } }));
    const declared = await call("POST", "/api/checkout/sessions", { key: m.apiKey, rawBody: big });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ success: false, statusCode: 413, responseObject: null });
    const lying = await call("POST", "/api/checkout/sessions", { key: m.apiKey, rawBody: big, headers: { "content-length": "10" } });
    expect(lying.status).toBe(413);
    expect((await call("GET", "/api/checkout/sessions", { key: m.apiKey })).body.responseObject.sessions).toEqual([]);
  });

  it("unknown routes answer a 404 envelope for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/nothing", "/api/merchants/x/y/z", "/api/checkout/sessions/s/unknown"]) {
        const res = await call(method, path);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, responseObject: null, statusCode: 404 });
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    const named = await call("GET", "/api/nothing", { headers: { "x-request-id": "req-404-check" } });
    expect(named.headers.get("x-request-id")).toBe("req-404-check");
  });

  it("a wrong method answers a 405 envelope with Allow", async () => {
    const res = await call("DELETE", "/api/checkout/sessions");
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ success: false, responseObject: null, statusCode: 405 });
    expect(res.headers.get("allow")).toBe("POST, GET");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const named = await call("PATCH", "/api/checkout/sessions", { headers: { "x-request-id": "req-405-check" } });
    expect(named.headers.get("x-request-id")).toBe("req-405-check");
    expect((await call("PUT", "/api/merchants")).status).toBe(405);
    expect((await call("GET", "/api/orders/fulfill")).status).toBe(405);
  });

  it("NUL characters and unpaired surrogates anywhere in the input are 400, never a database error", async () => {
    const m = await newMerchant();
    const paths = [
      "/api/checkout/sessions/sess_%00x",
      "/api/webhooks/wh_%00/deliveries",
      "/api/checkout/sessions?cursor=%00",
      "/api/events?sessionId=a%00b",
    ];
    for (const path of paths) {
      const res = await call("GET", path, { key: m.apiKey });
      expect(res.status, path).toBe(400);
    }
    for (const body of [{ displayName: "a\u0000b" }, { displayName: "\ud800" }, { displayName: "ok", ["k\u0000"]: 1 }]) {
      const res = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, rawBody: JSON.stringify(body) });
      expect(res.status).toBe(400);
    }
    expect((await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { displayName: "Emoji 🙂 ok" } })).status).toBe(200);
  });

  it("health answers 200 with the envelope", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, statusCode: 200, responseObject: { status: "ok" } });
  });

  it("every response carries a request id", async () => {
    const res = await call("GET", "/api/health", { headers: { "x-request-id": "req-123" } });
    expect(res.headers.get("x-request-id")).toBe("req-123");
    expect((await call("GET", "/api/nothing")).status).toBe(404);
  });
});

describe("Idempotency-Key", () => {
  it("replays the stored response for the same key and body", async () => {
    const m = await newMerchant();
    const headers = { "idempotency-key": "create-order-1001" };
    const first = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m), headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const second = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m), headers });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
    const db = await testDb();
    expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).toHaveLength(1);
  });

  it("a replay is never cached, like the first answer: it may carry a one-time secret", async () => {
    const m = await newMerchant();
    const headers = { "idempotency-key": "webhook-once-1" };
    const body = { url: "https://hooks.example.com/once" };
    const first = await call("POST", "/api/webhooks", { key: m.apiKey, body, headers });
    const second = await call("POST", "/api/webhooks", { key: m.apiKey, body, headers });
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.responseObject.secret).toMatch(/^whsec_/);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("cache-control")).toBe("no-store");
  });

  it("the same key with another body is 409 and creates nothing", async () => {
    const m = await newMerchant();
    const headers = { "idempotency-key": "k-2" };
    expect((await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m), headers })).status).toBe(201);
    const other = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { amountUsdc: "99.00" }), headers });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe("IDEMPOTENCY_CONFLICT");
    const db = await testDb();
    expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).toHaveLength(1);
  });

  it("keys belong to one merchant", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const headers = { "idempotency-key": "shared-key" };
    const ra = await call("POST", "/api/checkout/sessions", { key: a.apiKey, body: sessionBody(a), headers });
    const rb = await call("POST", "/api/checkout/sessions", { key: b.apiKey, body: sessionBody(b), headers });
    expect(rb.status).toBe(201);
    expect(rb.headers.get("idempotent-replayed")).toBeNull();
    expect(rb.body.responseObject.session.id).not.toBe(ra.body.responseObject.session.id);
  });

  it("replays client errors too, so a retry sees the same answer", async () => {
    const m = await newMerchant();
    const { session } = await startedSession(m);
    const headers = { "idempotency-key": "cancel-1" };
    await call("POST", `/api/checkout/sessions/${session.id}/payment-sent`, { key: m.apiKey });
    const first = await call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey, headers });
    expect(first.status).toBe(409);
    const again = await call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey, headers });
    expect(again.status).toBe(409);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses a malformed key", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/checkout/sessions", {
      key: m.apiKey,
      body: sessionBody(m),
      headers: { "idempotency-key": "x".repeat(300) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Idempotency-Key");
  });
});

describe("rate limits", () => {
  it("POST /api/checkout/sessions: 100 a minute per merchant, then 429 with headers", async () => {
    const [m, other] = [await newMerchant(), await newMerchant()];
    await awayFromWindowEdge(60_000);
    const results = [];
    for (let i = 0; i < 100; i++)
      results.push((await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) })).status);
    expect(results.every((s) => s === 201)).toBe(true);
    const limited = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      message: "Too many requests",
      responseObject: null,
      statusCode: 429,
      error: { code: "RATE_LIMITED" },
    });
    expect(limited.headers.get("ratelimit-limit")).toBe("100");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get("ratelimit-reset"))).toBe(retryAfter);
    const db = await testDb();
    expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).toHaveLength(100);
    // another merchant and another route are not affected
    expect((await call("POST", "/api/checkout/sessions", { key: other.apiKey, body: sessionBody(other) })).status).toBe(201);
    expect((await call("GET", "/api/checkout/sessions", { key: m.apiKey })).status).toBe(200);
  });

  it("GET /api/checkout/sessions/:id: 300 a minute per merchant", async () => {
    const m = await newMerchant();
    const { session } = await startedSession(m);
    await awayFromWindowEdge(60_000);
    let last;
    for (let i = 0; i < 300; i++) {
      last = await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey });
      expect(last.status).toBe(200);
    }
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    expect((await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).status).toBe(429);
  });

  it("POST /api/orders/fulfill: 50 a minute per merchant", async () => {
    const m = await newMerchant();
    const body = { intentHash: "0x" + "ef".repeat(32), proof: { sandbox: true } };
    await awayFromWindowEdge(60_000);
    for (let i = 0; i < 50; i++) expect((await call("POST", "/api/orders/fulfill", { key: m.apiKey, body })).status).toBe(404);
    expect((await call("POST", "/api/orders/fulfill", { key: m.apiKey, body })).status).toBe(429);
  });
});
