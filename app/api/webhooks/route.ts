import { methods, route } from "@/lib/http/route";
import { createWebhookBody } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/webhooks – the signing secret is in this response only
  POST: route(
    {
      doc: {
        operationId: "createWebhook",
        tag: "Webhook endpoints",
        summary: "Create a webhook",
        description:
          "An https endpoint on a public address; events empty or absent subscribes to all. The signing secret " +
          "is in this response only.",
        data: "createdWebhook",
        status: 201,
        errors: [413],
        example: { url: "https://acme.example/hooks/checkout", events: ["session.completed", "order.failed"] },
      },
      body: createWebhookBody,
      audit: "webhook.created",
    },
    async ({ db, actor, body }) => ({
      status: 201,
      message: "Webhook created",
      data: await createWebhook(db, body, { actor }),
    }),
  ),
  // GET /api/webhooks
  GET: route(
    {
      doc: {
        operationId: "listWebhooks",
        tag: "Webhook endpoints",
        summary: "List webhooks",
        description: "The merchant's webhooks that are not deleted, oldest first.",
        data: "webhookList",
      },
    },
    async ({ db, actor }) => ({ message: "Webhooks retrieved", data: await listWebhooks(db, { actor }) }),
  ),
});
