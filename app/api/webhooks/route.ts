import { methods, route } from "@/lib/http/route";
import { createWebhookBody } from "@/lib/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/webhooks – the signing secret is in this response only
  POST: route({ body: createWebhookBody, audit: "webhook.created" }, async ({ db, actor, body }) => ({
    status: 201,
    message: "Webhook created",
    data: await createWebhook(db, body, { actor }),
  })),
  // GET /api/webhooks
  GET: route({}, async ({ db, actor }) => ({ message: "Webhooks retrieved", data: await listWebhooks(db, { actor }) })),
});
