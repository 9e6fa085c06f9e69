import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { orders } from "@/db/schema";
import { call, newMerchant, newSession, randomIp, sessionBody, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";

// a browser that keeps no cookies (the payment link's start keeps the session it started in one)
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": randomIp() }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
const { startLinkAction } = await import("@/actions/payment-link");

// Who pays the real rail's fees (lib/rail/fees.ts): MERCHANT, PAYEE or SPLIT with the payer's share,
// chosen per session (both API generations), per payment link, or by the merchant's setting; shown
// wherever the session is. The money itself is tested on the local chain (tests/rail/live-payment.test.ts).

const create = (key: string, body: Record<string, unknown>) => call("POST", "/api/checkout/sessions", { key, body });

describe("feePayer on sessions and v1 orders", () => {
  it("is MERCHANT unless the session says otherwise, and is shown on the session", async () => {
    const m = await newMerchant();
    expect((await newSession(m)).feePayer).toBe("MERCHANT");
    const payee = await newSession(m, { feePayer: "PAYEE" });
    expect(payee).toMatchObject({ feePayer: "PAYEE", buyerFeeShareBps: null });
    const split = await newSession(m, { feePayer: "SPLIT", buyerFeeShareBps: 3000 });
    expect(split).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 3000 });
    const read = await call("GET", `/api/checkout/sessions/${split.id}`, { key: m.apiKey });
    expect(read.body.responseObject).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 3000 });
  });

  it.each([
    [{ feePayer: "SPLIT" }, "buyerFeeShareBps", "is required"],
    [{ feePayer: "SPLIT", buyerFeeShareBps: 2500 }, "buyerFeeShareBps", "steps of 1000"],
    [{ feePayer: "SPLIT", buyerFeeShareBps: 11000 }, "buyerFeeShareBps", "steps of 1000"],
    [{ feePayer: "PAYEE", buyerFeeShareBps: 5000 }, "buyerFeeShareBps", "only accepted with feePayer"],
    [{ buyerFeeShareBps: 5000 }, "buyerFeeShareBps", "only accepted with feePayer"],
    [{ feePayer: "BUYER" }, "feePayer", "must be one of MERCHANT, PAYEE, SPLIT"],
  ])("refuses %j with a clear error, and creates nothing", async (fees, field, message) => {
    const m = await newMerchant();
    const res = await create(m.apiKey, sessionBody(m, fees));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(res.body)).toContain(field);
    expect(JSON.stringify(res.body)).toContain(message);
    const v1 = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "5.00", destinationAddress: WALLET, ...fees },
    });
    expect(v1.status).toBe(400);
    const list = await call("GET", "/api/checkout/sessions", { key: m.apiKey });
    expect(list.body.responseObject.sessions).toHaveLength(0);
  });

  it("v1 orders take SPLIT with buyerFeeShareBps, as ZKP2P Pay's guide has it", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "5.00", destinationAddress: WALLET, feePayer: "SPLIT", buyerFeeShareBps: 5000 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.responseObject.order).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 5000 });
  });
});

describe("the merchant's fee setting", () => {
  it("applies to sessions that do not say, at once for this instance's API keys, and is shown on the merchant", async () => {
    const m = await newMerchant();
    expect((await newSession(m)).feePayer).toBe("MERCHANT"); // the key is cached with the old setting
    const patched = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { feePayer: "SPLIT", buyerFeeShareBps: 7000 } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.responseObject).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 7000 });
    expect(await newSession(m)).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 7000 });
    // a session's own choice wins
    expect((await newSession(m, { feePayer: "MERCHANT" })).feePayer).toBe("MERCHANT");
    const me = await call("GET", "/api/v1/merchants/me", { key: m.apiKey });
    expect(me.body.responseObject.merchantConfig).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 7000 });
    // back to PAYEE: the share goes with SPLIT
    const payee = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { feePayer: "PAYEE" } });
    expect(payee.body.responseObject).toMatchObject({ feePayer: "PAYEE", buyerFeeShareBps: null });
    const bad = await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { feePayer: "SPLIT" } });
    expect(bad.status).toBe(400);
    expect((await call("GET", `/api/merchants/${m.id}`, { key: m.apiKey })).body.responseObject.feePayer).toBe("PAYEE");
  });
});

describe("feePayer on payment links", () => {
  it("a link's choice goes to each session its payers start; a link that names none takes the merchant's", async () => {
    const m = await newMerchant();
    const link = async (extra: Record<string, unknown>) => {
      const res = await call("POST", "/api/payment-links", {
        key: m.apiKey,
        body: { title: "Tip jar", amount: "12.50", destinationChainId: 8453, destinationToken: TOKEN, recipientAddress: WALLET, ...extra },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.responseObject as { slug: string; feePayer: string | null; buyerFeeShareBps: number | null };
    };
    const payee = await link({ feePayer: "PAYEE" });
    expect(payee).toMatchObject({ feePayer: "PAYEE", buyerFeeShareBps: null });
    const plain = await link({});
    expect(plain.feePayer).toBeNull();
    await call("PATCH", `/api/merchants/${m.id}`, { key: m.apiKey, body: { feePayer: "SPLIT", buyerFeeShareBps: 2000 } });
    const sessionOf = async (slug: string) => {
      const started = await startLinkAction({ slug, attempt: `fee-${slug}-${Date.now()}` });
      if (!started.ok) throw new Error(started.message);
      const id = new URL(started.data.checkoutUrl).searchParams.get("session")!;
      return (await call("GET", `/api/checkout/sessions/${id}`, { key: m.apiKey })).body.responseObject;
    };
    expect(await sessionOf(payee.slug)).toMatchObject({ feePayer: "PAYEE" });
    expect(await sessionOf(plain.slug)).toMatchObject({ feePayer: "SPLIT", buyerFeeShareBps: 2000 });
    const bad = await call("POST", "/api/payment-links", {
      key: m.apiKey,
      body: { title: "x", amount: "1.00", destinationChainId: 8453, destinationToken: TOKEN, recipientAddress: WALLET, feePayer: "SPLIT" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("the sandbox", () => {
  it("charges no fees: the payer's price is the same whoever pays them, and a paid order shows no fees", async () => {
    const m = await newMerchant();
    const price = async (feePayer: string) => {
      const s = await newSession(m, { feePayer, amountUsdc: "20.00" });
      const started = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
        key: m.apiKey,
        body: { paymentPlatform: "revolut", fiatCurrency: "EUR" },
      });
      return started.body.responseObject as {
        order: { fiatAmount: string; fees: unknown; grossAmountUsdc: string | null };
        intentHash: string;
        session: { id: string };
      };
    };
    const merchantPays = await price("MERCHANT");
    const payerPays = await price("PAYEE");
    expect(payerPays.order.fiatAmount).toBe(merchantPays.order.fiatAmount);
    expect(payerPays.order).toMatchObject({ fees: null, grossAmountUsdc: null });
    await call("POST", `/api/checkout/sessions/${payerPays.session.id}/payment-sent`, { key: m.apiKey });
    const done = await call("POST", "/api/orders/fulfill", {
      key: m.apiKey,
      body: { intentHash: payerPays.intentHash, proof: { sandbox: true, outcome: "success" } },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.responseObject.order).toMatchObject({ status: "FULFILLED", fees: null });
    const read = await call("GET", `/api/checkout/sessions/${payerPays.session.id}`, { key: m.apiKey });
    expect(read.body.responseObject.status).toBe("COMPLETED");
  });
});

describe("a released live order's fees, as the API shows them", () => {
  it("gross, each fee and net, as the chain recorded them", async () => {
    const m = await newMerchant();
    const s = await newSession(m, { amountUsdc: "10.00" });
    const started = await call("POST", `/api/checkout/sessions/${s.id}/start`, {
      key: m.apiKey,
      body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    });
    const db = await testDb();
    // what the fulfil step records from a release's logs (lib/orders/release.ts)
    await db
      .update(orders)
      .set({
        grossAmountMicro: 10_000_000n,
        netAmountMicro: 9_825_000n,
        protocolFeeMicro: 50_000n,
        managerFeeMicro: 100_000n,
        referralFeeMicro: 25_000n,
      })
      .where(eq(orders.id, started.body.responseObject.order.id));
    const read = await call("GET", `/api/checkout/sessions/${s.id}`, { key: m.apiKey });
    expect(read.body.responseObject.activeOrder).toMatchObject({
      grossAmountUsdc: "10.00",
      netAmountUsdc: "9.825",
      fees: { protocolUsdc: "0.05", managerUsdc: "0.10", referralUsdc: "0.025", totalUsdc: "0.175" },
    });
    const v1 = await call("GET", `/api/v1/orders/${s.id}`, { key: m.apiKey });
    expect(v1.body.responseObject.currentPayment).toMatchObject({ totalUsdcFeeAmount: "0.175" });

    // the dashboard's session page: what the fees took, by kind, and what the merchant receives
    signedIn = m.id;
    const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");
    const html = renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id: s.id }) }))
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .replace(/ ([:,)])/g, "$1");
    expect(html).toMatch(/Fees 0\.175 USDC: protocol 0\.05 USDC, liquidity manager 0\.10 USDC, referral 0\.025 USDC/);
    expect(html).toMatch(/You receive 9\.825 USDC net \(gross 10\.00 USDC\)/);
  });
});
