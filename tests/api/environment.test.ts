import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, merchants } from "@/db/schema";
import { OPERATOR } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { rotateApiKey } from "@/lib/merchants/admin";
import { call, newMerchant, newSession, sessionBody, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";
import { withEnv } from "../support/env";

// A deployment serves sandbox and live merchants side by side. A merchant starts in the sandbox; a
// session keeps the environment it was created in, whatever the merchant becomes later, and the
// merchant's answers, the v1 order and the payer's page all say which it is.

const goLive = async (merchantId: string) => {
  const db = await testDb();
  await db.update(merchants).set({ environment: "live", liveSince: new Date() }).where(eq(merchants.id, merchantId));
};

describe("environments", () => {
  it("a new merchant is in the sandbox, and so are its sessions, orders and pages", async () => {
    const m = await newMerchant();
    const me = await call("GET", `/api/merchants/${m.id}`, { key: m.apiKey });
    expect(me.body.responseObject.environment).toBe("sandbox");
    const s = await newSession(m);
    expect(s.environment).toBe("sandbox");
    const order = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "12.00", destinationAddress: WALLET },
    });
    expect(order.status, order.text).toBe(201);
    const read = await call("GET", `/api/v1/orders/${order.body.responseObject.order.id}`, { key: m.apiKey });
    expect(read.body.responseObject.merchant.environment).toBe("SANDBOX");
    expect((await call("GET", "/api/v1/merchants/me", { key: m.apiKey })).body.responseObject.environment).toBe("SANDBOX");
    expect((await getCheckoutView(await testDb(), s.id)).sandbox).toBe(true);
  });

  it("a session keeps its environment; a live merchant on a deployment without a real rail cannot create one", async () => {
    const m = await newMerchant();
    const before = await newSession(m);
    const v1 = await call("POST", "/api/v1/orders", { key: m.apiKey, body: { requestedUsdcAmount: "12.00", destinationAddress: WALLET } });
    await goLive(m.id);
    // a new key is looked up afresh (a known key carries what it read for up to 10 s)
    const { apiKey } = await rotateApiKey(await testDb(), m.id, { actor: OPERATOR });

    // the session made in the sandbox stays there: its page still says so, and it still pays there
    const db = await testDb();
    const view = await getCheckoutView(db, before.id);
    expect(view.sandbox).toBe(true);
    expect(view.options.length).toBeGreaterThan(0);
    const order = await call("GET", `/api/v1/orders/${v1.body.responseObject.order.id}`, { key: apiKey });
    expect(order.body.responseObject.merchant.environment).toBe("SANDBOX");

    const me = await call("GET", `/api/merchants/${m.id}`, { key: apiKey });
    expect(me.body.responseObject.environment).toBe("live");
    expect((await call("GET", "/api/v1/merchants/me", { key: apiKey })).body.responseObject.environment).toBe("LIVE");

    // no real rail here: a new live session is refused with a clear answer, and nothing is stored
    const count = async () => (await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).length;
    const n = await count();
    {
      const refused = await call("POST", "/api/checkout/sessions", { key: apiKey, body: sessionBody(m) });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.message).toContain("real rail is not configured");
      const refusedV1 = await call("POST", "/api/v1/orders", {
        key: apiKey,
        body: { requestedUsdcAmount: "12.00", destinationAddress: WALLET },
      });
      expect(refusedV1.status, refusedV1.text).toBe(409);
      expect(await count()).toBe(n);
    }
  });
});

// a real rail's settings (its services are never called here: creating an exact-token session asks none)
const REAL_RAIL = {
  ZKP2P_RPC_URL: "http://127.0.0.1:9",
  ZKP2P_API_URL: "https://api.example.test/",
  ZKP2P_ATTESTATION_URL: "https://attest.example.test",
  ZKP2P_TAKER_KEYS: `0x${"1a".repeat(32)}`,
};
const SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";

describe("where a live session pays out", () => {
  it("a live session or v1 order on a chain or token the real rail cannot pay is refused, naming the field; the sandbox takes them", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const count = async () => (await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).length;
    await withEnv(REAL_RAIL, async () => {
      // the sandbox accepts every supported chain, as before
      expect((await newSession(m, { destinationChainId: 84532, destinationToken: SEPOLIA_USDC })).environment).toBe("sandbox");
      await goLive(m.id);
      const { apiKey } = await rotateApiKey(db, m.id, { actor: OPERATOR });
      const n = await count();
      const v0 = (body: Record<string, unknown>) => call("POST", "/api/checkout/sessions", { key: apiKey, body: sessionBody(m, body) });
      const v1 = (body: Record<string, unknown>) =>
        call("POST", "/api/v1/orders", { key: apiKey, body: { requestedUsdcAmount: "12.00", destinationAddress: WALLET, ...body } });
      for (const [res, field] of [
        [await v0({ destinationChainId: 84532, destinationToken: SEPOLIA_USDC }), "destinationChainId"],
        [await v0({ destinationToken: SEPOLIA_USDC }), "destinationToken"],
        [await v1({ destinationChainId: "84532" }), "destinationChainId"],
        [await v1({ destinationToken: SEPOLIA_USDC }), "destinationToken"],
      ] as const) {
        expect(res.status, res.text).toBe(400);
        expect(res.body.message).toContain(field);
        expect(res.body.error?.details?.fields).toHaveProperty(field);
      }
      expect(await count()).toBe(n);
      // Base's USDC, in any casing, is what the real rail pays
      const ok = await v0({ destinationToken: TOKEN.toLowerCase() });
      expect(ok.status, ok.text).toBe(201);
      expect(ok.body.responseObject.session.environment).toBe("live");
      const okV1 = await v1({});
      expect(okV1.status, okV1.text).toBe(201);
      // a live order that names no chain pays out on the real rail's, whichever chain the deployment lists first
      const defaulted = await withEnv({ SUPPORTED_CHAIN_IDS: "84532,8453" }, () => v1({}));
      expect(defaulted.status, defaulted.text).toBe(201);
      expect(defaulted.body.responseObject.order).toMatchObject({ destinationChainId: "8453", destinationToken: TOKEN });

      // a live merchant's payment link pays out on the real rail too: refused when made, not at a payer's start
      const link = (body: Record<string, unknown>) =>
        call("POST", "/api/payment-links", {
          key: apiKey,
          body: { title: "Tip jar", amount: "12.00", destinationChainId: 8453, destinationToken: TOKEN, recipientAddress: WALLET, ...body },
        });
      const v1Link = (body: Record<string, unknown>) =>
        call("POST", "/api/v1/payment-links", {
          key: apiKey,
          body: { title: "Invoice", amount: "10.00", destinationAddress: WALLET, ...body },
        });
      for (const [res, field] of [
        [await link({ destinationChainId: 84532, destinationToken: SEPOLIA_USDC }), "destinationChainId"],
        [await link({ destinationToken: SEPOLIA_USDC }), "destinationToken"],
        [await v1Link({ destinationChainId: "84532" }), "destinationChainId"],
      ] as const) {
        expect(res.status, res.text).toBe(400);
        expect(res.body.error?.details?.fields).toHaveProperty(field);
      }
      expect((await link({})).status).toBe(201);
      expect((await v1Link({})).status).toBe(201);
    });
  });
});
