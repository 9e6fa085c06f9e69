import { describe, expect, it } from "vitest";
import { orderStatus, sessionStatus } from "@/db/schema";
import { type CheckoutStep, checkoutStep, defaultCurrency, type PlatformQuotes, quotesByCurrency } from "./view";

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
  SIGNAL_SUBMITTED: "waiting",
  PAYMENT_SENT: "waiting",
  PROOF_VERIFIED: "waiting",
  FULFILL_SUBMITTED: "waiting",
  // fulfilled while the session is not yet completed: still confirming
  FULFILLED: "waiting",
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
