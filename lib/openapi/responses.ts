import { FEE_PAYERS } from "@/lib/rail/fees";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/core/errors";
import { type Generation, v1ErrorCode } from "@/lib/http/envelope";
import { CHECKOUT_MODES, FIAT_CURRENCIES } from "@/lib/sessions/schemas";
import { EVENT_TYPES, TEST_EVENT_TYPE } from "@/lib/events/types";
import { DELIVERY, ORDER, SESSION } from "@/lib/state";
import { EXCEPTION_KINDS, EXCEPTION_RESOLUTIONS, REFUND_METHODS } from "@/db/schema";
import { REFUND } from "@/lib/state";
import { REFUND_STATES } from "@/lib/wire/refund";

// Response schemas of the merchant API: what the serializers return (lib/wire/session.ts,
// lib/merchants/service.ts, lib/webhooks/service.ts, lib/events/service.ts), wrapped in the envelope
// of lib/http/envelope.ts. lib/openapi/document.ts turns them into the OpenAPI document, and the API
// tests check every answer against it, so a field added to a serializer must be added here too.

const iso = (description: string) => z.iso.datetime().meta({ description, examples: ["2026-01-15T12:00:00.000Z"] });
const isoOrNull = (description: string) => z.iso.datetime().nullable().meta({ description });
const usdc = (description: string) =>
  z
    .string()
    .regex(/^\d+\.\d{2,6}$/)
    .meta({ description, examples: ["50.00"] });

export const sessionStatus = z.enum(SESSION.statuses).meta({ description: "CREATED → ACTIVE → COMPLETED, or EXPIRED / CANCELLED" });
export const orderStatus = z.enum(ORDER.statuses);
export const deliveryStatus = z.enum(DELIVERY.statuses);

export const refundState = z.enum(REFUND_STATES).meta({
  description: "none: no completed refund; partial: completed refunds gave back part of what was paid; full: all of it (extension)",
});

/** A refund's fields beside its session (v0) or order (v1) and its amount. */
export const refundFields = {
  id: z.string().meta({ examples: ["rfd_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
  reason: z.string().nullable().meta({ description: "Why, as the payer reads it on the claim page" }),
  method: z.enum(REFUND_METHODS).meta({
    description: "claim: the payer says where the USDC goes, and the merchant's wallet sends it; recorded: returned outside the service",
  }),
  status: z.enum(REFUND.statuses).meta({
    description:
      "AWAITING_CLAIM → AWAITING_TRANSFER (the payer claimed it) → COMPLETED (the transfer is confirmed; at once on the sandbox and for recorded), or CANCELLED (by the merchant, before the money moved) / EXPIRED (unclaimed for REFUND_CLAIM_TTL, 30 days); a reorg of the transfer moves COMPLETED back to AWAITING_TRANSFER",
  }),
  claimUrl: z.string().nullable().meta({ description: "The payer's link to claim it (send it to them); null for recorded" }),
  payoutAddress: z
    .string()
    .nullable()
    .meta({ description: "Where the payer asked for the USDC, on the session's chain; null until claimed" }),
  txHash: z
    .string()
    .nullable()
    .meta({ description: "The transfer that completed it (seen, not yet enough or confirmed, while AWAITING_TRANSFER); null before" }),
  metadata: z.record(z.string(), z.string()).nullable(),
  createdAt: iso("Creation time"),
  claimedAt: isoOrNull("When the payer claimed it (last changed the address)"),
  completedAt: isoOrNull("When it completed"),
  cancelledAt: isoOrNull("When the merchant cancelled it"),
  expiresAt: iso("When it expires unless claimed"),
};

export const refund = z
  .strictObject({
    ...refundFields,
    sessionId: z.string(),
    amountUsdc: usdc("What is given back"),
  })
  .meta({ description: "A refund of a session (extension)" });

export const merchant = z
  .strictObject({
    id: z.string().meta({ examples: ["merch_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    name: z.string().meta({ description: "Unique, lowercase; never changes", examples: ["acme-shop"] }),
    displayName: z.string().meta({ description: "The name shown to payers; the name when none was given" }),
    logoUrl: z.string().nullable(),
    environment: z.enum(["sandbox", "live"]).meta({
      description: "sandbox until the operator moves the merchant to live; its new sessions take this environment",
    }),
    feePayer: z.enum(FEE_PAYERS).meta({
      description: "Who pays the real rail's fees on sessions and payment links that do not say: MERCHANT (the default), PAYEE or SPLIT",
    }),
    buyerFeeShareBps: z.number().int().nullable().meta({ description: "SPLIT: the payer's share of the fees in basis points" }),
    payerReceipts: z.boolean().meta({
      description:
        "Whether a payment link's payer who gave their email gets a receipt by mail once the payment completes (true by default; an owner changes it in the dashboard's Settings)",
    }),
    createdAt: iso("When the merchant signed up"),
    updatedAt: iso("Last change"),
  })
  .meta({ description: "A merchant account" });

export const createdMerchant = merchant
  .extend({ apiKey: z.string().meta({ description: "The API key: in this response and nowhere else, ever", examples: ["ck_…"] }) })
  .meta({ description: "The new merchant, with its API key" });

export const exception = z
  .strictObject({
    id: z.string().meta({ examples: ["exc_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    kind: z.enum(EXCEPTION_KINDS).meta({
      description:
        "PAID_UNPROVEN: the payer says they paid and no proof released the USDC (or the proof was of another payment). RELEASE_BLOCKED: the payment is proven and the chain refuses the release for now (a paused orchestrator, a policy); it is retried. PAID_LATE: USDC arrived for an order or session that had already ended. PARTLY_PAID: the session ended with part of its amount paid. PAID_ON_CANCELLED: the payer says they paid an order that had already ended",
    }),
    status: z.enum(["OPEN", "RESOLVED"]),
    openedAt: iso("When it opened"),
    resolvedAt: isoOrNull("When it was resolved"),
    resolution: z.enum(EXCEPTION_RESOLUTIONS).nullable().meta({
      description:
        "RELEASED: the USDC came after all; MARKED_PAID: an owner marked the session paid in full; DISMISSED: an owner dismissed it with a note",
    }),
    resolvedBy: z.string().nullable().meta({ description: "Who resolved it: a person's email, or system when the USDC came" }),
    note: z.string().nullable().meta({ description: "The owner's note" }),
    details: z
      .strictObject({
        reason: z.string().meta({ description: "What happened, in words a person can act on" }),
        orderId: z.string().nullable().optional(),
        intentHash: z.string().nullable().optional(),
        depositId: z.string().nullable().optional(),
        payeeHandle: z.string().nullable().optional().meta({ description: "The payee the payer was shown" }),
        paymentPlatform: z.string().nullable().optional(),
        fiatAmount: z.string().nullable().optional(),
        fiatCurrency: z.string().nullable().optional(),
        amountUsdc: z.string().nullable().optional(),
        takerWallet: z.string().nullable().optional(),
        signalTx: z.string().nullable().optional(),
        txHash: z.string().nullable().optional().meta({ description: "PAID_LATE: the release that came" }),
        signalledAt: z.string().nullable().optional(),
        paymentSentAt: z.string().nullable().optional(),
        intentExpiresAt: z.string().nullable().optional(),
        attestedAt: z.string().nullable().optional(),
      })
      .meta({ description: "What is known: what a maker or ZKP2P's support needs to find the payment" }),
  })
  .meta({ description: "A session that needs a person: what happened, and how it was resolved" });

export const session = z
  .strictObject({
    id: z.string().meta({ examples: ["sess_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    merchantId: z.string(),
    amountUsdc: usdc(
      "The amount the merchant receives, in USDC, as a decimal string. exact-fiat: the estimate at the mid rate until checkout starts, then what the live order's quote gives (its netAmountUsdc)",
    ),
    checkoutMode: z.enum(CHECKOUT_MODES).meta({
      description: "exact-token: the merchant receives amountUsdc. exact-fiat: the payer pays exactly fiatAmount in fiatCurrency",
    }),
    fiatAmount: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .nullable()
      .meta({
        description: "exact-fiat: what the payer pays, in the currency's minor-unit digits; null in exact-token",
        examples: ["25.00"],
      }),
    fiatCurrency: z
      .enum(FIAT_CURRENCIES)
      .nullable()
      .meta({ description: "exact-fiat: the currency of fiatAmount; null in exact-token", examples: ["EUR"] }),
    maxFeePercentage: z
      .number()
      .nullable()
      .meta({
        description: "exact-fiat: platforms whose spread over the mid rate is above it are not offered; null in exact-token",
        examples: [10],
      }),
    feePayer: z.enum(FEE_PAYERS).meta({
      description:
        "Who pays the real rail's fees: MERCHANT (the payer pays the amount, the merchant receives it less the fees), PAYEE (the payer pays the fees on top, the merchant receives the whole amount) or SPLIT (the payer bears buyerFeeShareBps of them). The sandbox charges no fees",
    }),
    buyerFeeShareBps: z
      .number()
      .int()
      .nullable()
      .meta({ description: "SPLIT: the payer's share of the fees in basis points (0 to 10000, steps of 1000); null otherwise" }),
    destinationChainId: z
      .number()
      .int()
      .meta({ examples: [8453] }),
    destinationToken: z.string().meta({ description: "Token contract address, EIP-55 checksummed" }),
    recipientAddress: z.string().meta({ description: "Receiving wallet, EIP-55 checksummed" }),
    status: sessionStatus,
    environment: z.enum(["sandbox", "live"]).meta({
      description:
        "sandbox: the sandbox rail, no money moves; live: a real payment. The merchant's environment when the session was created, kept for good",
    }),
    successUrl: z.string().nullable(),
    cancelUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.string()).nullable().meta({ description: "The merchant's own string key/values" }),
    enabledPaymentPlatforms: z.array(z.string()).nullable().meta({ description: "null: every platform" }),
    selectedPaymentPlatform: z.string().nullable(),
    selectedFiatCurrency: z.string().nullable(),
    activeOrderId: z.string().nullable(),
    paymentLinkId: z.string().nullable().meta({ description: "The payment link whose payer started this session, if any" }),
    expiresAt: iso("When an unpaid session expires"),
    completedAt: isoOrNull("When the USDC was released"),
    exception: exception.nullable().meta({ description: "The session's latest exception (open or resolved); null: none" }),
    markedBy: z
      .string()
      .nullable()
      .meta({ description: "COMPLETED because an owner marked it paid in full (resolving an exception): who; null otherwise" }),
    refundedUsdc: usdc("What its completed refunds gave back").meta({
      description: "What the session's completed refunds gave back (extension); the status stays COMPLETED",
    }),
    refundState: refundState,
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
  })
  .meta({ description: "A checkout session" });

export const order = z
  .strictObject({
    id: z.string().meta({ examples: ["ord_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    sessionId: z.string(),
    status: orderStatus,
    intentHash: z.string().nullable().meta({
      description:
        "0x + 64 hex characters; the key of POST /api/orders/fulfill. null while a live order's signal is not mined (SIGNAL_SUBMITTED)",
    }),
    signalTx: z.string().nullable().meta({ description: "The signal transaction; null until it is mined" }),
    paymentPlatform: z.string(),
    fiatCurrency: z.string().meta({ examples: ["USD"] }),
    fiatAmount: z.string().meta({ description: "Decimal string in the currency's minor-unit digits", examples: ["50.25"] }),
    tokenAmount: z.string().meta({ description: "USDC in base units (6 decimals), as an integer string", examples: ["50000000"] }),
    amountUsdc: usdc("The same amount as a USDC decimal string"),
    grossAmountUsdc: usdc("The payment's worth in USDC before fees").nullable().meta({
      description:
        "The payment's worth in USDC before fees. exact-fiat: the fiat's worth at the mid rate, rounded down; live: the USDC the intent locks (what the release moved, once released); null on a sandbox exact-token order",
    }),
    netAmountUsdc: usdc("What the merchant receives").nullable().meta({
      description:
        "The USDC the merchant receives. exact-fiat: at the quote's rate, rounded down to micro-USDC; live: the intent net of the fees the quote expects, then what the chain released (IntentFulfilled); null on a sandbox exact-token order",
    }),
    fees: z
      .strictObject({
        protocolUsdc: usdc("ZKP2P's protocol fee"),
        managerUsdc: usdc("The deposit manager's fee, at the rate snapshotted when the intent was signalled"),
        referralUsdc: usdc("Referral fees the intent carried"),
        totalUsdc: usdc("All of them: grossAmountUsdc − netAmountUsdc"),
      })
      .nullable()
      .meta({ description: "The fees a live release paid, read from the chain; null until released, and on the sandbox" }),
    conversionRate: z.string(),
    recipient: z
      .string()
      .nullable()
      .meta({ description: "The payee handle on the payment platform; null until the signal is mined (pay only once it shows)" }),
    fulfillTx: z.string().nullable(),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: "Why a FAILED order failed, as the rail reported it (a decoded revert such as AccountHasActiveIntent)" }),
    expiresAt: iso("When the order expires unpaid"),
    paymentSentAt: isoOrNull("When the payer reported the fiat payment"),
    fulfilledAt: isoOrNull("When the USDC was released"),
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
  })
  .meta({ description: "An order: one attempt at paying a session on one platform" });

export const quote = z
  .strictObject({
    fiatAmount: z.string(),
    fiatAmountFormatted: z.string().meta({ examples: ["$50.25"] }),
    fiatCurrency: z.string(),
    tokenAmount: z.string(),
    tokenAmountFormatted: z.string().meta({ examples: ["50.00 USDC"] }),
    paymentMethod: z.string(),
    payeeAddress: z.string().nullable().meta({
      description: "who to pay; null on a live order until its reservation is confirmed on-chain (the payee is shown only then)",
    }),
    conversionRate: z.string(),
  })
  .meta({ description: "What the payer sends, and to whom" });

export const sessionDetail = session
  .extend({
    merchant: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string(), logoUrl: z.string().nullable() }),
    activeOrder: order.extend({ quote }).nullable(),
  })
  .meta({ description: "A session with its merchant and its active order (and that order's quote)" });

const cursor = z.string().nullable().meta({ description: "Pass as ?cursor= for the next page; null on the last page" });

/** A webhook's circuit (lib/webhooks/circuit.ts), in both API generations' answers. */
export const webhookCircuit = z
  .strictObject({
    state: z.enum(["closed", "open", "half-open"]).meta({
      description:
        "open: the endpoint timed out several attempts in a row, and its deliveries wait (PENDING, never dropped) until retryAt; half-open: one delivery at a time is tried, and an answer closes it",
    }),
    failures: z.number().int().meta({ description: "Attempts in a row that timed out" }),
    retryAt: isoOrNull("While open: when a delivery is tried again"),
  })
  .meta({ description: "Whether deliveries to the endpoint go out, or wait for it to answer again" });

export const webhook = z
  .strictObject({
    id: z.string().meta({ examples: ["wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    merchantId: z.string(),
    url: z.string(),
    events: z.array(z.enum(EVENT_TYPES)).meta({ description: "The events it receives; empty: all of them" }),
    active: z.boolean(),
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
    deletedAt: isoOrNull("Deleted webhooks stay readable with their delivery history"),
    circuit: webhookCircuit,
  })
  .meta({ description: "A webhook endpoint" });

const secret = z.string().meta({ description: "The signing secret: in this response only", examples: ["whsec_…"] });

export const delivery = z
  .strictObject({
    id: z.string().meta({ examples: ["dlv_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    webhookId: z.string(),
    eventType: z.string(),
    eventId: z.string(),
    status: deliveryStatus,
    attempts: z.number().int(),
    lastAttemptAt: isoOrNull("The last attempt"),
    responseCode: z.number().int().nullable(),
    nextRetryAt: isoOrNull("The next attempt, while PENDING"),
    lastError: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    createdAt: iso("Creation time"),
  })
  .meta({ description: "One event sent to one webhook" });

// ---------------------------------------------------------------- events (API list and webhook bodies)

const eventBase = {
  id: z
    .string()
    .meta({ description: "The event id; the same on every retry of a delivery", examples: ["evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
  timestamp: iso("When the event happened"),
};

const eventData = z.strictObject({
  session,
  order: order.nullable(),
  txHash: z.string().optional().meta({ description: "order.fulfilled and session.completed: the release transaction" }),
  error: z
    .strictObject({ code: z.string(), message: z.string() })
    .optional()
    .meta({ description: "order.failed: why the proof was refused" }),
  exception: exception.optional().meta({ description: "session.exception_opened and session.exception_resolved: the exception" }),
  refund: refund.optional().meta({ description: "refund.*: the refund" }),
});

/** The body POSTed to a webhook for one event type. */
export function eventPayloadOf(type: (typeof EVENT_TYPES)[number]) {
  return z.strictObject({ ...eventBase, type: z.literal(type), data: eventData });
}

export const testEventPayload = z
  .strictObject({
    ...eventBase,
    type: z.literal(TEST_EVENT_TYPE),
    data: z.strictObject({ test: z.literal(true), webhookId: z.string() }),
  })
  .meta({ description: "Sent by POST /api/webhooks/{id}/test" });

export const eventPayload = z
  .strictObject({ ...eventBase, type: z.enum([...EVENT_TYPES, TEST_EVENT_TYPE]), data: z.record(z.string(), z.unknown()) })
  .meta({ description: "An event as sent to webhooks: data holds session and order (see the webhooks section)" });

export const event = eventPayload
  .extend({
    sessionId: z.string().nullable(),
    orderId: z.string().nullable(),
    createdAt: iso("When it was recorded"),
  })
  .meta({ description: "An event, as GET /api/events lists it" });

export const feedEvent = z
  .strictObject({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    createdAt: iso("When it was recorded"),
    sessionId: z.string().nullable(),
    orderId: z.string().nullable(),
    payload: eventPayload.meta({ description: "The body a webhook delivery of this event carries" }),
    cursor: z.string().meta({ description: "The cursor just after this event, to resume part-way through a page" }),
  })
  .meta({ description: "An event, as GET /api/events/feed hands it out" });

const linkAmount = (description: string) =>
  z
    .string()
    .regex(/^\d+\.\d+$|^\d+$/)
    .nullable()
    .meta({ description, examples: ["25.00"] });

export const paymentLink = z
  .strictObject({
    id: z.string().meta({ examples: ["plink_5d2c9e0f1a3b4c6d8e7f9a0b1c2d3e4f"] }),
    merchantId: z.string(),
    url: z.string().meta({
      description: "The link to share: it opens a fresh checkout for each payer",
      examples: ["https://pay.example/l/q3Xk9v_2LmPa"],
    }),
    slug: z.string().meta({ description: "The link's part of the url" }),
    title: z.string().meta({ description: "What the payer pays for" }),
    description: z.string().nullable(),
    currency: z
      .string()
      .meta({ description: "USDC (the merchant receives the amount) or a fiat code (the payer pays exactly the amount)" }),
    amount: linkAmount("A fixed amount in the currency; null when the payer chooses"),
    minAmount: linkAmount("The least a payer may choose; null for a fixed amount"),
    maxAmount: linkAmount("The most a payer may choose; null for a fixed amount"),
    maxFeePercentage: z.number().nullable(),
    feePayer: z
      .enum(FEE_PAYERS)
      .nullable()
      .meta({ description: "Who pays the real rail's fees on its sessions; null: the merchant's setting" }),
    buyerFeeShareBps: z.number().int().nullable(),
    destinationChainId: z.number().int(),
    destinationToken: z.string(),
    recipientAddress: z.string(),
    successUrl: z.string().nullable(),
    cancelUrl: z.string().nullable(),
    fields: z
      .array(z.strictObject({ key: z.enum(["name", "email", "reference"]), required: z.boolean() }))
      .meta({ description: "What the payer is asked; the answers are the session's metadata under the same keys" }),
    maxPayments: z.number().int().nullable().meta({ description: "Closed after this many completed payments; null: no limit" }),
    endsAt: isoOrNull("Closed after this moment; null: never"),
    active: z.boolean().meta({ description: "false: paused by the merchant" }),
    status: z.enum(["ACTIVE", "PAUSED", "EXPIRED", "LIMIT_REACHED"]).meta({ description: "Whether a payer can start a payment now" }),
    payments: z.number().int().meta({ description: "Sessions completed through it" }),
    paidUsdc: usdc("The USDC of those sessions"),
    openSessions: z.number().int().meta({ description: "Sessions started through it that are not paid, expired or cancelled yet" }),
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
  })
  .meta({ description: "A payment link" });

/** A payment link as /api/v1/payment-links answers it: the destination named as v1 orders name it. */
export const v1PaymentLink = paymentLink
  .omit({ recipientAddress: true, destinationChainId: true })
  .extend({ destinationAddress: z.string(), destinationChainId: z.string().meta({ examples: ["8453"] }) })
  .meta({ description: "A payment link (v1 style)" });

// ---------------------------------------------------------------- each operation's responseObject

export const data = {
  health: z.strictObject({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
  liveness: z.strictObject({ status: z.literal("alive") }),
  createdMerchant,
  merchant,
  createdSession: z.strictObject({
    session,
    checkoutUrl: z.string().meta({ description: "The hosted checkout page to send the payer to" }),
  }),
  sessionList: z.strictObject({ sessions: z.array(session), nextCursor: cursor }),
  sessionDetail,
  sessionOnly: z.strictObject({ session }),
  refund,
  refundList: z.strictObject({ refunds: z.array(refund) }),
  started: z.strictObject({
    session,
    order,
    quote,
    intentHash: z.string().nullable().meta({ description: "null on the real rail until the signal is mined: follow the order" }),
    expiresAt: iso("When the order expires unpaid"),
  }),
  orderOnly: z.strictObject({ order }),
  fulfilled: z.strictObject({
    order,
    proofAttemptId: z.string(),
    txHash: z.string().nullable().meta({
      description:
        "The release transaction; null while a proven release is under way (the real rail), or when a sandbox exception outcome released nothing",
    }),
    exception: exception.optional().meta({
      description: 'A sandbox exception outcome ({ "sandbox": true, "outcome": "unproven" | "blocked" | …}): the exception it opened',
    }),
  }),
  eventList: z.strictObject({ events: z.array(event), nextCursor: cursor }),
  eventFeed: z.strictObject({
    events: z.array(feedEvent).meta({ description: "Oldest first" }),
    cursor: z.string().meta({ description: "Pass as ?after to resume after these events" }),
  }),
  webhookList: z.strictObject({ webhooks: z.array(webhook) }),
  embedding: z.strictObject({
    frameAncestors: z
      .array(z.string())
      .meta({ description: "Origins allowed to frame the checkout", examples: [["https://shop.example"]] }),
  }),
  paymentLink,
  paymentLinkList: z.strictObject({ paymentLinks: z.array(paymentLink), nextCursor: cursor }),
  v1PaymentLink,
  v1PaymentLinkList: z.strictObject({ paymentLinks: z.array(v1PaymentLink), nextCursor: cursor }),
  webhook,
  createdWebhook: webhook.extend({ secret }),
  rotatedWebhook: webhook.extend({
    secret,
    previousSecretExpiresAt: iso("The previous secret keeps signing beside the new one until then"),
  }),
  testResult: z.strictObject({
    success: z.boolean().meta({ description: "Whether the endpoint answered 2xx" }),
    deliveryId: z.string(),
    responseCode: z.number().int().nullable(),
    error: z.string().optional().meta({ description: "When it failed: why" }),
  }),
  deliveryList: z.strictObject({ deliveries: z.array(delivery), nextCursor: cursor }),
  delivery,
  deliveryDetail: delivery.extend({
    payload: eventPayload.nullable().meta({ description: "The exact event body sent" }),
    attemptHistory: z.array(
      z.strictObject({
        attempt: z.number().int(),
        at: iso("When the attempt started"),
        responseCode: z.number().int().nullable(),
        responseExcerpt: z.string().nullable(),
        error: z.string().nullable(),
        durationMs: z.number().int(),
      }),
    ),
  }),
  none: z.null(),
} as const;

export type DataName = keyof typeof data;

/** The success envelope around one operation's responseObject. */
export function successEnvelope(responseObject: z.ZodType, status: number) {
  return z.strictObject({
    success: z.literal(true),
    message: z.string().meta({ description: "A human-readable summary", examples: ["Checkout session created"] }),
    responseObject,
    statusCode: z.literal(status),
  });
}

/** The error answer of the routes that answer plain JSON instead of the envelope (GET /api/openapi.json). */
export const plainError = z.strictObject({ error: z.string().meta({ description: "What went wrong" }) });

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * The error envelope of one HTTP status: error.code is one of the codes lib/core/errors.ts maps to it.
 * Generation 1 (/api/v1/…) also names it at the top level, as errorCode (lib/http/envelope.ts).
 */
export function errorEnvelope(status: number, generation: Generation = 0) {
  const codes = ERROR_CODES.filter((c) => ERROR_STATUS[c] === status);
  if (!codes.length) throw new Error(`no error code answers ${status}`);
  const v1Codes = [...new Set(codes.map(v1ErrorCode))] as [string, ...string[]];
  return z.strictObject({
    success: z.literal(false),
    message: z.string().meta({ description: "What went wrong, for people", examples: ["amountUsdc: must be a decimal string"] }),
    responseObject: z.null(),
    statusCode: z.literal(status),
    error: z.strictObject({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]).meta({ description: "Stable, for programs" }),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: "e.g. fields: { field: problem } on VALIDATION_FAILED; limit and retryAfterSeconds on RATE_LIMITED" }),
    }),
    ...(generation === 1
      ? {
          errorCode: z
            .enum(v1Codes)
            .meta({ description: "v1: the error's code as today's ZKP2P Pay names it (VALIDATION_ERROR, NOT_FOUND, …)" }),
        }
      : {}),
  });
}
