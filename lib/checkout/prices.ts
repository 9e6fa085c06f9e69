import type { CheckoutView, UnpricedCheckoutView } from "./service";
import { isChoosing, offeredStep } from "./steps";

// The payer's page and its prices. Prices are asked of the rail only on a step where the payer
// chooses; a status poll answers without them (asking the quote service on every poll of every open
// page throttled it), so the page keeps the prices it has and asks for new ones only when the payer
// comes to choose again, or when those it shows are some minutes old. The page's own code imports
// this file: it imports nothing but types (view.ts brings the state machines and their database code).

/** How long the choose step shows the same prices before the page asks for new ones. */
export const PRICES_FRESH_MS = 5 * 60_000;

/** The view to show: one without prices takes those the page has, and the step they make. */
export function withKeptPrices(next: CheckoutView | UnpricedCheckoutView, kept: CheckoutView): CheckoutView {
  if (next.options !== null) return next;
  const { options, noOptionsReason, unavailable, currency, proofOfWork } = kept;
  return { ...next, options, noOptionsReason, unavailable, currency, proofOfWork, step: offeredStep(next.step, options.length > 0) };
}

/**
 * Whether a view without prices needs them: the payer is to choose, and the prices the page has are
 * from another step (an order expired or failed: the payer starts again) or older than PRICES_FRESH_MS.
 */
export function needsPrices(next: CheckoutView | UnpricedCheckoutView, kept: CheckoutView, pricedAt: number, now = Date.now()) {
  return next.options === null && isChoosing(next.step) && (!isChoosing(kept.step) || now - pricedAt >= PRICES_FRESH_MS);
}
