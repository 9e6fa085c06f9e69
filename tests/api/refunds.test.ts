import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditLog, checkoutSessions, events, refunds } from "@/db/schema";
import { createKey } from "@/lib/accounts/keys";
import { OPERATOR, SYSTEM } from "@/lib/core/actor";
import { advanceRefund, claimRefund, claimToken, claimUrlOf, findDueRefunds, refundIdOf } from "@/lib/refunds/service";
import { attemptDelivery } from "@/lib/webhooks/delivery";
import { call, newMerchant, newSession, newWebhook, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { envForTests } from "../support/env";
import { Receiver, verifyStandard, verifyZkp2p } from "../support/receiver";

// Refunds through both API generations, on the sandbox: the refundable amount and every refusal (an
// unpaid session, too much, a zero or malformed amount, another merchant's session, a read-only key),
// the claim link, the payer's claim (completed at once on the sandbox), cancel and expiry, the
// session's and order's refunded amount, the audit trail, and the events of both generations,
// delivered signed to a real https receiver reached by host name. Every answer is checked against
// the OpenAPI document by `call`.

envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "2s" });
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});

const PAYER = "0x1111111111111111111111111111111111111111";

/** A sandbox session paid in full (venmo, USD). */
async function paidSession(m: TestMerchant, amountUsdc = "50.00") {
  const { session, started } = await startedSession(m, "venmo", "USD", { amountUsdc });
  const res = await call("POST", "/api/orders/fulfill", {
    key: m.apiKey,
    body: { intentHash: started.intentHash, proof: { sandbox: true, outcome: "success" } },
  });
  expect(res.status, res.text).toBe(200);
  return session.id as string;
}

const refund = (m: TestMerchant, sessionId: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  call("POST", `/api/checkout/sessions/${sessionId}/refunds`, { key: m.apiKey, body, ...(headers ? { headers } : {}) });
const sessionOf = async (m: TestMerchant, id: string) =>
  (await call("GET", `/api/checkout/sessions/${id}`, { key: m.apiKey })).body.responseObject;
const rowsOf = async (sessionId: string) => (await testDb()).select().from(refunds).where(eq(refunds.sessionId, sessionId));
const claim = async (refundId: string, address = PAYER) =>
  claimRefund(await testDb(), { refundId, address, headBlock: null }, { actor: SYSTEM });

describe("refunds: what may be refunded", () => {
  it("refunds part of a paid session, then the rest when no amount is given; the session stays COMPLETED and says what went back", async () => {
    const m = await newMerchant();
    const id = await paidSession(m);
    const first = await refund(m, id, { amountUsdc: "20.00", reason: "One item was out of stock", metadata: { ticket: "T-1" } });
    expect(first.status, first.text).toBe(201);
    const r = first.body.responseObject;
    expect(r).toMatchObject({
      id: expect.stringMatching(/^rfd_[0-9a-f]{32}$/),
      sessionId: id,
      amountUsdc: "20.00",
      reason: "One item was out of stock",
      method: "claim",
      status: "AWAITING_CLAIM",
      payoutAddress: null,
      txHash: null,
      metadata: { ticket: "T-1" },
      claimedAt: null,
      completedAt: null,
    });
    expect(r.claimUrl).toBe(claimUrlOf(r.id));
    expect(new Date(r.expiresAt).getTime() - new Date(r.createdAt).getTime()).toBe(30 * 86_400_000);
    // nothing completed yet: nothing refunded
    expect(await sessionOf(m, id)).toMatchObject({ status: "COMPLETED", refundedUsdc: "0.00", refundState: "none" });

    const rest = await refund(m, id, { method: "recorded", reason: "Paid back in cash" });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.responseObject).toMatchObject({ amountUsdc: "30.00", method: "recorded", status: "COMPLETED", claimUrl: null });
    expect(await sessionOf(m, id)).toMatchObject({ status: "COMPLETED", refundedUsdc: "30.00", refundState: "partial" });

    // nothing is left: a third is refused and changes nothing
    const more = await refund(m, id, { amountUsdc: "0.01" });
    expect(more.status).toBe(400);
    expect(more.body.message).toMatch(/refunded in full/);
    expect(await rowsOf(id)).toHaveLength(2);

    const list = await call("GET", `/api/checkout/sessions/${id}/refunds`, { key: m.apiKey });
    expect(list.body.responseObject.refunds.map((x: { amountUsdc: string }) => x.amountUsdc)).toEqual(["20.00", "30.00"]);
    const one = await call("GET", `/api/refunds/${r.id}`, { key: m.apiKey });
    expect(one.body.responseObject).toEqual(r);
  });

  it("refuses, with nothing changed: more than is left, an unpaid session, zero, a malformed amount, an unknown field, another merchant's session, a read-only key", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const id = await paidSession(m, "25.00");
    const unpaid = await newSession(m);
    const cases: [string, Promise<Awaited<ReturnType<typeof call>>>, number, RegExp][] = [
      ["too much", refund(m, id, { amountUsdc: "25.01" }), 400, /amountUsdc: must be at most 25\.00/],
      ["unpaid", refund(m, unpaid.id), 400, /Nobody has paid this session/],
      ["zero", refund(m, id, { amountUsdc: "0" }), 400, /amountUsdc: must be more than 0/],
      ["malformed", refund(m, id, { amountUsdc: "1e3" }), 400, /amountUsdc/],
      ["a number", refund(m, id, { amountUsdc: 5 }), 400, /amountUsdc/],
      ["seven decimals", refund(m, id, { amountUsdc: "1.0000001" }), 400, /amountUsdc/],
      ["method", refund(m, id, { method: "wire" }), 400, /method: must be claim or recorded/],
      ["unknown field", refund(m, id, { amount: "5.00" }), 400, /amount/],
      ["long reason", refund(m, id, { reason: "x".repeat(501) }), 400, /reason: must be at most 500/],
      ["another merchant's", refund(other, id, {}), 404, /Session not found/],
      ["no such session", refund(m, "sess_nope", {}), 404, /Session not found/],
    ];
    for (const [what, res, status, message] of cases) {
      const r = await res;
      expect(r.status, `${what}: ${r.text}`).toBe(status);
      expect(r.body.message, what).toMatch(message);
    }
    const { apiKey } = await createKey(await testDb(), { actor: OPERATOR, merchantId: m.id }, { name: "Reporting", scope: "read" });
    const readOnly = await call("POST", `/api/checkout/sessions/${id}/refunds`, { key: apiKey, body: {} });
    expect(readOnly.status).toBe(403);
    // a read-only key still reads them
    expect((await call("GET", `/api/checkout/sessions/${id}/refunds`, { key: apiKey })).status).toBe(200);
    expect(await rowsOf(id)).toHaveLength(0);
    expect(await rowsOf(unpaid.id)).toHaveLength(0);
    expect((await call("GET", `/api/checkout/sessions/${id}/refunds`, { key: other.apiKey })).status).toBe(404);
  });

  it("an Idempotency-Key makes one refund of two identical requests", async () => {
    const m = await newMerchant();
    const id = await paidSession(m);
    const headers = { "Idempotency-Key": `refund-${id}` };
    const a = await refund(m, id, { amountUsdc: "5.00" }, headers);
    const b = await refund(m, id, { amountUsdc: "5.00" }, headers);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.responseObject.id).toBe(a.body.responseObject.id);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it("two refunds at once never give back more than was paid", async () => {
    const m = await newMerchant();
    const id = await paidSession(m, "10.00");
    const both = await Promise.all([refund(m, id, { amountUsdc: "6.00" }), refund(m, id, { amountUsdc: "6.00" })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await rowsOf(id)).map((r) => r.amountMicro)).toEqual([6_000_000n]);
  });
});

describe("refunds: claim, cancel, expiry", () => {
  it("the claim link names its refund, and a made-up or altered one names none", async () => {
    const m = await newMerchant();
    const id = await paidSession(m);
    const r = (await refund(m, id, { amountUsdc: "1.00" })).body.responseObject;
    const token = claimToken(r.id);
    expect(r.claimUrl.endsWith(`/refund/${token}`)).toBe(true);
    expect(refundIdOf(token)).toBe(r.id);
    expect(refundIdOf(`${r.id}.${"A".repeat(43)}`)).toBeNull();
    expect(refundIdOf(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(refundIdOf(`rfd_${"0".repeat(32)}.${token.split(".")[1]}`)).toBeNull();
  });

  it("a sandbox claim completes at once with a made-up transaction; the session is refunded in full", async () => {
    const m = await newMerchant();
    const id = await paidSession(m, "12.50");
    const r = (await refund(m, id)).body.responseObject;
    await claim(r.id);
    const done = (await call("GET", `/api/refunds/${r.id}`, { key: m.apiKey })).body.responseObject;
    expect(done).toMatchObject({ status: "COMPLETED", payoutAddress: PAYER, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(done.claimedAt).not.toBeNull();
    expect(done.completedAt).not.toBeNull();
    expect(await sessionOf(m, id)).toMatchObject({ status: "COMPLETED", refundedUsdc: "12.50", refundState: "full" });
    // once completed it can no longer be claimed again or cancelled
    await expect(claim(r.id)).rejects.toMatchObject({ code: "CONFLICT" });
    const cancel = await call("POST", `/api/refunds/${r.id}/cancel`, { key: m.apiKey, body: {} });
    expect(cancel.status).toBe(409);
  });

  it("a cancelled refund's amount is refundable again; cancelling twice answers it as it is; another merchant finds nothing", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const id = await paidSession(m, "10.00");
    const r = (await refund(m, id)).body.responseObject;
    expect((await refund(m, id, { amountUsdc: "0.01" })).status).toBe(400);
    expect((await call("POST", `/api/refunds/${r.id}/cancel`, { key: other.apiKey, body: {} })).status).toBe(404);
    expect((await call("GET", `/api/refunds/${r.id}`, { key: other.apiKey })).status).toBe(404);
    const cancelled = await call("POST", `/api/refunds/${r.id}/cancel`, { key: m.apiKey, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.responseObject).toMatchObject({ status: "CANCELLED", cancelledAt: expect.any(String) });
    const again = await call("POST", `/api/refunds/${r.id}/cancel`, { key: m.apiKey, body: {} });
    expect(again.body.responseObject).toEqual(cancelled.body.responseObject);
    await expect(claim(r.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await refund(m, id)).body.responseObject).toMatchObject({ amountUsdc: "10.00" });
  });

  it("an unclaimed refund expires after REFUND_CLAIM_TTL and its amount is refundable again", async () => {
    const m = await newMerchant();
    const id = await paidSession(m, "10.00");
    const r = (await refund(m, id, { amountUsdc: "4.00" })).body.responseObject;
    const db = await testDb();
    // not due yet: the job leaves it as it is
    expect(await findDueRefunds(db, 1000)).not.toContain(r.id);
    await advanceRefund(db, r.id);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "AWAITING_CLAIM" });
    const past = new Date(Date.now() - 1000);
    await db.update(refunds).set({ expiresAt: past, dueAt: past }).where(eq(refunds.id, r.id));
    expect(await findDueRefunds(db, 1000)).toContain(r.id);
    await advanceRefund(db, r.id);
    expect((await rowsOf(id))[0]).toMatchObject({ status: "EXPIRED", dueAt: null });
    expect((await refund(m, id)).body.responseObject).toMatchObject({ amountUsdc: "10.00" });
    await expect(claim(r.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("is audited: who made it, and who cancelled it", async () => {
    const m = await newMerchant();
    const id = await paidSession(m);
    const r = (await refund(m, id, { amountUsdc: "2.00" })).body.responseObject;
    await call("POST", `/api/refunds/${r.id}/cancel`, { key: m.apiKey, body: {} });
    const trail = await (await testDb()).select().from(auditLog).where(eq(auditLog.target, r.id));
    expect(trail.map((a) => a.action).sort()).toEqual(["refund.cancelled", "refund.created"]);
  });
});

describe("refunds: v1", () => {
  it("refunds a v1 order in v1's shape; the order stays FULFILLED with its refunded amount", async () => {
    const m = await newMerchant();
    const id = await paidSession(m, "40.00");
    const res = await call("POST", `/api/v1/orders/${id}/refunds`, { key: m.apiKey, body: { amountUsdc: "15.00", method: "recorded" } });
    expect(res.status, res.text).toBe(201);
    const r = res.body.responseObject.refund;
    expect(r).toMatchObject({ orderId: id, usdcAmount: "15.00", status: "COMPLETED", method: "recorded" });
    expect(r.sessionId).toBeUndefined();
    const order = (await call("GET", `/api/v1/orders/${id}`, { key: m.apiKey })).body.responseObject.order;
    expect(order).toMatchObject({ status: "FULFILLED", refundedUsdcAmount: "15.00", refundState: "partial" });
    const list = await call("GET", `/api/v1/orders/${id}/refunds`, { key: m.apiKey });
    expect(list.body.responseObject.refunds).toEqual([r]);
    expect((await call("GET", `/api/v1/refunds/${r.id}`, { key: m.apiKey })).body.responseObject.refund).toEqual(r);
    const cancel = await call("POST", `/api/v1/refunds/${r.id}/cancel`, { key: m.apiKey, body: {} });
    expect(cancel.status).toBe(409);
    expect(cancel.body.errorCode).toBeDefined();
  });
});

describe("refunds: events", () => {
  it("v0 refund.created, refund.claimed, refund.completed and v1 REFUND_PENDING, REFUND_COMPLETED, signed, with the refund in data.refund", async () => {
    const [r0, r1] = [await new Receiver().start(), await new Receiver().start()];
    receivers.push(r0, r1);
    const m = await newMerchant();
    const v0 = await newWebhook(m, { url: r0.url, events: ["refund.created", "refund.claimed", "refund.completed", "refund.cancelled"] });
    const v1Res = await call("POST", "/api/v1/webhooks", {
      key: m.apiKey,
      body: { url: r1.url, events: ["REFUND_PENDING", "REFUND_COMPLETED", "REFUND_CANCELLED"] },
    });
    expect(v1Res.status, v1Res.text).toBe(201);
    const v1 = v1Res.body.responseObject;
    const id = await paidSession(m, "9.00");
    const r = (await refund(m, id, { amountUsdc: "9.00", reason: "Order lost in the post" })).body.responseObject;
    await claim(r.id);

    const db = await testDb();
    const dl = async (hook: string, v: "" | "/v1") =>
      (await call("GET", `/api${v}/webhooks/${hook}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
    const ds = [...(await dl(v0.id, "")), ...(await dl(v1.id, "/v1"))];
    for (const d of ds) expect((await attemptDelivery(db, d.id, { actor: SYSTEM })).kind).toBe("attempted");
    const bodies0 = r0.received.map((x) => JSON.parse(x.body));
    const bodies1 = r1.received.map((x) => JSON.parse(x.body));
    expect(bodies0.map((b) => b.type).sort()).toEqual(["refund.claimed", "refund.completed", "refund.created"]);
    expect(bodies1.map((b) => b.type).sort()).toEqual(["REFUND_COMPLETED", "REFUND_PENDING"]);
    for (const x of r0.received) expect(verifyZkp2p(x, v0.secret) && verifyStandard(x, v0.secret)).toBe(true);
    for (const x of r1.received) expect(verifyZkp2p(x, v1.secret) && verifyStandard(x, v1.secret)).toBe(true);
    const completed = bodies0.find((b) => b.type === "refund.completed");
    expect(completed.data).toMatchObject({
      session: { id, status: "COMPLETED", refundedUsdc: "9.00", refundState: "full" },
      order: null,
      refund: { id: r.id, status: "COMPLETED", amountUsdc: "9.00", payoutAddress: PAYER, reason: "Order lost in the post" },
    });
    const pending = bodies1.find((b) => b.type === "REFUND_PENDING");
    expect(pending.data).toMatchObject({
      order: { id, status: "FULFILLED", refundState: "none" },
      payment: null,
      paymentBridge: null,
      refund: { id: r.id, orderId: id, usdcAmount: "9.00", status: "AWAITING_CLAIM" },
    });
    // recorded with the session, in GET /api/events as well
    const listed = await db.select({ type: events.type }).from(events).where(eq(events.sessionId, id));
    expect(listed.map((e) => e.type)).toEqual(expect.arrayContaining(["refund.created", "refund.claimed", "refund.completed"]));
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row!.refundedMicro).toBe(9_000_000n);
  });
});
