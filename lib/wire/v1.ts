import type { OrderRow, SessionRow } from "@/db/schema";
import { usdcFromMicro } from "@/lib/core/money";
import { PAYMENT_PLATFORMS } from "@/lib/rail/platforms";
import { fiatDecimal, payeeShown } from "./session";
import { refundStateOf } from "./refund";

// The v1 face of the same rows (docs/api-v1.md): a v1 order is a v0 session, a v1 payment is a v0
// order (one attempt by the payer on one rail). Both API generations and both kinds of event read
// these, so no rule about money or status lives in a route.

export const V1_ORDER_STATUSES = ["CREATED", "PARTIALLY_FULFILLED", "FULFILLED", "CANCELLED"] as const;
export const V1_PAYMENT_STATUSES = ["CREATED", "SETTLED", "CANCELLED", "EXPIRED", "FAILED"] as const;
export type V1OrderStatus = (typeof V1_ORDER_STATUSES)[number];
export type V1PaymentStatus = (typeof V1_PAYMENT_STATUSES)[number];

/**
 * What has not been paid: the amount less what payments have settled, nothing once it is paid in full.
 * An order that ended (cancelled, expired) keeps it: it is what was never paid, so requested less
 * remaining is what was paid, whatever the status (an SDK client knows no other field that says so).
 */
export function remainingMicro(s: Pick<SessionRow, "amountMicro" | "paidAmountMicro" | "status">): bigint {
  if (s.status === "COMPLETED") return 0n;
  const left = s.amountMicro - s.paidAmountMicro;
  return left > 0n ? left : 0n;
}

/** v1 has no expired order: a session that expired unpaid is, to a v1 client, a cancelled order. */
export function v1OrderStatus(s: Pick<SessionRow, "status" | "paidAmountMicro">): V1OrderStatus {
  switch (s.status) {
    case "COMPLETED":
      return "FULFILLED";
    case "CANCELLED":
    case "EXPIRED":
      return "CANCELLED";
    default:
      return s.paidAmountMicro > 0n ? "PARTIALLY_FULFILLED" : "CREATED";
  }
}

export function v1PaymentStatus(status: OrderRow["status"]): V1PaymentStatus {
  switch (status) {
    case "FULFILLED":
      return "SETTLED";
    case "CANCELLED":
    case "EXPIRED":
    case "FAILED":
      return status;
    default:
      // signalled, waiting for the fiat, proof on its way: the payment is open
      return "CREATED";
  }
}

/** Who reads a v1 order: the merchant (its key, its webhooks) or the payer (the order's token). */
export type V1OrderAudience = "merchant" | "payer";

export function serializeV1Order(s: SessionRow, audience: V1OrderAudience) {
  const ended = s.status === "CANCELLED" || s.status === "EXPIRED";
  const merchant = audience === "merchant";
  return {
    id: s.id,
    merchantId: s.merchantId,
    status: v1OrderStatus(s),
    requestedUsdcAmount: usdcFromMicro(s.amountMicro),
    remainingUsdcAmount: usdcFromMicro(remainingMicro(s)),
    // what payments have settled, whatever became of the order: a cancelled or expired order that was
    // paid in part says so here, and its remainingUsdcAmount is the rest, which was never paid
    paidUsdcAmount: usdcFromMicro(s.paidAmountMicro),
    destinationAddress: s.recipientAddress,
    destinationToken: s.destinationToken,
    destinationChainId: String(s.destinationChainId),
    feePayer: s.feePayer ?? "MERCHANT",
    buyerFeeShareBps: s.buyerFeeShareBps,
    enabledRails: s.enabledPaymentPlatforms ?? [...PAYMENT_PLATFORMS],
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    // the merchant's own, not the payer's to read (the hosted page does not show them either); null
    // rather than absent, as the SDK's CheckoutOrder has both fields (`unknown | null`)
    notes: merchant ? (s.notes ?? null) : null,
    metadata: merchant ? (s.metadata ?? null) : null,
    referralSplitConfig: null,
    // the payment link whose payer started it (extension); the merchant's to read, like metadata
    paymentLinkId: merchant ? s.paymentLinkId : null,
    cancelledAt: ended ? (s.cancelledAt ?? s.updatedAt).toISOString() : null,
    completedAt: s.completedAt?.toISOString() ?? null,
    // a payment that needs a person is the merchant's to read; the payer's page says what happens next
    exception: merchant ? (s.exception ?? null) : null,
    markedBy: merchant ? (s.markedPaidBy ?? null) : null,
    // what its completed refunds gave back (extension); the status stays FULFILLED (docs/api-v1.md, refunds)
    refundedUsdcAmount: usdcFromMicro(s.refundedMicro),
    refundState: refundStateOf(s),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
export type V1OrderDto = ReturnType<typeof serializeV1Order>;

export function serializeV1Payment(o: OrderRow) {
  const settled = o.status === "FULFILLED";
  // exact-fiat: the payer's fiat was worth `gross` at the mid rate and the merchant receives `net`;
  // the difference is the platform's spread. A live order: the intent's gross and its net after
  // V3's fees (expected, then as released). Exact-token on the sandbox: no fee.
  const net = o.netAmountMicro ?? o.tokenAmountMicro;
  const fee = o.grossAmountMicro !== null && o.netAmountMicro !== null ? o.grossAmountMicro - o.netAmountMicro : 0n;
  return {
    id: o.id,
    orderId: o.sessionId,
    status: v1PaymentStatus(o.status),
    rail: o.paymentPlatform,
    currency: o.fiatCurrency,
    payTo: payeeShown(o) ? o.recipient : null,
    quote: {
      conversionRate: o.conversionRate,
      signalIntent: {
        processorName: o.paymentPlatform,
        depositId: o.id,
        amount: o.tokenAmountMicro.toString(),
        toAddress: o.recipient,
        fiatCurrencyCode: o.fiatCurrency,
        payeeDetails: payeeShown(o) ? o.recipient : null,
      },
      intentHash: o.intentHash,
    },
    quoteExpiresAt: o.expiresAt.toISOString(),
    paymentAmount: fiatDecimal(o.fiatAmountMinor, o.fiatCurrency),
    currencyPerUsdRate: o.conversionRate,
    netSettledUsdcAmount: settled ? usdcFromMicro(net) : null,
    totalUsdcFeeAmount: usdcFromMicro(fee > 0n ? fee : 0n),
    referralFees: null,
    railIdentifier: o.intentHash,
    fulfillTransaction: o.fulfillTx,
    completedAt: o.fulfilledAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
export type V1PaymentDto = ReturnType<typeof serializeV1Payment>;
