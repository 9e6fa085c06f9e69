import { eq } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, chainTxs, checkoutSessions, orders, takerWallets } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { releaseWalletByHand } from "@/lib/orders/rail-steps/operator";
import { ORCHESTRATOR_ABI } from "@/lib/rail/zkp2p/protocol";
import { cancelSession, markPaymentSent, startSession } from "@/lib/sessions/transitions";
import { testDb } from "../support/db";
import { driveUntil, liveSession, railUnderTest, type RailUnderTest, stepNow } from "./support";

// Nobody can hold the rail hostage cheaply: "I have sent" is never cancelled by the clock (a payer who
// paid is never stranded), so what one client address may take is bounded over time, not only at once.

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest({
    ZKP2P_PROOF_OF_WORK: "off",
    ZKP2P_MAX_OPEN_PER_ADDRESS: "1",
    ZKP2P_MAX_OPEN_PER_MERCHANT: "10",
    ZKP2P_MAX_STARTS: "address=2/3",
    ZKP2P_MAX_UNPROVEN_PER_ADDRESS: "2",
  });
});
afterAll(async () => {
  await stack?.stop();
});

const startFrom = async (sessionId: string, clientAddress: string) =>
  startSession(
    await testDb(),
    sessionId,
    { paymentPlatform: "revolut", fiatCurrency: "EUR" },
    { actor: payer(sessionId) },
    { payerPage: { clientAddress } },
  );
const newSession = async () => (await liveSession(stack, "2.00")).session.id;
const walletOf = async (orderId: string) =>
  (await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, orderId)))[0]?.address ?? null;
/** Runs an ended order's unwind until its wallet is free. */
const untilFree = (orderId: string) =>
  vi.waitFor(
    async () => {
      await stepNow(orderId);
      expect(await walletOf(orderId)).toBeNull();
    },
    { timeout: 20_000, interval: 300 },
  );
/** Moves an address's starts back in time (as the clock would), so they leave the per-minute window. */
const ageStarts = async (clientGroup: string, minutes: number) =>
  (await testDb())
    .update(orders)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(orders.clientGroup, clientGroup));

describe("what one client address can take, over time", () => {
  it("a cancelled order still counts against the caps until its wallet is free", async () => {
    const first = await newSession();
    const started = await startFrom(first, "203.0.113.10");
    await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED"]);
    await cancelSession(await testDb(), first, { actor: payer(first) });
    expect(await walletOf(started.order.id)).not.toBeNull();
    // its intent is still being cancelled: the address's one place is still taken
    await expect(startFrom(await newSession(), "203.0.113.10")).rejects.toMatchObject({
      code: "TOO_MANY_OPEN_PAYMENTS",
      details: { limit: "rail.open.address", cap: 1 },
    });
    await untilFree(started.order.id);
    const again = await startFrom(await newSession(), "203.0.113.10");
    expect(again.order.status).toBe("SIGNAL_SUBMITTED");
    await cancelSession(await testDb(), again.session.id, { actor: payer(again.session.id) });
    await untilFree(again.order.id);
  });

  it("live starts are limited per hour as well as per minute", async () => {
    const address = "203.0.113.20";
    const cycle = async () => {
      const s = await startFrom(await newSession(), address);
      await cancelSession(await testDb(), s.session.id, { actor: payer(s.session.id) });
      await untilFree(s.order.id);
    };
    await cycle();
    await cycle();
    await expect(startFrom(await newSession(), address)).rejects.toMatchObject({
      code: "TOO_MANY_OPEN_PAYMENTS",
      details: { limit: "rail.starts.address", cap: 2, windowSeconds: 60 },
    });
    // a few minutes on, the minute's window has passed: one more this hour, then the hour's limit
    await ageStarts(address, 5);
    await cycle();
    await ageStarts(address, 5);
    const refused = startFrom(await newSession(), address);
    await expect(refused).rejects.toMatchObject({
      code: "TOO_MANY_OPEN_PAYMENTS",
      details: { limit: "rail.starts.address", cap: 3, windowSeconds: 3600, retryAfterSeconds: expect.any(Number) },
    });
    // another address is not held back by it
    const other = await startFrom(await newSession(), "203.0.113.21");
    await cancelSession(await testDb(), other.session.id, { actor: payer(other.session.id) });
    await untilFree(other.order.id);
  });

  it('an address that said "I have sent" and never proved it gets no more live starts that day; the operator frees the wallets by hand, audited', async () => {
    const address = "2001:db8:77::1";
    for (let i = 0; i < 2; i++) {
      const id = await newSession();
      const s = await startFrom(id, address);
      const mined = await driveUntil(await testDb(), s.order.id, ["SIGNAL_MINED"]);
      await markPaymentSent(await testDb(), id, { actor: payer(id) });
      // never proven: the order holds its wallet for hours; the operator frees it, having checked with the shop
      const wallet = (await walletOf(mined.id))!;
      const freed = await releaseWalletByHand(await testDb(), wallet, "the shop confirmed no payment arrived");
      expect(freed).toMatchObject({ orderId: mined.id, freed: true });
      const ended = (await (await testDb()).select().from(orders).where(eq(orders.id, mined.id)))[0]!;
      expect(ended.status).toBe("FAILED");
      // the merchant is told: the payer said they paid
      const [session] = await (await testDb()).select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      expect(session!.exception).toMatchObject({ kind: "PAID_UNPROVEN", status: "OPEN" });
      await untilFree(mined.id);
      // its intent was cancelled on-chain, as the operator asked
      const kinds = (await (await testDb()).select().from(chainTxs).where(eq(chainTxs.orderId, mined.id))).map((t) => t.kind).sort();
      expect(kinds).toEqual(["cancel", "signal"]);
      expect(
        await stack.rail.client.readContract({
          address: stack.rail.addresses.orchestrator,
          abi: ORCHESTRATOR_ABI,
          functionName: "getAccountIntents",
          args: [wallet as Address],
        }),
      ).not.toContain(mined.intentHash);
      const audits = await (await testDb()).select().from(auditLog).where(eq(auditLog.action, "rail.wallet_released"));
      expect(audits.some((a) => a.target === wallet && (a.details as { orderId?: string }).orderId === mined.id)).toBe(true);
      await ageStarts("2001:db8:77:0::/64", 61);
    }
    // hours apart, never at once: the day's count stops a third
    await expect(startFrom(await newSession(), "2001:db8:77::2")).rejects.toMatchObject({
      code: "TOO_MANY_OPEN_PAYMENTS",
      message: expect.stringContaining("never confirmed"),
      details: { limit: "rail.unproven.address", cap: 2 },
    });
  });

  it("the operator never frees a wallet whose payment is proven, and wants a reason", async () => {
    await expect(releaseWalletByHand(await testDb(), "0x0000000000000000000000000000000000000001", "")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(releaseWalletByHand(await testDb(), "0x0000000000000000000000000000000000000001", "why")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
