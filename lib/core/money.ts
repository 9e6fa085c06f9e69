// Money is integer micro-USDC (bigint) inside the service; decimal strings only at the edges.

export const USDC_DECIMALS = 6;
const MICRO = 10n ** BigInt(USDC_DECIMALS);
const USDC_PATTERN = /^(0|[1-9]\d{0,14})(?:\.(\d{1,6}))?$/;

export class MoneyFormatError extends Error {}

/** "12.34" → 12_340_000n. Rejects signs, exponents, spaces, more than 6 decimals. */
export function parseUsdc(text: string): bigint {
  const m = USDC_PATTERN.exec(text);
  if (!m) throw new MoneyFormatError(`"${text.slice(0, 40)}" is not a decimal amount with at most ${USDC_DECIMALS} decimals`);
  const frac = (m[2] ?? "").padEnd(USDC_DECIMALS, "0");
  return BigInt(m[1]) * MICRO + BigInt(frac);
}

export function isUsdcString(text: string): boolean {
  return USDC_PATTERN.test(text);
}

/** 12_340_000n → "12.34" (the wire's decimal; for a person, formatUsdc of lib/dashboard/format.ts); keeps at least two decimals and drops trailing zeros beyond them. */
export function usdcFromMicro(micro: bigint): string {
  return formatScaled(micro, USDC_DECIMALS, 2);
}

/** A scaled integer as a decimal string with between minDecimals and `scale` decimals. */
export function formatScaled(value: bigint, scale: number, minDecimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(scale);
  const whole = abs / unit;
  let frac = scale > 0 ? (abs % unit).toString().padStart(scale, "0") : "";
  while (frac.length > minDecimals && frac.endsWith("0")) frac = frac.slice(0, -1);
  return `${negative ? "-" : ""}${whole}${frac ? "." + frac : ""}`;
}

/** Parses a non-negative decimal string into an integer scaled by 10^scale, rejecting extra precision. */
export function parseScaled(text: string, scale: number): bigint {
  const m = /^(\d{1,18})(?:\.(\d+))?$/.exec(text);
  if (!m || (m[2] && m[2].length > scale))
    throw new MoneyFormatError(`"${text.slice(0, 40)}" is not a decimal with at most ${scale} decimals`);
  return BigInt(m[1]) * 10n ** BigInt(scale) + BigInt((m[2] ?? "").padEnd(scale, "0") || "0");
}

/** Integer division rounding up, for amounts the payer owes (never short the merchant). */
export function divCeil(n: bigint, d: bigint): bigint {
  if (d <= 0n || n < 0n) throw new RangeError("divCeil expects n >= 0 and d > 0");
  return (n + d - 1n) / d;
}

// Exact-fiat checkouts: the payer pays a fixed fiat amount and the merchant receives the USDC it
// buys. Rates are fiat per USDC with RATE_DECIMALS decimals; fiat amounts are in the currency's
// minor unit (CURRENCIES in lib/rail/platforms.ts holds each currency's exponent).

export const RATE_DECIMALS = 8;

/** 10^(6 + 8 − fiat exponent): micro-USDC × rate ↔ fiat minor units. */
function fiatScale(fiatDecimals: number): bigint {
  return 10n ** BigInt(USDC_DECIMALS + RATE_DECIMALS - fiatDecimals);
}

/**
 * The micro-USDC that `fiatMinor` buys at `rate`, rounded down: the merchant is never promised more
 * than the fiat covers, and is short by less than one micro-USDC.
 */
export function microForFiat(fiatMinor: bigint, rate: bigint, fiatDecimals: number): bigint {
  if (rate <= 0n || fiatMinor < 0n) throw new RangeError("microForFiat expects fiatMinor >= 0 and rate > 0");
  return (fiatMinor * fiatScale(fiatDecimals)) / rate;
}

/** The least fiat (minor units) for which microForFiat(…, rate) reaches `micro`. */
export function minFiatForMicro(micro: bigint, rate: bigint, fiatDecimals: number): bigint {
  return divCeil(micro * rate, fiatScale(fiatDecimals));
}

/** The most fiat (minor units) for which microForFiat(…, rate) stays at or below `micro`. */
export function maxFiatForMicro(micro: bigint, rate: bigint, fiatDecimals: number): bigint {
  return divCeil((micro + 1n) * rate, fiatScale(fiatDecimals)) - 1n;
}

/**
 * A percentage with at most 2 decimals (10, 2.5, 0.25) as integer basis points, read from its
 * shortest decimal text (what JSON carried), so no float arithmetic decides it.
 */
export function percentToBps(percent: number): number {
  const bps = parseScaled(String(percent), 2); // refuses "1.005", "1e-7", negatives
  if (bps > 1_000_000n) throw new MoneyFormatError(`${percent} is not a percentage`);
  return parseInt(bps.toString(), 10); // an integer below 10^6: exact
}

/** Basis points back to the percentage the API shows (1000 → 10, 250 → 2.5): the JSON number of the exact decimal. */
export function bpsToPercent(bps: number): number {
  return JSON.parse(formatScaled(BigInt(bps), 2, 0)) as number;
}
