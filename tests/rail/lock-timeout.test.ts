import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutSessions, events, orders, takerWallets } from "@/db/schema";
import { getCheckoutView } from "@/lib/checkout/service";
import { advanceOrder } from "@/lib/orders/rail-steps";
import { expireIfDue } from "@/lib/sessions/expiry";
import { testDb } from "../support/db";
import { driveUntil, liveSession, railUnderTest, type RailUnderTest, startLive } from "./support";

// An abandoned lock: a payer who is shown the payee and never says they paid holds a taker wallet and
// the maker's liquidity. After ZKP2P_LOCK_TIMEOUT (5 s here, 10 min by default: Peer counts a lock
// abandoned for about 15 minutes against the wallet's tier) the order expires, its intent is cancelled
// on-chain, the wallet is free and the session can be paid again.

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest({ ZKP2P_LOCK_TIMEOUT: "5s" });
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
