import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutSessions, events, paymentLinks } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import { awayFromWindowEdge, call, newMerchant, randomIp, sessionBody, type TestMerchant, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";

// Payment links through the API (create, list, read, update, pause) and the payer's start on the
// link's page (its server action), on both databases: the limit holds under concurrent starts, the
// same form started twice makes one session, and a closed link starts nothing.

let ip = randomIp();
// the visitor's browser: its cookies, when a test follows one visitor (null: a browser that keeps none)
let jar: Map<string, string> | null = null;
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": ip }),
  cookies: async () => ({
    get: (name: string) => (jar?.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => jar?.set(name, value),
  }),
}));
const { startLinkAction } = await import("@/actions/payment-link");
const { default: LinkPage } = await import("@/app/l/[slug]/page");
const renderLink = async (slug: string) => renderToStaticMarkup(await LinkPage({ params: Promise.resolve({ slug }) }));
const { GET: linkQr } = await import("@/app/l/[slug]/qr/route");
const { GET: checkoutQr } = await import("@/app/checkout/qr/route");
const { getSessionDetail } = await import("@/lib/dashboard/session-detail");

beforeEach(() => {
  ip = randomIp();
  jar = null;
});

/** Another payer: their own address and a browser that keeps cookies. */
function newVisitor() {
  ip = randomIp();
  jar = new Map();
}

const linkBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Tip jar",
  amount: "12.50",
  destinationChainId: 8453,
  destinationToken: TOKEN,
  recipientAddress: WALLET,
  ...overrides,
});

async function newLink(m: TestMerchant, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/payment-links", { key: m.apiKey, body: linkBody(overrides) });
  if (res.status !== 201) throw new Error(`link creation failed: ${res.text}`);
  return res.body.responseObject as { id: string; slug: string; url: string; [k: string]: any };
}

const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).searchParams.get("session")!;

let attempts = 0;
const attempt = () => `attempt-${Date.now().toString(36)}-${(attempts++).toString().padStart(8, "0")}`;

const start = (slug: string, input: Record<string, string> = {}, at = attempt()) => startLinkAction({ slug, attempt: at, ...input });

/** Pays a session in the sandbox as the payer would: start, payment sent, the proof. */
async function pay(m: TestMerchant, sessionId: string) {
  const started = await call("POST", `/api/checkout/sessions/${sessionId}/start`, {
    key: m.apiKey,
    body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
  });
  expect(started.status, started.text).toBe(200);
  await call("POST", `/api/checkout/sessions/${sessionId}/payment-sent`, { key: m.apiKey });
  const fulfilled = await call("POST", "/api/orders/fulfill", {
    key: m.apiKey,
    body: { intentHash: started.body.responseObject.intentHash, proof: { sandbox: true, outcome: "success" } },
  });
  expect(fulfilled.status, fulfilled.text).toBe(200);
}

async function linkSessionRows(linkId: string) {
  const db = await testDb();
  return db.select().from(checkoutSessions).where(eq(checkoutSessions.paymentLinkId, linkId));
}

describe("the payment links API", () => {
  it("creates, lists, reads, updates and pauses a link", async () => {
    const m = await newMerchant();
    const created = await newLink(m, {
      fields: [{ key: "email", required: true }],
      maxPayments: 5,
      successUrl: "https://shop.example/thanks",
    });
    expect(created).toMatchObject({
      title: "Tip jar",
      currency: "USDC",
      amount: "12.50",
      minAmount: null,
      status: "ACTIVE",
      payments: 0,
      paidUsdc: "0.00",
      maxPayments: 5,
      fields: [{ key: "email", required: true }],
    });
    expect(created.id).toMatch(/^plink_[0-9a-f]{32}$/);
    expect(created.slug).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(created.url).toMatch(new RegExp(`/l/${created.slug}$`));

    const listed = await call("GET", "/api/payment-links", { key: m.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.responseObject.paymentLinks.map((l: { id: string }) => l.id)).toEqual([created.id]);

    const paused = await call("PATCH", `/api/payment-links/${created.id}`, { key: m.apiKey, body: { active: false, title: "Tips" } });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.responseObject).toMatchObject({ active: false, status: "PAUSED", title: "Tips", amount: "12.50" });
    const read = await call("GET", `/api/payment-links/${created.id}`, { key: m.apiKey });
    expect(read.body.responseObject).toMatchObject({ status: "PAUSED" });
  });

  it("a fiat link with an amount the payer chooses", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { amount: undefined, currency: "EUR", minAmount: "5", maxAmount: "250.00", maxFeePercentage: 3 });
    expect(link).toMatchObject({ currency: "EUR", amount: null, minAmount: "5.00", maxAmount: "250.00", maxFeePercentage: 3 });
  });

  it.each([
    [{ minAmount: "1.00", maxAmount: "2.00" }, "amount", "not both"],
    [{ amount: undefined }, "amount", "is required"],
    [{ amount: undefined, minAmount: "10.00", maxAmount: "5.00" }, "maxAmount", "at least minAmount"],
    [{ amount: undefined, minAmount: "10.00" }, "maxAmount", "is required with minAmount"],
    [{ amount: "0.00" }, "amount", "more than 0"],
    [{ amount: "1.1234567" }, "amount", "decimal string"],
    [{ currency: "EUR", amount: "1.123" }, "amount", "at most 2 decimals"],
    [{ maxFeePercentage: 5 }, "maxFeePercentage", "only accepted with a fiat currency"],
    [{ maxPayments: 0 }, "maxPayments", "at least 1"],
    [{ endsAt: "2020-01-01T00:00:00Z" }, "endsAt", "in the future"],
    [{ endsAt: "tomorrow" }, "endsAt", "ISO 8601"],
    [{ fields: [{ key: "phone" }] }, "fields.0.key", "name, email, reference"],
    [{ fields: [{ key: "name" }, { key: "name" }] }, "fields", "each field once"],
    [{ destinationChainId: 1 }, "destinationChainId", "must be one of"],
    [{ amount: "2000000.00" }, "amount", "must be between"],
    [{ surprise: true }, "surprise", ""],
  ])("refuses %j (%s) and creates nothing", async (overrides, field, words) => {
    const m = await newMerchant();
    const res = await call("POST", "/api/payment-links", { key: m.apiKey, body: linkBody(overrides) });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error?.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(res.body.error?.details?.fields ?? {})).toContain(field);
    expect(res.body.message).toContain(words);
    expect((await call("GET", "/api/payment-links", { key: m.apiKey })).body.responseObject.paymentLinks).toEqual([]);
  });

  it("another merchant's link is out of reach", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const link = await newLink(a);
    expect((await call("GET", `/api/payment-links/${link.id}`, { key: b.apiKey })).status).toBe(403);
    expect((await call("PATCH", `/api/payment-links/${link.id}`, { key: b.apiKey, body: { active: false } })).status).toBe(403);
    expect((await call("GET", `/api/payment-links/${link.id}`, { key: a.apiKey })).body.responseObject.active).toBe(true);
    expect((await call("GET", "/api/payment-links/plink_nope", { key: a.apiKey })).status).toBe(404);
  });
});

describe("the payment links API, v1 style", () => {
  it("defaults the destination as v1 orders do, answers it in their names, and refuses with errorCode", async () => {
    const m = await newMerchant();
    const noWallet = await call("POST", "/api/v1/payment-links", { key: m.apiKey, body: { title: "Invoice 7", amount: "30.00" } });
    expect(noWallet.status).toBe(400);
    expect(noWallet.body).toMatchObject({
      errorCode: expect.any(String),
      error: { details: { fields: { destinationAddress: expect.any(String) } } },
    });

    const created = await call("POST", "/api/v1/payment-links", {
      key: m.apiKey,
      body: { title: "Invoice 7", amount: "30.00", destinationAddress: WALLET, destinationChainId: "8453", maxPayments: 1 },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.responseObject).toMatchObject({
      title: "Invoice 7",
      amount: "30.00",
      destinationAddress: WALLET,
      destinationChainId: "8453",
      destinationToken: TOKEN,
      maxPayments: 1,
      status: "ACTIVE",
    });
    expect(created.body.responseObject).not.toHaveProperty("recipientAddress");
    const id = created.body.responseObject.id;
    // the same link through either generation
    expect((await call("GET", `/api/payment-links/${id}`, { key: m.apiKey })).body.responseObject.recipientAddress).toBe(WALLET);
    const paused = await call("PATCH", `/api/v1/payment-links/${id}`, { key: m.apiKey, body: { active: false } });
    expect(paused.body.responseObject).toMatchObject({ status: "PAUSED", destinationAddress: WALLET });
    const listed = await call("GET", "/api/v1/payment-links", { key: m.apiKey });
    expect(listed.body.responseObject.paymentLinks.map((l: { id: string }) => l.id)).toEqual([id]);
    const bad = await call("POST", "/api/v1/payment-links", {
      key: m.apiKey,
      body: { title: "x", amount: "1", destinationAddress: "0x12" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBeDefined();
  });
});

describe("a payer's start on a link", () => {
  it("makes a session with the link, the amount and the payer's answers; the same form started twice makes one", async () => {
    const m = await newMerchant();
    const link = await newLink(m, {
      amount: undefined,
      minAmount: "1.00",
      maxAmount: "100.00",
      fields: [
        { key: "name", required: true },
        { key: "reference", required: false },
      ],
    });
    const at = attempt();
    const first = await start(link.slug, { amount: "7.25", name: "Ada Lovelace", reference: "" }, at);
    expect(first).toMatchObject({ ok: true });
    const again = await start(link.slug, { amount: "7.25", name: "Ada Lovelace", reference: "" }, at);
    expect(again).toEqual(first);
    const rows = await linkSessionRows(link.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMicro: 7_250_000n, metadata: { name: "Ada Lovelace" }, merchantId: m.id, status: "CREATED" });
    if (!first.ok) throw new Error("unreachable");
    expect(first.data.checkoutUrl).toMatch(new RegExp(`/checkout\\?session=${rows[0]!.id}$`));

    // the session, its event and its webhook payload carry the link
    const s = await call("GET", `/api/checkout/sessions/${rows[0]!.id}`, { key: m.apiKey });
    expect(s.body.responseObject.paymentLinkId).toBe(link.id);
    const db = await testDb();
    const [created] = await db.select().from(events).where(eq(events.sessionId, rows[0]!.id));
    expect(JSON.stringify(created!.payload)).toContain(link.id);

    // the same form with another amount is not a second payment
    const changed = await start(link.slug, { amount: "8.00", name: "Ada Lovelace" }, at);
    expect(changed).toMatchObject({ ok: false, message: expect.stringContaining("already started a payment") });
    expect(await linkSessionRows(link.id)).toHaveLength(1);
  });

  it("refuses an amount outside the bounds, a missing required field and a bad email, and makes nothing", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { amount: undefined, minAmount: "5.00", maxAmount: "20.00", fields: [{ key: "email", required: true }] });
    expect(await start(link.slug, { amount: "4.99", email: "a@b.example" })).toMatchObject({
      ok: false,
      fields: { amount: "Enter an amount from 5.00 to 20.00 USDC." },
    });
    expect(await start(link.slug, { amount: "20.01", email: "a@b.example" })).toMatchObject({
      ok: false,
      fields: { amount: expect.any(String) },
    });
    expect(await start(link.slug, { amount: "", email: "a@b.example" })).toMatchObject({
      ok: false,
      fields: { amount: expect.any(String) },
    });
    expect(await start(link.slug, { amount: "10.00", email: "" })).toMatchObject({ ok: false, fields: { email: "Enter your email." } });
    expect(await start(link.slug, { amount: "10.00", email: "not an email" })).toMatchObject({
      ok: false,
      fields: { email: expect.any(String) },
    });
    expect(await start("nosuchlink12", { amount: "10.00" })).toMatchObject({ ok: false, message: "This payment link does not exist." });
    expect(await linkSessionRows(link.id)).toHaveLength(0);
  });

  it("a paused link and an ended one start nothing, even from a page opened before", async () => {
    const m = await newMerchant();
    const link = await newLink(m);
    await call("PATCH", `/api/payment-links/${link.id}`, { key: m.apiKey, body: { active: false } });
    expect(await start(link.slug)).toMatchObject({ ok: false, message: expect.stringContaining("paused") });
    await call("PATCH", `/api/payment-links/${link.id}`, { key: m.apiKey, body: { active: true } });
    const db = await testDb();
    await db
      .update(paymentLinks)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, link.id));
    expect(await start(link.slug)).toMatchObject({ ok: false, message: expect.stringContaining("has ended") });
    expect((await call("GET", `/api/payment-links/${link.id}`, { key: m.apiKey })).body.responseObject.status).toBe("EXPIRED");
    expect(await linkSessionRows(link.id)).toHaveLength(0);
  });

  it("a limit of two: payments in progress hold their places, paid ones close the link", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { maxPayments: 2 });
    newVisitor();
    const a = await start(link.slug);
    newVisitor();
    const b = await start(link.slug);
    expect([a.ok, b.ok]).toEqual([true, true]);
    // both places are held by the sessions in progress
    newVisitor();
    expect(await start(link.slug)).toMatchObject({ ok: false, message: expect.stringContaining("being made right now") });
    const [first, second] = await linkSessionRows(link.id);
    // a cancelled session gives its place back
    expect((await call("POST", `/api/checkout/sessions/${first!.id}/cancel`, { key: m.apiKey })).status).toBe(200);
    const c = await start(link.slug);
    expect(c.ok).toBe(true);
    await pay(m, second!.id);
    if (!c.ok) throw new Error("unreachable");
    await pay(m, new URL(c.data.checkoutUrl).searchParams.get("session")!);
    const read = (await call("GET", `/api/payment-links/${link.id}`, { key: m.apiKey })).body.responseObject;
    expect(read).toMatchObject({ status: "LIMIT_REACHED", payments: 2, paidUsdc: "25.00", openSessions: 0 });
    expect(await start(link.slug)).toMatchObject({ ok: false, message: expect.stringContaining("reached its number of payments") });
    expect(await linkSessionRows(link.id)).toHaveLength(3);
  });

  it("concurrent starts on the last place make exactly one session", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { maxPayments: 1 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        ip = randomIp(); // each from its own address, so the per-address limit is not what stops them
        return start(link.slug, {}, `concurrent-${i}-${Date.now().toString(36)}-padding`);
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await linkSessionRows(link.id)).toHaveLength(1);
  });

  it("starts per address are limited, with the time to wait", async () => {
    const m = await newMerchant();
    const link = await newLink(m);
    // the limit counts in fixed one-minute windows: all eleven starts fall in one
    await awayFromWindowEdge(60_000, 20_000);
    for (let i = 0; i < 10; i++) {
      const started = await start(link.slug);
      if (!started.ok) throw new Error(started.message);
      // cancelled at once, so the address holds none of the link's places: the rate is what is counted
      await call("POST", `/api/checkout/sessions/${sessionOf(started.data.checkoutUrl)}/cancel`, { key: m.apiKey });
    }
    expect(await start(link.slug)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Too many payments were started from your network\. Try again in \d+ seconds\./),
    });
    expect(await linkSessionRows(link.id)).toHaveLength(10);
  });
});

describe("a link's places", () => {
  const startPayment = (m: TestMerchant, sessionId: string) =>
    call("POST", `/api/checkout/sessions/${sessionId}/start`, { key: m.apiKey, body: { paymentPlatform: "venmo", fiatCurrency: "USD" } });
  const setSession = async (id: string, set: Partial<typeof checkoutSessions.$inferInsert>) =>
    (await testDb()).update(checkoutSessions).set(set).where(eq(checkoutSessions.id, id));
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
  const started = (r: Awaited<ReturnType<typeof start>>) => {
    if (!r.ok) throw new Error(r.message);
    return sessionOf(r.data.checkoutUrl);
  };

  it("a started session with no payment holds its place for minutes, not a day; its payment then needs a free place", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { maxPayments: 1 });
    newVisitor();
    const first = started(await start(link.slug));
    newVisitor();
    expect(await start(link.slug)).toMatchObject({ ok: false, message: expect.stringContaining("being made right now") });
    // the first payer leaves their tab past LINK_HOLD (10 minutes) without paying: the place is free
    await setSession(first, { updatedAt: minutesAgo(11) });
    const second = started(await start(link.slug));
    // the first payer comes back and pays: the link's one place is the second payer's now
    const late = await startPayment(m, first);
    expect(late.status, late.text).toBe(409);
    expect(late.body.message).toContain("being made right now");
    await pay(m, second);
    const read = (await call("GET", `/api/payment-links/${link.id}`, { key: m.apiKey })).body.responseObject;
    expect(read).toMatchObject({ status: "LIMIT_REACHED", payments: 1 });
    expect((await startPayment(m, first)).status).toBe(409);
  });

  it("a session with a payment in flight holds its place past the session's end, until the payment ends", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { maxPayments: 1 });
    newVisitor();
    const first = started(await start(link.slug));
    expect((await startPayment(m, first)).status).toBe(200);
    // the session's own end has passed and nothing has swept it yet, while the payment is still on its way
    await setSession(first, { updatedAt: minutesAgo(60), expiresAt: minutesAgo(1) });
    newVisitor();
    expect(await start(link.slug)).toMatchObject({ ok: false, message: expect.stringContaining("being made right now") });
    expect(await renderLink(link.slug)).toContain("being made right now");
    // the payment ends (the session is cancelled, or expires when next read): the place is free
    await call("POST", `/api/checkout/sessions/${first}/cancel`, { key: m.apiKey });
    expect(await start(link.slug)).toMatchObject({ ok: true });
  });

  it("one address holds at most two places of a link, so ten addresses cannot spend the merchant's starts", async () => {
    const m = await newMerchant();
    const link = await newLink(m);
    // the merchant's 100 starts a minute count in fixed windows: every start below falls in one
    await awayFromWindowEdge(60_000, 20_000);
    for (let a = 0; a < 10; a++) {
      ip = randomIp();
      const results = [];
      for (let i = 0; i < 10; i++) results.push(await start(link.slug));
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expect(results[2]).toMatchObject({ ok: false, message: expect.stringContaining("already started payments on this link") });
    }
    expect(await linkSessionRows(link.id)).toHaveLength(20);
    // a payer from elsewhere still starts
    ip = randomIp();
    expect(await start(link.slug)).toMatchObject({ ok: true });
  });

  it("a payer who comes back gets their own session again; asking for another amount replaces it", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { amount: undefined, minAmount: "1.00", maxAmount: "100.00" });
    newVisitor();
    const first = started(await start(link.slug, { amount: "5.00" }));
    // the page again, a new form, the same amount: the same session, no second place taken
    expect(await renderLink(link.slug)).toContain(`Continue your payment`);
    expect(started(await start(link.slug, { amount: "5.00" }))).toBe(first);
    expect(await linkSessionRows(link.id)).toHaveLength(1);
    // another amount: the unpaid session is cancelled and a new one made
    const second = started(await start(link.slug, { amount: "6.00" }));
    expect(second).not.toBe(first);
    const rows = new Map((await linkSessionRows(link.id)).map((r) => [r.id, r]));
    expect(rows.get(first)!.status).toBe("CANCELLED");
    expect(rows.get(second)!.amountMicro).toBe(6_000_000n);
    // with its payment on its way, whatever the form asks the payer is sent back to it
    expect((await startPayment(m, second)).status).toBe(200);
    expect(started(await start(link.slug, { amount: "7.00" }))).toBe(second);
    expect(await renderLink(link.slug)).toContain("Your payment on this link is in progress.");
    expect(await linkSessionRows(link.id)).toHaveLength(2);
    // somebody else's browser is offered nothing of it
    newVisitor();
    expect(await renderLink(link.slug)).not.toContain("Continue your payment");
  });

  it("a full link offers the payer holding a place their session, and everyone else the wait", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { maxPayments: 1 });
    newVisitor();
    const own = started(await start(link.slug));
    const theirs = await renderLink(link.slug);
    expect(theirs).toContain(`/checkout?session=${own}`);
    expect(theirs).not.toContain("being made right now");
    expect(theirs).not.toContain("Continue to payment");
    newVisitor();
    const others = await renderLink(link.slug);
    expect(others).toContain("being made right now");
    expect(others).not.toContain(own);
  });
});

describe("the link's page", () => {
  it("opened by many clients at once makes no session; each address may open 120 a minute, then is told to wait", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { amount: undefined, minAmount: "1.00", maxAmount: "9.00", fields: [{ key: "email", required: false }] });
    const pages = await Promise.all(
      Array.from({ length: 40 }, () => {
        ip = randomIp();
        return renderLink(link.slug);
      }),
    );
    for (const html of pages) {
      expect(html).toContain("Any amount from 1.00 to 9.00 USDC");
      expect(html).toContain("Continue to payment");
      expect(html).toContain('name="email"');
    }
    expect(await linkSessionRows(link.id)).toHaveLength(0);

    ip = randomIp();
    await awayFromWindowEdge(60_000, 20_000);
    for (let i = 0; i < 120; i++) expect(await renderLink(link.slug)).toContain("Continue to payment");
    const limited = await renderLink(link.slug);
    expect(limited).toMatch(/Too many payment pages were opened from your network\. Try again in \d+ seconds\./);
    expect(limited).not.toContain("Continue to payment");
    expect(await linkSessionRows(link.id)).toHaveLength(0);
  });

  it("says why a closed link takes no payment, and offers no button", async () => {
    const m = await newMerchant();
    const link = await newLink(m, { maxPayments: 1 });
    expect(await start(link.slug)).toMatchObject({ ok: true });
    expect(await renderLink(link.slug)).toContain("Every remaining payment on this link is being made right now.");
    await call("PATCH", `/api/payment-links/${link.id}`, { key: m.apiKey, body: { active: false } });
    const paused = await renderLink(link.slug);
    expect(paused).toContain("This payment link is paused.");
    expect(paused).not.toContain("Continue to payment");
  });
});

describe("GET /l/<slug>/qr", () => {
  const qr = (slug: string, query = "") =>
    linkQr(new Request(`http://checkout.test/l/${slug}/qr${query}`, { headers: { "x-forwarded-for": ip } }), {
      params: Promise.resolve({ slug }),
    });

  it("answers SVG and PNG, and an envelope for an unknown format or link", async () => {
    const m = await newMerchant();
    const link = await newLink(m);
    const svg = await qr(link.slug);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const png = await qr(link.slug, "?format=png");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const bad = await qr(link.slug, "?format=gif");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, error: { code: "VALIDATION_FAILED" } });
    expect((await qr("nosuchlink12")).status).toBe(404);
  });
});

describe("GET /checkout/qr", () => {
  const qr = (query: string) => checkoutQr(new Request(`http://checkout.test/checkout/qr${query}`, { headers: { "x-forwarded-for": ip } }));

  it("answers the QR code of an open session's page, which the dashboard offers beside its link", async () => {
    const m = await newMerchant();
    const s = (await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) })).body.responseObject.session;
    const svg = await qr(`?session=${s.id}`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect((await qr(`?session=${s.id}&format=png`)).headers.get("content-type")).toBe("image/png");
    expect((await qr("?session=sess_nope")).status).toBe(404);
    expect((await qr("")).status).toBe(404);
    const detail = await getSessionDetail(await testDb(), s.id, { actor: dashboardMerchant(m.id) });
    expect(detail.payerLink).toMatch(new RegExp(`/checkout\\?session=${s.id}$`));
    await call("POST", `/api/checkout/sessions/${s.id}/cancel`, { key: m.apiKey });
    expect((await getSessionDetail(await testDb(), s.id, { actor: dashboardMerchant(m.id) })).payerLink).toBeNull();
  });
});
