import { describe, expect, it } from "vitest";
import { depositKey, fiatIntentAmount, fiatMinorFor } from "./quotes";

// An exact-fiat intent locks at most what the payer's fiat releases: the verifier releases
// fiat (6 decimals) × 1e18 / rate, rounded down.

const E18 = 10n ** 18n;

describe("the USDC an exact-fiat intent locks", () => {
  it("is curator's figure when the fiat buys it", () => {
    // 25.50 USD at 1.02 buys exactly 25 USDC
    expect(fiatIntentAmount(25_000_000n, 2_550n, (102n * E18) / 100n, 2)).toBe(25_000_000n);
    expect(fiatIntentAmount(24_000_000n, 2_550n, (102n * E18) / 100n, 2)).toBe(24_000_000n);
  });

  it("is capped at what the fiat buys at the intent's rate when curator's figure is more", () => {
    const rate = (102n * E18) / 100n;
    expect(fiatIntentAmount(26_000_000n, 2_550n, rate, 2)).toBe(25_000_000n);
    // 10.00 EUR at 0.95 buys 10.526315 USDC, rounded down
    expect(fiatIntentAmount(11_000_000n, 1_000n, (95n * E18) / 100n, 2)).toBe(10_526_315n);
    // a currency without minor units
    expect(fiatIntentAmount(10_000_000n, 1_000n, 150n * E18, 0)).toBe(6_666_666n);
  });

  it("is always released whole by the payer's fiat", () => {
    const rate = (9_731n * E18) / 10_000n;
    for (const fiat of [1n, 99n, 1_000n, 123_457n]) {
      const locked = fiatIntentAmount(10n ** 12n, fiat, rate, 2);
      // the verifier's release of that fiat
      expect((fiat * 10_000n * E18) / rate).toBeGreaterThanOrEqual(locked);
      expect(fiatMinorFor(locked, rate, 2)).toBeLessThanOrEqual(fiat);
    }
  });
});

describe("a deposit as an exclusion names it", () => {
  it("is its escrow, lower case, and id", () => {
    expect(depositKey("0x777777779d229cdF3110e9de47943791c26300Ef", 7n)).toBe("0x777777779d229cdf3110e9de47943791c26300ef:7");
    expect(depositKey("0xAB", "7")).toBe(depositKey("0xab", 7n));
  });
});
