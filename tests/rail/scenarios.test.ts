import { and, eq, inArray, like } from "drizzle-orm";
import { type Address, createWalletClient, encodeFunctionData, type Hex, http, keccak256, toFunctionSelector, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chainTxs, checkoutSessions, type OrderRow, orders, takerWallets } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/logger";
import { advanceOrder, reconcileOpenIntents, warnLowWallets } from "@/lib/orders/rail-steps";
import { expireIfDue } from "@/lib/sessions/expiry";
import { cancelSession, markPaymentSent } from "@/lib/sessions/transitions";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { describeRevert, encodeStoredAttestation, ORCHESTRATOR_ABI, revertReason } from "@/lib/rail/zkp2p/protocol";
import { liveRail } from "@/lib/rail";
import { signGatingSignature } from "@/rail-local/chain";
import { testDb } from "../support/db";
import {
  driveUntil,
  liveSession,
  netOf,
  prove,
  railUnderTest,
  type RailUnderTest,
  releaseAsStranger,
  startLive,
  stepNow,
  usdcBalance,
} from "./support";

// The real rail's scenarios on the local chain, each through the service's own code: what the chain,
// the services or a crash do to an order, and what the order does about it.

let stack: RailUnderTest;
beforeAll(async () => {
  // a transaction is "stuck" after 2 s here (30 s by default), so the fee bump is seen in a test
  // and a ZKP2P service that does not answer is given up on after 2 s (10 s by default)
  stack = await railUnderTest({ ZKP2P_STUCK_AFTER: "2s", ZKP2P_SERVICE_TIMEOUT: "2s" });
});
afterAll(async () => {
  await stack?.stop();
});

const orderRow = async (id: string) => (await (await testDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const txsOf = async (id: string) => (await testDb()).select().from(chainTxs).where(eq(chainTxs.orderId, id));
/** Where a transaction stands on the chain, as the rail reads it. */
const txState = async (hash: string) => (await new RailChain(getConfig().liveRail!).stateOf(hash as Hex)).state;

/** A live order, signalled and mined. */
async function minedOrder(amount = "20.00") {
  const live = await liveSession(stack, amount);
  const started = await startLive(live.session.id);
  const order = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
  expect(order.status, order.failureReason ?? "").toBe("SIGNAL_MINED");
  return { ...live, order };
}

/**
 * A 1 USDC Venmo intent on the stand-in deposit, gated for `caller` as curator would sign it, built
 * outside the service: its calldata for signalIntent (with other hook data, if a test asks).
 */
async function outsideSignal(caller: Address) {
  const expiration = (await stack.rail.chainTime()) + 600n;
  const intent = {
    escrow: stack.rail.addresses.escrow,
    depositId: stack.rail.depositId,
    amount: 1_000_000n,
    to: caller,
    paymentMethod: "0x90262a3db0edd0be2369c6b28f9e8511ec0bac7136cefbada0880602f87e7268" as Hex, // venmo
    fiatCurrency: "0xc4ae21aac0c6549d71dd96035b7e0bdb6c79ebdba8891b666115bc976d16a29e" as Hex, // USD
    conversionRate: stack.rail.rates.USD!,
    referralFees: [] as { recipient: Address; fee: bigint }[],
    postIntentHook: "0x0000000000000000000000000000000000000000" as Address,
    data: "0x" as Hex,
  };
  const sig = await signGatingSignature(stack.rail.gatingKey, {
    ...intent,
    caller,
    orchestrator: stack.rail.addresses.orchestrator,
    signatureExpiration: expiration,
    chainId: 8453n,
  });
  return (data: Hex = "0x") =>
    encodeFunctionData({
      abi: ORCHESTRATOR_ABI,
      functionName: "signalIntent",
      args: [{ ...intent, data, gatingServiceSignature: sig, signatureExpiration: expiration, preIntentHookData: "0x" }],
    });
}

/** The attestation service down (or hung) while a payer proves: 503, the order unchanged; back, the proof pays. */
async function attestationDownThenBack(fault: "5xx" | "timeout") {
  const { session, order } = await minedOrder("2.00");
  stack.attestation.faults.set("verify", fault);
  try {
    await expect(prove(session.id, order.intentHash!)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect((await orderRow(order.id)).status).toBe("SIGNAL_MINED");
  } finally {
    stack.attestation.faults.clear();
  }
  await prove(session.id, order.intentHash!);
  expect((await driveUntil(await testDb(), order.id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");
}

describe("the real rail under faults", () => {
  it("a partial release pays the merchant what the chain released, and the session waits for the rest", async () => {
    const { session, order, recipient } = await minedOrder("20.00");
    await markPaymentSent(await testDb(), session.id, { actor: payer(session.id) });
    // 10.20 USD at 1.02 USD per USDC buys 10.00 USDC of the 20.00 locked
    await prove(session.id, order.intentHash!, "local-partial", { paidFiat: "10.20" });
    const done = await driveUntil(await testDb(), order.id, ["FULFILLED", "FAILED"]);
    expect(done.status).toBe("FULFILLED");
    // the merchant receives the 10.00 released less V3's fees; the session counts half its amount paid
    expect(done).toMatchObject({ grossAmountMicro: 10_000_000n, netAmountMicro: netOf(10_000_000n) });
    expect(done.protocolFeeMicro! + done.managerFeeMicro! + done.referralFeeMicro!).toBe(10_000_000n - netOf(10_000_000n));
    expect(await usdcBalance(stack, recipient)).toBe(netOf(10_000_000n));
    const [s] = await (await testDb()).select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(s).toMatchObject({ status: "ACTIVE", paidAmountMicro: 10_000_000n });
  });

  it("a release that reverts (a payment already used) fails the order with the revert's name, and unwinds its intent", async () => {
    const first = await minedOrder("5.00");
    await prove(first.session.id, first.order.intentHash!, "local-ok", { paymentId: "one-payment" });
    expect((await driveUntil(await testDb(), first.order.id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");

    const second = await minedOrder("5.00");
    const liquidity = await stack.rail.depositLiquidity();
    await prove(second.session.id, second.order.intentHash!, "local-ok", { paymentId: "one-payment" });
    const failed = await driveUntil(await testDb(), second.order.id, ["FAILED", "FULFILLED"]);
    expect(failed.status).toBe("FAILED");
    // the deployed verifier's own words for a payment used before
    expect(failed.failureReason).toBe("Nullifier has already been used");
    // the unwind step cancels the intent: the maker's funds are back and the wallet is free
    await vi.waitFor(
      async () => {
        await stepNow(second.order.id);
        expect(await stack.rail.depositLiquidity()).toBe(liquidity + 5_000_000n);
        expect(await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, second.order.id))).toHaveLength(0);
      },
      { timeout: 15_000, interval: 300 },
    );
    expect((await txsOf(second.order.id)).map((t) => t.kind).sort()).toEqual(["cancel", "signal"]);
  });

  it("a release sent by someone else (fulfilment is permissionless) pays the order all the same", async () => {
    const { session, order, recipient } = await minedOrder("7.00");
    await prove(session.id, order.intentHash!);
    // a stranger sends the same attestation first
    const { hash: theirs, stranger } = await releaseAsStranger(stack, order.id);
    const done = await driveUntil(await testDb(), order.id, ["FULFILLED", "FAILED"]);
    expect(done.status).toBe("FULFILLED");
    expect(done.fulfillTx).toBe(theirs);
    expect(await usdcBalance(stack, recipient)).toBe(netOf(7_000_000n));
    // not our release, so its gross is found from the net at the chain's fee rates
    expect(done).toMatchObject({ grossAmountMicro: 7_000_000n, netAmountMicro: netOf(7_000_000n) });
    // we sent nothing of our own for it; theirs is written down, so the release watch follows it through reorgs
    const txs = await txsOf(order.id);
    expect(txs.map((t) => t.kind).sort()).toEqual(["fulfill", "signal"]);
    expect(txs.find((t) => t.kind === "fulfill")).toMatchObject({
      hash: theirs.toLowerCase(),
      wallet: stranger.toLowerCase(),
      status: "confirmed",
      error: "sent by another party",
    });
  });

  it("an order that expires before the payment is sent cancels its intent on-chain and frees its wallet", async () => {
    const { session, order } = await minedOrder("6.00");
    const liquidity = await stack.rail.depositLiquidity();
    const db = await testDb();
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await expireIfDue(db, session.id);
    expect((await orderRow(order.id)).status).toBe("EXPIRED");
    await vi.waitFor(
      async () => {
        await stepNow(order.id);
        expect(await stack.rail.depositLiquidity()).toBe(liquidity + 6_000_000n);
      },
      { timeout: 15_000, interval: 300 },
    );
    expect(
      await stack.rail.client.readContract({
        address: stack.rail.addresses.orchestrator,
        abi: ORCHESTRATOR_ABI,
        functionName: "getAccountIntents",
        args: [order.takerWallet as Address],
      }),
    ).toEqual([]);
  });

  it("a session whose payer said they paid does not expire while the release may come: a late proof still pays", async () => {
    const { session, order, recipient } = await minedOrder("4.00");
    const db = await testDb();
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, session.id));
    await expireIfDue(db, session.id);
    expect((await orderRow(order.id)).status).toBe("PAYMENT_SENT");
    await prove(session.id, order.intentHash!);
    expect((await driveUntil(db, order.id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(4_000_000n));
  });

  it("a gating signature that expires before the signal is mined fails the order with that reason", async () => {
    const { session } = await liveSession(stack, "3.00");
    stack.pauseMining();
    await stack.rail.setAutomine(false);
    try {
      const started = await startLive(session.id);
      await stepNow(started.order.id); // signs and sends; nothing is mined
      expect((await txsOf(started.order.id)).map((t) => t.status)).toEqual(["sent"]);
      await stack.rail.increaseTime(600); // the stand-in curator signs for 300 s
    } finally {
      await stack.rail.setAutomine(true);
      stack.resumeMining();
    }
    const failed = await driveUntil(await testDb(), (await sessionOrder(session.id)).id, ["FAILED", "SIGNAL_MINED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureReason).toBe("the gating signature expired before the signal was mined");
  });

  it("a dropped signal is broadcast again from its stored bytes, and a stuck one is replaced with a higher fee", async () => {
    const { session } = await liveSession(stack, "3.00");
    stack.pauseMining();
    await stack.rail.setAutomine(false);
    let id: string;
    try {
      id = (await startLive(session.id)).order.id;
      await stepNow(id);
      const [sent] = await txsOf(id);
      await stack.rail.dropTransaction(sent!.hash as Hex);
      expect(await txState(sent!.hash)).toBe("unknown");
      await stepNow(id); // the node lost it: the same bytes go out again
      expect(await txState(sent!.hash)).toBe("pending");
      expect(await txsOf(id)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 2_500)); // past ZKP2P_STUCK_AFTER
      await stepNow(id);
      const all = await txsOf(id);
      expect(all).toHaveLength(2);
      const replacement = all.find((t) => t.replaces === sent!.id)!;
      expect(replacement.nonce).toBe(sent!.nonce);
      expect(BigInt(replacement.maxFeePerGas!)).toBeGreaterThan(BigInt(sent!.maxFeePerGas!));
    } finally {
      await stack.rail.setAutomine(true);
      stack.resumeMining();
    }
    const mined = await driveUntil(await testDb(), id!, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status).toBe("SIGNAL_MINED");
    expect(mined.signalTx).toBe((await txsOf(id!)).find((t) => t.replaces)!.hash);
    await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  });

  it("a crash between signing and broadcasting loses nothing and sends nothing twice", async () => {
    const { session } = await liveSession(stack, "3.00");
    const id = (await startLive(session.id)).order.id;
    // the process dies after the signed bytes are written down, before they reach the node
    const broadcast = vi.spyOn(RailChain.prototype, "broadcast").mockRejectedValueOnce(new Error("killed"));
    await stepNow(id);
    broadcast.mockRestore();
    const [written] = await txsOf(id);
    expect(written!.status).toBe("signed");
    expect(await txState(written!.hash)).toBe("unknown");
    // the next run (this process or another) sends those same bytes: one transaction, one nonce
    const mined = await driveUntil(await testDb(), id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.signalTx).toBe(written!.hash);
    expect(await txsOf(id)).toHaveLength(1);
    await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  });

  it("two instances and a worker stepping one order at once sign one transaction", async () => {
    const { session } = await liveSession(stack, "3.00");
    const id = (await startLive(session.id)).order.id;
    const db = await testDb();
    await Promise.all([advanceOrder(db, id), advanceOrder(db, id), advanceOrder(db, id)]);
    expect(await txsOf(id)).toHaveLength(1);
    expect((await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
    expect(await txsOf(id)).toHaveLength(1);
    await cancelSession(db, session.id, { actor: payer(session.id) });
  });

  it("the RPC down for a minute: every step waits and retries, the reconciler ends nothing, and all resume once it is back", async () => {
    const paid = await minedOrder("4.00"); // its payer is about to prove the payment
    const open = await minedOrder("3.00"); // its payer has not paid yet: the reconciler watches it
    const waiting = await liveSession(stack, "2.00"); // reserving: its signal is not sent yet
    const db = await testDb();
    await markPaymentSent(db, paid.session.id, { actor: payer(paid.session.id) });
    const reserving = (await startLive(waiting.session.id)).order.id;
    stack.rpcProxy.faults.set("rpc", "5xx");
    try {
      // the proof needs the attestation service, not the node: it is taken, and the release waits
      await prove(paid.session.id, paid.order.intentHash!);
      for (let i = 0; i < 4; i++) {
        await stepNow(paid.order.id);
        await stepNow(reserving);
        // the node answers nothing: an intent it cannot read is not an intent gone
        expect(await reconcileOpenIntents(db)).toBe(0);
      }
      for (const [id, status] of [
        [paid.order.id, "PROOF_VERIFIED"],
        [reserving, "SIGNAL_SUBMITTED"],
        [open.order.id, "SIGNAL_MINED"],
      ] as const) {
        const o = await orderRow(id);
        expect(o.status, id).toBe(status);
        expect(o.failureReason).toBeNull();
      }
      expect(await txsOf(reserving)).toEqual([]);
      expect((await txsOf(paid.order.id)).filter((t) => t.kind === "fulfill")).toEqual([]);
      // each failed try pushes the next one further, never more than a minute away
      const retry = await orderRow(reserving);
      expect(retry.railTries).toBe(4);
      expect(retry.railDueAt!.getTime() - Date.now()).toBeGreaterThan(10_000);
      expect(retry.railDueAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
      expect(stack.rpcProxy.faults.hits.get("rpc")).toBeGreaterThan(8);
    } finally {
      stack.rpcProxy.faults.clear();
    }
    // the node is back: the next tries (brought forward here, instead of waiting out the backoff) go through
    await db
      .update(orders)
      .set({ railDueAt: new Date() })
      .where(inArray(orders.id, [paid.order.id, reserving]));
    expect((await driveUntil(db, paid.order.id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");
    expect(await usdcBalance(stack, paid.recipient)).toBe(netOf(4_000_000n));
    expect((await driveUntil(db, reserving, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
    expect(await txsOf(reserving)).toHaveLength(1);
    expect((await txsOf(paid.order.id)).filter((t) => t.kind === "fulfill")).toHaveLength(1);
    expect((await orderRow(open.order.id)).status).toBe("SIGNAL_MINED");
    for (const s of [open.session.id, waiting.session.id]) await cancelSession(db, s, { actor: payer(s) });
  });

  it("the quote service down: no live platform is offered, and starting is refused with a clear answer", async () => {
    const { session } = await liveSession(stack, "2.00");
    stack.curator.faults.set("quote", "5xx");
    try {
      const view = await getCheckoutView(await testDb(), session.id);
      expect(view.options).toEqual([]);
      expect(view.step).toBe("no-platform");
      await expect(startLive(session.id)).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("quote service") });
    } finally {
      stack.curator.faults.clear();
    }
    expect((await startLive(session.id)).order.status).toBe("SIGNAL_SUBMITTED");
    await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  });

  it("the gating service refusing fails the order and frees its wallet; the attestation service down answers 503 and changes nothing", async () => {
    const refused = await liveSession(stack, "2.00");
    stack.curator.faults.set("sign", "refuse");
    let id: string;
    try {
      id = (await startLive(refused.session.id)).order.id;
      const failed = await driveUntil(await testDb(), id, ["FAILED", "SIGNAL_MINED"]);
      expect(failed.failureReason).toMatch(/^refused by the gating service/);
    } finally {
      stack.curator.faults.clear();
    }
    expect(await (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, id!))).toHaveLength(0);

    await attestationDownThenBack("5xx");
  });

  it("a hung gating or attestation service is given up on: the step backs off and resumes, the proof answers 503", async () => {
    const hung = await liveSession(stack, "2.00");
    stack.curator.faults.set("sign", "timeout");
    let id: string;
    try {
      id = (await startLive(hung.session.id)).order.id;
      // one step: it waits at most ZKP2P_SERVICE_TIMEOUT for the signature, then backs off
      await stepNow(id);
      const waiting = await orderRow(id);
      expect(waiting).toMatchObject({ status: "SIGNAL_SUBMITTED", railTries: 1 });
      expect(waiting.railDueAt!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      stack.curator.faults.clear();
    }
    expect((await driveUntil(await testDb(), id!, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
    await cancelSession(await testDb(), hung.session.id, { actor: payer(hung.session.id) });

    await attestationDownThenBack("timeout");
  });

  it("a signal the SDK refuses to build fails the order at once, with the SDK's reason, after one gating signature", async () => {
    const { session } = await liveSession(stack, "2.00");
    const id = (await startLive(session.id)).order.id;
    // a platform the SDK's catalog does not know (a newer @zkp2p/contracts-v2 catalog than the SDK's)
    const db = await testDb();
    const row = await orderRow(id);
    await db
      .update(orders)
      .set({ railState: { ...row.railState, processorName: "notaplatform" } })
      .where(eq(orders.id, id));
    const signed = stack.curator.faults.hits.get("sign") ?? 0;
    const failed = await driveUntil(db, id, ["FAILED", "SIGNAL_MINED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureReason).toMatch(/^the signal could not be prepared: .*notaplatform/i);
    expect(failed.railTries).toBe(0);
    expect(stack.curator.faults.hits.get("sign")).toBe(signed + 1);
    expect(await txsOf(id)).toHaveLength(0);
    expect(await db.select().from(takerWallets).where(eq(takerWallets.orderId, id))).toHaveLength(0);
  });

  it("a wallet with an intent the service does not know of is set aside, and another wallet signals", async () => {
    // someone used taker wallet 1 outside the service: it holds an open intent
    const key = stack.rail.takerKeys[0]!;
    const outsider = privateKeyToAccount(key);
    const calldata = await outsideSignal(outsider.address);
    const wallet = createWalletClient({ account: outsider, chain: base, transport: http(stack.rpcUrl) });
    await wallet.sendTransaction({ to: stack.rail.addresses.orchestrator, data: calldata() });
    const db = await testDb();
    // every other wallet is busy, so the service must try wallet 1 first
    const others = stack.rail.takerKeys.slice(1).map((k) => privateKeyToAccount(k).address.toLowerCase());
    for (const a of others)
      await db
        .update(takerWallets)
        .set({ orderId: `test-busy-${a}` })
        .where(eq(takerWallets.address, a));
    const { session } = await liveSession(stack, "2.00");
    const id = (await startLive(session.id)).order.id;
    await stepNow(id);
    const [held] = await db.select().from(takerWallets).where(eq(takerWallets.address, outsider.address.toLowerCase()));
    expect(held!.orderId).toMatch(/^held:0x/);
    expect((await orderRow(id)).status).toBe("SIGNAL_SUBMITTED"); // it waits for a wallet: it does not fail
    for (const a of others) await db.update(takerWallets).set({ orderId: null }).where(eq(takerWallets.address, a));
    const mined = await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status).toBe("SIGNAL_MINED");
    expect(others).toContain(mined.takerWallet);
    await cancelSession(db, session.id, { actor: payer(session.id) });
    // the outsider's intent is cancelled, so wallet 1 is clean again for the tests after this one
    const [outsiderIntent] = (await stack.rail.client.readContract({
      address: stack.rail.addresses.orchestrator,
      abi: ORCHESTRATOR_ABI,
      functionName: "getAccountIntents",
      args: [outsider.address],
    })) as Hex[];
    const cancelled = await wallet.sendTransaction({
      to: stack.rail.addresses.orchestrator,
      data: encodeFunctionData({ abi: ORCHESTRATOR_ABI, functionName: "cancelIntent", args: [outsiderIntent!] }),
    });
    await stack.rail.client.waitForTransactionReceipt({ hash: cancelled, pollingInterval: 50 });
    await db.update(takerWallets).set({ orderId: null }).where(like(takerWallets.orderId, "held:%"));
  });
});

describe("gated deposits: liquidity a maker offers only to takers in its address groups", () => {
  it("is taken through a wallet in the group, which signals it, and is not offered when none of ours is", async () => {
    const group = keccak256(toHex("rail-local:group:trusted-takers"));
    stack.curator.gate("chime", [group]);
    try {
      // none of our wallets in the group: the gated liquidity is not ours to take
      const closed = await liveSession(stack, "3.00");
      const view = await getCheckoutView(await testDb(), closed.session.id);
      expect(view.options.find((c) => c.currency === "USD")!.quotes.map((q) => q.platform)).not.toContain("chime");
      await cancelSession(await testDb(), closed.session.id, { actor: payer(closed.session.id) });

      // the last wallet joins the group: chime is offered, and the order signals from that wallet,
      // whichever is first in line (the gating service would refuse the others)
      const member = privateKeyToAccount(stack.rail.takerKeys.at(-1)!).address;
      await stack.rail.addGroupMembers(group, [member]);
      liveRail()!.groups.clear();
      const open = await liveSession(stack, "3.00");
      const offered = await getCheckoutView(await testDb(), open.session.id);
      expect(offered.options.find((c) => c.currency === "USD")!.quotes.map((q) => q.platform)).toContain("chime");
      const started = await startLive(open.session.id, "chime");
      const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
      expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
      expect(mined.takerWallet).toBe(member.toLowerCase());
      expect((mined.railState as { allowedGroupIds?: string }).allowedGroupIds).toBe(group);
      await cancelSession(await testDb(), open.session.id, { actor: payer(open.session.id) });
    } finally {
      stack.curator.gate("chime", null);
    }
  });
});

describe("V3's gating rules, as the stand-in orchestrator enforces them", () => {
  it("a gating signature is bound to the wallet that signals and single-use: borrowed or replayed, the signal reverts", async () => {
    const client = stack.rail.client;
    const fund = async (address: Address) =>
      client.request({ method: "anvil_setBalance" as never, params: [address, toHex(10n ** 18n)] as never });
    const owner = privateKeyToAccount(generatePrivateKey());
    const borrower = privateKeyToAccount(generatePrivateKey());
    await fund(owner.address);
    await fund(borrower.address);
    const calldata = await outsideSignal(owner.address);
    const data = calldata();
    const attempt = async (account: Address) =>
      client.call({ account, to: stack.rail.addresses.orchestrator, data }).then(
        () => "ok",
        (err: unknown) => describeRevert(revertReason(err)),
      );
    // another wallet cannot use it: the digest names the caller
    expect(await attempt(borrower.address)).toBe("InvalidSignature");
    // nor with other hook data: the digest covers keccak256(data)
    const otherData = calldata("0x01");
    await expect(client.call({ account: owner.address, to: stack.rail.addresses.orchestrator, data: otherData })).rejects.toSatisfy(
      (err: unknown) => describeRevert(revertReason(err)) === "InvalidSignature",
    );
    // its own wallet signals once
    const wallet = createWalletClient({ account: owner, chain: base, transport: http(stack.rpcUrl) });
    const first = await wallet.sendTransaction({ to: stack.rail.addresses.orchestrator, data });
    expect((await client.waitForTransactionReceipt({ hash: first, pollingInterval: 50 })).status).toBe("success");
    const [intentHash] = (await client.readContract({
      address: stack.rail.addresses.orchestrator,
      abi: ORCHESTRATOR_ABI,
      functionName: "getAccountIntents",
      args: [owner.address],
    })) as Hex[];
    const cancel = await wallet.sendTransaction({
      to: stack.rail.addresses.orchestrator,
      data: encodeFunctionData({ abi: ORCHESTRATOR_ABI, functionName: "cancelIntent", args: [intentHash!] }),
    });
    await client.waitForTransactionReceipt({ hash: cancel, pollingInterval: 50 });
    // and never again, even with no intent open: the digest is spent
    expect(await attempt(owner.address)).toBe("GatingSignatureAlreadyUsed");
  });
});

describe("reorgs", () => {
  /** Holds the chain still, then replaces every block from `block` on with empty ones. */
  async function reorgFrom(block: bigint) {
    stack.pauseMining();
    await new Promise((r) => setTimeout(r, 300)); // a block being mined lands first
    const head = BigInt(await stack.rail.client.request({ method: "eth_blockNumber" })); // not viem's cached one
    await stack.rail.reorg(Number(head - block + 1n));
  }
  // the node mines a sent transaction on its own time: under load, a moment after the send returns
  const receiptBlock = async (hash: string) =>
    (await stack.rail.client.waitForTransactionReceipt({ hash: hash as Hex, timeout: 15_000, pollingInterval: 100 })).blockNumber;

  it("a signal taken out by a reorg before it is confirmed is sent again, and the order waits for it", async () => {
    const { session } = await liveSession(stack, "3.00");
    const id = (await startLive(session.id)).order.id;
    stack.pauseMining(); // blocks come only with transactions: the signal is mined, not confirmed
    try {
      await stepNow(id);
      const [sent] = await txsOf(id);
      const block = await receiptBlock(sent!.hash);
      await reorgFrom(block);
      expect(await txState(sent!.hash)).toBe("unknown");
      await stepNow(id);
      expect((await orderRow(id)).status).toBe("SIGNAL_SUBMITTED");
      // the same bytes, mined again in a later block
      expect(await receiptBlock(sent!.hash)).toBeGreaterThan(block);
    } finally {
      stack.resumeMining();
    }
    const mined = await driveUntil(await testDb(), id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status).toBe("SIGNAL_MINED");
    expect(await txsOf(id)).toHaveLength(1);
    expect(mined.signalTx).toBe((await txsOf(id))[0]!.hash);
    await cancelSession(await testDb(), session.id, { actor: payer(session.id) });
  });

  it("a reorg deeper than the confirmations moves a mined order back: the payee is hidden until the same signal is mined again, then it pays", async () => {
    const { session, order, recipient } = await minedOrder("5.00");
    const [signal] = await txsOf(order.id);
    const db = await testDb();
    try {
      await reorgFrom(signal!.blockNumber!);
      // the intent is not gone for good: the reconciler does not expire the order, it moves it back
      expect(await reconcileOpenIntents(db)).toBeGreaterThanOrEqual(1);
      const back = await orderRow(order.id);
      expect(back.status).toBe("SIGNAL_SUBMITTED");
      expect(back.intentHash).toBeNull();
      const view = await getCheckoutView(db, session.id);
      expect(view.step).toBe("reserving");
      expect(JSON.stringify(view)).not.toContain(String((order.railState as { payeeDetails?: string }).payeeDetails ?? "@"));
    } finally {
      stack.resumeMining();
    }
    const again = await driveUntil(db, order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(again.status, again.failureReason ?? "").toBe("SIGNAL_MINED");
    expect(await txsOf(order.id)).toHaveLength(1);
    expect(again.signalTx).toBe(signal!.hash);
    expect(await new RailChain(getConfig().liveRail!).intentOf(again.intentHash as Hex)).not.toBeNull();
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    await prove(session.id, again.intentHash!);
    expect((await driveUntil(db, order.id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(5_000_000n));
  });

  it("a release taken out by a reorg is sent again: before its confirmations the order waits; after, the merchant still gets the USDC", async () => {
    const { session, order, recipient } = await minedOrder("7.00");
    const db = await testDb();
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    await prove(session.id, order.intentHash!);
    const releaseOf = async () => (await txsOf(order.id)).filter((t) => t.kind === "fulfill");
    // inside the confirmations
    stack.pauseMining();
    try {
      await stepNow(order.id);
      const [release] = await releaseOf();
      // the node answers the send before it has mined the block (automine), so the balance is awaited
      await vi.waitFor(async () => expect(await usdcBalance(stack, recipient)).toBe(netOf(7_000_000n)), { timeout: 10_000, interval: 100 });
      await reorgFrom(await receiptBlock(release!.hash));
      expect(await usdcBalance(stack, recipient)).toBe(0n);
      await stepNow(order.id);
      expect((await orderRow(order.id)).status).toBe("FULFILL_SUBMITTED");
    } finally {
      stack.resumeMining();
    }
    const paid = await driveUntil(db, order.id, ["FULFILLED", "FAILED"]);
    expect(paid.status).toBe("FULFILLED");
    const [release] = await releaseOf();
    expect(await releaseOf()).toHaveLength(1);
    expect(release!.status).toBe("confirmed");
    // deeper than the confirmations, after the order was paid and said so
    const error = vi.spyOn(logger, "error");
    try {
      await reorgFrom(release!.blockNumber!);
      expect(await usdcBalance(stack, recipient)).toBe(0n);
      await reconcileOpenIntents(db);
      expect(error.mock.calls.some(([msg]) => msg.startsWith("a reorg took a confirmed release out"))).toBe(true);
    } finally {
      error.mockRestore();
      stack.resumeMining();
    }
    await vi.waitFor(
      async () => {
        await reconcileOpenIntents(db);
        const [again] = await releaseOf();
        expect(again!.status).toBe("confirmed");
        expect(again!.blockNumber).toBeGreaterThan(release!.blockNumber!);
      },
      { timeout: 15_000, interval: 300 },
    );
    expect(await usdcBalance(stack, recipient)).toBe(netOf(7_000_000n));
    expect(await releaseOf()).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe("FULFILLED");
  });
});

describe("taker wallets", () => {
  it("a wallet below ZKP2P_MIN_WALLET_ETH is warned about in the logs, at most every ten minutes, without its key", async () => {
    const settings = getConfig().liveRail!;
    const low = settings.takerKeys.addresses[2]!;
    // this wallet spends down to 0.001 ETH; the threshold is 0.002
    await stack.rail.client.request({ method: "anvil_setBalance" as never, params: [low, toHex(10n ** 15n)] as never });
    const warn = vi.spyOn(logger, "warn");
    try {
      expect(await warnLowWallets(settings, 1_000_000)).toEqual([low]);
      const lines = warn.mock.calls.filter(([msg]) => msg.startsWith("taker wallet is low on ETH"));
      expect(lines).toHaveLength(1);
      expect(lines[0]![1]).toEqual({ wallet: low, balanceWei: "1000000000000000", thresholdWei: "2000000000000000" });
      expect(JSON.stringify(warn.mock.calls)).not.toContain(stack.rail.takerKeys[2]!.slice(2));
      // five minutes on: still low, not said again; eleven minutes on: said again
      await warnLowWallets(settings, 1_000_000 + 5 * 60_000);
      await warnLowWallets(settings, 1_000_000 + 11 * 60_000);
      expect(warn.mock.calls.filter(([msg]) => msg.startsWith("taker wallet is low on ETH"))).toHaveLength(2);
    } finally {
      warn.mockRestore();
      await stack.rail.client.request({ method: "anvil_setBalance" as never, params: [low, toHex(10n * 10n ** 18n)] as never });
    }
  });
});

async function sessionOrder(sessionId: string): Promise<OrderRow> {
  const [o] = await (
    await testDb()
  )
    .select()
    .from(orders)
    .where(and(eq(orders.sessionId, sessionId)));
  return o!;
}
