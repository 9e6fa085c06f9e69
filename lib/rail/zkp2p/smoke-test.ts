import { and, desc, eq } from "drizzle-orm";
import { type Address, type Hex, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";
import type { Db } from "@/db/client";
import { railSmokeTests, takerWallets } from "@/db/schema";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { newId } from "@/lib/core/ids";
import { usdcFromMicro } from "@/lib/core/money";
import { PAYMENT_PLATFORMS, PLATFORM_CURRENCIES, type PaymentPlatform } from "../platforms";
import { cancelCalldata, signalCalldata } from "./calldata";
import { RailChain } from "./chain";
import { GroupMembership } from "./groups";
import { describeRevert, nameHash, revertReason, signaledIn } from "./protocol";
import { type CuratorQuote, fetchGatingSignature, fetchQuotes } from "./services";
import { type Standing, TakerTiers } from "./tiers";
import { releaseWallet, takeWallet } from "./wallets";

// The real rail's smoke test (`npm run admin -- smoke-test`): before a merchant goes live, each taker
// wallet does what an order's signal does against the configured chain and services (its tier read,
// a quote asked as it, curator's gating signature, the signal simulated, signed, sent and mined) and
// then cancels the intent at once. It is not an order: nothing goes to chain_txs; the wallet is taken
// as an order takes it, so no order signals from it meanwhile, and given back after.

/** The smallest sensible payment: 1 USDC, above any deposit's minimum we know of and below every tier's cap. */
export const SMOKE_AMOUNT_MICRO = 1_000_000n;
/** How long one wallet's quote, signal and cancel may take: Peer counts a lock abandoned for about 15 minutes against the wallet. */
export const SMOKE_TIME_LIMIT_MS = 60_000;

// platforms without a cooldown first: a signal on a reversible one (Venmo, Zelle…) starts the
// wallet's 12-hour cooldown at the lowest tier, which the smoke test must not cost a merchant
const COOLDOWN_FREE: readonly PaymentPlatform[] = ["revolut", "wise", "monzo", "n26"];

export type SmokeStep = { tx: Hex; gasUsed: string; feeWei: string };

/** One wallet's part of a smoke test. */
export type SmokeWallet = {
  address: Address;
  passed: boolean;
  /** what was refused or failed, in the operator's words; empty when the wallet passed */
  refusals: string[];
  /** the tier curator answered (null: it did not; the refusal says why) */
  tier: string | null;
  quote: { platform: string; currency: string; amountUsdc: string; depositId: string; escrow: Address } | null;
  signal: (SmokeStep & { intentHash: Hex }) | null;
  cancel: SmokeStep | null;
  /** ETH left after the test, in wei; below ZKP2P_MIN_WALLET_ETH is `low` (a refusal) */
  balanceWei: string | null;
  low: boolean;
  ms: number;
};

export type SmokeReport = {
  id: string;
  chainId: number;
  /** the wallets tested: lowercase, sorted, comma-separated (what go-live compares) */
  wallets: string;
  passed: boolean;
  amountUsdc: string;
  startedAt: string;
  ms: number;
  results: SmokeWallet[];
};

/** The configured wallets as a smoke test records them. */
export const walletsKey = (addresses: readonly string[]) =>
  addresses
    .map((a) => a.toLowerCase())
    .sort()
    .join(",");

const say = (err: unknown) => {
  const e = err as { shortMessage?: string; message?: string };
  return String(e?.shortMessage ?? e?.message ?? err)
    .split("\n")[0]!
    .slice(0, 300);
};

class Refused extends Error {}

/**
 * Runs the smoke test on every configured wallet, one after another, and records it
 * (rail_smoke_tests). Passed only if every wallet passed: a wallet holding an order's intent cannot
 * be tested and fails the run (run it again once the wallet is free).
 */
export async function runSmokeTest(
  db: Db,
  settings: LiveRailSettings,
  opts: { amountMicro?: bigint; timeLimitMs?: number } = {},
): Promise<SmokeReport> {
  const id = newId("smk");
  const started = Date.now();
  const amountMicro = opts.amountMicro ?? SMOKE_AMOUNT_MICRO;
  const ctx = {
    settings,
    chain: new RailChain(settings),
    tiers: new TakerTiers(settings),
    groups: new GroupMembership(settings),
    amountMicro,
    timeLimitMs: opts.timeLimitMs ?? SMOKE_TIME_LIMIT_MS,
  };
  const results: SmokeWallet[] = [];
  for (const address of settings.takerKeys.addresses)
    results.push(await testWallet(db, ctx, `smoke:${id}:${address.toLowerCase()}`, address));
  const report: SmokeReport = {
    id,
    chainId: settings.network.chainId,
    wallets: walletsKey(settings.takerKeys.addresses),
    passed: results.length > 0 && results.every((r) => r.passed),
    amountUsdc: usdcFromMicro(amountMicro),
    startedAt: new Date(started).toISOString(),
    ms: Date.now() - started,
    results,
  };
  const { id: _id, chainId, wallets, passed, ...rest } = report;
  await db.insert(railSmokeTests).values({ id, chainId, wallets, passed, report: rest });
  return report;
}

/** The latest smoke test of this chain and exactly these wallets (null: none yet). */
export async function latestSmokeTest(db: Db, settings: LiveRailSettings) {
  const [row] = await db
    .select()
    .from(railSmokeTests)
    .where(and(eq(railSmokeTests.chainId, settings.network.chainId), eq(railSmokeTests.wallets, walletsKey(settings.takerKeys.addresses))))
    .orderBy(desc(railSmokeTests.createdAt))
    .limit(1);
  return row ?? null;
}

type Ctx = {
  settings: LiveRailSettings;
  chain: RailChain;
  tiers: TakerTiers;
  groups: GroupMembership;
  amountMicro: bigint;
  timeLimitMs: number;
};

async function testWallet(db: Db, ctx: Ctx, holder: string, address: Address): Promise<SmokeWallet> {
  const started = Date.now();
  const deadline = started + ctx.timeLimitMs;
  const r: SmokeWallet = {
    address,
    passed: false,
    refusals: [],
    tier: null,
    quote: null,
    signal: null,
    cancel: null,
    balanceWei: null,
    low: false,
    ms: 0,
  };
  // taken as an order's signal takes it: no order signals from it while it is tested
  const taken = await takeWallet(db, ctx.settings, holder, {
    prefer: address,
    fits: async (w) => w.toLowerCase() === address.toLowerCase(),
  });
  if (!taken) {
    const [row] = await db
      .select({ orderId: takerWallets.orderId })
      .from(takerWallets)
      .where(eq(takerWallets.address, address.toLowerCase()));
    r.refusals.push(`not tested: it holds ${row?.orderId ?? "an intent"}; run the smoke test again once it is free`);
  } else {
    try {
      await signalAndCancel(ctx, address, r, deadline);
    } catch (err) {
      r.refusals.push(err instanceof Refused ? err.message : `failed: ${say(err)}`);
    } finally {
      await releaseWallet(db, holder);
    }
  }
  try {
    const balance = await ctx.chain.client.getBalance({ address });
    r.balanceWei = balance.toString();
    r.low = balance < ctx.settings.minWalletWei;
    if (r.low) r.refusals.push("its ETH is below ZKP2P_MIN_WALLET_ETH: fund it before going live");
  } catch (err) {
    r.refusals.push(`its balance could not be read: ${say(err)}`);
  }
  r.passed = r.refusals.length === 0;
  r.ms = Date.now() - started;
  return r;
}

async function signalAndCancel(ctx: Ctx, wallet: Address, r: SmokeWallet, deadline: number) {
  const { settings, chain } = ctx;
  let standing: Standing | null = null;
  try {
    standing = await ctx.tiers.readNow(wallet);
    r.tier = standing.tier;
  } catch (err) {
    // the rail would take the wallet at ZKP2P_TIER_FALLBACK: the test goes on, and fails
    r.refusals.push(`its tier was not read: ${say(err)}`);
  }
  if ((await chain.client.getBalance({ address: wallet })) === 0n) throw new Refused("it holds no ETH to pay for gas");

  const found = await quoteAs(ctx, wallet, standing);
  r.quote = {
    platform: found.quote.platform,
    currency: found.currency,
    amountUsdc: usdcFromMicro(found.quote.signalAmount),
    depositId: found.quote.depositId.toString(),
    escrow: found.quote.escrow,
  };
  const q = found.quote;
  const method = settings.network.paymentMethods[q.platform]!;
  // a gating signature is single-use and names its second: two tests of one wallet within a second
  // (back to back) are given the same one, and the second would revert; it is asked again a second later
  const signalOnce = async () => {
    let gating;
    try {
      gating = await fetchGatingSignature(
        settings.apiUrl,
        {
          processorName: q.platform,
          payeeDetails: q.payeeDetails,
          depositId: q.depositId,
          amount: q.signalAmount,
          to: wallet,
          paymentMethod: method.hash,
          fiatCurrency: nameHash(found.currency),
          conversionRate: q.conversionRate,
          chainId: settings.network.chainId,
          orchestrator: settings.network.addresses.OrchestratorV3,
          escrow: q.escrow,
          caller: wallet,
        },
        settings.serviceTimeoutMs,
      );
    } catch (err) {
      throw new Refused(`refused by the gating service: ${say(err)}`);
    }
    const signal = await signalCalldata(settings, wallet, {
      depositId: q.depositId,
      amount: q.signalAmount,
      to: wallet,
      processorName: q.platform,
      payeeDetails: q.payeeDetails,
      fiatCurrencyCode: found.currency,
      conversionRate: q.conversionRate,
      gatingServiceSignature: gating.signature,
      signatureExpiration: gating.expiration,
      preIntentHookData: gating.preIntentHookData,
      referralFees: gating.referralFees,
    });
    return send(ctx, wallet, signal, "signal", deadline);
  };
  const signalReceipt = await signalOnce().catch(async (err: unknown) => {
    if (!(err instanceof Refused) || !err.message.includes("GatingSignatureAlreadyUsed")) throw err;
    await new Promise((r) => setTimeout(r, 1_500));
    return signalOnce();
  });
  const signaled = signaledIn(signalReceipt, settings.network.addresses.OrchestratorV3, settings.network.addresses.EscrowV2);
  if (!signaled) throw new Refused(`the signal ${signalReceipt.transactionHash} was mined without an IntentSignaled event`);
  r.signal = { ...stepOf(signalReceipt), intentHash: signaled.intentHash };

  const cancel = await cancelCalldata(settings, wallet, signaled.intentHash);
  const cancelReceipt = await send(ctx, wallet, cancel, "cancel", deadline);
  r.cancel = stepOf(cancelReceipt);
  if (await chain.intentOf(signaled.intentHash)) throw new Refused(`the intent ${signaled.intentHash} is still open after its cancel`);
}

/**
 * The quote the wallet would signal: asked as the wallet, for the smoke test's amount, currency by
 * currency until one quotes, the platforms without a cooldown first; only a platform its tier takes
 * the amount on now, only a gated deposit the wallet is a member of.
 */
async function quoteAs(ctx: Ctx, wallet: Address, standing: Standing | null): Promise<{ quote: CuratorQuote; currency: string }> {
  const { settings } = ctx;
  const served = PAYMENT_PLATFORMS.filter((p) => settings.network.paymentMethods[p]);
  const ordered = [...served.filter((p) => COOLDOWN_FREE.includes(p)), ...served.filter((p) => !COOLDOWN_FREE.includes(p))];
  const open = ordered.filter((p) => !standing || (standing.capFor(p) >= ctx.amountMicro && !standing.availableAt(p)));
  if (!open.length) throw new Refused(`its tier (${standing?.tier}) takes ${usdcFromMicro(ctx.amountMicro)} USDC on no platform now`);
  const takes = (p: PaymentPlatform, c: string) => settings.network.paymentMethods[p]!.currencies.includes(nameHash(c));
  const currencies = [...new Set(open.flatMap((p) => (PLATFORM_CURRENCIES[p] as readonly string[]).filter((c) => takes(p, c))))];
  const seen: string[] = [];
  for (const currency of currencies) {
    const platforms = open.filter((p) => (PLATFORM_CURRENCIES[p] as readonly string[]).includes(currency) && takes(p, currency));
    let quotes: CuratorQuote[];
    try {
      quotes = await fetchQuotes(
        settings.apiUrl,
        {
          platforms,
          fiatCurrency: currency,
          amount: ctx.amountMicro.toString(),
          exactFiat: false,
          user: wallet,
          recipient: wallet,
          chainId: settings.network.chainId,
          usdc: settings.network.usdc,
          escrows: [settings.network.addresses.EscrowV2],
        },
        settings.serviceTimeoutMs,
      );
    } catch (err) {
      throw new Refused(`the quote service failed: ${say(err)}`);
    }
    for (const platform of platforms) {
      for (const quote of quotes.filter((x) => x.platform === platform)) {
        if (standing && standing.capFor(platform) < quote.signalAmount) continue;
        if (!(await ctx.groups.inAny(quote.allowedGroupIds, wallet))) continue;
        return { quote, currency };
      }
    }
    seen.push(currency);
  }
  throw new Refused(`no platform quoted ${usdcFromMicro(ctx.amountMicro)} USDC for it (${seen.join(", ") || "no currency"})`);
}

/** Simulates, signs, sends and waits for `confirmations`; a revert (simulated or mined) is refused with the contract's reason. */
async function send(ctx: Ctx, wallet: Address, call: { to: Address; data: Hex }, what: string, deadline: number) {
  const { chain, settings } = ctx;
  try {
    await chain.simulate(wallet, call.to, call.data);
  } catch (err) {
    const reason = revertReason(err);
    if (!reason) throw err;
    throw new Refused(`the ${what} would revert: ${describeRevert(reason)}`);
  }
  const signed = await chain.sign(wallet, { ...call, nonce: await chain.pendingNonce(wallet) });
  await chain.broadcast(signed.raw);
  for (;;) {
    const receipt = await chain.client.getTransactionReceipt({ hash: signed.hash }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });
    if (receipt) {
      if (receipt.status === "reverted")
        throw new Refused(`the ${what} ${signed.hash} reverted: ${await whyReverted(ctx, wallet, call, receipt)}`);
      // the head read fresh each time (the client would keep it for seconds)
      if ((await chain.client.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber >= BigInt(settings.confirmations)) return receipt;
    }
    if (Date.now() > deadline) {
      throw new Refused(
        `the ${what} ${signed.hash} was not ${receipt ? "confirmed" : "mined"} within ${ctx.timeLimitMs / 1000} s` +
          (what === "signal" ? " (if it is mined later, the rail sets the wallet aside when an order finds its intent)" : ""),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function whyReverted(ctx: Ctx, wallet: Address, call: { to: Address; data: Hex }, receipt: TransactionReceipt) {
  try {
    await ctx.chain.client.call({ account: wallet, to: call.to, data: call.data, blockNumber: receipt.blockNumber });
    return "reverted";
  } catch (err) {
    return describeRevert(revertReason(err));
  }
}

const stepOf = (receipt: TransactionReceipt): SmokeStep => ({
  tx: receipt.transactionHash,
  gasUsed: receipt.gasUsed.toString(),
  feeWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
});
