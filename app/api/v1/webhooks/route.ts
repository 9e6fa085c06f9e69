import { methods, route } from "@/lib/http/route";
import { createV1WebhookBody } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/webhooks – a v1 webhook (v1 events, custom headers); the signing secret is in this response only
  POST: route(
    {
      doc: {
        operationId: "v1CreateWebhook",
        tag: "Webhook endpoints (v1)",
        summary: "Create a v1 webhook",
        description:
          "An https endpoint on a public address that receives the v1 events; events empty or absent subscribes " +
          "to all. customHeaders: at most 10, each a valid HTTP header name (unique whatever its case) with a " +
          "value of visible ASCII and spaces, never a signature header (X-Webhook-*, webhook-*) nor one the " +
          "delivery sets (Content-Type, Content-Length, Host, User-Agent, …). The signing secret is in this " +
          "response only.",
        data: "v1CreatedWebhook",
        status: 201,
        errors: [413],
        example: {
          url: "https://acme.example/hooks/checkout",
          events: ["ORDER_FULFILLED", "PAYMENT_FAILED"],
          customHeaders: [{ key: "Authorization", value: "Bearer shop-secret" }],
        },
      },
      ...v1,
      body: createV1WebhookBody,
      audit: "webhook.created",
    },
    async ({ db, actor, body }) => ({
      status: 201,
      message: "Webhook created",
      data: await createWebhook(db, body, { actor, ...v1 }),
    }),
  ),
  // GET /api/v1/webhooks – the merchant's v1 webhooks
  GET: route(
    {
      doc: {
        operationId: "v1ListWebhooks",
        tag: "Webhook endpoints (v1)",
        summary: "List v1 webhooks",
        description: "The merchant's v1 webhooks that are not deleted, oldest first. Webhooks made through /api/webhooks are not listed.",
        data: "v1WebhookList",
      },
      ...v1,
    },
    async ({ db, actor }) => ({ message: "Webhooks retrieved", data: await listWebhooks(db, { actor, ...v1 }) }),
  ),
});
