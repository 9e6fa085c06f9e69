import http from "node:http";
import catalogJson from "@zkp2p/contracts-v2/paymentMethods/base.json" with { type: "json" };
import { eq } from "drizzle-orm";
import { type Abi, type Address, createWalletClient, type Hex, http as viemHttp } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chainTxs, checkoutSessions, orders, takerWallets } from "@/db/schema";
import { removePayoutAddress } from "@/lib/accounts/payout-addresses";
import { OPERATOR, payer } from "@/lib/core/actor";
import { resetConfigForTests } from "@/lib/core/config";
import { advanceOrder, findDueRailSteps } from "@/lib/orders/rail-steps";
import { fulfillOrder } from "@/lib/orders/service";
import { ORCHESTRATOR_ABI } from "@/lib/rail/zkp2p/protocol";
import { cancelSession, markPaymentSent } from "@/lib/sessions/transitions";
import { FEE_RECIPIENTS, MID_RATES, PAYEES, RATES, signGatingSignature } from "@/rail-local/chain";
import { nameHash, startCurator } from "@/rail-local/curator";
import { testDb } from "../support/db";
import { buyerTee, driveUntil, liveSession, prove, railUnderTest, startLive } from "./support";

// Part 5 of issue 56: the smaller money defects of the real rail, each shown on the local chain.
// The curator and attestation stand-ins are reached through a router of this file's own: it merges
// the quotes of more than one maker (each a curator stand-in quoting its own deposit), routes each
// gating signature to its deposit's curator, can rewrite what curator answers (a quote that prices
// in fewer fees than its signature carries, an exact-fiat intent above what the fiat buys), and
// records what the service asked of each.

const E18 = 10n ** 18n;
const catalog = (catalogJson as { methods: Record<string, { paymentMethodHash: Hex }> }).methods;

let stack: Awaited<ReturnType<typeof railUnderTest>>;
type Curator = Awaited<ReturnType<typeof startCurator>>;
type Maker = { url: string; depositId: bigint };
type Json = Record<string, unknown>;

/** The service's curator: the makers' quotes merged in their order, each signature asked of its deposit's curator. */
async function startRouter(tierUrl: string) {
  const state = {
    makers: [] as Maker[],
    /** a curator that ignores excludedPayToValues */
    ignoreExclusions: false,
    rewrite: null as ((q: Json, exactFiat: boolean) => Json) | null,
    quoteAsks: [] as Json[],
    signAsks: [] as Json[],
  };
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://router");
    const forward = (to: string, body?: string) =>
      fetch(to + url.pathname + url.search, {
        method: req.method,
        headers: { "content-type": "application/json" },
        ...(body ? { body } : {}),
      });
    const send = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    try {
      if (req.method === "POST" && url.pathname.startsWith("/v3/quote/")) {
        const ask = JSON.parse(raw) as Json;
        state.quoteAsks.push(ask);
        const sent = JSON.stringify(state.ignoreExclusions ? { ...ask, excludedPayToValues: undefined } : ask);
        const answers = (await Promise.all(state.makers.map(async (m) => (await forward(m.url, sent)).json()))) as {
          responseObject?: { quotes?: Json[] };
        }[];
        const exactFiat = url.pathname.endsWith("/exact-fiat");
        const quotes = answers.flatMap((a) => a.responseObject?.quotes ?? []).map((q) => (state.rewrite ? state.rewrite(q, exactFiat) : q));
        return send(200, JSON.stringify({ ...answers[0], responseObject: { ...answers[0]!.responseObject, quotes } }));
      }
      if (req.method === "POST" && url.pathname === "/v3/sign") {
        const ask = JSON.parse(raw) as Json;
        state.signAsks.push(ask);
        const maker = state.makers.find((m) => m.depositId === BigInt(String(ask.depositId))) ?? state.makers[0]!;
        const r = await forward(maker.url, raw);
        return send(r.status, await r.text());
      }
      const r = await forward(tierUrl, raw || undefined);
      return send(r.status, await r.text());
    } catch (err) {
      return send(500, JSON.stringify({ success: false, message: String(err) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * The service's attestation service: records each verify (its route and body) and hands it to the
 * stand-in, which knows PayPal's personal route only: a business proof is attested there as the
 * attestation service does it, by the paypal platform.
 */
async function startAttestationProxy(to: string) {
  const asked: { path: string; body: Json }[] = [];
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const path = req.url ?? "/";
    asked.push({ path, body: raw ? (JSON.parse(raw) as Json) : {} });
    const r = await fetch(to + path.replace("/transfer_business_paypal", "/transfer_paypal"), {
      method: req.method,
      headers: { "content-type": "application/json" },
      ...(raw ? { body: raw } : {}),
    });
    res.writeHead(r.status, { "content-type": "application/json" });
    res.end(await r.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    asked,
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let router: Awaited<ReturnType<typeof startRouter>>;
let attestation: Awaited<ReturnType<typeof startAttestationProxy>>;
const curators: Curator[] = [];
/** the local chain's deposit (1) and maker */
let makerA: Maker;
/** a second maker's deposit, at the same price as the first */
let makerB: Maker;
/** the second maker's deposit quoted at another rate (a curator that prices it differently) */
let makerC: Maker;
/** a third maker's deposit that takes intents of at most 10 USDC, though its curator quotes it for more */
let makerN: Maker;
const payeesOf = (suffix: string) => Object.fromEntries(Object.entries(PAYEES).map(([p, h]) => [p, `${h}-${suffix}`]));
const PAYEES_B = payeesOf("b");
const PAYEES_N = payeesOf("n");

/** The maker's own transactions on its deposits. */
async function makerSends(address: Address, abi: Abi, functionName: string, args: unknown[]) {
  const wallet = createWalletClient({ account: privateKeyToAccount(stack.rail.makerKey), chain: base, transport: viemHttp(stack.rpcUrl) });
  const hash = await wallet.writeContract({ address, abi, functionName, args } as never);
  const receipt = await stack.rail.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
}

/** Another deposit of the maker's on the local chain, with its own payee handles, taking every platform and currency the first does. */
async function addDeposit(payees: Record<string, string>, range: { min: bigint; max: bigint }): Promise<bigint> {
  const { usdc, escrow } = stack.rail.addresses;
  const amount = 1_000_000_000n;
  const maker = privateKeyToAccount(stack.rail.makerKey).address;
  await makerSends(usdc, stack.rail.abis.usdc, "mint", [maker, amount]);
  await makerSends(usdc, stack.rail.abis.usdc, "approve", [escrow, amount]);
  const platforms = Object.keys(payees);
  const currencies = Object.keys(RATES);
  const gating = privateKeyToAccount(stack.rail.gatingKey).address;
  await makerSends(escrow, stack.rail.abis.escrow, "createTestDeposit", [
    amount,
    range.min,
    range.max,
    platforms.map((p) => catalog[p]!.paymentMethodHash),
    platforms.map((p) => nameHash(payees[p]!)),
    platforms.map(() => gating),
    currencies.map(nameHash),
    currencies.map(() => E18 / 2n),
  ]);
  const id = (await stack.rail.client.readContract({
    address: escrow,
    abi: stack.rail.abis.escrow,
    functionName: "depositCounter",
  })) as bigint;
  await makerSends(escrow, stack.rail.abis.escrow, "setManagerFee", [id, FEE_RECIPIENTS.manager, stack.rail.fees.manager]);
  return id;
}

/** A curator stand-in that quotes one deposit of the maker's. */
async function curatorOf(depositId: bigint, payees: Record<string, string>, rates = stack.rail.rates) {
  const c = await startCurator({
    chainId: stack.rail.chainId,
    escrow: stack.rail.addresses.escrow,
    orchestrator: stack.rail.addresses.orchestrator,
    usdc: stack.rail.addresses.usdc,
    depositId,
    liquidity: async () =>
      (await stack.rail.client.readContract({
        address: stack.rail.addresses.escrow,
        abi: stack.rail.abis.escrow,
        functionName: "remainingDeposits",
        args: [depositId],
      })) as bigint,
    // as curator has it: a maker may have narrowed the deposit's range since
    intentRange: stack.rail.intentRange,
    payees,
    rates,
    signGating: (intent) => signGatingSignature(stack.rail.gatingKey, intent),
    now: () => stack.rail.chainTime(),
    fees: stack.rail.fees,
    referralRecipient: stack.rail.feeRecipients.referral,
    isMember: (groupId, account) => stack.rail.isGroupMember(groupId, account),
  });
  curators.push(c);
  return { url: c.url, depositId };
}

beforeAll(async () => {
  stack = await railUnderTest();
  makerA = { url: stack.curator.url, depositId: stack.rail.depositId };
  const second = await addDeposit(PAYEES_B, stack.rail.intentRange);
  const narrow = await addDeposit(PAYEES_N, { min: 1_000_000n, max: 10_000_000n });
  makerB = await curatorOf(second, PAYEES_B);
  makerC = await curatorOf(second, PAYEES_B, Object.fromEntries(Object.entries(RATES).map(([c, r]) => [c, (r * 101n) / 100n])));
  makerN = await curatorOf(narrow, PAYEES_N);
  router = await startRouter(stack.curator.url);
  attestation = await startAttestationProxy(stack.attestation.url);
  process.env.ZKP2P_API_URL = router.url;
  process.env.ZKP2P_ATTESTATION_URL = attestation.url;
  resetConfigForTests();
});

afterAll(async () => {
  await Promise.allSettled([router?.close(), attestation?.close(), ...curators.map((c) => c.close())]);
  await stack?.stop();
});

/** Each test starts from one maker, quoting as it is, honouring exclusions. */
function makers(...list: Maker[]) {
  router.state.makers = list;
  router.state.ignoreExclusions = false;
  router.state.rewrite = null;
}

const orderOf = async (id: string) => (await (await testDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const txsOf = async (id: string) => (await testDb()).select().from(chainTxs).where(eq(chainTxs.orderId, id));
const walletOf = async (id: string) => (await testDb()).select().from(takerWallets).where(eq(takerWallets.orderId, id));
const intentOnChain = async (intentHash: string) =>
  (await stack.rail.client.readContract({
    address: stack.rail.addresses.orchestrator,
    abi: ORCHESTRATOR_ABI,
    functionName: "getIntent",
    args: [intentHash as Hex],
  })) as {
    depositId: bigint;
    amount: bigint;
    payeeId: Hex;
    conversionRate: bigint;
    timestamp: bigint;
    paymentMethod: Hex;
    fiatCurrency: Hex;
  };

/** The payer cancels; the unwind step cancels the intent and frees the wallet (the file's three wallets are reused). */
async function cancelAndFree(sessionId: string, orderId: string) {
  const db = await testDb();
  await cancelSession(db, sessionId, { actor: payer(sessionId) });
  await vi.waitFor(
    async () => {
      for (const id of await findDueRailSteps(db)) await advanceOrder(db, id);
      expect(await walletOf(orderId)).toHaveLength(0);
    },
    { timeout: 30_000, interval: 200 },
  );
}

describe("the real rail's smaller money defects", () => {
  it("an exact-fiat intent locks no more than the payer's fiat releases, whatever curator's figure", async () => {
    makers(makerA);
    // curator's exact-fiat quote asks to lock 2 USDC more than the fiat buys at the intent's rate (its fees in proportion)
    router.state.rewrite = (q, exactFiat) => {
      if (!exactFiat) return q;
      const was = BigInt(String(q.signalIntentAmount));
      const more = was + 2_000_000n;
      const scaled = (field: string) => ((BigInt(String(q[field])) * more) / was).toString();
      return {
        ...q,
        signalIntentAmount: more.toString(),
        ...Object.fromEntries(
          ["totalFeeAmount", "zkp2pFeeAmount", "managerFeeAmount", "takerReferralFeeAmount"].map((f) => [f, scaled(f)]),
        ),
        intent: { ...(q.intent as Json), amount: more.toString() },
      };
    };
    const { session } = await liveSession(stack, "", { checkoutMode: "exact-fiat", fiatAmount: "25.50", fiatCurrency: "USD" });
    const started = await startLive(session.id);
    // 25.50 USD at the deposit's 1.02 buys 25 USDC: the verifier would release no more for it
    const buys = (2_550n * 10_000n * E18) / RATES.USD!;
    expect(buys).toBe(25_000_000n);
    expect(started.order).toMatchObject({ fiatAmount: "25.50", tokenAmount: buys.toString() });
    const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    expect((await intentOnChain(mined.intentHash!)).amount).toBe(buys);
    await cancelAndFree(session.id, mined.id);
  });

  it("a PAYEE order is not signalled when the gating signature carries referral fees its quote did not price in", async () => {
    makers(makerA);
    // curator quotes without its referral fee, and its signature then carries it (0.25 %)
    router.state.rewrite = (q) => {
      const referral = BigInt(String(q.takerReferralFeeAmount ?? 0));
      return { ...q, takerReferralFeeAmount: "0", totalFeeAmount: (BigInt(String(q.totalFeeAmount)) - referral).toString() };
    };
    const { session } = await liveSession(stack, "40.00", { feePayer: "PAYEE" });
    const started = await startLive(session.id);
    const failed = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureReason).toMatch(
      /^the gating signature carries 0\.25% in referral fees where the quote priced in 0%: the release would leave the merchant 0\.1\d* USDC short/,
    );
    // nothing was sent, and the wallet is free for the next order
    expect(await txsOf(failed.id)).toHaveLength(0);
    expect(await walletOf(failed.id)).toHaveLength(0);
  });

  it("the attestation is asked for the intent the chain holds, not the quote the order kept", async () => {
    makers(makerA);
    const db = await testDb();
    const { session } = await liveSession(stack, "28.00");
    const started = await startLive(session.id);
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    const onChain = await intentOnChain(mined.intentHash!);
    // what the order kept of its quote is not what was signalled (a quote kept from before a re-quote, say)
    await db
      .update(orders)
      .set({ railState: { ...mined.railState, payeeDetails: nameHash("@someone-else"), conversionRate: (RATES.USD! + 1n).toString() } })
      .where(eq(orders.id, mined.id));
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    const before = attestation.asked.length;
    await prove(session.id, mined.intentHash!);
    const sent = attestation.asked.slice(before).map((a) => a.body.intent as Record<string, string>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      intentHash: mined.intentHash,
      payeeDetails: onChain.payeeId,
      amount: onChain.amount.toString(),
      conversionRate: onChain.conversionRate.toString(),
      paymentMethod: onChain.paymentMethod,
      fiatCurrency: onChain.fiatCurrency,
      timestampMs: (onChain.timestamp * 1000n).toString(),
    });
    expect(onChain.payeeId).toBe(nameHash(PAYEES.venmo!));
    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
  });

  it("a PayPal proof read from a business account is attested on transfer_business_paypal", async () => {
    makers(makerA);
    const db = await testDb();
    const { session } = await liveSession(stack, "29.00");
    const started = await startLive(session.id, "paypal");
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    const before = attestation.asked.length;
    const verified = await fulfillOrder(
      db,
      { intentHash: mined.intentHash!, proof: { ...buyerTee("local-ok"), actionType: "transfer_business_paypal" } },
      { actor: payer(session.id) },
    );
    expect(verified.order.status).toBe("PROOF_VERIFIED");
    expect(attestation.asked.slice(before).map((a) => a.path)).toEqual(["/buyer/verify/paypal/transfer_business_paypal"]);
    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
  });

  it("a deposit that stops taking intents is left for another maker at the same price, even when curator ignores the exclusion", async () => {
    makers(makerA, makerB);
    router.state.ignoreExclusions = true;
    const { session } = await liveSession(stack, "25.00");
    const started = await startLive(session.id);
    expect(started.order.fiatAmount).toBe("25.50");
    await makerSends(stack.rail.addresses.escrow, stack.rail.abis.escrow, "setAcceptingIntents", [makerA.depositId, false]);
    try {
      const asked = router.state.quoteAsks.length;
      const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
      expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
      // the re-quote asked curator to leave the first maker out
      expect(router.state.quoteAsks.slice(asked).map((a) => a.excludedPayToValues)).toEqual([[PAYEES.venmo]]);
      // signalled on the second maker's deposit, at the price the payer was shown; its handle is the one to pay
      expect((await intentOnChain(mined.intentHash!)).depositId).toBe(makerB.depositId);
      expect(mined).toMatchObject({ recipient: PAYEES_B.venmo, fiatAmountMinor: 2_550n, tokenAmountMicro: 25_000_000n });
      expect(mined.failureReason).toBeNull();
      await cancelAndFree(session.id, mined.id);
    } finally {
      await makerSends(stack.rail.addresses.escrow, stack.rail.abis.escrow, "setAcceptingIntents", [makerA.depositId, true]);
    }
  });

  it("a maker's refusal is re-quoted elsewhere, and a different price fails the order instead of changing what the payer pays", async () => {
    makers(makerA, makerC);
    stack.curator.faults.set("sign", "refuse");
    try {
      const { session } = await liveSession(stack, "26.00");
      const started = await startLive(session.id);
      const asked = router.state.quoteAsks.length;
      const failed = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
      expect(failed.status).toBe("FAILED");
      expect(failed.failureReason).toMatch(
        /^refused by the gating service: .*; another maker's price differs \(the payer would pay \$26\.79 instead of \$26\.52\): start again to see it$/,
      );
      expect(router.state.quoteAsks.slice(asked).map((a) => a.excludedPayToValues)).toEqual([[PAYEES.venmo]]);
      expect(failed).toMatchObject({ fiatAmountMinor: 2_652n, recipient: PAYEES.venmo });
      expect(await txsOf(failed.id)).toHaveLength(0);
      expect(await walletOf(failed.id)).toHaveLength(0);
    } finally {
      stack.curator.faults.set("sign", null);
    }
  });

  it("an amount outside the deposit's intent range is taken to another maker before any signature is asked", async () => {
    makers(makerN, makerA);
    const { session } = await liveSession(stack, "27.00");
    const started = await startLive(session.id);
    const signs = router.state.signAsks.length;
    const mined = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    // the narrow deposit was never asked to sign for it, nor signalled on
    expect(router.state.signAsks.slice(signs).map((a) => BigInt(String(a.depositId)))).toEqual([makerA.depositId]);
    expect((await intentOnChain(mined.intentHash!)).depositId).toBe(makerA.depositId);
    expect(mined.recipient).toBe(PAYEES.venmo);
    await cancelAndFree(session.id, mined.id);
  });

  it("an amount outside the only deposit's range fails before signalling, and says why", async () => {
    makers(makerN);
    const { session } = await liveSession(stack, "27.50");
    const started = await startLive(session.id);
    const failed = await driveUntil(await testDb(), started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureReason).toMatch(
      /^the maker's deposit takes intents of 1\.00 to 10\.00 USDC, not 27\.50; no other maker can take it/,
    );
    expect(await txsOf(failed.id)).toHaveLength(0);
  });

  it("an order past its own expiry is never signalled, and its wallet is free", async () => {
    makers(makerA);
    const db = await testDb();
    // its own time over, the session's not: it fails, saying so
    const one = await liveSession(stack, "30.00");
    const first = await startLive(one.session.id);
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, first.order.id));
    const failed = await driveUntil(db, first.order.id, ["SIGNAL_MINED", "FAILED", "EXPIRED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureReason).toBe("the order's time ran out before its signal could be sent");
    expect(await txsOf(failed.id)).toHaveLength(0);
    expect(await walletOf(failed.id)).toHaveLength(0);

    // the session's time over too: the order expires with it
    const two = await liveSession(stack, "31.00");
    const second = await startLive(two.session.id);
    const past = new Date(Date.now() - 1_000);
    await db.update(orders).set({ expiresAt: past }).where(eq(orders.id, second.order.id));
    await db.update(checkoutSessions).set({ expiresAt: past }).where(eq(checkoutSessions.id, two.session.id));
    const expired = await driveUntil(db, second.order.id, ["SIGNAL_MINED", "FAILED", "EXPIRED"]);
    expect(expired.status).toBe("EXPIRED");
    await vi.waitFor(
      async () => {
        for (const id of await findDueRailSteps(db)) await advanceOrder(db, id);
        expect(await walletOf(expired.id)).toHaveLength(0);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(await txsOf(expired.id)).toHaveLength(0);
    expect((await orderOf(expired.id)).status).toBe("EXPIRED");
  });

  it("an order whose payout address is removed before its signal is never signalled, its wallet is free, and its session cannot start again", async () => {
    makers(makerA);
    const db = await testDb();
    const live = await liveSession(stack, "32.00");
    const started = await startLive(live.session.id);
    expect(started.order.status).toBe("SIGNAL_SUBMITTED");
    const removal = await removePayoutAddress(db, { actor: OPERATOR, merchantId: live.m.id }, live.recipient);
    expect(removal.sessions.stopped).toEqual([live.session.id]);
    const failed = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(failed.status).toBe("FAILED");
    expect(failed.failureReason).toMatch(/payout address was removed/);
    expect(await txsOf(failed.id)).toHaveLength(0);
    expect(await walletOf(failed.id)).toHaveLength(0);
    await expect(startLive(live.session.id)).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/payout address/) });
  });

  it("a price feed a little over a day old still prices a fiat session: the limit is 25 h, past Chainlink's daily heartbeat", async () => {
    makers(makerA);
    const onTime = 24n * 3600n + 1800n;
    await stack.rail.setMidRate("GBP", MID_RATES.GBP!, (await stack.rail.chainTime()) - onTime);
    try {
      const { session } = await liveSession(stack, "", { checkoutMode: "exact-fiat", fiatAmount: "16.40", fiatCurrency: "GBP" });
      expect(session.environment).toBe("live");
    } finally {
      await stack.rail.setMidRate("GBP", MID_RATES.GBP!);
    }
  });
});
