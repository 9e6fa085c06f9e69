import type { Address, Hex } from "viem";
import { AppError } from "@/lib/core/errors";
import { formatScaled } from "@/lib/core/money";
import { logger } from "@/lib/core/logger";
import { CURRENCIES, PLATFORM_LABELS, type PaymentPlatform, platformAccepts } from "../platforms";
import { buyerShareBps, expectedFee, grossFor } from "../fees";
import type { FiatQuote, FiatQuoteInput, Quote, QuoteExclusion, QuoteInput } from "../rail";
import { getDb } from "@/db/client";
import { MidRates } from "./oracle";
import type { GroupMembership } from "./groups";
import type { TakerTiers } from "./tiers";
import { chooseWallet, unavailableText } from "./wallets";
import { nameHash } from "./protocol";
import { type CuratorQuote, fetchQuotes, ServiceError } from "./services";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";

// The real rail's prices: curator's quotes, asked once per currency and amount for every platform
// and kept a few seconds, and what a quote's intent carries to the signal step.

const PRECISE = 10n ** 18n;
const QUOTE_CACHE_MS = 15_000;
/** quotes kept at most: past it the least recently asked goes, one at a time */
const QUOTE_CACHE_SIZE = 500;

/** The intent a quote signals, as the order keeps it (railState): strings only, so it stores as JSON. */
export type QuotedIntent = {
  depositId: string;
  escrow: Address;
  payeeDetails: Hex;
  paymentMethod: Hex;
  fiatCurrency: Hex;
  /** fiat per USDC, 18 decimals */
  conversionRate: string;
  processorName: string;
  /** the USDC to lock (gross, before V3's fees) */
  amount: string;
  /** the quote's all-in rate for the taker, 18 decimals, when it gave one */
  takerConversionRate?: string;
  /** the taker wallet the quote was asked as: the signal step takes it first */
  quotedAs?: string;
  /** a gated deposit's address groups, comma-separated: the signal must come from a wallet in one */
  allowedGroupIds?: string;
  /**
   * the fees the quote expected (quotedFee on quotedAmount, of which quotedReferralFee referral
   * fees): the signal step holds the gating signature's referral fees to them
   */
  quotedAmount?: string;
  quotedFee?: string;
  quotedReferralFee?: string;
};

/** A deposit as an exclusion names it: "escrow:depositId", lower case. */
export const depositKey = (escrow: string, depositId: bigint | string) => `${escrow.toLowerCase()}:${depositId.toString()}`;

/**
 * The USDC an exact-fiat intent may lock: curator's figure, but never more than the payer's fiat
 * releases at the intent's rate (the verifier releases fiat × 1e18 / rate, rounded down): an intent
 * above it could never be released whole by the payment it was priced for.
 */
export function fiatIntentAmount(signalAmount: bigint, fiatMinor: bigint, rate: bigint, decimals: number): bigint {
  const buys = (fiatMinor * PRECISE * 10n ** BigInt(6 - decimals)) / rate;
  return signalAmount < buys ? signalAmount : buys;
}

/** fiat per USDC with 18 decimals, as a decimal string for people ("1.02") */
export function formatRate18(rate: bigint): string {
  const whole = rate / PRECISE;
  const frac = (rate % PRECISE).toString().padStart(18, "0").replace(/0+$/, "");
  return `${whole}.${frac.padEnd(2, "0")}`;
}

/** The fiat a USDC amount needs at a rate, in the currency's minor unit, rounded up: the release then covers the amount. */
export function fiatMinorFor(amountMicro: bigint, rate: bigint, decimals: number): bigint {
  const unit = PRECISE * 10n ** BigInt(6 - decimals);
  return (amountMicro * rate + unit - 1n) / unit;
}

/** Prices payments on the platforms a deployment's network serves, from curator's quotes. */
export class QuoteBook {
  private readonly cache = new Map<string, { until: number; quotes: Promise<CuratorQuote[]> }>();

  private readonly mids: MidRates;

  constructor(
    readonly settings: LiveRailSettings,
    readonly platforms: readonly PaymentPlatform[],
    readonly tiers: TakerTiers,
    readonly groups: GroupMembership,
  ) {
    this.mids = new MidRates(settings);
  }

  /**
   * The wallet to quote as: the one that would signal this order, by tier. None can take it (the
   * platform is locked for our wallets, capped below the amount, or cooling down): the payer is told
   * why, and the platform is not offered (the checkout reads details.unavailable).
   */
  private async choose(platform: PaymentPlatform, amountMicro: bigint, groups: Hex[] = []): Promise<{ wallet: Address; cap: bigint }> {
    const choice = await this.tryChoose(platform, amountMicro, groups);
    if (choice.wallet) return choice;
    throw new AppError("CONFLICT", `${PLATFORM_LABELS[platform]} is ${unavailableText(choice.why)}`, { unavailable: choice.why });
  }

  private async tryChoose(platform: PaymentPlatform, amountMicro: bigint, groups: Hex[]) {
    return chooseWallet(await getDb(), this.settings, this, platform, amountMicro, groups);
  }

  /** What the order keeps of a quote to signal it: its deposit, rate and payee, the gross to lock, the wallet. */
  private intentOf(
    q: CuratorQuote,
    input: { platform: PaymentPlatform; fiatCurrency: string },
    gross: bigint,
    wallet: Address,
  ): QuotedIntent {
    return {
      depositId: q.depositId.toString(),
      escrow: q.escrow,
      payeeDetails: q.payeeDetails,
      paymentMethod: this.settings.network.paymentMethods[input.platform]!.hash,
      fiatCurrency: nameHash(input.fiatCurrency),
      conversionRate: q.conversionRate.toString(),
      processorName: input.platform,
      amount: gross.toString(),
      quotedAs: wallet,
      quotedAmount: q.signalAmount.toString(),
      quotedFee: q.totalFee.toString(),
      quotedReferralFee: q.referralFee.toString(),
      ...(q.allowedGroupIds.length ? { allowedGroupIds: q.allowedGroupIds.join(",") } : {}),
      ...(q.takerConversionRate !== null ? { takerConversionRate: q.takerConversionRate.toString() } : {}),
    };
  }

  /**
   * The first of the platform's quotes (curator's order: best first) that a wallet of ours may take,
   * with that wallet: any quote through the wallet chosen already, a gated one only through a wallet
   * in one of its groups.
   */
  private async takeable(
    quotes: CuratorQuote[],
    platform: PaymentPlatform,
    amountMicro: bigint,
    chosen: { wallet: Address; cap: bigint },
    exclude?: QuoteExclusion,
  ) {
    // the makers already tried are left out here too, in case curator does not honour excludedPayToValues
    const excluded = (q: CuratorQuote) =>
      !!exclude && (exclude.payees.includes(q.payeeHandle) || exclude.deposits.includes(depositKey(q.escrow, q.depositId)));
    for (const quote of quotes.filter((x) => x.platform === platform && !excluded(x))) {
      if (!quote.allowedGroupIds.length) return { quote, wallet: chosen };
      const member = await this.tryChoose(platform, amountMicro, quote.allowedGroupIds);
      if (member.wallet) return { quote, wallet: member };
    }
    return null;
  }

  /** Whether the catalog lets a platform take a currency (its currency hashes). */
  private takes(platform: PaymentPlatform, currency: string) {
    const m = this.settings.network.paymentMethods[platform];
    return Boolean(m?.currencies.includes(nameHash(currency))) && platformAccepts(platform, currency);
  }

  /**
   * Every platform's quote for one currency and amount, in one curator call, kept a few seconds: the
   * payer's page prices each platform and currency, and a start needs the same numbers again. Kept by
   * what the answer depends on: the currency, the amount and the wallet it is asked as (curator answers
   * for that wallet's tier). Not the session's recipient: the intent's recipient is the session's,
   * set by the signal step, so every session of one amount shares one call. Calls asked at once share
   * one call as well (the cache holds the promise).
   */
  private quotesFor(currency: string, amount: bigint | { fiatMinor: bigint; decimals: number }, user: Address, exclude?: QuoteExclusion) {
    const exactFiat = typeof amount !== "bigint";
    // exact fiat: a decimal of the currency (curator's exactFiatAmount); exact token: USDC base units
    const asked = exactFiat ? formatScaled(amount.fiatMinor, amount.decimals, amount.decimals) : amount.toString();
    const payees = [...(exclude?.payees ?? [])].sort();
    const key = `${exactFiat ? "fiat" : "token"}:${currency}:${asked}:${user.toLowerCase()}:${payees.join("\u0000")}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) {
      // most recently asked last: the oldest is the first to go
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.quotes;
    }
    this.cache.delete(key);
    while (this.cache.size >= QUOTE_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    const quotes = fetchQuotes(
      this.settings.apiUrl,
      {
        platforms: this.platforms.filter((p) => this.takes(p, currency)),
        fiatCurrency: currency,
        amount: asked,
        exactFiat,
        // as the wallet that will signal: curator answers for its tier and eligibility; the recipient
        // only fills the quote's own intent, which is not what is signalled (the session's recipient is)
        user,
        recipient: user,
        chainId: this.settings.network.chainId,
        usdc: this.settings.network.usdc,
        escrows: [this.settings.network.addresses.EscrowV2],
        // the makers an order already failed to signal with (a re-quote): curator is asked to leave them out
        ...(payees.length ? { exclude: payees } : {}),
      },
      this.settings.serviceTimeoutMs,
    ).catch((err: unknown) => {
      // the service failing is said to the payer plainly; the log keeps why
      if (!(err instanceof ServiceError)) throw err;
      logger.warn("quote service failed", { kind: err.kind, status: err.status });
      throw new AppError("CONFLICT", "No quote is available right now: the quote service is not answering. Try again in a minute.");
    });
    const entry = { until: now + QUOTE_CACHE_MS, quotes };
    this.cache.set(key, entry);
    // a failure is not kept: the next ask tries again (unless a newer entry took its place already)
    quotes.catch(() => this.cache.get(key) === entry && this.cache.delete(key));
    return quotes;
  }

  async quote(input: QuoteInput): Promise<Quote> {
    if (!this.takes(input.platform, input.fiatCurrency)) {
      throw new AppError("VALIDATION_FAILED", `${input.platform} does not take ${input.fiatCurrency} on the real rail`);
    }
    const choice = await this.choose(input.platform, input.amountMicro);
    const quotes = await this.quotesFor(input.fiatCurrency, input.amountMicro, choice.wallet, input.exclude);
    // the best quote on the platform that one of our wallets may take: its rate and deposit price this
    // payment, whatever amount it grossed the ask up to (its fees are read, not required to be zero)
    const found = await this.takeable(quotes, input.platform, input.amountMicro, choice, input.exclude);
    if (!found) throw new AppError("CONFLICT", `No liquidity on ${input.platform} for ${input.fiatCurrency} at this amount right now`);
    const { quote: q } = found;
    // what to lock: the amount, grossed up by the payer's share of the fees the quote expects
    const feeShape = { quoted: q.signalAmount, fee: q.totalFee };
    const gross = grossFor(input.amountMicro, buyerShareBps(input.fees ?? { feePayer: "MERCHANT", buyerFeeShareBps: null }), feeShape);
    // the fees may take the intent past the wallet's cap: then a wallet whose cap takes it
    const signer = gross > found.wallet.cap ? await this.choose(input.platform, gross, q.allowedGroupIds) : found.wallet;
    const decimals = CURRENCIES[input.fiatCurrency]?.decimals ?? 2;
    const intent = this.intentOf(q, input, gross, signer.wallet);
    return {
      fiatCurrency: input.fiatCurrency,
      // the verifier releases fiat × 1e18 / rate: the payer's fiat, rounded up, releases the whole gross
      fiatAmountMinor: fiatMinorFor(gross, q.conversionRate, decimals),
      tokenAmountMicro: gross,
      feeMicro: expectedFee(gross, feeShape),
      conversionRate: formatRate18(q.conversionRate),
      payeeHandle: q.payeeHandle,
      intent,
    };
  }

  /**
   * The exact-fiat quote: what the payer's fixed fiat amount locks on a platform (curator's
   * exact-fiat quote), what reaches the merchant after V3's fees, and what that costs the merchant
   * against the market's mid rate (spread and fees together: what maxFeePercentage bounds).
   */
  async quoteFiat(input: FiatQuoteInput): Promise<FiatQuote> {
    if (!this.takes(input.platform, input.fiatCurrency)) {
      throw new AppError("VALIDATION_FAILED", `${input.platform} does not take ${input.fiatCurrency} on the real rail`);
    }
    const decimals = CURRENCIES[input.fiatCurrency]?.decimals ?? 2;
    const mid = await this.mids.mid(input.fiatCurrency);
    const choice = await this.choose(input.platform, 0n);
    const quotes = await this.quotesFor(input.fiatCurrency, { fiatMinor: input.fiatAmountMinor, decimals }, choice.wallet, input.exclude);
    const found = await this.takeable(quotes, input.platform, 0n, choice, input.exclude);
    if (!found) throw new AppError("CONFLICT", `No liquidity on ${input.platform} for ${input.fiatCurrency} at this amount right now`);
    const { quote: q } = found;
    // curator's intent, capped at what the payer's fiat releases at its rate; its fees in proportion
    const gross = fiatIntentAmount(q.signalAmount, input.fiatAmountMinor, q.conversionRate, decimals);
    const signer = gross > found.wallet.cap ? await this.choose(input.platform, gross, q.allowedGroupIds) : found.wallet;
    const quotedFee = gross === q.signalAmount ? q.totalFee : expectedFee(gross, { quoted: q.signalAmount, fee: q.totalFee });
    const fee = quotedFee > 0n && quotedFee < gross ? quotedFee : 0n;
    const net = gross - fee;
    const unit = PRECISE * 10n ** BigInt(6 - decimals);
    // the fiat's worth at the mid rate, rounded down; the merchant's cost is what it does not receive of it
    const atMid = (input.fiatAmountMinor * unit) / mid;
    const spreadBps = atMid > net ? Number(((atMid - net) * 10_000n + atMid - 1n) / atMid) : 0;
    const intent = this.intentOf(q, input, gross, signer.wallet);
    return {
      fiatCurrency: input.fiatCurrency,
      fiatAmountMinor: input.fiatAmountMinor,
      tokenAmountMicro: gross,
      feeMicro: fee,
      grossAmountMicro: atMid,
      spreadBps,
      // fiat per USDC with 8 decimals, rounded up (as the sandbox's rates are kept)
      rate: (q.conversionRate + 10n ** 10n - 1n) / 10n ** 10n,
      conversionRate: formatRate18(q.conversionRate),
      payeeHandle: q.payeeHandle,
      intent,
    };
  }
}
