import { describe, expect, it } from "vitest";
import { priceChange } from "./requote";

// Another maker's quote is taken for an order only at the price the payer was shown.

const order = { fiatAmountMinor: 2_550n, fiatCurrency: "USD", tokenAmountMicro: 25_000_000n, netAmountMicro: 24_562_500n };

describe("a re-quote's price against the order's", () => {
  it("is the same when the payer pays the same, the intent locks the same and the fees are the same", () => {
    expect(priceChange(order, { fiatAmountMinor: 2_550n, tokenAmountMicro: 25_000_000n, feeMicro: 437_500n })).toBeNull();
    // no fees (an order priced before fees were kept) against a quote of none
    expect(priceChange({ ...order, netAmountMicro: null }, { fiatAmountMinor: 2_550n, tokenAmountMicro: 25_000_000n })).toBeNull();
  });

  it("differs, and says how, when any of them changes", () => {
    expect(priceChange(order, { fiatAmountMinor: 2_575n, tokenAmountMicro: 25_000_000n, feeMicro: 437_500n })).toBe(
      "the payer would pay $25.75 instead of $25.50",
    );
    expect(priceChange(order, { fiatAmountMinor: 2_550n, tokenAmountMicro: 24_900_000n, feeMicro: 437_500n })).toBe(
      "the intent would lock 24.90 instead of 25.00 USDC",
    );
    expect(priceChange(order, { fiatAmountMinor: 2_550n, tokenAmountMicro: 25_000_000n, feeMicro: 375_000n })).toBe(
      "the fees would be 0.375 instead of 0.4375 USDC",
    );
  });
});
