import { formatFiatAmount } from "@/lib/i18n/format";
import { parseScaled } from "@/lib/core/money";
import { canFire, isOrderEnded, ORDER, type OrderStatus, type SessionStatus } from "@/lib/state";
import { type CheckoutStep, offeredStep } from "./steps";

export type { CheckoutStep };

// The rules that turn a session and its order into what the payer's page shows. They live here,
// beside the view they shape, so the page only renders and a status rule changes in one place.

const SESSION_ENDS: Partial<Record<SessionStatus, CheckoutStep>> = { COMPLETED: "receipt", EXPIRED: "expired", CANCELLED: "cancelled" };
const ORDER_ENDS: Partial<Record<OrderStatus, CheckoutStep>> = { EXPIRED: "order-expired", FAILED: "order-failed" };

/** `offered`: whether any payment app is offered; choosing from nothing is a dead end, so the page says so instead. */
export function checkoutStep(session: SessionStatus, order: OrderStatus | null, merchantDisabled: boolean, offered = true): CheckoutStep {
  if (merchantDisabled) return "unavailable";
  const ended = SESSION_ENDS[session];
  if (ended) return ended;
  // an order that ended unpaid gives the session back to the payer; so does one that paid part of a
  // v1 order (the session is still open): the payer pays the rest
  if (!order || isOrderEnded(order) || order === ORDER.triggers.fulfil.to)
    return offeredStep(ORDER_ENDS[order ?? "CANCELLED"] ?? "choose", offered);
  // the real rail locks the funds first: the payee shows only once that is confirmed on-chain
  if (canFire("order", "signalMined", order)) return "reserving";
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

/**
 * What the payer is asked to pay. exact-token: the merchant's USDC amount, as the page always showed
 * it. exact-fiat: a price in a fiat currency; the page then says nothing of USDC, chains or tokens.
 */
export type Price =
  { mode: "exact-token"; amountUsdc: string } | { mode: "exact-fiat"; fiatAmount: string; fiatCurrency: string; formatted: string };

/**
 * A fiat amount (decimal string) in its currency for people, with the currency's own number of
 * decimals: "€25.00", "¥2,500", "CHF 1,250.50" (in English; "25,00 €" in de). The string is formatted
 * exactly, never through a float.
 */
export function formatFiat(amount: string, currency: string, locale = "en-US"): string {
  return formatFiatAmount(locale, amount, currency);
}

/** The currency's minor-unit digits (2 for EUR, 0 for JPY, 3 for BHD). */
export function fiatDecimals(currency: string): number {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The price of a session as the page states it. */
export function priceOf(
  s: {
    checkoutMode?: string | null;
    amountUsdc: string;
    fiatAmount?: string | null;
    fiatCurrency?: string | null;
  },
  /** the payer's language: the price as it writes it (English: "€25.00") */
  locale = "en",
): Price {
  if (s.checkoutMode === "exact-fiat" && s.fiatAmount && s.fiatCurrency) {
    return {
      mode: "exact-fiat",
      fiatAmount: s.fiatAmount,
      fiatCurrency: s.fiatCurrency,
      formatted: formatFiat(s.fiatAmount, s.fiatCurrency, locale),
    };
  }
  return { mode: "exact-token", amountUsdc: s.amountUsdc };
}

/** One platform's terms for an exact-fiat price: its fee over the mid rate, and whether it is within the merchant's limit. */
export type FiatOffer = { platform: string; label: string; feeBps: number; offered: boolean };

/**
 * The payment apps an exact-fiat price is offered with: only those within the merchant's fee limit
 * (lib/sessions/fiat.ts decides which; start refuses the others), lowest fee first (the merchant
 * keeps the most), equal fees by label. The payer pays the same price with each, in the price's
 * one currency.
 */
export function fiatOptions(price: Extract<Price, { mode: "exact-fiat" }>, offers: FiatOffer[]): CurrencyQuotes[] {
  const within = offers.filter((o) => o.offered).sort((a, b) => a.feeBps - b.feeBps || a.label.localeCompare(b.label));
  if (within.length === 0) return [];
  const minor = parseScaled(price.fiatAmount, fiatDecimals(price.fiatCurrency)).toString();
  return [
    {
      currency: price.fiatCurrency,
      quotes: within.map((o) => ({
        platform: o.platform,
        label: o.label,
        fiatAmount: price.fiatAmount,
        fiatAmountFormatted: price.formatted,
        minor,
      })),
    },
  ];
}
