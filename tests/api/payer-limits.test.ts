// Databases: PostgreSQL only: the limits are counted by the statements the files run on both use; e2e/checkout.spec.ts pays through them on the embedded database.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { proofAttempts } from "@/db/schema";
import { awayFromWindowEdge, call, newMerchant, newSession, randomIp, startedSession } from "../support/api";
import { testDb } from "../support/db";

// The payer's page is authorised by its link alone, so its actions and its status poll are limited
// per session and per client address, generously enough for a real payer (the page polls every
// 2 s). Proofs per order are capped on every path that submits one.

let ip = randomIp();
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": ip }) }));

const { GET: status } = await import("@/app/checkout/status/route");
const actions = await import("@/actions/checkout");

const MINUTE = 60_000;
const getStatus = (sessionId: string, from = ip) =>
  status(
    new Request(`http://checkout.test/checkout/status?session=${encodeURIComponent(sessionId)}`, { headers: { "x-forwarded-for": from } }),
  );

beforeAll(() => testDb()); // opened before the first window is chosen

beforeEach(async () => {
  ip = randomIp();
  // every request of a test must land in one window
  await awayFromWindowEdge(MINUTE, 20_000);
});

describe("GET /checkout/status", () => {
  it("answers 120 polls a minute per session, then 429 with Retry-After", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    for (let i = 0; i < 120; i++) expect((await getStatus(s.id)).status).toBe(200);
    const limited = await getStatus(s.id);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await limited.json()).error).toBe(`Too many requests; try again in ${retryAfter} seconds`);
    // the session is limited from any address; the address is not limited for another session
    expect((await getStatus(s.id, randomIp())).status).toBe(429);
    expect((await getStatus((await newSession(m)).id)).status).toBe(200);
  });

  it("answers 600 polls a minute per address, then 429", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    for (let i = 0; i < 600; i++) expect((await getStatus(`sess_missing${i}`)).status).toBe(404);
    const limited = await getStatus(s.id);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await getStatus(s.id, randomIp())).status).toBe(200);
  });
});

describe("the payer's actions", () => {
  const TOO_MANY = /^Too many attempts; try again in \d+ seconds\.$/;

  it("take 30 attempts a minute per session, then answer with a clear message", async () => {
    const m = await newMerchant();
    const { session } = await startedSession(m);
    for (let i = 0; i < 30; i++) {
      const r =
        i % 2
          ? await actions.reportPaymentSent(session.id)
          : await actions.saveChoice(session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" });
      // saveChoice is refused once started (409); refused or not, every call counts
      if (i % 2) expect(r).toMatchObject({ ok: true });
      else expect(r).toMatchObject({ ok: false, message: "The platform can only be chosen before checkout starts" });
    }
    for (const attempt of [
      () => actions.reportPaymentSent(session.id),
      () => actions.chooseAndStart(session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }),
      () => actions.simulateConfirmation(session.id, "success"),
      () => actions.cancelCheckout(session.id),
    ]) {
      const r = await attempt();
      expect(r.ok).toBe(false);
      expect(!r.ok && r.message).toMatch(TOO_MANY);
    }
    // the limited attempts changed nothing: the order was neither fulfilled nor cancelled
    const now = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(now).toMatchObject({ status: "ACTIVE", activeOrder: { status: "PAYMENT_SENT" } });
    // another session from the same address still goes through
    const other = await newSession(m);
    expect(await actions.saveChoice(other.id, { paymentPlatform: "venmo", fiatCurrency: "USD" })).toMatchObject({ ok: true });
  });

  it("take 120 attempts a minute per address", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    for (let i = 0; i < 120; i++) {
      const r = await actions.cancelCheckout(`sess_missing${i}`);
      expect(r).toMatchObject({ ok: false, message: "Session not found" });
    }
    const limited = await actions.saveChoice(s.id, { paymentPlatform: "venmo", fiatCurrency: "USD" });
    expect(!limited.ok && limited.message).toMatch(TOO_MANY);
    ip = randomIp();
    expect(await actions.saveChoice(s.id, { paymentPlatform: "venmo", fiatCurrency: "USD" })).toMatchObject({ ok: true });
  });
});

describe("proof attempts per order", () => {
  it("are capped at 5, from the page and the API together; then 409 and nothing recorded", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    const fulfil = (outcome: string) =>
      call("POST", "/api/orders/fulfill", { key: m.apiKey, body: { intentHash: started.intentHash, proof: { sandbox: true, outcome } } });
    for (let i = 0; i < 3; i++) expect((await fulfil("invalid")).body.error?.code).toBe("PROOF_INVALID");
    for (let i = 0; i < 2; i++) expect(await actions.simulateConfirmation(session.id, "invalid")).toMatchObject({ ok: true });

    const page = await actions.simulateConfirmation(session.id, "success");
    expect(page).toMatchObject({
      ok: false,
      message: "This order has had 5 proof attempts, the most allowed; no further proof is accepted",
    });
    const api = await fulfil("success");
    expect(api.status).toBe(409);
    expect(api.body).toMatchObject({ success: false, error: { code: "CONFLICT", details: { maxProofAttempts: 5 } } });

    const db = await testDb();
    expect(await db.select().from(proofAttempts).where(eq(proofAttempts.orderId, started.order.id))).toHaveLength(5);
    const now = (await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject;
    expect(now).toMatchObject({ status: "ACTIVE", activeOrder: { status: "SIGNAL_MINED" } });
  });
});
