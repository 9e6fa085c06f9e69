import { describe, expect, it } from "vitest";
import { isFiatPriced, sessionPrice } from "./price";

describe("sessionPrice", () => {
  it("an exact-token session: its USDC amount, as before", () => {
    expect(sessionPrice({ amountUsdc: "42.50" })).toBe("42.50 USDC");
    expect(
      sessionPrice({ amountUsdc: "42.50", checkoutMode: "exact-token", fiatAmount: null, fiatCurrency: null, maxFeePercentage: null }),
    ).toBe("42.50 USDC");
    expect(sessionPrice({ amountUsdc: "1234.5" })).toBe("1,234.50 USDC");
  });

  it("an exact-fiat session: its fiat price and fee limit, not the USDC estimate", () => {
    const s = { amountUsdc: "27.17", checkoutMode: "exact-fiat", fiatAmount: "25.00", fiatCurrency: "EUR", maxFeePercentage: 10 };
    expect(sessionPrice(s)).toBe("€25.00 (exact fiat, fee limit 10%)");
    expect(sessionPrice({ ...s, fiatAmount: "2500", fiatCurrency: "JPY", maxFeePercentage: 2.5 })).toBe(
      "¥2,500 (exact fiat, fee limit 2.5%)",
    );
    expect(isFiatPriced(s)).toBe(true);
    expect(isFiatPriced({ amountUsdc: "1.00", checkoutMode: "exact-token" })).toBe(false);
  });
});
