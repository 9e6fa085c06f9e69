import { describe, expect, it } from "vitest";
import { orderStatus, sessionStatus } from "@/db/schema";
import {
  type CheckoutStep,
  checkoutStep,
  defaultCurrency,
  type FiatOffer,
  fiatOptions,
  formatFiat,
  type PlatformQuotes,
  priceOf,
  quotesByCurrency,
} from "./view";

type SessionStatus = (typeof sessionStatus.enumValues)[number];
type OrderStatus = (typeof orderStatus.enumValues)[number];

// The screen for every order status while the session is open (CREATED or ACTIVE), written out by
// hand: the page showed exactly these before the rule moved to the server.
const OPEN: Record<OrderStatus | "none", CheckoutStep> = {
  none: "choose",
  CANCELLED: "choose",
  EXPIRED: "order-expired",
  FAILED: "order-failed",
  SIGNAL_MINED: "pay",
  SIGNAL_SUBMITTED: "reserving",
  PAYMENT_SENT: "waiting",
  PROOF_VERIFIED: "waiting",
  FULFILL_SUBMITTED: "waiting",
  // fulfilled while the session is still open: it paid part of a v1 order, and the payer pays the rest
  FULFILLED: "choose",
};
const CLOSED: Partial<Record<SessionStatus, CheckoutStep>> = { COMPLETED: "receipt", EXPIRED: "expired", CANCELLED: "cancelled" };

const orderCases = ["none", ...orderStatus.enumValues] as const;
const cases = sessionStatus.enumValues.flatMap((session) =>
  orderCases.map((order) => ({ session, order, expected: CLOSED[session] ?? OPEN[order] })),
);

describe("checkoutStep", () => {
  it("covers every session status and every order status", () => {
    expect(cases).toHaveLength(sessionStatus.enumValues.length * (orderStatus.enumValues.length + 1));
    expect(Object.keys(OPEN).sort()).toEqual([...orderCases].sort());
  });

  it.each(cases)("session $session, order $order → $expected", ({ session, order, expected }) => {
    expect(checkoutStep(session, order === "none" ? null : order, false)).toBe(expected);
  });

  it.each(cases)("session $session, order $order, merchant disabled → unavailable", ({ session, order }) => {
    expect(checkoutStep(session, order === "none" ? null : order, true)).toBe("unavailable");
    expect(checkoutStep(session, order === "none" ? null : order, true, false)).toBe("unavailable");
  });

  // nothing to choose from (an exact-fiat price above the fee limit everywhere): where the payer
  // would choose, the page says so instead; an order under way, or a session over, is shown as ever
  const CHOOSING: CheckoutStep[] = ["choose", "order-expired", "order-failed"];
  it.each(cases)("session $session, order $order, nothing offered", ({ session, order, expected }) => {
    expect(checkoutStep(session, order === "none" ? null : order, false, false)).toBe(
      CHOOSING.includes(expected) ? "no-platform" : expected,
    );
  });

  it("with something offered, the step is the same as before", () => {
    for (const { session, order, expected } of cases)
      expect(checkoutStep(session, order === "none" ? null : order, false, true)).toBe(expected);
  });
});

const quote = (currency: string, minor: string) => ({ currency, minor, fiatAmount: minor, fiatAmountFormatted: `${currency} ${minor}` });

describe("quotesByCurrency", () => {
  const platforms: PlatformQuotes[] = [
    { platform: "zelle", label: "Zelle", quotes: [quote("USD", "4272")] },
    { platform: "revolut", label: "Revolut", quotes: [quote("EUR", "3990"), quote("USD", "4290")] },
    { platform: "wise", label: "Wise", quotes: [quote("USD", "4262"), quote("GBP", "3400"), quote("EUR", "3950")] },
    { platform: "cashapp", label: "Cash App", quotes: [quote("USD", "4272")] },
  ];

  it("groups by currency in the order currencies first appear, cheapest first, ties by label", () => {
    const grouped = quotesByCurrency(platforms);
    expect(grouped.map((g) => g.currency)).toEqual(["USD", "EUR", "GBP"]);
    expect(grouped.map((g) => [g.currency, g.quotes.map((q) => q.platform)])).toEqual([
      ["USD", ["wise", "cashapp", "zelle", "revolut"]],
      ["EUR", ["wise", "revolut"]],
      ["GBP", ["wise"]],
    ]);
    expect(grouped[0]!.quotes[0]).toEqual({
      platform: "wise",
      label: "Wise",
      minor: "4262",
      fiatAmount: "4262",
      fiatAmountFormatted: "USD 4262",
    });
  });

  it("compares amounts as integers, not as text or floats", () => {
    const grouped = quotesByCurrency([
      { platform: "a", label: "A", quotes: [quote("USD", "9007199254740993")] },
      { platform: "b", label: "B", quotes: [quote("USD", "9007199254740992")] },
      { platform: "c", label: "C", quotes: [quote("USD", "999")] },
    ]);
    expect(grouped[0]!.quotes.map((q) => q.platform)).toEqual(["c", "b", "a"]);
  });

  it("offers nothing when no platform is offered", () => {
    expect(quotesByCurrency([])).toEqual([]);
  });
});

describe("defaultCurrency", () => {
  it("opens with the payer's saved currency", () => {
    expect(defaultCurrency(["USD", "EUR"], "EUR")).toBe("EUR");
  });
  it("else USD when offered", () => {
    expect(defaultCurrency(["EUR", "USD"], null)).toBe("USD");
  });
  it("else the first currency offered", () => {
    expect(defaultCurrency(["EUR", "GBP"], null)).toBe("EUR");
  });
  it("ignores a saved currency that is no longer offered", () => {
    expect(defaultCurrency(["EUR", "USD"], "GBP")).toBe("USD");
  });
  it("is null when nothing is offered", () => {
    expect(defaultCurrency([], null)).toBeNull();
  });
});

describe("formatFiat", () => {
  it("writes the amount in its currency, with the currency's own decimals", () => {
    expect(formatFiat("25.00", "EUR")).toBe("€25.00");
    expect(formatFiat("25", "EUR")).toBe("€25.00");
    expect(formatFiat("1250.5", "GBP")).toBe("£1,250.50");
    expect(formatFiat("2500", "JPY")).toBe("¥2,500");
    expect(formatFiat("19.99", "USD")).toBe("$19.99");
  });
  it("formats the decimal string exactly, never through a float", () => {
    expect(formatFiat("90071992547409.93", "EUR")).toBe("€90,071,992,547,409.93");
  });
});

describe("priceOf", () => {
  it("an exact-token session is priced in USDC, as before", () => {
    expect(priceOf({ amountUsdc: "42.50" })).toEqual({ mode: "exact-token", amountUsdc: "42.50" });
    expect(priceOf({ checkoutMode: "exact-token", amountUsdc: "42.50", fiatAmount: null, fiatCurrency: null })).toEqual({
      mode: "exact-token",
      amountUsdc: "42.50",
    });
  });
  it("an exact-fiat session is priced in its fiat currency, and the price carries no USDC", () => {
    const price = priceOf({ checkoutMode: "exact-fiat", amountUsdc: "27.17", fiatAmount: "25.00", fiatCurrency: "EUR" });
    expect(price).toEqual({ mode: "exact-fiat", fiatAmount: "25.00", fiatCurrency: "EUR", formatted: "€25.00" });
    expect(JSON.stringify(price)).not.toContain("27.17");
  });
});

describe("fiatOptions", () => {
  const price = { mode: "exact-fiat" as const, fiatAmount: "25.00", fiatCurrency: "EUR", formatted: "€25.00" };
  const offers: FiatOffer[] = [
    { platform: "paypal", label: "PayPal", feeBps: 150, offered: false },
    { platform: "n26", label: "N26", feeBps: 50, offered: true },
    { platform: "revolut", label: "Revolut", feeBps: 40, offered: true },
    { platform: "wise", label: "Wise", feeBps: 30, offered: true },
    { platform: "monzo", label: "Monzo", feeBps: 50, offered: true },
  ];

  it("offers only the platforms within the fee limit, in the price's one currency, lowest fee first, ties by label", () => {
    const options = fiatOptions(price, offers);
    expect(options.map((o) => o.currency)).toEqual(["EUR"]);
    expect(options[0]!.quotes.map((q) => q.platform)).toEqual(["wise", "revolut", "monzo", "n26"]);
  });

  it("asks the same price with every platform", () => {
    for (const q of fiatOptions(price, offers)[0]!.quotes) {
      expect(q).toMatchObject({ fiatAmount: "25.00", fiatAmountFormatted: "€25.00", minor: "2500" });
    }
    const yen = fiatOptions({ mode: "exact-fiat", fiatAmount: "2500", fiatCurrency: "JPY", formatted: "¥2,500" }, offers);
    expect(yen[0]!.quotes[0]).toMatchObject({ fiatAmountFormatted: "¥2,500", minor: "2500" });
  });

  it("offers nothing when every platform is above the limit, or none takes the currency", () => {
    expect(
      fiatOptions(
        price,
        offers.map((o) => ({ ...o, offered: false })),
      ),
    ).toEqual([]);
    expect(fiatOptions(price, [])).toEqual([]);
  });
});
