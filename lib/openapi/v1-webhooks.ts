import { z } from "zod";
import { V1_EVENT_TYPES, V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { v1OrderSchema, v1Payment, v1Refund } from "./v1-orders";
import * as R from "./responses";

// The v1 webhook endpoints (/api/v1/webhooks/…, docs/api-v1.md) and the v1 events they receive, for
// the OpenAPI document: the answers of their routes (by name, in a route's doc), and the events. The shapes are the SDK's (@zkp2p/pay-shared 1.0.0: Webhook, WebhookWithSecret, WebhookDelivery,
// TestWebhookResponse); what v0 adds (deletedAt, lastError, durationMs, nextCursor) is kept.

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
    circuit: R.webhookCircuit,
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
    data: z.strictObject({
      order: v1Order,
      payment: v1Payment.nullable(),
      paymentBridge: z.null(),
      ...(type.startsWith("REFUND_") ? { refund: v1Refund } : {}),
    }),
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
    data: z.strictObject({
      order: v1Order.nullable(),
      payment: v1Payment.nullable(),
      paymentBridge: z.null(),
      refund: v1Refund.optional().meta({ description: "REFUND_*: the refund (extension)" }),
    }),
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
