import { methods, route } from "@/lib/http/route";
import { createV1WebhookBody } from "@/lib/schemas-v1";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/webhooks – a v1 webhook (v1 events, custom headers); the signing secret is in this response only
  POST: route({ ...v1, body: createV1WebhookBody, audit: "webhook.created" }, async ({ db, actor, body }) => ({
    status: 201,
    message: "Webhook created",
    data: await createWebhook(db, body, { actor, ...v1 }),
  })),
  // GET /api/v1/webhooks – the merchant's v1 webhooks
  GET: route({ ...v1 }, async ({ db, actor }) => ({ message: "Webhooks retrieved", data: await listWebhooks(db, { actor, ...v1 }) })),
});
