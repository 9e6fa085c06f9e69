import { and, asc, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, checkoutSessions, events, memberships, orders, proofAttempts, sessionExceptions } from "@/db/schema";
import { claimMerchant } from "@/lib/accounts/teams";
import { type MerchantActor, payer } from "@/lib/core/actor";
import { SANDBOX_EXCEPTION_OUTCOMES as SANDBOX_OUTCOMES, type SandboxExceptionOutcome } from "@/lib/exceptions/kinds";
import { startSession } from "@/lib/sessions/transitions";
import { call, newMerchant, newSession, randomIp, startedSession, type TestMerchant, WALLET } from "../support/api";
import { testDb } from "../support/db";
import { actorOf, person, type Role, type Who } from "../support/people";

// Exceptions, end to end below the browser: each kind made on purpose in the sandbox (a sandbox
// proof's outcome to POST /api/orders/fulfill), shown on the v0 session, the v1 order, the list
// filter, the events of both generations and the CSV export; then resolved by an owner in the
// dashboard (its actions, as the pages call them): marked paid in full after a recent
// re-authentication, dismissed with a note, or a blocked release tried again. Every answer of the
// API is checked against the OpenAPI document by `call`.

let signedIn: { merchantId: string; actor: MerchantActor };
// whether the signed-in person re-authenticated within the last minutes (lib/auth/reauth.ts)
let reauthenticated = true;
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  requireMerchant: async () => ({ ...signedIn, person: signedIn.actor.person ?? null }),
  recentlyReauthenticated: async () => reauthenticated,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));

const { dismissAction, markPaidAction, retryReleaseAction } = await import("@/actions/dashboard/exceptions");
const { REAUTH_NEEDED, ROLE_REFUSED } = await import("@/lib/http/action");
const { default: ExceptionsPage } = await import("@/app/dashboard/(app)/exceptions/page");
const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");
const { GET: exportCsv } = await import("@/app/dashboard/sessions/export/route");

beforeEach(() => {
  reauthenticated = true;
});

type Team = { m: TestMerchant; owner: Who; as: (role: Role) => MerchantActor };

/** An account made through the API (its payout address used once), claimed by an owner, with a developer and a viewer. */
async function team(): Promise<Team> {
  const db = await testDb();
  const m = await newMerchant();
  await newSession(m); // an unclaimed account's key allows the address it uses; after the claim only owners add
  const owner = await person();
  await claimMerchant(db, owner, m.apiKey, randomIp());
  const [dev, viewer] = [await person(), await person()];
  await db.insert(memberships).values([
    { merchantId: m.id, userId: dev.userId, role: "developer" },
    { merchantId: m.id, userId: viewer.userId, role: "viewer" },
  ]);
  const people = { owner, developer: dev, viewer };
  const as = (role: Role) => actorOf(m.id, people[role], role);
  signedIn = { merchantId: m.id, actor: as("owner") };
  return { m, owner, as };
}

const signInAs = (t: Team, role: Role) => (signedIn = { merchantId: t.m.id, actor: t.as(role) });

/** A started sandbox session (venmo, USD) and the outcome's exception made on it. */
async function withException(m: TestMerchant, outcome: SandboxExceptionOutcome, amountUsdc = "50.00") {
  const { session, started } = await startedSession(m, "venmo", "USD", { amountUsdc });
  const res = await fulfil(m, started.intentHash, outcome);
  expect(res.status, res.text).toBe(200);
  return {
    sessionId: session.id,
    orderId: started.order.id as string,
    intentHash: started.intentHash as string,
    made: res.body.responseObject,
  };
}

const fulfil = (m: TestMerchant, intentHash: string, outcome: string) =>
  call("POST", "/api/orders/fulfill", { key: m.apiKey, body: { intentHash, proof: { sandbox: true, outcome } } });
const getSession = async (m: TestMerchant, id: string) =>
  (await call("GET", `/api/checkout/sessions/${id}`, { key: m.apiKey })).body.responseObject;
const exceptionRows = async (sessionId: string) =>
  (await testDb()).select().from(sessionExceptions).where(eq(sessionExceptions.sessionId, sessionId));
async function eventTypes(sessionId: string, apiVersion: 0 | 1) {
  const rows = await (
    await testDb()
  )
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.sessionId, sessionId), eq(events.apiVersion, apiVersion)))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.map((r) => r.type);
}
const auditOf = async (merchantId: string, action: string) =>
  (await testDb())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, action)));
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

/** How each outcome leaves the session and its order. */
const LEAVES: Record<SandboxExceptionOutcome, { session: string; order: string; released: boolean }> = {
  unproven: { session: "ACTIVE", order: "PAYMENT_SENT", released: false },
  blocked: { session: "ACTIVE", order: "PROOF_VERIFIED", released: false },
  late: { session: "EXPIRED", order: "EXPIRED", released: true },
  partial: { session: "EXPIRED", order: "FULFILLED", released: true },
  "cancelled-paid": { session: "CANCELLED", order: "CANCELLED", released: false },
};

describe("the sandbox makes every kind of exception", () => {
  for (const outcome of Object.keys(SANDBOX_OUTCOMES) as SandboxExceptionOutcome[]) {
    const kind = SANDBOX_OUTCOMES[outcome];
    it(`"${outcome}" opens ${kind}: on the session, in the events of both generations, with what support needs`, async () => {
      const m = await newMerchant();
      const { sessionId, orderId, intentHash, made } = await withException(m, outcome);
      const expected = LEAVES[outcome];
      expect(made.exception).toMatchObject({ kind, status: "OPEN", resolution: null, details: { orderId, intentHash } });
      expect(made.order.status).toBe(expected.order);
      if (expected.released) expect(made.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      else expect(made.txHash).toBeNull();

      const s = await getSession(m, sessionId);
      expect(s.status).toBe(expected.session);
      expect(s.markedBy).toBeNull();
      expect(s.exception).toMatchObject({
        id: made.exception.id,
        kind,
        status: "OPEN",
        details: {
          orderId,
          intentHash,
          payeeHandle: "@zkp2p-sandbox",
          paymentPlatform: "venmo",
          fiatCurrency: "USD",
          fiatAmount: expect.stringMatching(/^\d+\.\d\d$/),
          reason: expect.stringMatching(/^Sandbox: /),
        },
      });
      if (outcome === "partial") {
        expect(s.exception.details.amountUsdc).toBe("25.00");
        expect(s.exception.details.txHash).toBe(made.txHash);
      } else expect(s.exception.details.amountUsdc).toBe("50.00");
      if (outcome === "late") expect(s.exception.details.txHash).toBe(made.txHash);
      if (outcome === "cancelled-paid" || outcome === "unproven") expect(s.exception.details.paymentSentAt).toBeTruthy();

      // the events: v0 through the API (checked against the document), v1 beside them
      const listed = await call("GET", `/api/events?sessionId=${sessionId}&type=session.exception_opened`, { key: m.apiKey });
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.responseObject.events).toHaveLength(1);
      expect(listed.body.responseObject.events[0].data.exception).toMatchObject({ id: made.exception.id, kind, status: "OPEN" });
      expect(await eventTypes(sessionId, 1)).toContain("ORDER_EXCEPTION_OPENED");

      // the proof is kept as an attempt named by its outcome
      const attempts = await (await testDb()).select().from(proofAttempts).where(eq(proofAttempts.orderId, orderId));
      expect(attempts).toMatchObject([{ outcome, errorCode: null }]);
    });
  }

  it("opens a kind once per session while it is open: the same outcome again adds nothing", async () => {
    const m = await newMerchant();
    const { sessionId, intentHash } = await withException(m, "unproven");
    const again = await fulfil(m, intentHash, "unproven");
    expect(again.status, again.text).toBe(200);
    expect(await exceptionRows(sessionId)).toHaveLength(1);
    expect((await eventTypes(sessionId, 0)).filter((t) => t === "session.exception_opened")).toHaveLength(1);
    // and a proof that holds after all releases the USDC: the exception is resolved by it
    const released = await fulfil(m, intentHash, "success");
    expect(released.status, released.text).toBe(200);
    const s = await getSession(m, sessionId);
    expect(s.status).toBe("COMPLETED");
    expect(s.exception).toMatchObject({ status: "RESOLVED", resolution: "RELEASED", resolvedBy: "system" });
  });

  it("a live session refuses a sandbox exception outcome, and nothing is recorded", async () => {
    const m = await newMerchant();
    const { session, started } = await startedSession(m);
    await (await testDb()).update(checkoutSessions).set({ environment: "live" }).where(eq(checkoutSessions.id, session.id));
    for (const outcome of Object.keys(SANDBOX_OUTCOMES)) {
      const res = await fulfil(m, started.intentHash, outcome);
      expect(res.status, res.text).toBe(409);
      expect(res.body.message).toContain("sandbox sessions only");
    }
    expect(await exceptionRows(session.id)).toEqual([]);
    expect(await (await testDb()).select().from(proofAttempts).where(eq(proofAttempts.orderId, started.order.id))).toEqual([]);
    expect((await getSession(m, session.id)).exception).toBeNull();
  });

  it("an outcome the sandbox does not know is a refused proof that lists the exception outcomes", async () => {
    const m = await newMerchant();
    const { started } = await startedSession(m);
    const res = await fulfil(m, started.intentHash, "stuck");
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"cancelled-paid"');
  });

  it('"cancelled-paid" needs an order the payer has not said they paid', async () => {
    const m = await newMerchant();
    const { sessionId, intentHash } = await withException(m, "unproven");
    const res = await fulfil(m, intentHash, "cancelled-paid");
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toContain("PAYMENT_SENT");
    expect(await exceptionRows(sessionId)).toHaveLength(1);
  });
});

describe("a v1 order's exception", () => {
  it("is on GET /api/v1/orders/:id for the merchant (not with the payer's token), with ORDER_EXCEPTION_OPENED and _RESOLVED", async () => {
    const t = await team();
    const created = await call("POST", "/api/v1/orders", {
      key: t.m.apiKey,
      body: { requestedUsdcAmount: "30.00", destinationAddress: WALLET },
    });
    expect(created.status, created.text).toBe(201);
    const { order, orderToken } = created.body.responseObject as { order: { id: string }; orderToken: string };
    const started = await startSession(
      await testDb(),
      order.id,
      { paymentPlatform: "venmo", fiatCurrency: "USD" },
      { actor: payer(order.id, orderToken) },
    );
    const made = await fulfil(t.m, started.intentHash!, "blocked");
    expect(made.status, made.text).toBe(200);

    const read = await call("GET", `/api/v1/orders/${order.id}`, { key: t.m.apiKey });
    expect(read.status, read.text).toBe(200);
    expect(read.body.responseObject.order).toMatchObject({
      exception: { kind: "RELEASE_BLOCKED", status: "OPEN", details: { intentHash: started.intentHash } },
      markedBy: null,
    });
    const byPayer = await call("GET", `/api/v1/orders/${order.id}?token=${orderToken}`);
    expect(byPayer.status, byPayer.text).toBe(200);
    expect(byPayer.body.responseObject.order.exception).toBeNull();

    expect(
      await dismissAction({ sessionId: order.id, exceptionId: made.body.responseObject.exception.id, note: "Refunded by hand" }),
    ).toMatchObject({
      ok: true,
    });
    const v1 = await eventTypes(order.id, 1);
    expect(v1).toEqual(expect.arrayContaining(["ORDER_EXCEPTION_OPENED", "ORDER_EXCEPTION_RESOLVED"]));
    const after = await call("GET", `/api/v1/orders/${order.id}`, { key: t.m.apiKey });
    expect(after.body.responseObject.order.exception).toMatchObject({
      status: "RESOLVED",
      resolution: "DISMISSED",
      note: "Refunded by hand",
    });
  });
});

describe("the sessions that wait for a person", () => {
  it("?exception=open lists them in the API, the dashboard's list and its CSV export; any lists the resolved too", async () => {
    const t = await team();
    const plain = await newSession(t.m);
    const a = await withException(t.m, "unproven");
    const b = await withException(t.m, "late");
    const other = await withException(await newMerchant(), "unproven");
    const ids = async (exception: string) =>
      (
        (await call("GET", `/api/checkout/sessions?exception=${exception}`, { key: t.m.apiKey })).body.responseObject.sessions as {
          id: string;
        }[]
      )
        .map((s) => s.id)
        .sort();

    expect(await ids("open")).toEqual([a.sessionId, b.sessionId].sort());
    const refused = await call("GET", "/api/checkout/sessions?exception=maybe", { key: t.m.apiKey });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("exception");

    expect(await dismissAction({ sessionId: a.sessionId, exceptionId: a.made.exception.id, note: "A test payment" })).toMatchObject({
      ok: true,
    });
    expect(await ids("open")).toEqual([b.sessionId]);
    expect(await ids("any")).toEqual([a.sessionId, b.sessionId].sort());

    // the dashboard's list, with the same filter in its address
    const { default: SessionsPage } = await import("@/app/dashboard/(app)/sessions/page");
    const page = renderToStaticMarkup(await SessionsPage({ searchParams: Promise.resolve({ exception: "open" }) }));
    expect(page).toContain(b.sessionId);
    expect(page).not.toContain(a.sessionId);
    expect(page).not.toContain(plain.id);
    expect(page).not.toContain(other.sessionId);
    expect(page).toContain('<option value="open" selected="">');
    expect(page).toContain("Exception open");

    // the export: the filter, and the exception's columns
    const csv = await (await exportCsv(new Request("http://checkout.test/dashboard/sessions/export?exception=any"))).text();
    const [header, ...records] = csv
      .trim()
      .split("\r\n")
      .map((r) => r.split(","));
    expect(header!.slice(-6, -2)).toEqual(["exception_kind", "exception_status", "exception_resolution", "marked_by"]);
    expect(records.map((r) => r[0]).sort()).toEqual([a.sessionId, b.sessionId].sort());
    expect(records.find((r) => r[0] === a.sessionId)!.slice(-6, -2)).toEqual(["PAID_UNPROVEN", "RESOLVED", "DISMISSED", ""]);
    expect(records.find((r) => r[0] === b.sessionId)!.slice(-6, -2)).toEqual(["PAID_LATE", "OPEN", "", ""]);
    expect(await markPaidAction({ sessionId: b.sessionId, exceptionId: b.made.exception.id })).toMatchObject({ ok: true });
    const marked = (await (await exportCsv(new Request("http://checkout.test/dashboard/sessions/export?exception=any"))).text())
      .trim()
      .split("\r\n")
      .map((r) => r.split(","))
      .find((r) => r[0] === b.sessionId)!;
    expect(marked[2]).toBe("COMPLETED");
    expect(marked.slice(-6, -2)).toEqual(["PAID_LATE", "RESOLVED", "MARKED_PAID", t.owner.email]);
  });
});

describe("an owner resolves an exception", () => {
  it("marks it paid in full after confirming it is them: the session is COMPLETED, markedBy, session.completed, audited", async () => {
    const t = await team();
    const { sessionId, orderId, made } = await withException(t.m, "late");
    const input = { sessionId, exceptionId: made.exception.id, note: "Paid by bank transfer" };

    // a developer and a viewer are refused; so is the owner without a recent re-authentication
    for (const role of ["developer", "viewer"] as const) {
      signInAs(t, role);
      expect(await markPaidAction(input)).toEqual({ ok: false, message: ROLE_REFUSED });
    }
    signInAs(t, "owner");
    reauthenticated = false;
    expect(await markPaidAction(input)).toEqual({ ok: false, message: REAUTH_NEEDED, reauth: true });
    expect((await getSession(t.m, sessionId)).status).toBe("EXPIRED");
    expect(await auditOf(t.m.id, "session.marked_paid")).toEqual([]);

    reauthenticated = true;
    const marked = await markPaidAction(input);
    expect(marked).toMatchObject({ ok: true, exception: { status: "RESOLVED", resolution: "MARKED_PAID", resolvedBy: t.owner.email } });
    const s = await getSession(t.m, sessionId);
    expect(s).toMatchObject({ status: "COMPLETED", markedBy: t.owner.email, completedAt: expect.any(String) });
    expect(s.exception).toMatchObject({ status: "RESOLVED", resolution: "MARKED_PAID", note: "Paid by bank transfer" });
    expect(await eventTypes(sessionId, 0)).toEqual(expect.arrayContaining(["session.completed", "session.exception_resolved"]));
    expect(await eventTypes(sessionId, 1)).toEqual(expect.arrayContaining(["ORDER_FULFILLED", "ORDER_EXCEPTION_RESOLVED"]));
    const completed = await call("GET", `/api/events?sessionId=${sessionId}&type=session.completed`, { key: t.m.apiKey });
    expect(completed.body.responseObject.events[0].data.session).toMatchObject({ status: "COMPLETED", markedBy: t.owner.email });
    expect(await auditOf(t.m.id, "session.marked_paid")).toMatchObject([
      { actorLabel: t.owner.email, target: sessionId, details: { exceptions: [made.exception.id], note: "Paid by bank transfer" } },
    ]);
    // the order keeps its story; marking twice is refused
    const [order] = await (await testDb()).select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("EXPIRED");
    expect(await markPaidAction(input)).toEqual({ ok: false, message: "This exception is already resolved" });
  });

  it("dismisses it only with a note, and the session is unchanged", async () => {
    const t = await team();
    const { sessionId, made } = await withException(t.m, "cancelled-paid");
    const input = { sessionId, exceptionId: made.exception.id };
    reauthenticated = false; // dismissing moves no money: no re-authentication is asked
    for (const note of ["", "   "]) {
      const r = await dismissAction({ ...input, note });
      expect(r).toMatchObject({ ok: false, message: "Note: Say why you dismiss it.", fields: { note: "Say why you dismiss it" } });
    }
    expect(await dismissAction({ ...input, note: "x".repeat(501) })).toMatchObject({
      ok: false,
      fields: { note: "At most 500 characters" },
    });
    signInAs(t, "developer");
    expect(await dismissAction({ ...input, note: "Not ours" })).toEqual({ ok: false, message: ROLE_REFUSED });
    expect((await exceptionRows(sessionId))[0]!.status).toBe("OPEN");

    signInAs(t, "owner");
    const r = await dismissAction({ ...input, note: "  The payer paid another shop  " });
    expect(r).toMatchObject({ ok: true, exception: { status: "RESOLVED", resolution: "DISMISSED", note: "The payer paid another shop" } });
    const s = await getSession(t.m, sessionId);
    expect(s).toMatchObject({ status: "CANCELLED", markedBy: null, exception: { status: "RESOLVED", resolution: "DISMISSED" } });
    expect(await eventTypes(sessionId, 0)).toContain("session.exception_resolved");
    expect(await auditOf(t.m.id, "session.exception_dismissed")).toMatchObject([
      { actorLabel: t.owner.email, target: sessionId, details: { exception: made.exception.id, note: "The payer paid another shop" } },
    ]);
  });

  it("tries a blocked release again: in the sandbox it goes through, completing the session; only a blocked release can", async () => {
    const t = await team();
    const { sessionId, orderId, made } = await withException(t.m, "blocked");
    signInAs(t, "viewer");
    expect(await retryReleaseAction({ sessionId, exceptionId: made.exception.id })).toEqual({ ok: false, message: ROLE_REFUSED });

    signInAs(t, "owner");
    const r = await retryReleaseAction({ sessionId, exceptionId: made.exception.id });
    expect(r).toMatchObject({ ok: true, exception: { status: "RESOLVED", resolution: "RELEASED", resolvedBy: "system" } });
    const s = await getSession(t.m, sessionId);
    expect(s).toMatchObject({ status: "COMPLETED", markedBy: null, activeOrder: { status: "FULFILLED" } });
    expect(await eventTypes(sessionId, 0)).toEqual(
      expect.arrayContaining(["order.fulfilled", "session.completed", "session.exception_resolved"]),
    );
    expect(await auditOf(t.m.id, "session.release_retried")).toMatchObject([
      { actorLabel: t.owner.email, target: sessionId, details: { exception: made.exception.id, order: orderId } },
    ]);

    const unproven = await withException(t.m, "unproven");
    expect(await retryReleaseAction({ sessionId: unproven.sessionId, exceptionId: unproven.made.exception.id })).toEqual({
      ok: false,
      message: "Only a blocked release can be tried again",
    });
  });

  it("cannot reach another merchant's exception", async () => {
    const t = await team();
    const theirs = await withException(await newMerchant(), "unproven");
    const r = await dismissAction({ sessionId: theirs.sessionId, exceptionId: theirs.made.exception.id, note: "Not mine" });
    expect(r.ok).toBe(false);
    expect((await exceptionRows(theirs.sessionId))[0]!.status).toBe("OPEN");
    signInAs(t, "owner");
  });
});

describe("the dashboard's pages", () => {
  it("the exceptions page lists open ones first, then the resolved, newest first; an account with none says so", async () => {
    const t = await team();
    const first = await withException(t.m, "unproven");
    const second = await withException(t.m, "partial");
    const third = await withException(t.m, "blocked");
    await dismissAction({ sessionId: second.sessionId, exceptionId: second.made.exception.id, note: "Rest paid in cash" });
    const html = renderToStaticMarkup(await ExceptionsPage({ searchParams: Promise.resolve({}) }));
    // the table's rows (the cards repeat them for narrow screens)
    const table = html.slice(html.indexOf("<table"));
    const order = [third, first, second].map((x) => table.indexOf(x.sessionId));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    const words = text(html);
    expect(words).toContain("2 open.");
    expect(words).toContain("Release blocked");
    expect(words).toContain("Paid, not proven");
    expect(words).toContain("Resolved: Dismissed");
    expect(words).toContain("@zkp2p-sandbox");
    expect(html).toContain(`href="/dashboard/sessions/${third.sessionId}#exception-${third.made.exception.id}"`);

    await team();
    expect(text(renderToStaticMarkup(await ExceptionsPage({ searchParams: Promise.resolve({}) })))).toContain(
      "No exceptions: nothing needs a person.",
    );
    expect(renderToStaticMarkup(await ExceptionsPage({ searchParams: Promise.resolve({ cursor: "nope" }) }))).toContain('role="alert"');
  });

  it("a session's page shows what is known to everyone, and the resolutions to owners only", async () => {
    const t = await team();
    const { sessionId, intentHash } = await withException(t.m, "blocked");
    const page = async () => renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id: sessionId }) }));
    const asOwner = await page();
    expect(text(asOwner)).toContain("Exception: Release blocked");
    for (const button of ["Mark paid in full", "Dismiss", "Retry the release"]) expect(asOwner).toContain(`>${button}</button>`);
    // its timeline names the sandbox proof for what it was, not a refused proof
    expect(text(asOwner)).toContain("Sandbox proof: release blocked, made on purpose");
    expect(text(asOwner)).not.toContain("Proof refused");
    for (const role of ["developer", "viewer"] as const) {
      signInAs(t, role);
      const html = await page();
      expect(text(html)).toContain("Exception: Release blocked");
      expect(html).toContain(intentHash);
      expect(text(html)).toContain("Only an owner of this account can resolve it.");
      expect(html).not.toContain("Mark paid in full</button>");
      expect(html).not.toContain("Dismiss</button>");
    }
    // an exception that is not a blocked release cannot be retried
    signInAs(t, "owner");
    const other = await withException(t.m, "unproven");
    const html = renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id: other.sessionId }) }));
    expect(html).toContain(">Mark paid in full</button>");
    expect(html).not.toContain("Retry the release</button>");
  });
});
