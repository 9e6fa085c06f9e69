import type { OrderRow, SessionRow } from "@/db/schema";
import { bpsToPercent, formatScaled, usdcFromMicro } from "@/lib/core/money";
import { CURRENCIES } from "@/lib/rail/platforms";
import { refundStateOf } from "./refund";

// The wire shapes of a session and its order: what the API answers and what the events carry. Both
// the session services and the event recorder use them, so they live below both.

export function serializeSession(s: SessionRow) {
  return {
    id: s.id,
    merchantId: s.merchantId,
    amountUsdc: usdcFromMicro(s.amountMicro),
    checkoutMode: s.checkoutMode,
    fiatAmount: s.fiatAmountMinor !== null && s.fiatCurrency ? fiatDecimal(s.fiatAmountMinor, s.fiatCurrency) : null,
    fiatCurrency: s.fiatCurrency,
    maxFeePercentage: s.maxFeeBps === null ? null : bpsToPercent(s.maxFeeBps),
    feePayer: s.feePayer ?? "MERCHANT",
    buyerFeeShareBps: s.buyerFeeShareBps,
    destinationChainId: s.destinationChainId,
    destinationToken: s.destinationToken,
    recipientAddress: s.recipientAddress,
    status: s.status,
    environment: s.environment,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    metadata: s.metadata,
    enabledPaymentPlatforms: s.enabledPaymentPlatforms,
    selectedPaymentPlatform: s.selectedPaymentPlatform,
    selectedFiatCurrency: s.selectedFiatCurrency,
    activeOrderId: s.activeOrderId,
    paymentLinkId: s.paymentLinkId,
    expiresAt: s.expiresAt.toISOString(),
    completedAt: s.completedAt?.toISOString() ?? null,
    exception: s.exception ?? null,
    markedBy: s.markedPaidBy ?? null,
    // what its completed refunds gave back, and whether that is none, part or all of what was paid
    // (the status stays COMPLETED: docs/api.md, refunds)
    refundedUsdc: usdcFromMicro(s.refundedMicro),
    refundState: refundStateOf(s),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
export type SessionDto = ReturnType<typeof serializeSession>;

export function fiatDecimal(minor: bigint, currency: string): string {
  const decimals = CURRENCIES[currency]?.decimals ?? 2;
  return formatScaled(minor, decimals, decimals);
}

export function fiatFormatted(minor: bigint, currency: string): string {
  const symbol = CURRENCIES[currency]?.symbol ?? `${currency} `;
  return `${symbol}${fiatDecimal(minor, currency)}`;
}

/**
 * The fees a live release paid, by kind, as the chain recorded them (null until it is released, and
 * on the sandbox, which charges none).
 */
function feesOf(o: OrderRow) {
  if (o.protocolFeeMicro === null || o.managerFeeMicro === null || o.referralFeeMicro === null) return null;
  return {
    protocolUsdc: usdcFromMicro(o.protocolFeeMicro),
    managerUsdc: usdcFromMicro(o.managerFeeMicro),
    referralUsdc: usdcFromMicro(o.referralFeeMicro),
    totalUsdc: usdcFromMicro(o.protocolFeeMicro + o.managerFeeMicro + o.referralFeeMicro),
  };
}

/** A live order's payee and intent appear once its signal is mined: a payment made before the lock fails. */
export const payeeShown = (o: Pick<OrderRow, "status">) => o.status !== "SIGNAL_SUBMITTED";

export function serializeOrder(o: OrderRow) {
  return {
    id: o.id,
    sessionId: o.sessionId,
    status: o.status,
    intentHash: o.intentHash,
    signalTx: o.signalTx,
    paymentPlatform: o.paymentPlatform,
    fiatCurrency: o.fiatCurrency,
    fiatAmount: fiatDecimal(o.fiatAmountMinor, o.fiatCurrency),
    tokenAmount: o.tokenAmountMicro.toString(),
    amountUsdc: usdcFromMicro(o.tokenAmountMicro),
    grossAmountUsdc: o.grossAmountMicro === null ? null : usdcFromMicro(o.grossAmountMicro),
    netAmountUsdc: o.netAmountMicro === null ? null : usdcFromMicro(o.netAmountMicro),
    fees: feesOf(o),
    conversionRate: o.conversionRate,
    recipient: payeeShown(o) ? o.recipient : null,
    fulfillTx: o.fulfillTx,
    failureReason: o.failureReason,
    expiresAt: o.expiresAt.toISOString(),
    paymentSentAt: o.paymentSentAt?.toISOString() ?? null,
    fulfilledAt: o.fulfilledAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
export type OrderDto = ReturnType<typeof serializeOrder>;

/** The quote of an order, in the shape start returns (docs/contract.md, checkout sessions). */
export function quoteOf(o: OrderRow) {
  return {
    fiatAmount: fiatDecimal(o.fiatAmountMinor, o.fiatCurrency),
    fiatAmountFormatted: fiatFormatted(o.fiatAmountMinor, o.fiatCurrency),
    fiatCurrency: o.fiatCurrency,
    tokenAmount: o.tokenAmountMicro.toString(),
    tokenAmountFormatted: `${usdcFromMicro(o.tokenAmountMicro)} USDC`,
    paymentMethod: o.paymentPlatform,
    payeeAddress: payeeShown(o) ? o.recipient : null,
    conversionRate: o.conversionRate,
  };
}
