import { formatFiat } from "@/lib/checkout/view";
import { formatUsdc } from "@/lib/dashboard/format";

// How the dashboard states what a session asks and what the merchant receives. An exact-token
// session is priced in the USDC the merchant receives; an exact-fiat one in what the payer pays, and
// the merchant's USDC is known once the payer has picked a payment app (its order's net amount).

type PricedSession = {
  amountUsdc: string;
  checkoutMode?: string | null;
  fiatAmount?: string | null;
  fiatCurrency?: string | null;
  maxFeePercentage?: number | null;
};

/** "1,042.50 USDC", or "€25.00 (exact fiat, fee limit 10%)". */
export function sessionPrice(s: PricedSession): string {
  if (s.checkoutMode !== "exact-fiat" || !s.fiatAmount || !s.fiatCurrency) return formatUsdc(s.amountUsdc);
  const limit = s.maxFeePercentage == null ? "" : `, fee limit ${s.maxFeePercentage}%`;
  return `${formatFiat(s.fiatAmount, s.fiatCurrency)} (exact fiat${limit})`;
}

/** Whether the session is priced in fiat (what the merchant receives then depends on the order). */
export function isFiatPriced(s: PricedSession): boolean {
  return s.checkoutMode === "exact-fiat";
}
