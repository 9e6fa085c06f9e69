// The payer's page's steps, and which of them is where the payer chooses a payment app: imported by
// the view's rules (view.ts), the view (service.ts) and the page's own price keeping (prices.ts), and
// importing nothing, so the page's code can take it without the server's.

/**
 * The screen the payer sees.
 * - unavailable: the operator has disabled the merchant; nothing may be done
 * - choose: pick a currency and a payment app (no order yet, or its order was cancelled)
 * - order-expired / order-failed: choose again, told why the last order ended
 * - pay: the order waits for the payer to send the fiat
 * - waiting: the payment was sent; the page waits for its confirmation
 * - receipt: the session is completed
 * - expired / cancelled: the session is over without a payment
 * - no-platform: the payer could choose, but no payment app can take this payment (an exact-fiat
 *   price whose every platform is above the merchant's fee limit, or in a currency none accepts)
 */
export type CheckoutStep =
  | "unavailable"
  | "choose"
  | "order-expired"
  | "order-failed"
  | "no-platform"
  | "reserving"
  | "pay"
  | "waiting"
  | "receipt"
  | "expired"
  | "cancelled";

const CHOOSING: ReadonlySet<CheckoutStep> = new Set<CheckoutStep>(["choose", "order-expired", "order-failed", "no-platform"]);

/** The steps on which the payer picks a payment app: the only ones whose view carries prices. */
export const isChoosing = (step: CheckoutStep) => CHOOSING.has(step);

/**
 * A step where the payer would choose, once it is known whether anything is offered: from nothing,
 * the page says so instead (no-platform). A view without prices is given the step as if something
 * were offered; the page, which keeps the prices it has, decides with this.
 */
export function offeredStep(step: CheckoutStep, offered: boolean): CheckoutStep {
  return !offered && isChoosing(step) ? "no-platform" : step;
}
