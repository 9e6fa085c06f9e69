import { z } from "zod";
import { ERROR_STATUS } from "@/lib/core/errors";
import { EVENT_TYPES, TEST_EVENT_TYPE } from "@/lib/events/types";
import { MAX_BODY_BYTES } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import {
  createMerchantBody,
  createPaymentLinkBody,
  createSessionBody,
  createWebhookBody,
  deliveryListQuery,
  emptyBody,
  eventFeedQuery,
  eventListQuery,
  fulfillBody,
  idParams,
  paymentLinkListQuery,
  selectPlatformBody,
  sessionListQuery,
  startSessionBody,
  updateMerchantBody,
  updatePaymentLinkBody,
  updateWebhookBody,
  webhookDeliveryParams,
} from "@/lib/schemas";
import * as R from "./responses";
import { embeddingBody } from "@/lib/embed/framing";
import { createV1PaymentLinkBody } from "@/lib/v1/schemas";
import { V1_ORDER_DATA, V1_ORDER_NAMED, V1_ORDER_OPERATIONS, V1_ORDER_TAG } from "./v1-orders";
import { V1_WEBHOOK_DATA, V1_WEBHOOK_EVENTS, V1_WEBHOOK_NAMED, V1_WEBHOOK_OPERATIONS, V1_WEBHOOK_TAG } from "./v1-webhooks";

// The OpenAPI 3.1 document of the merchant API, generated from the zod schemas: the request schemas
// of lib/schemas.ts and the response schemas of ./responses.ts. Served at GET /api/openapi.json and
// checked against every answer of the API test suite (tests/support/api.ts).

type JsonSchema = Record<string, unknown>;

/** Every operation's responseObject, by name: v0's (./responses.ts) and v1's (./v1-*.ts). */
const DATA = { ...R.data, ...V1_WEBHOOK_DATA, ...V1_ORDER_DATA };
export type DataName = keyof typeof DATA;
type Method = "get" | "post" | "patch" | "delete";
/** merchantOrToken: the merchant's key, or a v1 order's token (GET /api/v1/orders/{id}). */
type Auth = "merchant" | "public" | "merchantOrToken";

export type Operation = {
  method: Method;
  /** OpenAPI path template, e.g. /api/webhooks/{id} */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  auth: Auth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** An example request body. */
  example?: Record<string, unknown>;
  /** The success status and the name of its responseObject schema. */
  status: 200 | 201;
  data: DataName;
  /** 1 for /api/v1/… operations: their error answers also carry errorCode. */
  generation?: 1;
  /** Client errors this operation answers besides the ones every operation may (400, 401/403 for keys, 429, 500, 503). */
  errors?: number[];
  /** Whether success answers carry RateLimit-* headers (every merchant route does; public ones with a rule). */
  rateLimited: boolean;
  /** Sent with an Idempotency-Key, a retry replays the stored answer. */
  idempotent?: boolean;
  /** One line on the rate limit, for the description. */
  limit?: string;
};

const perMinute = (r: { limit: number; windowMs: number }) =>
  r.windowMs === 60_000 ? `${r.limit} per minute` : `${r.limit} per ${r.windowMs / 60_000} minutes`;

const merchantOp = (op: Omit<Operation, "auth" | "rateLimited">): Operation => ({
  ...op,
  auth: "merchant",
  rateLimited: true,
  idempotent: op.method === "post",
  errors: [...(op.errors ?? []), ...(op.method === "post" ? [409] : [])],
});

const SESSION_TAG = "Checkout sessions";
const LINK_TAG = "Payment links";

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    tag: "Service",
    summary: "Health check (readiness)",
    description: "The same answer as GET /api/health/ready, kept for the monitors that use this path. No API key.",
    auth: "public",
    status: 200,
    data: "health",
    rateLimited: false,
    errors: [503],
  },
  {
    method: "get",
    path: "/api/health/ready",
    operationId: "getReadiness",
    tag: "Service",
    summary: "Readiness",
    description:
      "200 while this instance can serve: its database answered a statement within 2 s and it is not shutting down. " +
      "503 otherwise: a load balancer sends it no requests until it is ready again. No API key.",
    auth: "public",
    status: 200,
    data: "health",
    rateLimited: false,
    errors: [503],
  },
  {
    method: "get",
    path: "/api/health/live",
    operationId: "getLiveness",
    tag: "Service",
    summary: "Liveness",
    description:
      "200 while the process answers, whatever the state of its database or a shutdown under way; " +
      "a supervisor restarts a process that fails it. No API key.",
    auth: "public",
    status: 200,
    data: "liveness",
    rateLimited: false,
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Service",
    summary: "This document",
    description:
      "The OpenAPI 3.1 document of this API, generated from the zod schemas the service validates with. No API key. " +
      "Unlike every other route it answers the document itself, not the envelope.",
    auth: "public",
    status: 200,
    data: "none", // replaced below: the document is not enveloped
    rateLimited: false,
  },
  {
    method: "post",
    path: "/api/merchants",
    operationId: "createMerchant",
    example: { name: "acme-shop", displayName: "Acme Shop", logoUrl: "https://acme.example/logo.png" },
    tag: "Merchants",
    summary: "Sign up",
    description:
      "Open sign-up: creates a merchant and its API key. The key is in this response and nowhere else, ever. " +
      "No API key; limited per client address. Does not honour Idempotency-Key: a retried sign-up gets 409 for the taken name.",
    auth: "public",
    body: createMerchantBody,
    status: 201,
    data: "createdMerchant",
    errors: [409, 413],
    rateLimited: true,
    limit: perMinute(RATE_RULES.signup) + " per client address",
  },
  merchantOp({
    method: "get",
    path: "/api/merchants/me",
    operationId: "getCurrentMerchant",
    tag: "Merchants",
    summary: "The merchant of the API key",
    description: "The merchant that owns the API key.",
    status: 200,
    data: "merchant",
  }),
  merchantOp({
    method: "get",
    path: "/api/merchants/me/embedding",
    operationId: "getEmbedding",
    tag: "Merchants",
    summary: "Embedding settings",
    description: "The origins allowed to frame the merchant's checkout (CSP frame-ancestors); none by default. Extension.",
    status: 200,
    data: "embedding",
  }),
  merchantOp({
    method: "patch",
    path: "/api/merchants/me/embedding",
    operationId: "setEmbedding",
    example: { frameAncestors: ["https://shop.example"] },
    tag: "Merchants",
    summary: "Set the embedding settings",
    description:
      "Replaces the origins allowed to frame the checkout (at most 10, https origins or http://localhost), and answers them as " +
      "stored: normalised, without duplicates. An empty list forbids framing. Extension.",
    body: embeddingBody,
    status: 200,
    data: "embedding",
  }),
  merchantOp({
    method: "get",
    path: "/api/merchants/{id}",
    operationId: "getMerchant",
    tag: "Merchants",
    summary: "Get a merchant",
    description: "Only the key's own merchant: another merchant's id answers 403.",
    params: idParams,
    status: 200,
    data: "merchant",
    errors: [404],
  }),
  merchantOp({
    method: "patch",
    path: "/api/merchants/{id}",
    operationId: "updateMerchant",
    example: { displayName: "Acme", logoUrl: null },
    tag: "Merchants",
    summary: "Update a merchant",
    description: "Changes displayName and logoUrl (null removes the logo); the name never changes.",
    params: idParams,
    body: updateMerchantBody,
    status: 200,
    data: "merchant",
    errors: [404, 413],
  }),
  merchantOp({
    method: "post",
    path: "/api/checkout/sessions",
    operationId: "createCheckoutSession",
    example: {
      merchantId: "merch_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b",
      amountUsdc: "50.00",
      destinationChainId: 8453,
      destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
      successUrl: "https://acme.example/thanks",
      cancelUrl: "https://acme.example/cart",
      metadata: { orderRef: "A-1001" },
    },
    tag: SESSION_TAG,
    summary: "Create a checkout session",
    description:
      "A session for an amount in USDC (checkoutMode exact-token, the default: amountUsdc), or for a fixed fiat price " +
      "(exact-fiat: fiatAmount, optional fiatCurrency (USD) and maxFeePercentage (10); amountUsdc is refused), and the hosted " +
      "checkout URL to send the payer to. In exact-fiat the payer pays exactly fiatAmount and the merchant receives the USDC the " +
      "quote's rate gives, rounded down to micro-USDC; a fiat amount that cannot meet the USDC bounds at today's rates is refused (400). " +
      "merchantId must be the key's own merchant (403 otherwise).",
    body: createSessionBody,
    status: 201,
    data: "createdSession",
    errors: [413],
    limit: perMinute(RATE_RULES.createSession) + " per merchant",
  }),
  merchantOp({
    method: "get",
    path: "/api/checkout/sessions",
    operationId: "listCheckoutSessions",
    tag: SESSION_TAG,
    summary: "List sessions",
    description: "The merchant's sessions, newest first, keyset-paginated. q matches a session id or any metadata value exactly.",
    query: sessionListQuery,
    status: 200,
    data: "sessionList",
  }),
  merchantOp({
    method: "get",
    path: "/api/checkout/sessions/{id}",
    operationId: "getCheckoutSession",
    tag: SESSION_TAG,
    summary: "Get a session",
    description:
      "The session's fields directly, with its merchant and its active order (with the order's quote). A due session is expired first.",
    params: idParams,
    status: 200,
    data: "sessionDetail",
    errors: [404],
    limit: perMinute(RATE_RULES.getSession) + " per merchant",
  }),
  merchantOp({
    method: "post",
    path: "/api/checkout/sessions/{id}/select-platform",
    operationId: "selectPaymentPlatform",
    example: { paymentPlatform: "venmo", fiatCurrency: "USD" },
    tag: SESSION_TAG,
    summary: "Choose the platform and currency",
    description: "Saves the payment platform and fiat currency before checkout starts.",
    params: idParams,
    body: selectPlatformBody,
    status: 200,
    data: "sessionOnly",
    errors: [404, 413],
  }),
  merchantOp({
    method: "post",
    path: "/api/checkout/sessions/{id}/start",
    operationId: "startCheckout",
    example: { paymentPlatform: "revolut", fiatCurrency: "EUR" },
    tag: SESSION_TAG,
    summary: "Start checkout",
    description:
      "Creates the order on the chosen platform (or the one saved with select-platform) and returns its quote. 409 while the session has a live order. " +
      "exact-fiat: 409 FEE_THRESHOLD_EXCEEDED when no platform's spread over the mid rate is within the session's maxFeePercentage, " +
      "or the chosen platform's is not (details.offeredPlatforms lists those that are).",
    params: idParams,
    body: startSessionBody,
    status: 200,
    data: "started",
    errors: [404, 413],
  }),
  merchantOp({
    method: "get",
    path: "/api/checkout/sessions/{id}/order",
    operationId: "getActiveOrder",
    tag: SESSION_TAG,
    summary: "Get the active order",
    description: "The session's active order; 404 when it has none.",
    params: idParams,
    status: 200,
    data: "orderOnly",
    errors: [404],
  }),
  merchantOp({
    method: "post",
    path: "/api/checkout/sessions/{id}/payment-sent",
    operationId: "markPaymentSent",
    tag: SESSION_TAG,
    summary: "Report the fiat payment as sent",
    description: "The payer has sent the fiat payment. Repeating it answers the order as it is.",
    params: idParams,
    body: emptyBody,
    status: 200,
    data: "orderOnly",
    errors: [404, 413],
  }),
  merchantOp({
    method: "post",
    path: "/api/checkout/sessions/{id}/cancel",
    operationId: "cancelCheckoutSession",
    tag: SESSION_TAG,
    summary: "Cancel a session",
    description: "Ends the session unless a payment was reported (409 then). Cancelling a cancelled session answers it as it is.",
    params: idParams,
    body: emptyBody,
    status: 200,
    data: "sessionOnly",
    errors: [404, 413],
  }),
  merchantOp({
    method: "post",
    path: "/api/orders/fulfill",
    operationId: "fulfillOrder",
    example: { intentHash: `0x${"ab".repeat(32)}`, proof: { sandbox: true, outcome: "success" } },
    tag: "Orders",
    summary: "Fulfil an order with a payment proof",
    description:
      "Verifies the payment proof and releases the USDC. A refused proof answers 400 (PROOF_INVALID, PROOF_EXPIRED, FULFILL_REVERTED) " +
      "and is kept as an attempt; after 5 attempts the order answers 409.",
    body: fulfillBody,
    status: 200,
    data: "fulfilled",
    errors: [404, 413],
    limit: perMinute(RATE_RULES.fulfill) + " per merchant",
  }),
  merchantOp({
    method: "get",
    path: "/api/events",
    operationId: "listEvents",
    tag: "Events",
    summary: "List events",
    description: "The merchant's events, newest first, keyset-paginated; filter by type or sessionId.",
    query: eventListQuery,
    status: 200,
    data: "eventList",
  }),
  merchantOp({
    method: "get",
    path: "/api/events/feed",
    operationId: "eventFeed",
    tag: "Events",
    summary: "Follow events",
    description:
      "The merchant's events, oldest first, after the cursor ?after (a cursor this feed returned; now: from the present; " +
      "absent: from the beginning), each with the body its webhook delivery carries. With waitMs it long-polls: it answers " +
      "as soon as an event arrives, or with none after waitMs. Events appear once they are settled (about 2 seconds, and " +
      "never while a transaction that may still record an older one is open), so resuming from the cursor skips none.",
    query: eventFeedQuery,
    status: 200,
    data: "eventFeed",
  }),
  merchantOp({
    method: "post",
    path: "/api/webhooks",
    operationId: "createWebhook",
    example: { url: "https://acme.example/hooks/checkout", events: ["session.completed", "order.failed"] },
    tag: "Webhook endpoints",
    summary: "Create a webhook",
    description:
      "An https endpoint on a public address; events empty or absent subscribes to all. The signing secret is in this response only.",
    body: createWebhookBody,
    status: 201,
    data: "createdWebhook",
    errors: [413],
  }),
  merchantOp({
    method: "post",
    path: "/api/payment-links",
    operationId: "createPaymentLink",
    example: {
      title: "Tip jar",
      currency: "USDC",
      minAmount: "1.00",
      maxAmount: "100.00",
      destinationChainId: 8453,
      destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
      fields: [{ key: "name", required: false }],
      maxPayments: 100,
    },
    tag: LINK_TAG,
    summary: "Create a payment link",
    description:
      "A reusable link (/l/<slug>) that opens a fresh checkout session for each payer: a fixed amount, or one the payer chooses " +
      "between minAmount and maxAmount, in USDC or an exact fiat amount. Opening the link creates nothing; a session is made when " +
      "the payer starts, with the link's id in paymentLinkId and the payer's answers to fields in its metadata. Extension.",
    body: createPaymentLinkBody,
    status: 201,
    data: "paymentLink",
  }),
  merchantOp({
    method: "get",
    path: "/api/payment-links",
    operationId: "listPaymentLinks",
    tag: LINK_TAG,
    summary: "List payment links",
    description: "The merchant's links, newest first, each with its completed payments and their USDC.",
    query: paymentLinkListQuery,
    status: 200,
    data: "paymentLinkList",
  }),
  merchantOp({
    method: "get",
    path: "/api/payment-links/{id}",
    operationId: "getPaymentLink",
    tag: LINK_TAG,
    summary: "Get a payment link",
    description: "The link, its status and its payments so far.",
    params: idParams,
    status: 200,
    data: "paymentLink",
    errors: [404],
  }),
  merchantOp({
    method: "patch",
    path: "/api/payment-links/{id}",
    operationId: "updatePaymentLink",
    example: { active: false },
    tag: LINK_TAG,
    summary: "Update or pause a payment link",
    description:
      "Title, description, URLs, fields, maxPayments and endsAt; active: false pauses it (its page says so, and a page opened " +
      "before cannot start a payment), true resumes it. Its currency and amounts stay: make another link for another price.",
    params: idParams,
    body: updatePaymentLinkBody,
    status: 200,
    data: "paymentLink",
    errors: [404],
  }),
  merchantOp({
    method: "get",
    path: "/api/webhooks",
    operationId: "listWebhooks",
    tag: "Webhook endpoints",
    summary: "List webhooks",
    description: "The merchant's webhooks that are not deleted, oldest first.",
    status: 200,
    data: "webhookList",
  }),
  merchantOp({
    method: "get",
    path: "/api/webhooks/{id}",
    operationId: "getWebhook",
    tag: "Webhook endpoints",
    summary: "Get a webhook",
    description: "A deleted webhook stays readable, with deletedAt set.",
    params: idParams,
    status: 200,
    data: "webhook",
    errors: [404],
  }),
  merchantOp({
    method: "patch",
    path: "/api/webhooks/{id}",
    operationId: "updateWebhook",
    example: { active: false },
    tag: "Webhook endpoints",
    summary: "Update a webhook",
    description: "Changes url, events or active. A deleted webhook answers 409.",
    params: idParams,
    body: updateWebhookBody,
    status: 200,
    data: "webhook",
    errors: [404, 409, 413],
  }),
  merchantOp({
    method: "delete",
    path: "/api/webhooks/{id}",
    operationId: "deleteWebhook",
    tag: "Webhook endpoints",
    summary: "Delete a webhook",
    description: "It stops receiving at once; it and its delivery history stay readable. Deleting it again answers 409.",
    params: idParams,
    status: 200,
    data: "none",
    errors: [404, 409],
  }),
  merchantOp({
    method: "post",
    path: "/api/webhooks/{id}/test",
    operationId: "testWebhook",
    tag: "Webhook endpoints",
    summary: "Send a test event",
    description: `Records a ${TEST_EVENT_TYPE} event and sends it now, once. A failing endpoint is still a successful call: see success and error.`,
    params: idParams,
    body: emptyBody,
    status: 200,
    data: "testResult",
    errors: [404, 413],
  }),
  merchantOp({
    method: "post",
    path: "/api/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    tag: "Webhook endpoints",
    summary: "Rotate the signing secret",
    description: "A new secret, in this response only; the previous one keeps signing beside it for 24 hours.",
    params: idParams,
    body: emptyBody,
    status: 200,
    data: "rotatedWebhook",
    errors: [404, 413],
  }),
  merchantOp({
    method: "get",
    path: "/api/webhooks/{id}/deliveries",
    operationId: "listDeliveries",
    tag: "Webhook endpoints",
    summary: "List a webhook's deliveries",
    description: "Newest first, keyset-paginated; filter by status or eventType.",
    params: idParams,
    query: deliveryListQuery,
    status: 200,
    data: "deliveryList",
    errors: [404],
  }),
  merchantOp({
    method: "get",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}",
    operationId: "getDelivery",
    tag: "Webhook endpoints",
    summary: "Get a delivery",
    description: "The exact payload sent and every attempt, oldest first.",
    params: webhookDeliveryParams,
    status: 200,
    data: "deliveryDetail",
    errors: [404],
  }),
  merchantOp({
    method: "post",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}/retry",
    operationId: "retryDelivery",
    tag: "Webhook endpoints",
    summary: "Send a delivery again",
    description: "Sends it again now, whatever its status; a failure then follows the retry schedule. 409 while it is being attempted.",
    params: webhookDeliveryParams,
    body: emptyBody,
    status: 200,
    data: "delivery",
    errors: [404, 413],
  }),
  ...[
    merchantOp({
      method: "post",
      path: "/api/v1/payment-links",
      operationId: "v1CreatePaymentLink",
      example: { title: "Invoice 1042", amount: "120.00", maxPayments: 1 },
      tag: LINK_TAG,
      summary: "Create a payment link (v1 style)",
      description:
        "As POST /api/payment-links, with the destination as v1 orders name it: destinationAddress (default: the merchant's " +
        "evmWalletAddress), destinationChainId (default: the first supported chain) and destinationToken (default: its USDC). Extension.",
      body: createV1PaymentLinkBody,
      status: 201,
      data: "v1PaymentLink",
    }),
    merchantOp({
      method: "get",
      path: "/api/v1/payment-links",
      operationId: "v1ListPaymentLinks",
      tag: LINK_TAG,
      summary: "List payment links (v1 style)",
      description: "The merchant's links, newest first, each with its completed payments and their USDC.",
      query: paymentLinkListQuery,
      status: 200,
      data: "v1PaymentLinkList",
    }),
    merchantOp({
      method: "get",
      path: "/api/v1/payment-links/{id}",
      operationId: "v1GetPaymentLink",
      tag: LINK_TAG,
      summary: "Get a payment link (v1 style)",
      description: "The link, its status and its payments so far.",
      params: idParams,
      status: 200,
      data: "v1PaymentLink",
      errors: [404],
    }),
    merchantOp({
      method: "patch",
      path: "/api/v1/payment-links/{id}",
      operationId: "v1UpdatePaymentLink",
      example: { active: false },
      tag: LINK_TAG,
      summary: "Update or pause a payment link (v1 style)",
      description: "As PATCH /api/payment-links/{id}; active: false pauses the link.",
      params: idParams,
      body: updatePaymentLinkBody,
      status: 200,
      data: "v1PaymentLink",
      errors: [404],
    }),
  ].map((op) => ({ ...op, generation: 1 as const })),
  ...V1_WEBHOOK_OPERATIONS.map((op) => merchantOp({ ...op, generation: 1 })),
  ...V1_ORDER_OPERATIONS.map((op): Operation => ({
    ...op,
    tag: V1_ORDER_TAG,
    generation: 1,
    rateLimited: true,
    idempotent: op.method === "post",
    errors: [...(op.errors ?? []), ...(op.method === "post" ? [409] : [])],
  })),
];

// ---------------------------------------------------------------- JSON Schema from zod

/** Drops what zod emits for its own use and clutters the document: $schema, and iso datetime's long pattern. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  const v = value as Record<string, unknown>;
  for (const [k, child] of Object.entries(v)) {
    if (k === "$schema" || k === "$id") continue;
    if (k === "pattern" && v.format === "date-time") continue;
    if ((k === "minimum" || k === "maximum") && Math.abs(child as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = tidy(child);
  }
  return out;
}

const requestSchema = (schema: z.ZodType): JsonSchema =>
  tidy(z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" })) as JsonSchema;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// ---------------------------------------------------------------- headers

const HEADERS = {
  "X-Request-Id": {
    description:
      "The request's id: the X-Request-Id the client sent (first 100 characters), or a generated UUID. Quote it in support requests.",
    schema: { type: "string" },
  },
  "RateLimit-Limit": { description: "Requests allowed in the current window", schema: { type: "string", pattern: "^\\d+$" } },
  "RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "string", pattern: "^\\d+$" } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "string", pattern: "^\\d+$" } },
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "string", pattern: "^\\d+$" } },
  "Idempotent-Replayed": {
    description: "true when this is the stored answer to an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
  Allow: { description: "The methods this path serves", schema: { type: "string" } },
} as const;

type HeaderName = keyof typeof HEADERS;
const header = (name: HeaderName, required: boolean) => ({ name, required });

/** Component name of a header: the header's own name when required, with ".optional" when not. */
const headerComponent = (name: HeaderName, required: boolean) => (required ? name : `${name}.optional`);

function responseHeaders(list: { name: HeaderName; required: boolean }[]) {
  return Object.fromEntries(list.map(({ name, required }) => [name, { $ref: `#/components/headers/${headerComponent(name, required)}` }]));
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  400: "Invalid request: VALIDATION_FAILED (naming the fields in error.details.fields), INVALID_JSON, or a refused proof",
  401: "UNAUTHENTICATED: the X-API-Key header is missing or not a live key",
  403: "FORBIDDEN: the resource belongs to another merchant, the merchant account is disabled, or the API key is read-only and the operation is not a GET",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED: the Allow header lists the methods this path serves",
  409: "Conflict: CONFLICT with the resource's state, NAME_TAKEN, IDEMPOTENCY_CONFLICT (the key was used for a different request, or is in use), or FEE_THRESHOLD_EXCEEDED (exact-fiat: no platform within maxFeePercentage)",
  413: `PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES / 1024} KiB`,
  429: "RATE_LIMITED: wait Retry-After seconds; or, starting a live payment, TOO_MANY_OPEN_PAYMENTS: too many payments are open for this merchant, payment link or client address; try again after Retry-After seconds",
  500: "INTERNAL: the message names the request id",
  503: "UNAVAILABLE: the database is briefly unreachable; retry after Retry-After seconds (with the same Idempotency-Key for a POST)",
};

// ---------------------------------------------------------------- the document

export const OPENAPI_VERSION = "3.1.0";

function build() {
  const registry = z.registry<{ id: string }>();
  const named: [z.ZodType, string][] = [
    [R.merchant, "Merchant"],
    [R.createdMerchant, "MerchantWithApiKey"],
    [R.session, "Session"],
    [R.order, "Order"],
    [R.quote, "Quote"],
    [R.sessionDetail, "SessionDetail"],
    [R.webhook, "Webhook"],
    [R.data.createdWebhook, "WebhookWithSecret"],
    [R.data.rotatedWebhook, "WebhookWithRotatedSecret"],
    [R.delivery, "Delivery"],
    [R.data.deliveryDetail, "DeliveryDetail"],
    [R.event, "Event"],
    [R.eventPayload, "EventPayload"],
    [R.testEventPayload, "WebhookTestEvent"],
    [R.plainError, "PlainError"],
  ];
  for (const [schema, id] of [...named, ...V1_WEBHOOK_NAMED, ...V1_ORDER_NAMED]) registry.add(schema, { id });

  // one envelope per (responseObject, status) and one per error status
  const envelopes = new Map<string, string>();
  for (const op of OPERATIONS) {
    if (op.path === "/api/openapi.json") continue;
    const id = `${pascal(op.data)}${op.status === 201 ? "Created" : ""}Response`;
    if (!envelopes.has(id)) {
      envelopes.set(id, id);
      registry.add(R.successEnvelope(DATA[op.data], op.status), { id });
    }
  }
  const errorStatuses = [...new Set(Object.values(ERROR_STATUS))].sort();
  for (const status of errorStatuses) registry.add(R.errorEnvelope(status), { id: `Error${status}` });
  for (const status of errorStatuses) registry.add(R.errorEnvelope(status, 1), { id: `V1Error${status}` });
  for (const e of V1_WEBHOOK_EVENTS) if (e.schema) registry.add(e.schema, { id: e.id });
  const eventSchemas = EVENT_TYPES.map((type) => {
    const id = `${type.split(/[._]/).map(pascal).join("")}Event`;
    registry.add(R.eventPayloadOf(type).meta({ description: `The ${type} event, as POSTed to webhooks` }), { id });
    return { type, id };
  });

  const schemas = tidy(
    z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "output", unrepresentable: "any" }).schemas,
  ) as Record<string, JsonSchema>;
  // a method or path no route serves answers in the generation its path names (/api/v1/…: with errorCode)
  for (const status of [404, 405]) schemas[`AnyError${status}`] = { anyOf: [ref(`Error${status}`), ref(`V1Error${status}`)] };

  const errorResponse = (status: number, headers: { name: HeaderName; required: boolean }[], generation?: 1) => ({
    description: STATUS_TEXT[status] ?? "Error",
    headers: responseHeaders(headers),
    content: { "application/json": { schema: ref(`${generation === 1 ? "V1" : ""}Error${status}`) } },
  });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    for (const [where, obj] of [
      ["path", op.params],
      ["query", op.query],
    ] as const) {
      if (!obj) continue;
      for (const [name, field] of Object.entries(obj.shape)) {
        const f = field as z.ZodType;
        parameters.push({
          name,
          in: where,
          required: where === "path" || !f.safeParse(undefined).success,
          schema: requestSchema(f),
        });
      }
    }
    if (op.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

    const base = [header("X-Request-Id", true)];
    const limited = op.rateLimited
      ? [header("RateLimit-Limit", true), header("RateLimit-Remaining", true), header("RateLimit-Reset", true)]
      : [];
    const limitedIfCounted = op.rateLimited
      ? [header("RateLimit-Limit", false), header("RateLimit-Remaining", false), header("RateLimit-Reset", false)]
      : [];
    const replay = op.idempotent ? [header("Idempotent-Replayed", false)] : [];

    const responses: Record<string, unknown> = {};
    if (op.path === "/api/openapi.json") {
      responses["200"] = {
        description: "The OpenAPI document",
        headers: responseHeaders([...base]),
        content: { "application/json": { schema: { type: "object", required: ["openapi", "info", "paths"] } } },
      };
    } else {
      responses[String(op.status)] = {
        description: STATUS_TEXT[op.status],
        headers: responseHeaders([...base, ...limited, ...replay]),
        content: { "application/json": { schema: ref(`${pascal(op.data)}${op.status === 201 ? "Created" : ""}Response`) } },
      };
    }
    if (op.path === "/api/openapi.json") {
      for (const status of [400, 500, 503])
        responses[String(status)] = {
          description: STATUS_TEXT[status],
          headers: responseHeaders([...base, ...(status === 503 ? [header("Retry-After", true)] : [])]),
          content: { "application/json": { schema: ref("PlainError") } },
        };
    }
    const errors = new Set<number>(op.path === "/api/openapi.json" ? [] : [400, 500, 503, ...(op.errors ?? [])]);
    if (op.auth === "merchant") [401, 403].forEach((s) => errors.add(s));
    if (op.rateLimited) errors.add(429);
    for (const status of [...errors].sort()) {
      const extra =
        status === 429
          ? [...limited, header("Retry-After", true)]
          : status === 503
            ? [...limitedIfCounted, header("Retry-After", true)]
            : limitedIfCounted;
      responses[String(status)] = errorResponse(status, [...base, ...extra, ...(status < 500 ? replay : [])], op.generation);
    }

    const description = [op.description, op.limit ? `Rate limit: ${op.limit}.` : ""].filter(Boolean).join(" ");
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description,
      security:
        op.auth === "merchant"
          ? [{ apiKey: [] }]
          : op.auth === "merchantOrToken"
            ? [{ apiKey: [] }, { orderToken: [] }, { orderTokenHeader: [] }]
            : [],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              // the bodyless actions (payment sent, cancel, test, rotate, retry) take no body, or {}
              required: op.body !== emptyBody,
              content: { "application/json": { schema: requestSchema(op.body), ...(op.example ? { example: op.example } : {}) } },
            },
          }
        : {}),
      responses,
    };
  }

  const signatureHeaders = [
    ["X-Webhook-Id", "The event id (evt_…); the same on every retry, so dedupe on it"],
    ["X-Webhook-Timestamp", "Unix seconds of this attempt"],
    [
      "X-Webhook-Signature",
      'Lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the whole secret (whsec_…). During a secret rotation: two signatures, newest first, comma-separated',
    ],
    ["webhook-id", "Standard Webhooks: the event id"],
    ["webhook-timestamp", "Standard Webhooks: Unix seconds of this attempt"],
    [
      "webhook-signature",
      'Standard Webhooks: "v1,<base64 HMAC-SHA256 of <id>.<timestamp>.<body>>", keyed with the base64 part of the secret; space-separated during a rotation',
    ],
  ].map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));

  const webhook = (id: string, summary: string, description: string) => ({
    post: {
      summary,
      description,
      parameters: signatureHeaders,
      requestBody: { required: true, content: { "application/json": { schema: ref(id) } } },
      responses: {
        "2XX": {
          description: "Any 2xx answer within the timeout is a delivery; anything else is retried on the schedule of docs/webhooks.md",
        },
      },
    },
  });

  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Checkout API",
      version: "1.0.0",
      description:
        "Merchants create checkout sessions for an amount in USDC; payers pay in fiat on a payment platform and the USDC is released to the merchant. " +
        "Every answer is the envelope { success, message, responseObject, statusCode } (and error { code, details } on failure). " +
        "This document is generated from the zod schemas the service validates with.",
    },
    servers: [{ url: "/", description: "This service" }],
    tags: [
      { name: "Service" },
      { name: "Merchants" },
      { name: SESSION_TAG },
      { name: "Orders" },
      { name: "Events" },
      { name: LINK_TAG, description: "Reusable links that open a fresh checkout for each payer (extension)" },
      { name: "Webhook endpoints", description: "Endpoints that receive events; the events themselves are in the webhooks section" },
      { name: V1_ORDER_TAG, description: "The v1 API (/api/v1/…): orders, their payments, the merchant profile" },
      { name: V1_WEBHOOK_TAG, description: "v1 endpoints (/api/v1/webhooks): they receive the v1 events (ORDER_*, PAYMENT_*) only" },
    ],
    security: [{ apiKey: [] }],
    paths,
    webhooks: {
      ...Object.fromEntries(
        eventSchemas.map(({ type, id }) => [
          type,
          webhook(id, type, `Sent to every active webhook subscribed to ${type} (or to all events).`),
        ]),
      ),
      [TEST_EVENT_TYPE]: webhook("WebhookTestEvent", TEST_EVENT_TYPE, "Sent by POST /api/webhooks/{id}/test only."),
      ...Object.fromEntries(V1_WEBHOOK_EVENTS.map((e) => [e.type, webhook(e.id, e.type, e.description)])),
    },
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "The API key from sign-up (ck_…)" },
        orderToken: { type: "apiKey", in: "query", name: "token", description: "A v1 order's token (otk_…), the payer's credential" },
        orderTokenHeader: { type: "apiKey", in: "header", name: "X-Order-Token", description: "A v1 order's token, as a header" },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "1-255 visible ASCII characters. A retry with the same key within 24 hours replays the first answer (Idempotent-Replayed: true); " +
            "the same key for a different request answers 409 IDEMPOTENCY_CONFLICT.",
          schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
        },
      },
      headers: Object.fromEntries(
        (Object.keys(HEADERS) as HeaderName[]).flatMap((name) =>
          [true, false].map((required) => [headerComponent(name, required), { ...HEADERS[name], required }]),
        ),
      ),
      responses: {
        MethodNotAllowed: {
          description: STATUS_TEXT[405],
          headers: responseHeaders([header("Allow", true), header("X-Request-Id", true)]),
          content: { "application/json": { schema: ref("AnyError405") } },
        },
        UnknownRoute: {
          description: "NOT_FOUND: no route serves this path, whatever the method",
          headers: responseHeaders([header("X-Request-Id", true)]),
          content: { "application/json": { schema: ref("AnyError404") } },
        },
      },
      schemas,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof build>;

let cached: OpenApiDocument | undefined;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= build());
}
