// The fields a payment link can ask its payer for, as the payer's page and the dashboard name them.
// Pure data: the browser's bundle and the server share it.

export const FIELD_LABELS = { name: "Name", email: "Email", reference: "Order reference" } as const;
export type LinkFieldKey = keyof typeof FIELD_LABELS;

/** "25.00 USDC", or "5.00–100.00 EUR (payer chooses)" for an amount the payer chooses. */
export function linkPrice(l: { amount: string | null; minAmount: string | null; maxAmount: string | null; currency: string }): string {
  return l.amount !== null ? `${l.amount} ${l.currency}` : `${l.minAmount}–${l.maxAmount} ${l.currency} (payer chooses)`;
}
