import { canFire, isOrderEnded, type OrderStatus, type SessionStatus } from "@/lib/state";

// The rules that turn a session and its order into what the payer's page shows. They live here,
// beside the view they shape, so the page only renders and a status rule changes in one place.

/**
 * The screen the payer sees.
 * - unavailable: the operator has disabled the merchant; nothing may be done
 * - choose: pick a currency and a payment app (no order yet, or its order was cancelled)
 * - order-expired / order-failed: choose again, told why the last order ended
 * - pay: the order waits for the payer to send the fiat
 * - waiting: the payment was sent; the page waits for its confirmation
 * - receipt: the session is completed
 * - expired / cancelled: the session is over without a payment
 */
export type CheckoutStep =
  "unavailable" | "choose" | "order-expired" | "order-failed" | "pay" | "waiting" | "receipt" | "expired" | "cancelled";

const SESSION_ENDS: Partial<Record<SessionStatus, CheckoutStep>> = { COMPLETED: "receipt", EXPIRED: "expired", CANCELLED: "cancelled" };
const ORDER_ENDS: Partial<Record<OrderStatus, CheckoutStep>> = { EXPIRED: "order-expired", FAILED: "order-failed" };

export function checkoutStep(session: SessionStatus, order: OrderStatus | null, merchantDisabled: boolean): CheckoutStep {
  if (merchantDisabled) return "unavailable";
  const ended = SESSION_ENDS[session];
  if (ended) return ended;
  // an order that ended unpaid gives the session back to the payer
  if (!order || isOrderEnded(order)) return ORDER_ENDS[order ?? "CANCELLED"] ?? "choose";
  if (canFire("order", "paymentSent", order)) return "pay";
  return "waiting";
}

export type Quote = { platform: string; label: string; fiatAmount: string; fiatAmountFormatted: string; minor: string };
export type CurrencyQuotes = { currency: string; quotes: Quote[] };
/** What the rail quotes for one platform, in each of its currencies. */
export type PlatformQuotes = { platform: string; label: string; quotes: (Omit<Quote, "platform" | "label"> & { currency: string })[] };

/**
 * Regroups per-platform quotes by currency (currencies in the order they first appear), each list
 * cheapest first; equal amounts by platform label, so the order is stable.
 */
export function quotesByCurrency(platforms: PlatformQuotes[]): CurrencyQuotes[] {
  const byCurrency = new Map<string, Quote[]>();
  for (const p of platforms) {
    for (const { currency, ...q } of p.quotes) {
      const list = byCurrency.get(currency) ?? [];
      list.push({ platform: p.platform, label: p.label, ...q });
      byCurrency.set(currency, list);
    }
  }
  const cheapestFirst = (a: Quote, b: Quote) => {
    const [x, y] = [BigInt(a.minor), BigInt(b.minor)];
    return x < y ? -1 : x > y ? 1 : a.label.localeCompare(b.label);
  };
  return [...byCurrency].map(([currency, quotes]) => ({ currency, quotes: quotes.sort(cheapestFirst) }));
}

/** The currency the page opens with: the payer's saved choice, else USD, else the first offered. */
export function defaultCurrency(offered: string[], saved: string | null): string | null {
  if (saved && offered.includes(saved)) return saved;
  return offered.includes("USD") ? "USD" : (offered[0] ?? null);
}
