import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chainTxs, checkoutSessions, events, orders, sessionExceptions, takerWallets } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { advanceOrder } from "@/lib/orders/rail-steps";
import { expireIfDue } from "@/lib/sessions/expiry";
import { declinePaymentSent, markPaymentSent, reportPaidAfterEnd } from "@/lib/sessions/transitions";
import { testDb } from "../support/db";
import { driveUntil, liveSession, railUnderTest, type RailUnderTest, startLive, stepNow } from "./support";

// An abandoned lock: a payer who is shown the payee and never says they paid holds a taker wallet and
// the maker's liquidity. After ZKP2P_LOCK_TIMEOUT (5 s here, 10 min by default: Peer counts a lock
// abandoned for about 15 minutes against the wallet's tier) the order expires, its intent is cancelled
// on-chain, the wallet is free and the session can be paid again.

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest({ ZKP2P_LOCK_TIMEOUT: "5s", ZKP2P_LOCK_CONFIRM_WINDOW: "6s" });
});
afterAll(async () => {
  await stack?.stop();
});

describe("an abandoned lock", () => {
  it("is cancelled after ZKP2P_LOCK_TIMEOUT: the wallet is freed, the merchant told, and the payer may start again", async () => {
    const db = await testDb();
    const { session } = await liveSession(stack, "4.00");
    const liquidity = await stack.rail.depositLiquidity();
    const started = await startLive(session.id);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    // the payer has until the lock's end, not the order's hour
    expect(mined.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await stack.rail.depositLiquidity()).toBe(liquidity - 4_000_000n);

    // nobody says they paid: once it is due, the expiry ends the order and the unwind cancels its intent
    await vi.waitFor(
      async () => {
        await expireIfDue(db, session.id);
        const [o] = await db.select().from(orders).where(eq(orders.id, mined.id));
        expect(o!.status).toBe("EXPIRED");
      },
      { timeout: 20_000, interval: 500 },
    );
    await vi.waitFor(
      async () => {
        await db
          .update(orders)
          .set({ railDueAt: new Date(Date.now() - 1) })
          .where(eq(orders.id, mined.id));
        await advanceOrder(db, mined.id);
        expect(await stack.rail.depositLiquidity()).toBe(liquidity);
        expect(await db.select().from(takerWallets).where(eq(takerWallets.orderId, mined.id))).toHaveLength(0);
      },
      { timeout: 20_000, interval: 300 },
    );
    const [s] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(s!.status).toBe("ACTIVE");
    const types = (await db.select({ type: events.type }).from(events).where(eq(events.sessionId, session.id))).map((e) => e.type);
    expect(types).toContain("order.expired");
    // the payer's page says so and offers to start again
    expect((await getCheckoutView(db, session.id)).step).toBe("order-expired");
    const again = await startLive(session.id);
    expect((await driveUntil(db, again.order.id, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
  });
});

const orderRow = async (id: string) => (await (await testDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const txKinds = async (id: string) =>
  (await (await testDb()).select({ kind: chainTxs.kind }).from(chainTxs).where(eq(chainTxs.orderId, id))).map((t) => t.kind).sort();
/** The payer's page asking for its view, as its poll does. */
const pagePoll = async (sessionId: string) => getCheckoutView(await testDb(), sessionId, undefined, { prices: false });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A live order whose payee the payer's page shows (it has polled once). */
async function payeeShown(amount: string) {
  const { session } = await liveSession(stack, amount);
  const started = await startLive(session.id);
  const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
  expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
  const view = await pagePoll(session.id);
  expect(view.step).toBe("pay");
  expect(view.paidQuestion).toBeNull();
  return { session, order: mined };
}

// A payer who paid in their app and is still on the page when the lock timeout comes is asked first,
// "did you already send the money?", and the cancel waits ZKP2P_LOCK_CONFIRM_WINDOW (6 s here) for the
// answer, once; one who had closed the page is asked when they come back, and the shop is told.
describe("the lock timeout asks the payer first", () => {
  it("waits for the open page's answer: yes keeps the intent for the payment's proof", async () => {
    const { session, order } = await payeeShown("4.10");
    const liquidity = await stack.rail.depositLiquidity();
    // the page keeps polling: at the lock timeout the order does not end, its page asks
    const asked = await vi.waitFor(
      async () => {
        const v = await pagePoll(session.id);
        expect(v.paidQuestion).toBe("before-end");
        return v;
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(asked.step).toBe("pay");
    const waiting = await orderRow(order.id);
    expect(waiting.status).toBe("SIGNAL_MINED");
    expect(waiting.expiresAt.getTime()).toBe(order.expiresAt.getTime() + 6_000);
    expect(new Date(asked.order!.expiresAt).getTime()).toBe(waiting.expiresAt.getTime());

    // yes: the payment is sent, and neither the window's end nor the rail's steps cancel the intent
    await markPaymentSent(await testDb(), session.id, { actor: payer(session.id) });
    await sleep(Math.max(0, waiting.expiresAt.getTime() - Date.now()) + 500);
    await expireIfDue(await testDb(), session.id);
    await stepNow(order.id);
    expect((await orderRow(order.id)).status).toBe("PAYMENT_SENT");
    expect(await txKinds(order.id)).toEqual(["signal"]);
    expect(await stack.rail.depositLiquidity()).toBe(liquidity);
    expect((await pagePoll(session.id)).step).toBe("waiting");
  });

  it("asks once: a page left open ends at the window's end, and a no ends it at once", async () => {
    const left = await payeeShown("4.20");
    await vi.waitFor(async () => expect((await pagePoll(left.session.id)).paidQuestion).toBe("before-end"), {
      timeout: 20_000,
      interval: 500,
    });
    // nobody answers; the page keeps polling past the window: no second window
    const ended = await vi.waitFor(
      async () => {
        const v = await pagePoll(left.session.id);
        expect(v.step).toBe("order-expired");
        return v;
      },
      { timeout: 20_000, interval: 500 },
    );
    expect((await orderRow(left.order.id)).expiresAt.getTime()).toBe(left.order.expiresAt.getTime() + 6_000);
    // the payer never answered: the ended page asks them (they may have paid in another tab)
    expect(ended.paidQuestion).toBe("after-end");

    const no = await payeeShown("4.30");
    await vi.waitFor(async () => expect((await pagePoll(no.session.id)).paidQuestion).toBe("before-end"), {
      timeout: 20_000,
      interval: 500,
    });
    await declinePaymentSent(await testDb(), no.session.id, { actor: payer(no.session.id) });
    expect((await orderRow(no.order.id)).status).toBe("EXPIRED");
    const after = await pagePoll(no.session.id);
    // told the truth (the order expired before a payment was sent), and not asked again
    expect(after.step).toBe("order-expired");
    expect(after.paidQuestion).toBeNull();
    expect(after.paidReported).toBe(false);
    // its intent is cancelled at once, not at the window's end
    await vi.waitFor(
      async () => {
        await stepNow(no.order.id);
        expect(await txKinds(no.order.id)).toContain("cancel");
      },
      { timeout: 20_000, interval: 300 },
    );
  });

  it("a payer who had closed the page is asked when they come back: yes tells the shop, with the order as reference", async () => {
    const db = await testDb();
    const { session, order } = await payeeShown("4.40");
    // the page closed: the lock timeout ends the order without asking (the page was last seen long before)
    await db
      .update(orders)
      .set({ payerSeenAt: new Date(order.expiresAt.getTime() - 120_000) })
      .where(eq(orders.id, order.id));
    await vi.waitFor(
      async () => {
        await expireIfDue(db, session.id);
        expect((await orderRow(order.id)).status).toBe("EXPIRED");
      },
      { timeout: 20_000, interval: 500 },
    );
    expect((await orderRow(order.id)).lockQuestion).toBeNull();
    await vi.waitFor(
      async () => {
        await stepNow(order.id);
        expect(await txKinds(order.id)).toContain("cancel");
      },
      { timeout: 20_000, interval: 300 },
    );

    // back on the page: asked whether they sent the money
    const back = await pagePoll(session.id);
    expect(back.step).toBe("order-expired");
    expect(back.paidQuestion).toBe("after-end");
    // yes: an exception for the merchant, naming the order, its intent and its payee
    await reportPaidAfterEnd(db, session.id, { actor: payer(session.id) });
    await reportPaidAfterEnd(db, session.id, { actor: payer(session.id) }); // once
    const opened = await db.select().from(sessionExceptions).where(eq(sessionExceptions.sessionId, session.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ kind: "PAID_ON_CANCELLED", status: "OPEN", orderId: order.id });
    expect(opened[0]!.details).toMatchObject({ orderId: order.id, intentHash: order.intentHash, payeeHandle: order.recipient });
    const types = (await db.select({ type: events.type }).from(events).where(eq(events.sessionId, session.id))).map((e) => e.type);
    expect(types).toContain("session.exception_opened");
    // the page says the shop is told and gives the reference; it asks nothing more
    const told = await getCheckoutView(db, session.id);
    expect(told).toMatchObject({ step: "order-expired", paidQuestion: null, paidReported: true });
    expect(told.order!.id).toBe(order.id);
  });

  it("asks nothing of an order whose payee no page showed, and refuses a report for it", async () => {
    const db = await testDb();
    const { session } = await liveSession(stack, "4.50");
    const started = await startLive(session.id);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    await vi.waitFor(
      async () => {
        await expireIfDue(db, session.id);
        expect((await orderRow(mined.id)).status).toBe("EXPIRED");
      },
      { timeout: 20_000, interval: 500 },
    );
    expect((await pagePoll(session.id)).paidQuestion).toBeNull();
    await expect(reportPaidAfterEnd(db, session.id, { actor: payer(session.id) })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
