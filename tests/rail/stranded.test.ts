import { and, eq } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chainTxs, checkoutSessions, events, orders, sessionExceptions, takerWallets } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { reconcileOpenIntents } from "@/lib/orders/rail-steps";
import { retryBlockedRelease } from "@/lib/orders/rail-steps/operator";
import { expireIfDue, findDueExpiries } from "@/lib/sessions/expiry";
import { markPaymentSent } from "@/lib/sessions/transitions";
import { ORCHESTRATOR_ABI } from "@/lib/rail/zkp2p/protocol";
import { testDb } from "../support/db";
import { driveUntil, liveSession, netOf, prove, railUnderTest, type RailUnderTest, startLive, stepNow, usdcBalance } from "./support";

// A payer who paid is never stranded by our own automation: a release the chain refuses for now is
// kept and retried (never cancelled), and an intent whose payer said they paid is never cancelled by
// the clock, so the maker's manual release or a late proof still completes the session.

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  // a test that failed half-way leaves the chain as it should be for the next
  if (await stack.rail.client.readContract({ address: stack.rail.addresses.orchestrator, abi: ORCHESTRATOR_ABI, functionName: "paused" }))
    await stack.rail.unpause();
  await stack.rail.refuseSettlements(false);
});

const orderRow = async (id: string) => (await (await testDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const sessionRow = async (id: string) => (await (await testDb()).select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;
const txKinds = async (id: string) =>
  (await (await testDb()).select({ kind: chainTxs.kind }).from(chainTxs).where(eq(chainTxs.orderId, id))).map((t) => t.kind).sort();
const eventTypes = async (sessionId: string) =>
  (await (await testDb()).select({ type: events.type }).from(events).where(eq(events.sessionId, sessionId))).map((e) => e.type);
const exceptionsOf = async (sessionId: string) =>
  (await testDb()).select().from(sessionExceptions).where(eq(sessionExceptions.sessionId, sessionId));
const accountIntents = async (wallet: string) =>
  (await stack.rail.client.readContract({
    address: stack.rail.addresses.orchestrator,
    abi: ORCHESTRATOR_ABI,
    functionName: "getAccountIntents",
    args: [wallet as Address],
  })) as readonly string[];

/** A live order whose payer said they paid and whose payment the attestation service proved. */
async function provenOrder(amount: string) {
  const live = await liveSession(stack, amount);
  const started = await startLive(live.session.id);
  const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
  expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
  await markPaymentSent(await testDb(), live.session.id, { actor: payer(live.session.id) });
  await prove(live.session.id, mined.intentHash!);
  expect((await orderRow(mined.id)).status).toBe("PROOF_VERIFIED");
  return { ...live, order: mined };
}

/** Steps the order until its release is blocked (the chain refused it, and an exception is open). */
async function untilBlocked(orderId: string) {
  await vi.waitFor(
    async () => {
      await stepNow(orderId);
      const o = await orderRow(orderId);
      expect(o.status).toBe("PROOF_VERIFIED");
      expect((o.railState as { blocked?: unknown }).blocked).toBeTruthy();
    },
    { timeout: 20_000, interval: 200 },
  );
  return orderRow(orderId);
}

describe("a proven release the chain refuses for now is kept, never cancelled", () => {
  it("a paused orchestrator: the order shows as blocked with an exception, nothing is cancelled, and unpausing completes the session with its events", async () => {
    const { session, order, recipient } = await provenOrder("3.00");
    await stack.rail.pause();
    const blocked = await untilBlocked(order.id);
    expect(blocked.railState).toMatchObject({ blocked: { paused: true } });
    expect(blocked.failureReason).toBeNull();
    // the reconciler and more steps change nothing: no cancel is ever sent, the intent is still there
    await reconcileOpenIntents(await testDb());
    await stepNow(order.id);
    expect((await orderRow(order.id)).status).toBe("PROOF_VERIFIED");
    expect(await txKinds(order.id)).not.toContain("cancel");
    expect(await accountIntents(blocked.takerWallet!)).toContain(blocked.intentHash);
    // the merchant sees the exception, on the session and as an event
    const s = await sessionRow(session.id);
    expect(s.status).toBe("ACTIVE");
    expect(s.exception).toMatchObject({ kind: "RELEASE_BLOCKED", status: "OPEN", details: { intentHash: blocked.intentHash } });
    expect(s.exception!.details.reason).toContain("paused");
    expect(await eventTypes(session.id)).toContain("session.exception_opened");
    expect(await eventTypes(session.id)).toContain("ORDER_EXCEPTION_OPENED");
    expect(await eventTypes(session.id)).not.toContain("order.failed");
    // the payer's page says it completes by itself, and the reference to give the shop
    const view = await getCheckoutView(await testDb(), session.id);
    expect(view.step).toBe("waiting");
    expect(view.exceptionNotice).toEqual({ kind: "delayed", reference: order.id });

    // retried every 30 s while paused: its next try finds the orchestrator unpaused
    expect((await orderRow(order.id)).railDueAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30_000);
    await stack.rail.unpause();
    await stepNow(order.id);
    const done = await driveUntil(await testDb(), order.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(3_000_000n));
    expect((await sessionRow(session.id)).status).toBe("COMPLETED");
    const types = await eventTypes(session.id);
    expect(types).toEqual(expect.arrayContaining(["order.fulfilled", "session.completed", "session.exception_resolved"]));
    const [exc] = await exceptionsOf(session.id);
    expect(exc).toMatchObject({ kind: "RELEASE_BLOCKED", status: "RESOLVED", resolution: "RELEASED" });
  });

  it("a lifecycle hook that reverts: blocked and retried, then released once the hook settles again", async () => {
    const { session, order, recipient } = await provenOrder("2.00");
    await stack.rail.refuseSettlements(true);
    const blocked = await untilBlocked(order.id);
    expect(blocked.railState).toMatchObject({ blocked: { reason: "UnauthorizedLifecycleHook", paused: false } });
    expect(await txKinds(order.id)).not.toContain("cancel");
    expect((await sessionRow(session.id)).exception).toMatchObject({ kind: "RELEASE_BLOCKED", status: "OPEN" });
    // the backoff is minutes: a person (or the admin's retry-release) makes it due now
    expect((await orderRow(order.id)).railDueAt!.getTime()).toBeGreaterThan(Date.now() + 5_000);

    await stack.rail.refuseSettlements(false);
    // the operator tries it again now (npm run admin -- retry-release), audited
    await retryBlockedRelease(await testDb(), order.id);
    expect((await orderRow(order.id)).railDueAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const done = await driveUntil(await testDb(), order.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(2_000_000n));
    expect((await sessionRow(session.id)).status).toBe("COMPLETED");
    expect(await eventTypes(session.id)).toContain("session.completed");
  });

  it("a payment already used for another intent still ends the order, and opens an exception the merchant sees", async () => {
    const first = await liveSession(stack, "2.00");
    const a = await driveUntil(await testDb(), (await startLive(first.session.id)).order.id, ["SIGNAL_MINED"]);
    await prove(first.session.id, a.intentHash!, "local-ok", { paymentId: "used-twice" });
    expect((await driveUntil(await testDb(), a.id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");
    const second = await liveSession(stack, "2.00");
    const b = await driveUntil(await testDb(), (await startLive(second.session.id)).order.id, ["SIGNAL_MINED"]);
    await markPaymentSent(await testDb(), second.session.id, { actor: payer(second.session.id) });
    await prove(second.session.id, b.intentHash!, "local-ok", { paymentId: "used-twice" });
    const failed = await driveUntil(await testDb(), b.id, ["FAILED", "FULFILLED"]);
    expect(failed.failureReason).toBe("Nullifier has already been used");
    const s = await sessionRow(second.session.id);
    expect(s.exception).toMatchObject({ kind: "PAID_UNPROVEN", status: "OPEN", details: { intentHash: b.intentHash, orderId: b.id } });
    // the payment is not this intent's: its intent is cancelled, and the wallet freed
    await vi.waitFor(
      async () => {
        await stepNow(b.id);
        expect(await txKinds(b.id)).toContain("cancel");
        expect(await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, b.id))).toHaveLength(0);
      },
      { timeout: 15_000, interval: 300 },
    );
  });
});

describe('a payer who said "I have sent" is never cancelled by the clock', () => {
  it("the intent expires unproven: no cancel is sent, an exception opens, and the maker's manual release completes the session", async () => {
    const db = await testDb();
    const { session, recipient } = await liveSession(stack, "4.00");
    const started = await startLive(session.id);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    const sent = await orderRow(mined.id);
    // it waits for its proof until the intent's on-chain expiry plus ZKP2P_PAYMENT_SENT_GRACE (30 min)
    expect(sent.expiresAt.getTime()).toBe(Number((sent.railState as { expiryTime: string }).expiryTime) * 1000 + 30 * 60_000);

    // that time passes with no proof (the session's own expiry too)
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, mined.id));
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, session.id));
    expect(await findDueExpiries(db)).toContain(session.id);
    await expireIfDue(db, session.id);
    const kept = await orderRow(mined.id);
    expect(kept.status).toBe("PAYMENT_SENT");
    const s = await sessionRow(session.id);
    expect(s.status).toBe("ACTIVE");
    expect(s.exception).toMatchObject({
      kind: "PAID_UNPROVEN",
      status: "OPEN",
      details: { intentHash: mined.intentHash, payeeHandle: mined.recipient, depositId: "1", takerWallet: mined.takerWallet },
    });
    expect(s.exception!.details.paymentSentAt).toBeTruthy();
    expect((await getCheckoutView(db, session.id)).exceptionNotice).toEqual({ kind: "unproven", reference: mined.id });
    expect(s.exception!.details.intentExpiresAt).toBeTruthy();
    // once noted, the sweep does not find it again; the reconciler and any step cancel nothing
    expect(await findDueExpiries(db)).not.toContain(session.id);
    await expireIfDue(db, session.id);
    expect(await exceptionsOf(session.id)).toHaveLength(1);
    await reconcileOpenIntents(db);
    await stepNow(mined.id);
    expect(await txKinds(mined.id)).toEqual(["signal"]);
    expect(await accountIntents(mined.takerWallet!)).toContain(mined.intentHash);

    // the maker releases the funds by hand: the session completes, with its events
    await stack.rail.releaseByMaker(mined.intentHash as `0x${string}`);
    await vi.waitFor(
      async () => {
        await stack.rail.mine(2);
        await reconcileOpenIntents(db);
        expect((await orderRow(mined.id)).status).toBe("FULFILLED");
      },
      { timeout: 20_000, interval: 300 },
    );
    expect(await usdcBalance(stack, recipient)).toBe(netOf(4_000_000n));
    expect((await sessionRow(session.id)).status).toBe("COMPLETED");
    expect(await eventTypes(session.id)).toEqual(expect.arrayContaining(["session.completed", "session.exception_resolved"]));
    const [exc] = await exceptionsOf(session.id);
    expect(exc).toMatchObject({ kind: "PAID_UNPROVEN", status: "RESOLVED", resolution: "RELEASED" });
    expect(await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, mined.id))).toHaveLength(0);
  });

  it("an ended order whose payer said they paid keeps its intent: a release that comes later is recorded as paid late", async () => {
    const db = await testDb();
    const { session } = await liveSession(stack, "2.00");
    const mined = await driveUntil(db, (await startLive(session.id)).order.id, ["SIGNAL_MINED", "FAILED"]);
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    // the order ends with its payment sent (as an operator's hand or an older release could leave it)
    await db
      .update(orders)
      .set({ status: "EXPIRED", railDueAt: new Date() })
      .where(and(eq(orders.id, mined.id), eq(orders.status, "PAYMENT_SENT")));
    await stepNow(mined.id);
    expect(await txKinds(mined.id)).toEqual(["signal"]);
    expect(await accountIntents(mined.takerWallet!)).toContain(mined.intentHash);
    await stack.rail.releaseByMaker(mined.intentHash as `0x${string}`);
    await vi.waitFor(
      async () => {
        await stack.rail.mine(2);
        await stepNow(mined.id);
        expect((await sessionRow(session.id)).exception).toMatchObject({ kind: "PAID_LATE", status: "OPEN" });
      },
      { timeout: 20_000, interval: 300 },
    );
    const s = await sessionRow(session.id);
    expect(s.exception!.details.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(s.exception!.details.reason).toContain("by the maker");
    expect(await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, mined.id))).toHaveLength(0);
  });
});

describe("a wallet whose intent waits on its payer, where the orchestrator allows several intents", () => {
  it("does not stop the next payer: it signals from a wallet already holding a paid-but-unproven intent", async () => {
    const db = await testDb();
    const waiting: string[] = [];
    try {
      // every wallet holds an intent whose payer said they paid (Revolut: no cooldown)
      for (let i = 0; i < stack.rail.takerKeys.length; i++) {
        const { session } = await liveSession(stack, "2.00");
        const o = await driveUntil(db, (await startLive(session.id, "revolut", "EUR")).order.id, ["SIGNAL_MINED", "FAILED"]);
        expect(o.status, o.failureReason ?? "").toBe("SIGNAL_MINED");
        await markPaymentSent(db, session.id, { actor: payer(session.id) });
        waiting.push(o.id);
      }
      const next = await liveSession(stack, "2.00");
      const queued = await startLive(next.session.id, "revolut", "EUR");
      // one intent per account: the next payer waits for a wallet
      await reconcileOpenIntents(db);
      await stepNow(queued.order.id);
      expect((await orderRow(queued.order.id)).status).toBe("SIGNAL_SUBMITTED");
      expect((await orderRow(queued.order.id)).takerWallet).toBeNull();

      await stack.rail.setAllowMultipleIntents(true);
      await reconcileOpenIntents(db);
      const mined = await driveUntil(db, queued.order.id, ["SIGNAL_MINED", "FAILED"]);
      expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
      const holders = await Promise.all(waiting.map(async (id) => (await orderRow(id)).takerWallet));
      expect(holders).toContain(mined.takerWallet);
      // the waiting orders still own their intents, untouched
      for (const id of waiting) {
        const o = await orderRow(id);
        expect(o.status).toBe("PAYMENT_SENT");
        expect(await accountIntents(o.takerWallet!)).toContain(o.intentHash);
      }
    } finally {
      await stack.rail.setAllowMultipleIntents(false);
      // the intents are the maker's to release: these payers "paid"
      for (const id of waiting) {
        const o = await orderRow(id);
        if (o.intentHash) await stack.rail.releaseByMaker(o.intentHash as `0x${string}`).catch(() => {});
      }
      await reconcileOpenIntents(db);
    }
  });
});
