import { and, eq, isNull } from "drizzle-orm";
import { createWalletClient, encodeFunctionData, type Hex, http, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { encodeStoredAttestation, ORCHESTRATOR_ABI } from "@/lib/rail/zkp2p/protocol";
import { base } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chainTxs, checkoutSessions, events, orders, takerWallets } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { getConfig } from "@/lib/core/config";
import { metrics } from "@/lib/metrics";
import { advanceOrder, reconcileOpenIntents } from "@/lib/orders/rail-steps";
import { RailChain } from "@/lib/rail/zkp2p/chain";
import { follow, LeaseLost, signAndSend } from "@/lib/rail/zkp2p/transactions";
import { claim, setDue } from "@/lib/orders/rail-steps/due";
import { expireIfDue, findDueExpiries } from "@/lib/sessions/expiry";
import { cancelSession, markPaymentSent, startSession } from "@/lib/sessions/transitions";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { resetConfigForTests } from "@/lib/core/config";
import { createMerchant } from "@/lib/merchants/service";
import { MAX_NUMBER } from "@/lib/limits/proof-of-work";
import { call, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import {
  driveUntil,
  liveMerchant,
  liveSession,
  stepNow,
  netOf,
  newWallet,
  prove,
  railUnderTest,
  type RailUnderTest,
  releaseAsStranger,
  usdcBalance,
} from "./support";

// The taker wallets are the deployment's shared capacity: each holds one open intent, and every
// live payment of every merchant waits for a free one. Nobody may hold them all, an order the payer
// says they paid does not hold one forever, and a step's transactions are sent once, whatever the
// node says about their nonce, at no more than the fee ceiling.

let stack: RailUnderTest;
beforeAll(async () => {
  // three wallets: a merchant may hold two open payments (half, rounded up), a payment link one (a
  // quarter), a client address two; a transaction is stuck after 2 s and replaced at most twice
  // (the proof of work of the payer's page is tested on its own, in proof-of-work.test.ts)
  stack = await railUnderTest({ ZKP2P_STUCK_AFTER: "2s", ZKP2P_MAX_REPLACEMENTS: "2", ZKP2P_PROOF_OF_WORK: "off" });
});
afterAll(async () => {
  await stack?.stop();
});

const orderRow = async (id: string) => (await (await testDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const txsOf = async (id: string) => (await testDb()).select().from(chainTxs).where(eq(chainTxs.orderId, id));
const refusals = async (limit: string) =>
  (await metrics().registry.getSingleMetric("checkout_rate_limit_refusals_total")!.get()).values.find((v) => v.labels.limit === limit)
    ?.value ?? 0;

/** A live session of a merchant (a new one unless given), paying out to a fresh address. */
async function sessionOf(m: { id: string; apiKey: string }, amountUsdc = "2.00") {
  const created = await call("POST", "/api/checkout/sessions", {
    key: m.apiKey,
    body: {
      merchantId: m.id,
      amountUsdc,
      destinationChainId: 8453,
      destinationToken: stack.rail.addresses.usdc,
      recipientAddress: newWallet(),
    },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.responseObject.session.id as string;
}

/** The payer's "Continue" from the payer's page, from a client address. */
const startFrom = async (sessionId: string, clientAddress: string) =>
  startSession(
    await testDb(),
    sessionId,
    { paymentPlatform: "venmo", fiatCurrency: "USD" },
    { actor: payer(sessionId) },
    { payerPage: { clientAddress } },
  );

/** A live session of a new merchant, started by its payer (its order's signal is due). */
async function liveOrder(amount: string) {
  const db = await testDb();
  const { session, recipient } = await liveSession(stack, amount);
  const id = (await startSession(db, session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: payer(session.id) })).order.id;
  return { db, session, recipient, id };
}

/** Runs `fn` with nothing mined (what is sent stays pending), then mines again. */
async function withoutMining<T>(fn: () => Promise<T>): Promise<T> {
  stack.pauseMining();
  await stack.rail.setAutomine(false);
  try {
    return await fn();
  } finally {
    await stack.rail.setAutomine(true);
    stack.resumeMining();
  }
}

/** Ends the sessions a test opened, so their wallets are free for the next. */
async function cancelAll(ids: string[]) {
  const db = await testDb();
  for (const id of ids) await cancelSession(db, id, { actor: payer(id) }).catch(() => {});
}

describe("nobody can hold every wallet", () => {
  it("one client address may open two live payments, across merchants and within its /64; a third is refused and sends nothing", async () => {
    const opened: string[] = [];
    try {
      const [a, b, c] = [await liveMerchant(), await liveMerchant(), await liveMerchant()];
      const before = await refusals("rail.open.address");
      opened.push(await sessionOf(a), await sessionOf(b), await sessionOf(c));
      await startFrom(opened[0]!, "2001:db8:5:1::10");
      await startFrom(opened[1]!, "2001:db8:5:1::beef"); // the same /64: the same subscriber
      const third = startFrom(opened[2]!, "2001:db8:5:1:ffff::1");
      await expect(third).rejects.toMatchObject({
        code: "TOO_MANY_OPEN_PAYMENTS",
        message: expect.stringContaining("try again in a few minutes"),
        details: { limit: "rail.open.address", cap: 2, retryAfterSeconds: expect.any(Number) },
      });
      // nothing was reserved for it: no order, nothing to sign
      const [s] = await (await testDb()).select().from(checkoutSessions).where(eq(checkoutSessions.id, opened[2]!));
      expect(s!.activeOrderId).toBeNull();
      expect(await refusals("rail.open.address")).toBe(before + 1);
      // another network may start it
      const other = await startFrom(opened[2]!, "2001:db8:6::1");
      expect(other.order.status).toBe("SIGNAL_SUBMITTED");
    } finally {
      await cancelAll(opened);
    }
  });

  it("a merchant may hold two of the three wallets: the API answers 429 with Retry-After and a named code past it", async () => {
    const m = await liveMerchant();
    const opened = [await sessionOf(m), await sessionOf(m), await sessionOf(m)];
    try {
      const start = (id: string) =>
        call("POST", `/api/checkout/sessions/${id}/start`, { key: m.apiKey, body: { paymentPlatform: "venmo", fiatCurrency: "USD" } });
      expect((await start(opened[0]!)).status).toBe(200);
      expect((await start(opened[1]!)).status).toBe(200);
      const refused = await start(opened[2]!);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe("TOO_MANY_OPEN_PAYMENTS");
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(30);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // one ends: the next start goes through
      await cancelAll([opened[0]!]);
      expect((await start(opened[2]!)).status).toBe(200);
    } finally {
      await cancelAll(opened);
    }
  });

  it("a payment link may hold one wallet at a time", async () => {
    const m = await liveMerchant();
    const opened = [await sessionOf(m), await sessionOf(m)];
    try {
      // both sessions were made by one payment link
      await (await testDb()).update(checkoutSessions).set({ paymentLinkId: "plink_capped" }).where(eq(checkoutSessions.merchantId, m.id));
      await startFrom(opened[0]!, "198.51.100.7");
      await expect(startFrom(opened[1]!, "203.0.113.9")).rejects.toMatchObject({
        code: "TOO_MANY_OPEN_PAYMENTS",
        details: { limit: "rail.open.link", cap: 1 },
      });
    } finally {
      await cancelAll(opened);
    }
  });

  it("simultaneous starts from one address cannot all pass the cap together", async () => {
    const merchants = await Promise.all([liveMerchant(), liveMerchant(), liveMerchant(), liveMerchant()]);
    const opened = await Promise.all(merchants.map((m) => sessionOf(m)));
    try {
      const results = await Promise.allSettled(opened.map((id) => startFrom(id, "192.0.2.44")));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      for (const r of results.filter((x) => x.status === "rejected"))
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "TOO_MANY_OPEN_PAYMENTS" });
    } finally {
      await cancelAll(opened);
    }
  });
});

describe("a proof of work before a live start from the payer's page", () => {
  beforeAll(() => {
    process.env.ZKP2P_PROOF_OF_WORK = "on";
    resetConfigForTests();
  });
  afterAll(() => {
    process.env.ZKP2P_PROOF_OF_WORK = "off";
    resetConfigForTests();
  });

  /** What the payer's page does with the view's challenge (components/checkout/proof-of-work.ts), here in Node. */
  async function solved(challengeText: string) {
    const challenge = JSON.parse(Buffer.from(challengeText, "base64url").toString());
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64url");
  }
  const startWith = async (sessionId: string, proofOfWork?: string) =>
    startSession(
      await testDb(),
      sessionId,
      { paymentPlatform: "venmo", fiatCurrency: "USD" },
      { actor: payer(sessionId) },
      { payerPage: { clientAddress: "198.51.100.80", ...(proofOfWork ? { proofOfWork } : {}) } },
    );

  it("is required, bound to its session, single-use, and bounded in its work; the API's start needs none", async () => {
    const db = await testDb();
    const m = await liveMerchant();
    const [one, two] = [await sessionOf(m), await sessionOf(m)];
    try {
      const view = await getCheckoutView(db, one);
      expect(view.proofOfWork).toEqual(expect.any(String));
      // without one, or with another session's, nothing is reserved
      await expect(startWith(one)).rejects.toMatchObject({ code: "VALIDATION_FAILED", details: { fields: { pow: "missing" } } });
      const other = await solved((await getCheckoutView(db, two)).proofOfWork!);
      await expect(startWith(one, other)).rejects.toMatchObject({ details: { fields: { pow: "for another checkout" } } });
      // a forged solution
      const forged = JSON.parse(Buffer.from(await solved(view.proofOfWork!), "base64url").toString());
      // the proof is the key the counter derives, which only the work finds: a guessed key is refused
      forged.solution.derivedKey = forged.solution.derivedKey.replace(/.$/, (c: string) => (c === "0" ? "1" : "0"));
      await expect(startWith(one, Buffer.from(JSON.stringify(forged)).toString("base64url"))).rejects.toMatchObject({
        details: { fields: { pow: "not solved" } },
      });
      expect((await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, one)))[0]!.activeOrderId).toBeNull();
      // solved: it starts, and the same solution cannot start anything again
      const good = await solved(view.proofOfWork!);
      // the work is bounded by the challenge, not by how busy this machine is: at most MAX_NUMBER
      // hashes (the solver's time on a phone is measured in the e2e run, not asserted here)
      const { solution } = JSON.parse(Buffer.from(good, "base64url").toString()) as { solution: { counter: number } };
      expect(solution.counter).toBeLessThanOrEqual(MAX_NUMBER);
      expect((await startWith(one, good)).order.status).toBe("SIGNAL_SUBMITTED");
      await expect(startWith(one, good)).rejects.toMatchObject({ details: { fields: { pow: "used already" } } });
      // the merchant's server, through the API: authenticated and capped, no proof of work
      const api = await call("POST", `/api/checkout/sessions/${two}/start`, {
        key: m.apiKey,
        body: { paymentPlatform: "venmo", fiatCurrency: "USD" },
      });
      expect(api.status, api.text).toBe(200);
    } finally {
      await cancelAll([one, two]);
    }
  });

  it("a sandbox session's page needs none", async () => {
    const db = await testDb();
    const m = await createMerchant(db, { name: uniqueName("pow-sandbox") });
    const created = await call("POST", "/api/checkout/sessions", {
      key: m.apiKey,
      body: {
        merchantId: m.id,
        amountUsdc: "2.00",
        destinationChainId: 8453,
        destinationToken: stack.rail.addresses.usdc,
        recipientAddress: newWallet(),
      },
    });
    const id = created.body.responseObject.session.id as string;
    expect((await getCheckoutView(db, id)).proofOfWork).toBeNull();
    expect((await startWith(id)).order.status).toBe("SIGNAL_MINED");
  });
});

describe("no step runs twice", () => {
  it('"nonce too low" is not taken as sent: the receipts decide, and a transaction whose nonce another took is signed anew', async () => {
    const { db, session, id } = await liveOrder("2.00");
    const first = await withoutMining(async () => {
      await stepNow(id);
      const [sent] = (await txsOf(id)) as [typeof chainTxs.$inferSelect];
      expect(sent.status).toBe("sent");
      // the node loses it, and something else of the wallet's takes its nonce and is mined
      await stack.rail.dropTransaction(sent.hash as Hex);
      const key = stack.rail.takerKeys.find((k) => privateKeyToAccount(k).address.toLowerCase() === sent.wallet)!;
      const wallet = createWalletClient({ account: privateKeyToAccount(key), chain: base, transport: http(stack.rpcUrl) });
      await wallet.sendTransaction({ to: sent.wallet as Hex, value: 0n, nonce: sent.nonce });
      return sent;
    });
    await stack.rail.mine(1);
    const mined = await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    const txs = await txsOf(id);
    expect(txs.find((t) => t.id === first.id)!.status).toBe("dropped");
    const again = txs.find((t) => t.id !== first.id)!;
    expect(again.nonce).toBeGreaterThan(first.nonce);
    expect(mined.signalTx).toBe(again.hash);
    await cancelAll([session.id]);
  });

  it("a step paused past its lease is taken over: what it then tries to record and send is refused", async () => {
    const { db, session, id } = await liveOrder("2.00");
    const settings = getConfig().liveRail!;
    const first = (await claim(db, id, settings.stepLeaseMs))!;
    expect(first.railLease).toBeTruthy();
    // its lease ends while it waits (a pause, a partition): another process claims the order
    await db
      .update(orders)
      .set({ railDueAt: new Date(Date.now() - 1) })
      .where(eq(orders.id, id));
    const second = (await claim(db, id, settings.stepLeaseMs))!;
    expect(second.railLease).not.toBe(first.railLease);
    const chain = new RailChain(settings);
    const wallet = settings.takerKeys.addresses[0]!;
    const nonce = await chain.pendingNonce(wallet);
    await expect(signAndSend(db, chain, first, "signal", wallet, { to: wallet, data: "0x" })).rejects.toBeInstanceOf(LeaseLost);
    expect(await txsOf(id)).toEqual([]);
    expect(await chain.pendingNonce(wallet)).toBe(nonce); // nothing reached the node
    // and its due time is the holder's to set
    await setDue(db, first, 0);
    expect((await orderRow(id)).railDueAt!.getTime()).toBeGreaterThan(Date.now() + 10_000);
    await setDue(db, second, 0);
    await cancelAll([session.id]);
  });

  it("a stuck transaction is replaced at most ZKP2P_MAX_REPLACEMENTS times, never above ZKP2P_MAX_FEE_GWEI, then waits", async () => {
    const { db, session, id } = await liveOrder("2.00");
    await withoutMining(async () => {
      await stepNow(id);
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 2_200)); // past ZKP2P_STUCK_AFTER
        await stepNow(id);
      }
      const txs = await txsOf(id);
      expect(txs).toHaveLength(3); // the original and two replacements, all with one nonce
      expect(new Set(txs.map((t) => t.nonce)).size).toBe(1);
      for (const t of txs) expect(BigInt(t.maxFeePerGas!)).toBeLessThanOrEqual(getConfig().liveRail!.maxFeePerGasWei);
    });
    expect((await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
    await cancelAll([session.id]);
  });

  it("a replacement whose fee would pass ZKP2P_MAX_FEE_GWEI is not sent: the transaction waits at the ceiling", async () => {
    const { db, session, id } = await liveOrder("2.00");
    await withoutMining(async () => {
      await stepNow(id);
      const [sent] = await txsOf(id);
      await new Promise((r) => setTimeout(r, 2_200)); // past ZKP2P_STUCK_AFTER
      // a ceiling at the fee it was sent with: a bump would pass it
      const settings = { ...getConfig().liveRail!, maxFeePerGasWei: BigInt(sent!.maxFeePerGas!) };
      const followed = await follow(db, new RailChain(settings), await orderRow(id), sent!);
      expect(followed.state).toBe("pending");
      expect(await txsOf(id)).toHaveLength(1);
    });
    expect((await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"])).status).toBe("SIGNAL_MINED");
    await cancelAll([session.id]);
  });

  it("a release whose step was lost (FULFILL_SUBMITTED with nothing due) is taken up again by the reconciler", async () => {
    const { db, session, recipient, id } = await liveOrder("3.00");
    const mined = await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"]);
    await prove(session.id, mined.intentHash!);
    await withoutMining(async () => {
      await stepNow(id); // the release is sent: FULFILL_SUBMITTED
      expect((await orderRow(id)).status).toBe("FULFILL_SUBMITTED");
      // the process dies and its next step is lost
      await db.update(orders).set({ railDueAt: null }).where(eq(orders.id, id));
    });
    await reconcileOpenIntents(db);
    expect((await orderRow(id)).railDueAt).not.toBeNull();
    expect((await driveUntil(db, id, ["FULFILLED", "FAILED"])).status).toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(3_000_000n));
    expect(
      await db
        .select()
        .from(chainTxs)
        .where(and(eq(chainTxs.orderId, id), eq(chainTxs.kind, "fulfill"), isNull(chainTxs.replaces))),
    ).toHaveLength(1);
  });

  it("a release someone else sent is acted on only once it has ZKP2P_CONFIRMATIONS blocks", async () => {
    const { db, session, recipient, id } = await liveOrder("3.00");
    const mined = await driveUntil(db, id, ["SIGNAL_MINED", "FAILED"]);
    await prove(session.id, mined.intentHash!);
    // mined in a block of its own, with nothing on top yet
    stack.pauseMining();
    try {
      await releaseAsStranger(stack, id);
      await stepNow(id);
      await reconcileOpenIntents(db);
      expect((await orderRow(id)).status).toBe("PROOF_VERIFIED");
    } finally {
      stack.resumeMining();
    }
    const paid = await driveUntil(db, id, ["FULFILLED", "FAILED"]);
    expect(paid.status).toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(3_000_000n));
  });

  it("the chain says which transaction a nonce went to", async () => {
    // a plain check of the node's words: a used nonce is reported, not hidden as "sent"
    const chain = new RailChain(getConfig().liveRail!);
    const key = stack.rail.takerKeys[0]!;
    const account = privateKeyToAccount(key);
    const wallet = createWalletClient({ account, chain: base, transport: http(stack.rpcUrl) });
    const nonce = await chain.pendingNonce(account.address);
    const hash = await wallet.sendTransaction({ to: account.address, value: 0n, nonce });
    await stack.rail.mine(1);
    const stale = await account.signTransaction({
      chainId: 8453,
      type: "eip1559",
      to: account.address,
      value: 1n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10n ** 9n,
      maxPriorityFeePerGas: 1n,
    });
    expect(await chain.broadcast(stale)).toBe("nonce-used");
    expect((await chain.stateOf(hash)).state).toBe("mined");
  });
});
