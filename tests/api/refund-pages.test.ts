import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { memberships, refunds } from "@/db/schema";
import { claimMerchant } from "@/lib/accounts/teams";
import type { MerchantActor } from "@/lib/core/actor";
import { NETWORKS } from "@/lib/core/config/zkp2p-networks";
import { claimToken } from "@/lib/refunds/service";
import { call, newMerchant, newSession, randomIp, startedSession, type TestMerchant, WALLET } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person } from "../support/people";

// The refund's faces below the browser: the payer's claim page and its action (the link's token is
// its authority; a made-up link is a 404; the address is checked and the refusal names what is
// wrong; the claim shows on the page; in another language the page and the refusal are the payer's),
// and the session's dashboard page, where only an owner refunds, cancels and sends.

let ip = randomIp();
let language = "en";
let signedIn: { merchantId: string; actor: MerchantActor };
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": ip, "accept-language": language, "x-checkout-payer-page": pagePath }),
  cookies: async () => ({ get: () => undefined, set: () => {} }),
}));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  requireMerchant: async () => ({ ...signedIn, person: signedIn.actor.person ?? null }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
let pagePath = "/";

const { claimRefundAction } = await import("@/actions/refund");
const { createRefundAction, cancelRefundAction } = await import("@/actions/dashboard/refunds");
const { default: ClaimPage } = await import("@/app/refund/[token]/page");
const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");

const PAYER = "0x2222222222222222222222222222222222222222";
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function paidSession(m: TestMerchant, amountUsdc = "30.00") {
  const { session, started } = await startedSession(m, "venmo", "USD", { amountUsdc });
  await call("POST", "/api/orders/fulfill", {
    key: m.apiKey,
    body: { intentHash: started.intentHash, proof: { sandbox: true, outcome: "success" } },
  });
  return session.id as string;
}

async function refundOf(m: TestMerchant, sessionId: string, body: Record<string, unknown>) {
  const res = await call("POST", `/api/checkout/sessions/${sessionId}/refunds`, { key: m.apiKey, body });
  expect(res.status, res.text).toBe(201);
  return res.body.responseObject;
}

const renderClaim = async (token: string) => {
  pagePath = `/refund/${token}`;
  return renderToStaticMarkup(await ClaimPage({ params: Promise.resolve({ token }) }));
};

describe("the claim page", () => {
  it("shows the shop, the amount and why; a made-up or altered link is not found", async () => {
    ip = randomIp();
    const m = await newMerchant({ displayName: "Acme Books" });
    const r = await refundOf(m, await paidSession(m), { amountUsdc: "7.50", reason: "A damaged cover" });
    const page = text(await renderClaim(claimToken(r.id)));
    expect(page).toContain("Acme Books is giving you back 7.50 USDC.");
    expect(page).toContain("Why: A damaged cover");
    expect(page).toContain("Your Base address");
    for (const bad of [`${r.id}.${"A".repeat(43)}`, "rfd_nope", claimToken(r.id).slice(0, -2)]) {
      await expect(renderClaim(bad)).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
    }
  });

  it("checks the address: malformed, a bad checksum, zero, USDC's contract, the rail's contract and the shop's own address are refused, and nothing changes", async () => {
    ip = randomIp();
    const m = await newMerchant();
    const r = await refundOf(m, await paidSession(m), {});
    const token = claimToken(r.id);
    const base = NETWORKS.base;
    const cases: [string, RegExp][] = [
      ["0x123", /must be 0x followed by 40 hex characters/],
      ["0x52908400098527886E0F7030069857D2E4169Ee7", /fails its checksum/],
      ["0x0000000000000000000000000000000000000000", /zero address/],
      [base.usdc, /USDC token's own contract/],
      [base.addresses.OrchestratorV3, /contract of the payment rail/],
      [WALLET, /the shop's own address/],
    ];
    for (const [address, message] of cases) {
      const res = await claimRefundAction({ token, address });
      expect(res.ok, address).toBe(false);
      if (!res.ok) expect(res.message).toMatch(message);
    }
    const [row] = await (await testDb()).select().from(refunds).where(eq(refunds.id, r.id));
    expect(row).toMatchObject({ status: "AWAITING_CLAIM", payoutAddress: null });
    expect(await claimRefundAction({ token: `${r.id}.${"A".repeat(43)}`, address: PAYER })).toMatchObject({
      ok: false,
      message: "Refund not found",
    });
  });

  it("a claim on the sandbox completes at once and the page then says where the USDC went; all-lowercase is taken and checksummed", async () => {
    ip = randomIp();
    const m = await newMerchant();
    const r = await refundOf(m, await paidSession(m), { amountUsdc: "3.00" });
    const token = claimToken(r.id);
    const res = await claimRefundAction({ token, address: PAYER.toLowerCase() });
    expect(res).toMatchObject({ ok: true, status: "COMPLETED", address: PAYER });
    const page = text(await renderClaim(token));
    expect(page).toContain(`Refunded: 3.00 USDC was sent to ${PAYER}.`);
    expect(page).not.toContain("Claim the refund");
  });

  it("speaks the payer's language: German from the browser, and a refusal in German", async () => {
    ip = randomIp();
    language = "de";
    try {
      const m = await newMerchant({ displayName: "Buchladen" });
      const r = await refundOf(m, await paidSession(m), { amountUsdc: "2.00" });
      const page = text(await renderClaim(claimToken(r.id)));
      expect(page).toContain("Buchladen erstattet Ihnen 2.00 USDC zurück.");
      const res = await claimRefundAction({ token: claimToken(r.id), address: "0x1" });
      expect(res).toMatchObject({
        ok: false,
        message: "An diese Adresse können keine USDC erstattet werden. Prüfen Sie sie und versuchen Sie es erneut.",
      });
    } finally {
      language = "en";
    }
  });

  it("cancelled and expired refunds say so and ask for nothing", async () => {
    ip = randomIp();
    const m = await newMerchant();
    const id = await paidSession(m);
    const a = await refundOf(m, id, { amountUsdc: "1.00" });
    await call("POST", `/api/refunds/${a.id}/cancel`, { key: m.apiKey, body: {} });
    const cancelled = text(await renderClaim(claimToken(a.id)));
    expect(cancelled).toContain("The shop cancelled this refund.");
    expect(cancelled).not.toContain("Claim the refund");
    const b = await refundOf(m, id, { amountUsdc: "1.00" });
    await (await testDb()).update(refunds).set({ status: "EXPIRED" }).where(eq(refunds.id, b.id));
    expect(text(await renderClaim(claimToken(b.id)))).toContain("This refund link has expired.");
  });
});

describe("the session's page in the dashboard", () => {
  it("an owner refunds and cancels; a developer sees the refunds but is refused both", async () => {
    const db = await testDb();
    const m = await newMerchant();
    await newSession(m);
    const owner = await person();
    await claimMerchant(db, owner, m.apiKey, randomIp());
    const dev = await person();
    await db.insert(memberships).values({ merchantId: m.id, userId: dev.userId, role: "developer" });
    const id = await paidSession(m, "20.00");
    signedIn = { merchantId: m.id, actor: actorOf(m.id, owner, "owner") };
    const made = await createRefundAction({ sessionId: id, amountUsdc: "5.00", reason: "Late delivery", method: "claim" });
    expect(made).toMatchObject({ ok: true, refund: { amountUsdc: "5.00", status: "AWAITING_CLAIM" } });
    const tooMuch = await createRefundAction({ sessionId: id, amountUsdc: "15.01", method: "claim" });
    expect(tooMuch).toMatchObject({ ok: false, fields: { amountUsdc: expect.stringMatching(/at most 15\.00/) } });

    const page = text(renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id }) })));
    expect(page).toContain("Refunds");
    expect(page).toContain("5.00 USDC · Waiting for the payer's claim");
    expect(page).toContain("15.00 USDC is left to refund");
    expect(page).toContain("Send this link to the payer");

    signedIn = { merchantId: m.id, actor: actorOf(m.id, dev, "developer") };
    const refused = await createRefundAction({ sessionId: id, amountUsdc: "1.00", method: "claim" });
    expect(refused.ok).toBe(false);
    const ok = made as { refund: { id: string } };
    expect((await cancelRefundAction({ refundId: ok.refund.id })).ok).toBe(false);
    const devPage = text(renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id }) })));
    expect(devPage).toContain("Only an owner of this account can refund or send a refund.");

    signedIn = { merchantId: m.id, actor: actorOf(m.id, owner, "owner") };
    expect(await cancelRefundAction({ refundId: ok.refund.id })).toMatchObject({ ok: true, refund: { status: "CANCELLED" } });
  });

  it("a claimed live-style refund shows exactly what to send: the token, chain, address and amount, and its EIP-681 link", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const id = await paidSession(m, "8.00");
    signedIn = { merchantId: m.id, actor: { kind: "merchant", merchantId: m.id, keyId: null, face: "dashboard" } };
    const r = await refundOf(m, id, { amountUsdc: "8.00" });
    // a claim waiting for the merchant's transfer, as on the real rail
    await db.update(refunds).set({ status: "AWAITING_TRANSFER", payoutAddress: PAYER, claimedAt: new Date() }).where(eq(refunds.id, r.id));
    const page = text(renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id }) })));
    expect(page).toContain("What to send");
    expect(page).toContain(`ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${PAYER}&uint256=8000000`);
    expect(page).toContain("Send with my wallet");
  });
});
