import { describe, expect, it } from "vitest";
import { expectedFee, grossFor, referralFeesOn, referralShortfall } from "./fees";

// The referral fees a gating signature carries against those its quote priced in: an intent grossed up
// for the quote's fees leaves the merchant short when the signature carries more.

const E18 = 10n ** 18n;
const quarterPercent = { recipient: "0x00000000000000000000000000000000000fee03", fee: (25n * E18) / 10_000n };

describe("referral fees of a gating signature", () => {
  it("take each fee of the gross, rounded down, as V3 does", () => {
    expect(referralFeesOn(40_000_000n, [quarterPercent])).toBe(100_000n);
    expect(referralFeesOn(40_000_001n, [quarterPercent, quarterPercent])).toBe(200_000n);
    expect(referralFeesOn(40_000_000n, [])).toBe(0n);
  });

  it("are no shortfall when they are what the quote priced in, rounding aside", () => {
    // the quote: 0.25% referral on its own signal amount
    const quote = { quoted: 41_000_000n, referral: 102_500n };
    expect(referralShortfall(40_000_000n, [quarterPercent], quote)).toBe(0n);
    expect(referralShortfall(40_000_003n, [quarterPercent], quote)).toBe(0n);
    // fewer than quoted: the payer paid a little more, the merchant is not short
    expect(referralShortfall(40_000_000n, [], quote)).toBe(0n);
  });

  it("are a shortfall when the quote priced in none, or less", () => {
    expect(referralShortfall(40_000_000n, [quarterPercent], { quoted: 41_000_000n, referral: 0n })).toBe(99_999n);
    expect(referralShortfall(40_000_000n, [quarterPercent, quarterPercent], { quoted: 40_000_000n, referral: 100_000n })).toBe(99_998n);
  });

  it("leave a PAYEE intent grossed up for the quote's fees exactly whole only when they match", () => {
    const amount = 40_000_000n;
    // protocol 0.5% + manager 1% priced in, the referral of 0.25% not
    const quote = { quoted: 40_000_000n, fee: 600_000n };
    const gross = grossFor(amount, 10_000n, quote);
    expect(gross - expectedFee(gross, quote)).toBeGreaterThanOrEqual(amount);
    const short = referralShortfall(gross, [quarterPercent], { quoted: quote.quoted, referral: 0n });
    expect(short).toBeGreaterThan(0n);
    expect(gross - expectedFee(gross, quote) - referralFeesOn(gross, [quarterPercent])).toBeLessThan(amount);
  });
});
