import { eq } from "drizzle-orm";
import { type Abi, createPublicClient, http, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import orchestratorAbi from "@zkp2p/contracts-v2/abis/base/OrchestratorV3.json" with { type: "json" };
import { chainTxs, events, takerWallets } from "@/db/schema";
import { OPERATOR, payer } from "@/lib/core/actor";
import { getCheckoutView } from "@/lib/checkout/service";
import { setMerchantEnvironment } from "@/lib/merchants/admin";
import { createMerchant } from "@/lib/merchants/service";
import { fulfillOrder } from "@/lib/orders/service";
import { markPaymentSent, startSession } from "@/lib/sessions/transitions";
import { usdcFromMicro } from "@/lib/core/money";
import { call, uniqueName } from "../support/api";
import { testDb } from "../support/db";
import { DEFAULT_FEES, MID_RATES } from "@/rail-local/chain";
import { driveUntil, liveSession, netOf, prove, railUnderTest, startLive, usdcBalance } from "./support";

// A real payment on the real rail's code path, against the local chain: the quote comes from the
// curator stand-in, the signal is a mined transaction with IntentSignaled at the orchestrator's
// production address, the proof is attested by the attestation stand-in, the release is mined and the
// merchant's address holds the USDC, and the webhooks' events are written.

let stack: Awaited<ReturnType<typeof railUnderTest>>;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});

describe("a live payment on the local chain", () => {
  it("signals, is proven, is released to the merchant, and says so", async () => {
    const db = await testDb();
    const { m, recipient, session } = await liveSession(stack, "25.00");
    expect(session.environment).toBe("live");

    // the payer's page prices the platforms from the curator stand-in, and has no sandbox banner
    const view = await getCheckoutView(db, session.id);
    expect(view.sandbox).toBe(false);
    const usd = view.options.find((c) => c.currency === "USD");
    expect(usd?.quotes.map((q) => q.platform)).toContain("venmo");

    // "Continue": the order is submitted; the payee is not shown until the signal is mined
    const started = await startLive(session.id);
    expect(started.order.status).toBe("SIGNAL_SUBMITTED");
    expect(started.order.recipient).toBeNull();
    expect(started.intentHash).toBeNull();
    expect((await getCheckoutView(db, session.id)).step).toBe("reserving");

    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    // the signal is a mined transaction on the chain, with IntentSignaled at the orchestrator
    const client = createPublicClient({ transport: http(stack.rpcUrl) });
    const receipt = await client.getTransactionReceipt({ hash: mined.signalTx as `0x${string}` });
    const signaled = parseEventLogs({ abi: orchestratorAbi as Abi, logs: receipt.logs }).filter((l) => l.eventName === "IntentSignaled");
    expect(signaled).toHaveLength(1);
    expect(signaled[0]!.address.toLowerCase()).toBe(stack.rail.addresses.orchestrator.toLowerCase());
    expect((signaled[0]!.args as { intentHash: string }).intentHash.toLowerCase()).toBe(mined.intentHash);
    // written down before it was sent: the raw bytes are kept, and the wallet holds this order
    const [tx] = await db.select().from(chainTxs).where(eq(chainTxs.orderId, mined.id));
    expect(tx).toMatchObject({ kind: "signal", status: "confirmed", hash: mined.signalTx });
    expect(tx!.raw).toMatch(/^0x02/);
    const [held] = await db.select().from(takerWallets).where(eq(takerWallets.orderId, mined.id));
    expect(held?.address).toBe(mined.takerWallet);

    const page = await getCheckoutView(db, session.id);
    expect(page.step).toBe("pay");
    expect(page.order?.recipient).toBe(stack.rail.payees.venmo);

    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    // a proof the attestation service refuses is a 400, and the order stays where it was
    await expect(prove(session.id, mined.intentHash!, "local-invalid")).rejects.toMatchObject({ code: "PROOF_INVALID" });

    const before = await usdcBalance(stack, recipient);
    const verified = await prove(session.id, mined.intentHash!);
    expect(verified.order.status).toBe("PROOF_VERIFIED");
    expect(verified.txHash).toBeNull();

    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
    // the payer paid exactly: V3 took its fees from the release, the merchant (who bears them by
    // default) received the rest, and the session is complete, not partly paid
    expect(await usdcBalance(stack, recipient)).toBe(before + netOf(25_000_000n));
    expect(done).toMatchObject({ grossAmountMicro: 25_000_000n, netAmountMicro: netOf(25_000_000n) });
    expect(done.protocolFeeMicro).toBe((25_000_000n * DEFAULT_FEES.protocol) / 10n ** 18n);
    expect(done.managerFeeMicro).toBe((25_000_000n * DEFAULT_FEES.manager) / 10n ** 18n);
    expect(done.referralFeeMicro).toBe((25_000_000n * DEFAULT_FEES.referral) / 10n ** 18n);
    const release = await client.getTransactionReceipt({ hash: done.fulfillTx as `0x${string}` });
    expect(release.status).toBe("success");
    // the payer's receipt links the release to the chain's explorer
    expect((await getCheckoutView(db, session.id)).order).toMatchObject({
      fulfillTx: done.fulfillTx,
      fulfillTxUrl: `https://basescan.org/tx/${done.fulfillTx}`,
    });

    const read = await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey });
    expect(read.body.responseObject.status).toBe("COMPLETED");
    const types = (await db.select({ type: events.type }).from(events).where(eq(events.merchantId, m.id))).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["session.started", "order.created", "order.payment_sent", "order.fulfilled", "session.completed"]),
    );
    // the wallet is free again, and no proof was stored
    expect(await db.select().from(takerWallets).where(eq(takerWallets.orderId, mined.id))).toHaveLength(0);
  });

  it.each([
    ["PAYEE", undefined, 10_000n],
    ["SPLIT", 5_000, 5_000n],
  ] as const)(
    "feePayer %s: the payer's price carries their share of the fees, and paying it exactly completes the session",
    async (feePayer, buyerFeeShareBps, share) => {
      const db = await testDb();
      const amount = 40_000_000n;
      const merchantPays = await liveSession(stack, "40.00");
      const { m, recipient, session } = await liveSession(stack, "40.00", {
        feePayer,
        ...(buyerFeeShareBps !== undefined ? { buyerFeeShareBps } : {}),
      });
      const read = await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey });
      expect(read.body.responseObject).toMatchObject({ feePayer, buyerFeeShareBps: buyerFeeShareBps ?? null });

      // the payer's page prices the fees in: more fiat than the same amount where the merchant pays them
      const price = async (id: string) =>
        BigInt(
          (await getCheckoutView(db, id)).options.find((c) => c.currency === "USD")!.quotes.find((q) => q.platform === "venmo")!.minor,
        );
      const shown = await price(session.id);
      expect(shown).toBeGreaterThan(await price(merchantPays.session.id));

      // the order is for the price the page showed
      const started = await startLive(session.id);
      const gross = started.order.tokenAmount ? BigInt(started.order.tokenAmount) : 0n;
      expect(gross).toBeGreaterThan(amount);
      expect(BigInt(started.order.fiatAmount.replace(".", ""))).toBe(shown);
      const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
      expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
      await markPaymentSent(db, session.id, { actor: payer(session.id) });
      await prove(session.id, mined.intentHash!);
      const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
      expect(done.status, done.failureReason ?? "").toBe("FULFILLED");

      // the chain released the whole gross; the merchant's net is the amount less the merchant's share of the fees
      const fees = gross - netOf(gross);
      expect(done).toMatchObject({ grossAmountMicro: gross, netAmountMicro: netOf(gross) });
      expect(await usdcBalance(stack, recipient)).toBe(netOf(gross));
      const merchantShare = (fees * (10_000n - share)) / 10_000n;
      // within a micro-USDC of rounding: the payer's share was grossed up on the quote's fee proportion
      expect(netOf(gross) - (amount - merchantShare)).toBeGreaterThanOrEqual(0n);
      expect(netOf(gross) - (amount - merchantShare)).toBeLessThanOrEqual(2n);
      if (feePayer === "PAYEE") expect(netOf(gross)).toBeGreaterThanOrEqual(amount);

      const after = await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey });
      expect(after.body.responseObject.status).toBe("COMPLETED");
      expect(after.body.responseObject.activeOrder.fees.totalUsdc).toBe(usdcFromMicro(fees));
    },
  );

  it("a fiat-priced live session: the payer pays the fiat exactly, measured against the price feed, and the session completes", async () => {
    const db = await testDb();
    // 20.40 USD at the deposit's 1.02 locks 20.00 USDC; the feed's mid is 1.00, so the merchant's
    // cost is the 2 % spread and V3's fees: within the default 10 %
    const { m, recipient, session } = await liveSession(stack, "", {
      checkoutMode: "exact-fiat",
      fiatAmount: "20.40",
      fiatCurrency: "USD",
    });
    const view = await getCheckoutView(db, session.id);
    expect(view.options.map((c) => c.currency)).toEqual(["USD"]);
    const started = await startLive(session.id);
    expect(started.order).toMatchObject({
      fiatAmount: "20.40",
      tokenAmount: "20000000",
      grossAmountUsdc: "20.40",
      netAmountUsdc: usdcFromMicro(netOf(20_000_000n)),
    });
    expect(started.session.amountUsdc).toBe(usdcFromMicro(netOf(20_000_000n)));
    const mined = await driveUntil(db, started.order.id, ["SIGNAL_MINED", "FAILED"]);
    expect(mined.status, mined.failureReason ?? "").toBe("SIGNAL_MINED");
    await markPaymentSent(db, session.id, { actor: payer(session.id) });
    await prove(session.id, mined.intentHash!);
    const done = await driveUntil(db, mined.id, ["FULFILLED", "FAILED"]);
    expect(done.status, done.failureReason ?? "").toBe("FULFILLED");
    expect(await usdcBalance(stack, recipient)).toBe(netOf(20_000_000n));
    const read = await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey });
    expect(read.body.responseObject.status).toBe("COMPLETED");
  });

  it("a fiat-priced live session whose every quote costs more than its maxFeePercentage tells the payer so, and cannot start", async () => {
    const db = await testDb();
    const { session } = await liveSession(stack, "", {
      checkoutMode: "exact-fiat",
      fiatAmount: "20.40",
      fiatCurrency: "USD",
      maxFeePercentage: 2,
    });
    const view = await getCheckoutView(db, session.id);
    expect(view.step).toBe("no-platform");
    expect(view.noOptionsReason).toMatch(/above the 2% this shop accepts/);
    await expect(startLive(session.id)).rejects.toMatchObject({ code: "FEE_THRESHOLD_EXCEEDED" });
  });

  it("a stale price feed is no rate: a fiat-priced live session is refused with a clear message until it updates", async () => {
    const m = await liveSession(stack, "1.00"); // a live merchant
    const body = (currency: string) => ({
      merchantId: m.m.id,
      checkoutMode: "exact-fiat",
      fiatAmount: "19.00",
      fiatCurrency: currency,
      destinationChainId: 8453,
      destinationToken: stack.rail.addresses.usdc,
      recipientAddress: m.recipient,
    });
    // past the 25 h the rail allows by default (Chainlink's daily heartbeat, and an hour's grace)
    const stale = 26n * 3600n;
    await stack.rail.setMidRate("EUR", MID_RATES.EUR!, (await stack.rail.chainTime()) - stale);
    try {
      const refused = await call("POST", "/api/checkout/sessions", { key: m.m.apiKey, body: body("EUR") });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(
        /Live payments priced in EUR are not available right now: the EUR price feed has not updated for 26 hours/,
      );
    } finally {
      await stack.rail.setMidRate("EUR", MID_RATES.EUR!);
    }
    // the cached answer is refused too: a stale rate is never kept; once it updates, the session is made
    await expect
      .poll(async () => (await call("POST", "/api/checkout/sessions", { key: m.m.apiKey, body: body("EUR") })).status, { timeout: 40_000 })
      .toBe(201);
  });
});
