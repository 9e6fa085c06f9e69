import { z } from "zod";
import { V1_EVENT_TYPES, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { deliveryListQuery, emptyBody, idParams, webhookDeliveryParams } from "@/lib/schemas";
import { createV1WebhookBody, updateV1WebhookBody } from "@/lib/schemas-v1";
import { v1OrderSchema, v1Payment } from "./v1-orders";
import * as R from "./responses";

// The v1 webhook endpoints (/api/v1/webhooks/…, docs/api-v1.md) and the v1 events they receive, for
// the OpenAPI document: document.ts merges these operations, response schemas and events into its
// own. The shapes are the SDK's (@zkp2p/pay-shared 1.0.0: Webhook, WebhookWithSecret, WebhookDelivery,
// TestWebhookResponse); what v0 adds (deletedAt, lastError, durationMs, nextCursor) is kept.

export const V1_WEBHOOK_TAG = "Webhook endpoints (v1)";

const iso = (description: string) => z.iso.datetime().meta({ description, examples: ["2026-01-15T12:00:00.000Z"] });

const customHeader = z.strictObject({
  key: z.string().meta({ description: "An HTTP header name", examples: ["Authorization"] }),
  value: z.string().meta({ description: "Masked: the value itself is never answered", examples: ["••••cret"] }),
});

export const v1Webhook = z
  .strictObject({
    id: z.string().meta({ examples: ["wh_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
    merchantId: z.string(),
    url: z.string(),
    events: z.array(z.enum(V1_EVENT_TYPES)).meta({ description: "The v1 events it receives; empty: all of them" }),
    active: z.boolean(),
    customHeaders: z.array(customHeader).meta({
      description:
        'Sent with every delivery, beside the signature headers. Values are stored encrypted and shown masked ("••••" and the last 4 characters of a value of 12 or more, "••••" alone for a shorter one); a value sent back as shown keeps the stored one, a mask that matches no stored value of that header answers 400',
    }),
    createdAt: iso("Creation time"),
    updatedAt: iso("Last change"),
    deletedAt: z.iso.datetime().nullable().meta({ description: "Deleted webhooks stay readable with their delivery history" }),
  })
  .meta({ description: "A v1 webhook endpoint: it receives the v1 events (ORDER_*, PAYMENT_*) only" });

const secret = z.string().meta({ description: "The signing secret: in this response only", examples: ["whsec_…"] });

// the order and payment as GET /api/v1/orders/{id} answers them (lib/wire/v1.ts)
const v1Order = v1OrderSchema;

const v1EventBase = {
  id: z
    .string()
    .meta({ description: "The event id; the same on every retry of a delivery", examples: ["evt_8b1f4c2e9d7a4e0f9c3b2a1d0e5f6a7b"] }),
  timestamp: iso("When the event happened"),
};

/** The body POSTed to a v1 webhook for one event type. */
export function v1EventPayloadOf(type: (typeof V1_EVENT_TYPES)[number]) {
  return z.strictObject({
    ...v1EventBase,
    type: z.literal(type),
    data: z.strictObject({ order: v1Order, payment: v1Payment.nullable(), paymentBridge: z.null() }),
  });
}

export const v1TestEventPayload = z
  .strictObject({
    ...v1EventBase,
    type: z.literal(V1_TEST_EVENT_TYPE),
    data: z.strictObject({ order: z.null(), payment: z.null(), paymentBridge: z.null() }),
  })
  .meta({ description: "Sent by POST /api/v1/webhooks/{id}/test" });

export const v1EventPayload = z
  .strictObject({
    ...v1EventBase,
    type: z.enum([...V1_EVENT_TYPES, V1_TEST_EVENT_TYPE]),
    data: z.strictObject({ order: v1Order.nullable(), payment: v1Payment.nullable(), paymentBridge: z.null() }),
  })
  .meta({ description: "A v1 event as sent to v1 webhooks (see the webhooks section)" });

/** Each v1 operation's responseObject, by name (document.ts adds them to its own). */
export const V1_WEBHOOK_DATA = {
  v1Webhook,
  v1WebhookList: z.strictObject({ webhooks: z.array(v1Webhook) }),
  v1CreatedWebhook: v1Webhook.extend({ secret }),
  v1RotatedWebhook: v1Webhook.extend({
    secret,
    previousSecretExpiresAt: iso("The previous secret keeps signing beside the new one until then"),
  }),
  v1DeliveryList: R.data.deliveryList,
  v1Delivery: R.delivery,
  v1DeliveryDetail: R.data.deliveryDetail.extend({
    payload: v1EventPayload.nullable().meta({ description: "The exact event body sent" }),
  }),
} as const;

/** Component names of the schemas worth naming in the document. */
export const V1_WEBHOOK_NAMED: [z.ZodType, string][] = [
  [v1Webhook, "V1Webhook"],
  [V1_WEBHOOK_DATA.v1CreatedWebhook, "V1WebhookWithSecret"],
  [V1_WEBHOOK_DATA.v1RotatedWebhook, "V1WebhookWithRotatedSecret"],
  [V1_WEBHOOK_DATA.v1DeliveryDetail, "V1DeliveryDetail"],
  [v1EventPayload, "V1EventPayload"],
  [v1TestEventPayload, "V1WebhookTestEvent"],
];

/** The v1 events for the document's webhooks section: name, component id and schema. */
export const V1_WEBHOOK_EVENTS = [
  ...V1_EVENT_TYPES.map((type) => ({
    type,
    id: `V1${type
      .toLowerCase()
      .split("_")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("")}Event`,
    schema: v1EventPayloadOf(type).meta({ description: `The v1 ${type} event, as POSTed to v1 webhooks` }) as z.ZodType,
    description: `Sent to every active v1 webhook subscribed to ${type} (or to all events).`,
  })),
  { type: V1_TEST_EVENT_TYPE, id: "V1WebhookTestEvent", schema: null, description: "Sent by POST /api/v1/webhooks/{id}/test only." },
];

/** An operation as document.ts's Operation has it, before it is made a merchant operation (not imported: no circle). */
type V1Op = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  example?: Record<string, unknown>;
  status: 200 | 201;
  data: keyof typeof V1_WEBHOOK_DATA | "testResult" | "none";
  errors?: number[];
};

const op = (o: Omit<V1Op, "tag">): V1Op => ({ ...o, tag: V1_WEBHOOK_TAG });

/** The operations of /api/v1/webhooks, before document.ts makes them merchant operations of generation 1. */
export const V1_WEBHOOK_OPERATIONS: V1Op[] = [
  op({
    method: "post",
    path: "/api/v1/webhooks",
    operationId: "v1CreateWebhook",
    example: {
      url: "https://acme.example/hooks/checkout",
      events: ["ORDER_FULFILLED", "PAYMENT_FAILED"],
      customHeaders: [{ key: "Authorization", value: "Bearer shop-secret" }],
    },
    summary: "Create a v1 webhook",
    description:
      "An https endpoint on a public address that receives the v1 events; events empty or absent subscribes to all. " +
      "customHeaders: at most 10, each a valid HTTP header name (unique whatever its case) with a value of visible ASCII and spaces, " +
      "never a signature header (X-Webhook-*, webhook-*) nor one the delivery sets (Content-Type, Content-Length, Host, User-Agent, …). " +
      "The signing secret is in this response only.",
    body: createV1WebhookBody,
    status: 201,
    data: "v1CreatedWebhook",
    errors: [413],
  }),
  op({
    method: "get",
    path: "/api/v1/webhooks",
    operationId: "v1ListWebhooks",
    summary: "List v1 webhooks",
    description: "The merchant's v1 webhooks that are not deleted, oldest first. Webhooks made through /api/webhooks are not listed.",
    status: 200,
    data: "v1WebhookList",
  }),
  op({
    method: "get",
    path: "/api/v1/webhooks/{id}",
    operationId: "v1GetWebhook",
    summary: "Get a v1 webhook",
    description: "A deleted webhook stays readable, with deletedAt set. A webhook made through /api/webhooks answers 404.",
    params: idParams,
    status: 200,
    data: "v1Webhook",
    errors: [404],
  }),
  op({
    method: "patch",
    path: "/api/v1/webhooks/{id}",
    operationId: "v1UpdateWebhook",
    example: { customHeaders: [{ key: "Authorization", value: "Bearer rotated" }] },
    summary: "Update a v1 webhook",
    description:
      "Changes url, events, active or customHeaders (the list given replaces the old one; [] removes them). A deleted webhook answers 409.",
    params: idParams,
    body: updateV1WebhookBody,
    status: 200,
    data: "v1Webhook",
    errors: [404, 409, 413],
  }),
  op({
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    operationId: "v1DeleteWebhook",
    summary: "Delete a v1 webhook",
    description: "It stops receiving at once; it and its delivery history stay readable. Deleting it again answers 409.",
    params: idParams,
    status: 200,
    data: "none",
    errors: [404, 409],
  }),
  op({
    method: "post",
    path: "/api/v1/webhooks/{id}/test",
    operationId: "v1TestWebhook",
    summary: "Send a test event",
    description: `Records a ${V1_TEST_EVENT_TYPE} event (order, payment and paymentBridge null) and sends it now, once, with the webhook's custom headers. A failing endpoint is still a successful call: see success and error.`,
    params: idParams,
    body: emptyBody,
    status: 200,
    data: "testResult",
    errors: [404, 413],
  }),
  op({
    method: "post",
    path: "/api/v1/webhooks/{id}/rotate-secret",
    operationId: "v1RotateWebhookSecret",
    summary: "Rotate the signing secret",
    description: "A new secret, in this response only; the previous one keeps signing beside it for 24 hours.",
    params: idParams,
    body: emptyBody,
    status: 200,
    data: "v1RotatedWebhook",
    errors: [404, 413],
  }),
  op({
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries",
    operationId: "v1ListDeliveries",
    summary: "List a v1 webhook's deliveries",
    description: "Newest first, keyset-paginated; filter by status or eventType.",
    params: idParams,
    query: deliveryListQuery,
    status: 200,
    data: "v1DeliveryList",
    errors: [404],
  }),
  op({
    method: "get",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}",
    operationId: "v1GetDelivery",
    summary: "Get a delivery",
    description: "The exact payload sent and every attempt, oldest first.",
    params: webhookDeliveryParams,
    status: 200,
    data: "v1DeliveryDetail",
    errors: [404],
  }),
  op({
    method: "post",
    path: "/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry",
    operationId: "v1RetryDelivery",
    summary: "Send a delivery again",
    description: "Sends it again now, whatever its status; a failure then follows the retry schedule. 409 while it is being attempted.",
    params: webhookDeliveryParams,
    body: emptyBody,
    status: 200,
    data: "v1Delivery",
    errors: [404, 413],
  }),
];
