import { expect, test } from "@playwright/test";
import { createMerchant } from "./support/fixtures";

// The merchant API over real HTTP against the built app.
// Where it runs: directly, and the tests tagged @topology through the production topology too. The proxy is what a large body, a
// long-poll whose client goes away and a whole integration (its webhooks sent by the worker) pass through.

const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

test("health answers once the database is ready", async ({ request }, testInfo) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    success: true,
    statusCode: 200,
    responseObject: { status: "ok", database: testInfo.project.metadata.database },
  });
});

test("unknown routes and wrong methods answer the envelope", async ({ request }) => {
  const missing = await request.get("/api/no/such/route");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ success: false, statusCode: 404, responseObject: null });
  const wrong = await request.put("/api/merchants");
  expect(wrong.status()).toBe(405);
  expect(await wrong.json()).toMatchObject({ success: false, statusCode: 405, responseObject: null });
  expect(wrong.headers()["allow"]).toBe("POST");
});

test("a merchant integration runs end to end over HTTP", { tag: "@topology" }, async ({ request }, testInfo) => {
  const signup = await request.post("/api/merchants", { data: { name: `e2e-${Date.now()}`, displayName: "E2E Shop" } });
  expect(signup.status()).toBe(201);
  const { id, apiKey } = (await signup.json()).responseObject;
  const headers = { "X-API-Key": apiKey };

  const created = await request.post("/api/checkout/sessions", {
    headers,
    data: { merchantId: id, amountUsdc: "25.00", destinationChainId: 8453, destinationToken: TOKEN, recipientAddress: TOKEN },
  });
  expect(created.status()).toBe(201);
  const { session, checkoutUrl } = (await created.json()).responseObject;
  expect(checkoutUrl).toMatch(new RegExp(`/checkout\\?session=${session.id}$`));
  expect(created.headers()["ratelimit-limit"]).toBe(String(100 * testInfo.project.metadata.rateLimitMultiplier));

  const start = await request.post(`/api/checkout/sessions/${session.id}/start`, {
    headers,
    data: { paymentPlatform: "wise", fiatCurrency: "EUR" },
  });
  expect(start.status()).toBe(200);
  const { intentHash, quote } = (await start.json()).responseObject;
  expect(quote.fiatAmountFormatted).toMatch(/^€\d+\.\d{2}$/);

  expect((await request.post(`/api/checkout/sessions/${session.id}/payment-sent`, { headers })).status()).toBe(200);
  const fulfilled = await request.post("/api/orders/fulfill", {
    headers,
    data: { intentHash, proof: { sandbox: true, outcome: "success" } },
  });
  expect(fulfilled.status()).toBe(200);

  const final = await request.get(`/api/checkout/sessions/${session.id}`, { headers });
  expect((await final.json()).responseObject).toMatchObject({ status: "COMPLETED", activeOrder: { status: "FULFILLED" } });
});

test("a body over 64 KiB is refused with 413", { tag: "@topology" }, async ({ request }) => {
  const res = await request.post("/api/merchants", { data: { name: "big", displayName: "x".repeat(70_000) } });
  expect(res.status()).toBe(413);
  expect(await res.json()).toMatchObject({ success: false, statusCode: 413 });
});

test(
  "event feed long-polls end when their clients go away, so a merchant's next waits are served",
  { tag: "@topology" },
  async ({ request, baseURL }) => {
    const m = await createMerchant(request);
    const headers = { "x-api-key": m.apiKey };
    const cursor = (await (await request.get("/api/events/feed?after=now", { headers })).json()).responseObject.cursor as string;
    const wait = (signal?: AbortSignal) =>
      fetch(`${baseURL}/api/events/feed?${new URLSearchParams({ after: cursor, waitMs: "20000" })}`, { headers, signal });
    // three rounds of 4 waits, each abandoned by its client while the server holds it: 12 waits in all,
    // more than the 4 per merchant that each instance holds at once (two instances behind the proxy: 8)
    for (let round = 0; round < 3; round++) {
      const stop = new AbortController();
      const waits = Array.from({ length: 4 }, () => wait(stop.signal).catch(() => null));
      await new Promise((r) => setTimeout(r, 700));
      stop.abort();
      await Promise.all(waits);
    }
    await new Promise((r) => setTimeout(r, 500));
    // had the server kept waiting for the clients that left, these would be refused (429)
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await fetch(`${baseURL}/api/events/feed?${new URLSearchParams({ after: cursor, waitMs: "1000" })}`, { headers });
        return res.status;
      }),
    );
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(10_000);
  },
);
