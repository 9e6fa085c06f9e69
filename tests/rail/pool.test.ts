import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFromLink } from "@/lib/links/service";
import { call, randomIp } from "../support/api";
import { testDb } from "../support/db";
import { liveMerchant, newWallet, railUnderTest, type RailUnderTest } from "./support";

// The real rail prices fiat amounts with network calls (curator's quotes, the price feed) and reads
// the taker wallets from the database. A request that holds a transaction (an Idempotency-Key's, a
// payment link's row lock) while it asks would hold one pooled connection and wait for a second:
// DB_POOL_SIZE (10) such requests at once, and the instance waits for ever. None may.

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});

const { GET: health } = await import("@/app/api/health/route");

/** Asks /api/health every 200 ms while `work` runs; returns the slowest answer's time and every status. */
async function whileHealthWatched<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number; statuses: number[] }> {
  let slowestMs = 0;
  const statuses: number[] = [];
  let done = false;
  const watch = (async () => {
    while (!done) {
      const began = performance.now();
      const res = await health(new Request("http://checkout.test/api/health"), { params: Promise.resolve({}) });
      slowestMs = Math.max(slowestMs, performance.now() - began);
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  try {
    return { result: await work(), slowestMs, statuses };
  } finally {
    done = true;
    await watch;
  }
}

const fiatSession = (merchantId: string) => ({
  merchantId,
  checkoutMode: "exact-fiat",
  fiatAmount: "20.40",
  fiatCurrency: "USD",
  destinationChainId: 8453,
  destinationToken: stack.rail.addresses.usdc,
  recipientAddress: newWallet(),
});

describe("the request pool under real-rail pricing", () => {
  it("two dozen idempotent fiat-priced creations and starts at once all answer, and so does /api/health, within a second", async () => {
    const merchants = await Promise.all(Array.from({ length: 6 }, () => liveMerchant()));
    // sessions to start, made beforehand (one start per merchant's open-payment share)
    const toStart: { key: string; id: string }[] = [];
    for (const m of merchants) {
      for (let i = 0; i < 2; i++) {
        const made = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: fiatSession(m.id) });
        expect(made.status, made.text).toBe(201);
        toStart.push({ key: m.apiKey, id: made.body.responseObject.session.id });
      }
    }
    const idem = (label: string) => ({ "idempotency-key": `${label}-${crypto.randomUUID()}` });
    const requests = [
      // twelve creations, v0 and v1, each with a key of its own
      ...merchants.flatMap((m) => [
        () => call("POST", "/api/checkout/sessions", { key: m.apiKey, headers: idem("create"), body: fiatSession(m.id) }),
        () =>
          call("POST", "/api/v1/orders", {
            key: m.apiKey,
            headers: idem("order"),
            body: { requestedFiatAmount: "20.40", requestedFiatCurrency: "USD", destinationAddress: newWallet() },
          }),
      ]),
      // twelve starts by the merchants' servers, with keys
      ...toStart.map(
        (s) => () =>
          call("POST", `/api/checkout/sessions/${s.id}/start`, {
            key: s.key,
            headers: idem("start"),
            body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
          }),
      ),
    ];
    const { result, slowestMs, statuses } = await whileHealthWatched(() => Promise.all(requests.map((r) => r())));
    // every creation made its session; every start answered (a start may be refused, never left waiting)
    for (const answer of result.slice(0, 12)) expect(answer.status, answer.text).toBe(201);
    for (const answer of result.slice(12)) expect([200, 409, 429], answer.text).toContain(answer.status);
    expect(result.slice(12).filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(slowestMs).toBeLessThan(1_000);
  });

  it("ten payers starting one fiat-priced payment link at once: each is answered, and /api/health within a second", async () => {
    const m = await liveMerchant();
    const created = await call("POST", "/api/payment-links", {
      key: m.apiKey,
      body: {
        title: "Concert tickets",
        amount: "20.40",
        currency: "USD",
        destinationChainId: 8453,
        destinationToken: stack.rail.addresses.usdc,
        recipientAddress: newWallet(),
      },
    });
    expect(created.status, created.text).toBe(201);
    const slug = created.body.responseObject.slug as string;
    const db = await testDb();
    const { result, slowestMs, statuses } = await whileHealthWatched(() =>
      Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          startFromLink(db, { slug, attempt: `link-start-${i}-${crypto.randomUUID().slice(0, 8)}` }, { ip: randomIp() }),
        ),
      ),
    );
    const started = result.filter((r) => r.status === "fulfilled");
    expect(started.length).toBeGreaterThan(0);
    // a payer turned away is told why (the link's places, its rate), never a server error
    for (const r of result) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: expect.any(Number) });
    for (const r of result) if (r.status === "rejected") expect((r.reason as { status: number }).status).toBeLessThan(500);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(slowestMs).toBeLessThan(1_000);
  });
});
