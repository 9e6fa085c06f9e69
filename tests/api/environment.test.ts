import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, merchants } from "@/db/schema";
import { OPERATOR } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { rotateApiKey } from "@/lib/merchants/admin";
import { call, newMerchant, newSession, sessionBody, WALLET } from "../support/api";
import { testDb } from "../support/db";

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
