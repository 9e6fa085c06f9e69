import { z } from "zod";
import { PRESET_NAMES, THEME_COLORS } from "@/lib/theme";
import { FEE_PAYERS } from "@/lib/rail/fees";
import { V1_ORDER_STATUSES, V1_PAYMENT_STATUSES } from "@/lib/wire/v1";
import { exception, refundFields, refundState } from "./responses";

// The v1 orders, payments and merchant profile (/api/v1/orders/…, /api/v1/merchants/me;
// docs/api-v1.md), for the OpenAPI document: the answers of their routes (by name, in a route's doc). The shapes are the SDK's (@zkp2p/pay-shared 1.0.0: CheckoutOrder, CheckoutPayment,
// CheckoutAggregate, CreateOrderResponse, MerchantProfile), as lib/wire/v1.ts and lib/v1/orders.ts build them.

const iso = (description: string) => z.iso.datetime().meta({ description, examples: ["2026-01-15T12:00:00.000Z"] });
const isoOrNull = (description: string) => z.iso.datetime().nullable().meta({ description });
const usdc = (description: string) => z.string().meta({ description, examples: ["50.00"] });

export const v1OrderSchema = z
  .strictObject({
    id: z.string().meta({ examples: ["sess_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    merchantId: z.string(),
    status: z.enum(V1_ORDER_STATUSES).meta({ description: "PARTIALLY_FULFILLED: payments have settled part of the amount" }),
    requestedUsdcAmount: usdc("The USDC the order asks for (for a fiat-priced order, what the current quote gives)"),
    remainingUsdcAmount: usdc(
      "What has not been paid: 0.00 once fulfilled. A cancelled (or expired) order keeps what was never paid, so requestedUsdcAmount less this is what was paid",
    ),
    paidUsdcAmount: usdc(
      "What payments have settled so far (extension). A cancelled or expired order paid in part keeps it: the merchant has received this much",
    ),
    destinationAddress: z.string(),
    destinationToken: z.string(),
    destinationChainId: z.string().meta({ examples: ["8453"] }),
    feePayer: z.enum(FEE_PAYERS),
    buyerFeeShareBps: z.number().int().nullable(),
    enabledRails: z.array(z.string()),
    successUrl: z.string().nullable(),
    cancelUrl: z.string().nullable(),
    notes: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The merchant's notes. null when read with the order's token: they are not the payer's to read" }),
    metadata: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: "The merchant's metadata. null when read with the order's token: it is not the payer's to read" }),
    referralSplitConfig: z.null(),
    paymentLinkId: z
      .string()
      .nullable()
      .meta({ description: "The payment link whose payer started it (extension). null when read with the order's token" }),
    cancelledAt: isoOrNull("When it was cancelled, or expired"),
    completedAt: isoOrNull("When payments had paid all of it"),
    exception: exception.nullable().meta({
      description:
        "The order's latest exception (extension): a payment that needs a person. null when none, or when read with the order's token",
    }),
    markedBy: z.string().nullable().meta({ description: "FULFILLED because an owner marked it paid in full: who (extension)" }),
    refundedUsdcAmount: z.string().meta({ description: "What its completed refunds gave back (extension); the status stays FULFILLED" }),
    refundState,
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
  })
  .meta({ description: "A v1 order (CheckoutOrder): what the merchant asks to be paid" });

export const v1Payment = z
  .strictObject({
    id: z.string().meta({ examples: ["ord_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    orderId: z.string(),
    status: z.enum(V1_PAYMENT_STATUSES),
    rail: z.string().meta({ examples: ["venmo"] }),
    currency: z.string().meta({ examples: ["USD"] }),
    payTo: z.string().nullable().meta({ description: "The payee handle; null until the signal is mined" }),
    quote: z.strictObject({
      conversionRate: z.string(),
      signalIntent: z.strictObject({
        processorName: z.string(),
        depositId: z.string(),
        amount: z.string().meta({ description: "USDC in micro-units" }),
        toAddress: z.string(),
        fiatCurrencyCode: z.string(),
        payeeDetails: z.string().nullable(),
      }),
      intentHash: z.string().nullable(),
    }),
    quoteExpiresAt: iso("The payer pays before this, or the payment expires"),
    paymentAmount: z.string().meta({ description: "The fiat the payer pays", examples: ["50.00"] }),
    currencyPerUsdRate: z.string(),
    netSettledUsdcAmount: usdc("What the merchant received, once settled").nullable(),
    totalUsdcFeeAmount: usdc("The platform's spread (fiat-priced orders); 0.00 otherwise"),
    referralFees: z.null(),
    railIdentifier: z.string().nullable(),
    fulfillTransaction: z.string().nullable(),
    completedAt: isoOrNull("When it settled"),
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
  })
  .meta({ description: "A v1 payment (CheckoutPayment): one attempt by the payer on one rail" });

const theme = z.strictObject({
  presetName: z.enum(PRESET_NAMES),
  ...Object.fromEntries(THEME_COLORS.map((c) => [c, z.string().nullable()])),
});

const checkoutMerchant = z.strictObject({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  environment: z.enum(["LIVE", "SANDBOX"]),
  disableBranding: z.boolean(),
  checkoutTheme: theme,
  defaultPaymentCurrency: z.null(),
});

const merchantProfile = z.strictObject({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  apiKey: z
    .string()
    .nullable()
    .meta({ description: "The display prefix of the key that asked, never the key itself", examples: ["ck_AbC123…"] }),
  environment: z.enum(["LIVE", "SANDBOX"]),
  sandboxMerchantId: z.null(),
  evmWalletAddress: z.string().nullable(),
  solanaWalletAddress: z.null(),
  tier: z.enum(["FREE", "PRO"]),
  createdAt: iso("Sign-up time"),
  updatedAt: iso("Last change"),
  merchantConfig: z.strictObject({
    id: z.string(),
    merchantId: z.string(),
    feePayer: z.enum(FEE_PAYERS),
    buyerFeeShareBps: z.number().int().nullable(),
    enabledRails: z.array(z.string()),
    defaultPaymentCurrency: z.null(),
    destinationChainId: z.string(),
    destinationToken: z.string().nullable(),
    sweepEnabled: z.boolean(),
    recipientOverrideEnabled: z.boolean(),
    disableBranding: z.boolean(),
    merchantCheckoutTheme: theme,
    platformReferralFeeConfig: z.null(),
    referralSplitConfig: z.null(),
    createdAt: iso("Sign-up time"),
    updatedAt: iso("Last change"),
  }),
  merchantUsers: z.array(z.never()),
});

/** Each v1 operation's responseObject, by name (document.ts adds them to its own). */
export const v1Refund = z
  .strictObject({
    ...refundFields,
    orderId: z.string(),
    usdcAmount: z.string().meta({ description: "What is given back", examples: ["10.00"] }),
  })
  .meta({ description: "A refund of an order (extension)" });

export const V1_ORDER_DATA = {
  v1Refund: z.strictObject({ refund: v1Refund }),
  v1RefundList: z.strictObject({ refunds: z.array(v1Refund) }),
  v1CreatedOrder: z.strictObject({
    order: v1OrderSchema,
    orderToken: z.string().meta({ description: "The payer's credential: in this response only", examples: ["otk_…"] }),
    checkoutUrl: z.string().meta({ description: "The payer's link: {checkout_url}/?order=<id>&token=<orderToken>" }),
  }),
  v1OrderAggregate: z.strictObject({ order: v1OrderSchema, merchant: checkoutMerchant, currentPayment: v1Payment.nullable() }),
  v1PaymentList: z.strictObject({ payments: z.array(v1Payment) }),
  v1CancelledOrder: z.strictObject({ order: v1OrderSchema }),
  v1MerchantProfile: merchantProfile,
} as const;

/** Component names of the schemas worth naming in the document. */
export const V1_ORDER_NAMED: [z.ZodType, string][] = [
  [v1OrderSchema, "V1Order"],
  [v1Payment, "V1Payment"],
  [v1Refund, "V1Refund"],
  [checkoutMerchant, "V1CheckoutMerchant"],
  [merchantProfile, "V1MerchantProfile"],
];
