import { eq } from "drizzle-orm";
import { type Address, encodeFunctionData, erc20Abi, type Hex, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, refunds } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { claimByLink } from "@/lib/refunds/claim";
import { advanceRefund, claimToken } from "@/lib/refunds/service";
import { watchRefund } from "@/lib/refunds/watch";
import { markPaymentSent } from "@/lib/sessions/transitions";
import { call } from "../support/api";
import { testDb } from "../support/db";
import { driveUntil, liveSession, newWallet, prove, railUnderTest, startLive, usdcBalance } from "./support";

// A live payment refunded on the local chain: the merchant refunds part of it, the payer claims it
// with an address, and the session's recipient account (the merchant's own wallet, impersonated on
// the node) sends USDC. A smaller transfer leaves it waiting; the transfers that reach its amount
// complete it once confirmed, with the last one's hash; a reorg that takes that transfer out moves it
// back to waiting, and the session's refunded amount with it.

let stack: Awaited<ReturnType<typeof railUnderTest>>;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});

const rpc = (method: string, params: unknown[]) => stack.rail.client.request({ method: method as never, params: params as never });

/** The recipient's account sends `micro` USDC to `to` (the merchant's wallet; the node lets the test sign for it). */
async function sendUsdc(from: Address, to: Address, micro: bigint): Promise<Hex> {
  await rpc("anvil_impersonateAccount", [from]);
  await rpc("anvil_setBalance", [from, toHex(10n ** 18n)]);
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, micro] });
  const hash = (await rpc("eth_sendTransaction", [{ from, to: stack.rail.addresses.usdc, data }])) as Hex;
  await stack.rail.client.waitForTransactionReceipt({ hash, timeout: 15_000, pollingInterval: 100 });
  return hash;
}

const refundRow = async (id: string) => (await (await testDb()).select().from(refunds).where(eq(refunds.id, id)))[0]!;

/** Runs the refund's job (as the dispatcher does) until it reaches a status, blocks coming meanwhile. */
async function watchUntil(id: string, status: string, timeoutMs = 20_000) {
  const db = await testDb();
  const until = Date.now() + timeoutMs;
  for (;;) {
    await db
      .update(refunds)
      .set({ dueAt: new Date(Date.now() - 1) })
      .where(eq(refunds.id, id));
    await advanceRefund(db, id, watchRefund);
    const row = await refundRow(id);
    if (row.status === status) return row;
    if (Date.now() > until) throw new Error(`refund ${id} is ${row.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a live refund on the local chain", () => {
  it("is claimed, sent by the recipient's account, completed with its transaction; too little waits; a reorg reopens it", async () => {
    const db = await testDb();
    const { m, recipient, session } = await liveSession(stack, "10.00");
    const started = await startLive(session.id);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    await prove(session.id, mined.intentHash!);
    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
    const received = await usdcBalance(stack, recipient);
    expect(received).toBeGreaterThan(4_000_000n);

    const created = await call("POST", `/api/checkout/sessions/${session.id}/refunds`, {
      key: m.apiKey,
      body: { amountUsdc: "4.00", reason: "Half the order was missing" },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.responseObject.id as string;
    const payerAddress = newWallet();
    const claimed = await claimByLink(db, claimToken(id), payerAddress);
    expect(claimed).toMatchObject({ status: "AWAITING_TRANSFER", payoutAddress: payerAddress });
    expect(claimed.watchFromBlock).not.toBeNull();

    // too little: 1 USDC, confirmed, and the refund still waits; the transfer is written down
    const small = await sendUsdc(recipient, payerAddress, 1_000_000n);
    await new Promise((r) => setTimeout(r, 1000)); // its confirmations come
    await advanceRefund(db, id, watchRefund);
    expect(await refundRow(id)).toMatchObject({ status: "AWAITING_TRANSFER", txHash: small });
    // the address can no longer change, nor can the refund be cancelled
    await expect(claimByLink(db, claimToken(id), newWallet())).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await call("POST", `/api/refunds/${id}/cancel`, { key: m.apiKey, body: {} })).status).toBe(409);

    // the rest: 3 USDC more; once confirmed the refund completes with that transfer's hash
    const rest = await sendUsdc(recipient, payerAddress, 3_000_000n);
    const completed = await watchUntil(id, "COMPLETED");
    expect(completed).toMatchObject({ txHash: rest, sentFrom: recipient });
    expect(await usdcBalance(stack, payerAddress)).toBe(4_000_000n);
    const [s] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(s!.refundedMicro).toBe(4_000_000n);
    const api = await call("GET", `/api/refunds/${id}`, { key: m.apiKey });
    expect(api.body.responseObject).toMatchObject({ status: "COMPLETED", txHash: rest, payoutAddress: payerAddress });

    // a reorg takes the completing transfer out of the chain: the refund waits again
    stack.pauseMining();
    try {
      await new Promise((r) => setTimeout(r, 300)); // a block being mined lands first
      const head = BigInt((await rpc("eth_blockNumber", [])) as string);
      await stack.rail.reorg(Number(head - completed.blockNumber! + 1n));
      await advanceRefund(db, id, watchRefund);
      expect(await refundRow(id)).toMatchObject({ status: "AWAITING_TRANSFER", txHash: null, completedAt: null });
      const [after] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
      expect(after!.refundedMicro).toBe(0n);
      expect(await usdcBalance(stack, payerAddress)).toBe(1_000_000n);
    } finally {
      stack.resumeMining();
    }
    // sent again, it completes again
    const again = await sendUsdc(recipient, payerAddress, 3_000_000n);
    expect(await watchUntil(id, "COMPLETED")).toMatchObject({ txHash: again });
  });
});
