// Who pays a rail's fees, and what they do to an order's amounts. On the real rail V3 takes its fees
// from the release (the protocol's, the deposit manager's, referrals'), so the USDC an intent locks
// (gross) is not what reaches the merchant (net). A session's fee setting says who bears them:
// MERCHANT (the payer pays the session amount; the merchant receives it less the fees), PAYEE (the
// intent is grossed up: the payer pays the fees on top and the merchant receives the whole amount),
// or SPLIT (the payer bears buyerFeeShareBps of them). The sandbox charges none: every mode is the same.

export const FEE_PAYERS = ["MERCHANT", "PAYEE", "SPLIT"] as const;
export type FeePayer = (typeof FEE_PAYERS)[number];

/** A fee setting: who pays, and for SPLIT the payer's share in basis points. */
export type FeeTerms = { feePayer: FeePayer; buyerFeeShareBps: number | null };

/** A fee setting as it is kept: the payer's share goes with SPLIT only. */
export const feeTermsOf = (feePayer: FeePayer, buyerFeeShareBps?: number | null): FeeTerms => ({
  feePayer,
  buyerFeeShareBps: feePayer === "SPLIT" ? (buyerFeeShareBps ?? 0) : null,
});

/** ZKP2P Pay's SPLIT shares: 0 to 10,000 basis points in steps of 1,000. */
export const isBuyerFeeShare = (bps: number) => Number.isInteger(bps) && bps >= 0 && bps <= 10_000 && bps % 1_000 === 0;

/** The payer's share of the fees, in basis points. */
export function buyerShareBps(terms: FeeTerms): bigint {
  if (terms.feePayer === "PAYEE") return 10_000n;
  if (terms.feePayer === "SPLIT") return BigInt(terms.buyerFeeShareBps ?? 0);
  return 0n;
}

/**
 * The USDC to lock so that the payer bears their share of the fees on `amount`, given the fees a
 * quote expects (`fee` on `quoted`, in the same unit): the smallest gross G with
 * G ≥ amount + share × fee(G), fees taken as the quote's proportion of G, rounded up. The merchant
 * then receives G − fee(G) ≥ amount − (1 − share) × fee: exactly the amount under PAYEE.
 */
export function grossFor(amount: bigint, share: bigint, quote: { quoted: bigint; fee: bigint }): bigint {
  if (share === 0n || quote.fee <= 0n || quote.quoted <= 0n) return amount;
  // G × (1 − share × fee/quoted) = amount
  const num = amount * quote.quoted * 10_000n;
  const den = quote.quoted * 10_000n - share * quote.fee;
  if (den <= 0n) return amount;
  return (num + den - 1n) / den;
}

/** The fees expected on a gross amount, in the quote's proportion, rounded down (as V3 rounds each fee). */
export const expectedFee = (gross: bigint, quote: { quoted: bigint; fee: bigint }) =>
  quote.quoted > 0n && quote.fee > 0n ? (gross * quote.fee) / quote.quoted : 0n;

/**
 * The part of its session's amount an order paid: all of what it was priced to cover when its whole
 * intent was released (whatever the fees took), in proportion when the payer paid less.
 */
export function creditOf(order: { coversMicro: bigint; tokenAmountMicro: bigint }, releasedGross: bigint | undefined): bigint {
  if (releasedGross === undefined || releasedGross >= order.tokenAmountMicro) return order.coversMicro;
  return (order.coversMicro * releasedGross) / order.tokenAmountMicro;
}

/** The fees a release paid, by kind, in micro-USDC. */
export type ReleaseFees = { protocolMicro: bigint; managerMicro: bigint; referralMicro: bigint };

/**
 * The rule every face checks (v0 and v1 bodies, payment links, the merchant's setting): a share is
 * given with SPLIT, and only then. Returns the field and message of a breach, or null.
 */
export function feeTermsProblem(b: { feePayer?: string | null; buyerFeeShareBps?: number | null }): [string, string] | null {
  if (b.feePayer === "SPLIT") {
    if (b.buyerFeeShareBps === undefined || b.buyerFeeShareBps === null) return ["buyerFeeShareBps", 'is required with feePayer "SPLIT"'];
    if (!isBuyerFeeShare(b.buyerFeeShareBps)) return ["buyerFeeShareBps", "must be 0 to 10000 in steps of 1000"];
    return null;
  }
  if (b.buyerFeeShareBps !== undefined && b.buyerFeeShareBps !== null)
    return ["buyerFeeShareBps", 'is only accepted with feePayer "SPLIT"'];
  return null;
}

const PRECISE_UNIT = 10n ** 18n;

/** What referral fees (rates, 1e18 = 100%, as a gating signature carries them) take of a gross release: each rounded down, as V3 takes it. */
export const referralFeesOn = (gross: bigint, fees: readonly { fee: bigint }[]) =>
  fees.reduce((sum, f) => sum + (gross * f.fee) / PRECISE_UNIT, 0n);

/**
 * By how much the referral fees a gating signature carries exceed those the quote priced in, on the
 * intent's gross (0: they do not). The quote's are taken in proportion (`referral` on `quoted`); one
 * micro-USDC a fee is allowed for rounding.
 */
export function referralShortfall(gross: bigint, signed: readonly { fee: bigint }[], quote: { quoted: bigint; referral: bigint }): bigint {
  const assumed = quote.quoted > 0n && quote.referral > 0n ? (gross * quote.referral) / quote.quoted : 0n;
  const over = referralFeesOn(gross, signed) - assumed - BigInt(signed.length);
  return over > 0n ? over : 0n;
}
