import { describe, expect, it } from "vitest";
import { readTheme } from "@/lib/theme";
import { needsPrices, PRICES_FRESH_MS, withKeptPrices } from "./prices";
import type { CheckoutView, UnpricedCheckoutView } from "./service";
import type { CheckoutStep, CurrencyQuotes } from "./view";

const USD: CurrencyQuotes[] = [
  { currency: "USD", quotes: [{ platform: "venmo", label: "Venmo", fiatAmount: "25.50", fiatAmountFormatted: "$25.50", minor: "2550" }] },
];

function view(step: CheckoutStep, options: CurrencyQuotes[] = USD): CheckoutView {
  return {
    step,
    live: false,
    session: {
      id: "sess_1",
      status: "ACTIVE",
      price: { mode: "exact-token", amountUsdc: "25.00" },
      expiresAt: "2030-01-01T00:00:00.000Z",
      successUrl: null,
      cancelUrl: null,
      selectedPaymentPlatform: null,
      selectedFiatCurrency: null,
      savesChoice: true,
      token: null,
      paidUsdc: null,
      endedPaidUsdc: null,
      partial: null,
    },
    merchant: { displayName: "Shop", logoUrl: null, disabled: false, theme: readTheme(null), disableBranding: false },
    order: null,
    options,
    noOptionsReason: options.length ? null : "Every payment app's fee for this amount is above the 1% this shop accepts right now.",
    unavailable: [{ platform: "zelle", label: "Zelle", reason: "up to $150.00 per payment here" }],
    currency: options.length ? "USD" : null,
    sandbox: false,
    liveProof: null,
  } as CheckoutView;
}

/** What a status poll answers: the same view, without its prices. */
function polled(step: CheckoutStep): UnpricedCheckoutView {
  const { noOptionsReason: _r, unavailable: _u, currency: _c, ...rest } = view(step);
  return { ...rest, options: null };
}

describe("a view without prices", () => {
  it("keeps the prices the page has, and the step they make", () => {
    expect(withKeptPrices(polled("choose"), view("choose"))).toEqual(view("choose"));
    // nothing was offered: a poll does not flip the page back to choosing from nothing
    const none = view("no-platform", []);
    expect(withKeptPrices(polled("choose"), none)).toEqual(none);
    expect(withKeptPrices(polled("order-expired"), none).step).toBe("no-platform");
    // a step where nothing is chosen is the poll's own
    expect(withKeptPrices(polled("pay"), none).step).toBe("pay");
  });

  it("takes a priced view as it is", () => {
    const fresh = view("choose", []);
    expect(withKeptPrices(fresh, view("choose"))).toBe(fresh);
  });

  it("asks for prices only when the payer comes to choose again, or the prices are old", () => {
    const now = 1_000_000_000;
    // an order expired while the payer was paying: the prices the page had are from before
    expect(needsPrices(polled("order-expired"), view("pay", []), now, now)).toBe(true);
    expect(needsPrices(polled("choose"), view("choose"), now - 1_000, now)).toBe(false);
    expect(needsPrices(polled("choose"), view("choose"), now - PRICES_FRESH_MS, now)).toBe(true);
    expect(needsPrices(polled("choose"), view("no-platform", []), now - PRICES_FRESH_MS, now)).toBe(true);
    // nothing to choose: no prices, however old
    expect(needsPrices(polled("pay"), view("choose"), 0, now)).toBe(false);
    expect(needsPrices(view("choose"), view("choose"), 0, now)).toBe(false);
  });
});
