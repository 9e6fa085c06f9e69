import { z } from "zod";
import { PRESET_NAMES, THEME_COLORS } from "@/lib/theme";
import { emptyBody } from "@/lib/schemas";
import { createOrderBody, FEE_PAYERS, orderParams, orderQuery } from "@/lib/v1/schemas";
import { V1_ORDER_STATUSES, V1_PAYMENT_STATUSES } from "@/lib/wire/v1";

// The v1 orders, payments and merchant profile (/api/v1/orders/…, /api/v1/merchants/me;
// docs/api-v1.md), for the OpenAPI document: document.ts merges these operations and response schemas into its
// own. The shapes are the SDK's (@zkp2p/pay-shared 1.0.0: CheckoutOrder, CheckoutPayment,
// CheckoutAggregate, CreateOrderResponse, MerchantProfile), as lib/wire/v1.ts and lib/v1/orders.ts build them.

export const V1_ORDER_TAG = "Orders (v1)";

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
export const V1_ORDER_DATA = {
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
  [checkoutMerchant, "V1CheckoutMerchant"],
  [merchantProfile, "V1MerchantProfile"],
];

/** An operation as document.ts's Operation has it, before document.ts completes it (not imported: no circle). */
type V1Op = {
  method: "get" | "post";
  path: string;
  operationId: string;
  summary: string;
  description: string;
  auth: "merchant" | "merchantOrToken";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  example?: Record<string, unknown>;
  status: 200 | 201;
  data: keyof typeof V1_ORDER_DATA;
  errors?: number[];
};

/** The operations of /api/v1/orders and /api/v1/merchants/me; document.ts makes them generation-1 operations. */
export const V1_ORDER_OPERATIONS: V1Op[] = [
  {
    method: "post",
    path: "/api/v1/orders",
    operationId: "v1CreateOrder",
    auth: "merchant",
    example: { requestedUsdcAmount: "50.00", destinationAddress: "0x1111111111111111111111111111111111111111", successUrl: null },
    summary: "Create an order",
    description:
      "Either requestedUsdcAmount, or requestedFiatAmount with requestedFiatCurrency (the payer pays exactly that; the merchant " +
      "receives what the quote's rate gives). destinationAddress defaults to the merchant's evmWalletAddress, destinationChainId to " +
      'the first supported chain, destinationToken ("USDC" or an address) to that chain\'s USDC. The answer holds the order token, ' +
      "the payer's credential, in this response only, and the payer's link.",
    body: createOrderBody,
    status: 201,
    data: "v1CreatedOrder",
    errors: [413],
  },
  {
    method: "get",
    path: "/api/v1/orders/{id}",
    operationId: "v1GetOrder",
    auth: "merchantOrToken",
    summary: "Get an order",
    description:
      "With the merchant's key (another merchant's order answers 403), or with the order's token as ?token= or X-Order-Token " +
      "(a wrong token answers 401). Unknown ids answer 404. currentPayment is the payer's latest payment. Read with the token, " +
      "order.notes and order.metadata are null: they are the merchant's own.",
    params: orderParams,
    query: orderQuery,
    status: 200,
    data: "v1OrderAggregate",
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/v1/orders/{id}/payments",
    operationId: "v1ListOrderPayments",
    auth: "merchantOrToken",
    summary: "List an order's payments",
    description: "Every payment (attempt) of the order, oldest first: settled parts of a partly paid order, and ended attempts.",
    params: orderParams,
    query: orderQuery,
    status: 200,
    data: "v1PaymentList",
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/api/v1/orders/{id}/cancel",
    operationId: "v1CancelOrder",
    auth: "merchant",
    summary: "Cancel an order",
    description:
      "Cancels an order whose payment is not on its way (409 once the payer has said the fiat is sent). Payments already settled on a " +
      "partly paid order stay settled. Cancelling again answers the cancelled order.",
    params: orderParams,
    body: emptyBody,
    status: 200,
    data: "v1CancelledOrder",
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/v1/merchants/me",
    operationId: "v1GetMerchant",
    auth: "merchant",
    summary: "The key's merchant",
    description: "The merchant profile with its checkout configuration. apiKey is the display prefix of the key that asked, never the key.",
    status: 200,
    data: "v1MerchantProfile",
  },
];
