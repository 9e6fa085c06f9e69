import type { Environment, SessionRow } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { AppError, invalid } from "@/lib/core/errors";
import { bpsToPercent, usdcFromMicro, maxFiatForMicro, minFiatForMicro } from "@/lib/core/money";
import { CURRENCIES, type FiatQuote, getPaymentRail, PAYMENT_PLATFORMS, type PaymentPlatform, platformAccepts } from "@/lib/rail";
import { fiatFormatted } from "@/lib/wire/session";

// Exact-fiat sessions: the payer pays exactly the session's fiat amount; the merchant receives the
// USDC that the chosen platform's rate gives for it, rounded down to micro-USDC (lib/core/money.ts).

export type FiatTerms = {
  environment: Environment;
  fiatAmountMinor: bigint;
  fiatCurrency: string;
  maxFeeBps: number;
  enabledPaymentPlatforms: string[] | null;
};

export type FiatOffer = { platform: PaymentPlatform; quote: FiatQuote; offered: boolean };

/** What a fiat quote gives the merchant: the USDC it locks, less the rail's fees (none on the sandbox). */
export const merchantMicro = (q: FiatQuote) => q.tokenAmountMicro - (q.feeMicro ?? 0n);

/**
 * The platforms that take the session's currency (and are enabled), each with its quote; `offered`:
 * its cost to the merchant over the mid rate is within maxFeePercentage. A platform the rail cannot
 * quote now (no liquidity at this amount) is left out; when none can be quoted, the reason is the answer.
 */
export async function fiatOffers(terms: FiatTerms): Promise<FiatOffer[]> {
  const rail = getPaymentRail(terms.environment);
  const platforms = rail.platforms.filter(
    (p) => platformAccepts(p, terms.fiatCurrency) && (!terms.enabledPaymentPlatforms || terms.enabledPaymentPlatforms.includes(p)),
  );
  const settled = await Promise.allSettled(
    platforms.map(async (platform) => {
      const quote = await rail.quoteFiat({ platform, fiatCurrency: terms.fiatCurrency, fiatAmountMinor: terms.fiatAmountMinor });
      return { platform, quote, offered: quote.spreadBps <= terms.maxFeeBps };
    }),
  );
  const offers = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = settled.find((r) => r.status === "rejected");
  if (!offers.length && failed) throw failed.reason;
  return offers;
}

/** The exact-fiat terms of a session row (null for exact-token sessions). */
export function fiatTermsOf(session: SessionRow): FiatTerms | null {
  if (session.checkoutMode !== "exact-fiat" || session.fiatAmountMinor === null || !session.fiatCurrency) return null;
  return {
    environment: session.environment,
    fiatAmountMinor: session.fiatAmountMinor,
    fiatCurrency: session.fiatCurrency,
    maxFeeBps: session.maxFeeBps ?? 0,
    enabledPaymentPlatforms: session.enabledPaymentPlatforms,
  };
}

/**
 * At creation: refuses a fiat amount that cannot meet the USDC bounds at today's rates (below the
 * minimum even on the platform that gives the most USDC, or above the maximum even on the one that
 * gives the least), naming the bound in the fiat currency. Returns the estimate of the USDC the
 * merchant receives: the fiat's worth at the mid rate, rounded down.
 */
export async function checkFiatBounds(terms: FiatTerms): Promise<bigint> {
  const offers = await fiatOffers(terms);
  if (!offers.length) throw invalid("fiatCurrency", `${terms.fiatCurrency} is not accepted on any platform enabled for this session`);
  const { minAmountMicro, maxAmountMicro } = getConfig();
  const decimals = CURRENCIES[terms.fiatCurrency]!.decimals;
  const byUsdc = [...offers].sort((a, b) => (merchantMicro(a.quote) < merchantMicro(b.quote) ? -1 : 1));
  const best = byUsdc.at(-1)!.quote;
  const worst = byUsdc[0]!.quote;
  if (merchantMicro(best) < minAmountMicro) {
    const least = minFiatForMicro(minAmountMicro, best.rate, decimals);
    throw invalid(
      "fiatAmount",
      `must be at least ${fiatFormatted(least, terms.fiatCurrency)} at today's rates (${usdcFromMicro(minAmountMicro)} USDC)`,
    );
  }
  if (merchantMicro(worst) > maxAmountMicro) {
    const most = maxFiatForMicro(maxAmountMicro, worst.rate, decimals);
    throw invalid(
      "fiatAmount",
      `must be at most ${fiatFormatted(most, terms.fiatCurrency)} at today's rates (${usdcFromMicro(maxAmountMicro)} USDC)`,
    );
  }
  return best.grossAmountMicro;
}

/**
 * At start: the quote of the chosen platform. FEE_THRESHOLD_EXCEEDED (409) when no platform is
 * within maxFeePercentage, or the chosen one is not; 400 when the chosen platform's USDC falls
 * outside the amount bounds.
 */
export async function quoteForStart(terms: FiatTerms, platform: PaymentPlatform): Promise<FiatQuote> {
  const offers = await fiatOffers(terms);
  const offered = offers.filter((o) => o.offered);
  const maxFeePercentage = bpsToPercent(terms.maxFeeBps);
  const percent = `${maxFeePercentage}%`;
  if (!offered.length) {
    throw new AppError(
      "FEE_THRESHOLD_EXCEEDED",
      `No payment platform for ${terms.fiatCurrency} charges a fee within this session's maxFeePercentage (${percent})`,
      { maxFeePercentage, offeredPlatforms: [] },
    );
  }
  const chosen = offered.find((o) => o.platform === platform);
  if (!chosen) {
    throw new AppError(
      "FEE_THRESHOLD_EXCEEDED",
      `${platform}'s fee is above this session's maxFeePercentage (${percent}); use one of ${offered.map((o) => o.platform).join(", ")}`,
      { maxFeePercentage, offeredPlatforms: offered.map((o) => o.platform) },
    );
  }
  const { minAmountMicro, maxAmountMicro } = getConfig();
  const micro = merchantMicro(chosen.quote);
  if (micro < minAmountMicro || micro > maxAmountMicro) {
    throw invalid(
      "paymentPlatform",
      `${platform} gives ${usdcFromMicro(micro)} USDC at today's rates, outside ${usdcFromMicro(minAmountMicro)}–${usdcFromMicro(maxAmountMicro)} USDC; choose another platform`,
    );
  }
  return chosen.quote;
}
