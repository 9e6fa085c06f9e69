import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/schemas";
import { updateV1WebhookBody } from "@/lib/schemas-v1";
import { deleteWebhook, getWebhookOrThrow, updateWebhook } from "@/lib/webhooks/service";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/webhooks/:id – a v0 webhook's id answers 404
  GET: route({ ...v1, params: idParams }, async ({ db, actor, params }) => ({
    message: "Webhook retrieved",
    data: await getWebhookOrThrow(db, params.id, { actor, ...v1 }),
  })),
  // PATCH /api/v1/webhooks/:id – url, events, active, customHeaders (the list given replaces the old one)
  PATCH: route({ ...v1, params: idParams, body: updateV1WebhookBody, audit: "webhook.updated" }, async ({ db, actor, params, body }) => ({
    message: "Webhook updated",
    data: await updateWebhook(db, params.id, body, { actor, ...v1 }),
  })),
  // DELETE /api/v1/webhooks/:id
  DELETE: route({ ...v1, params: idParams, audit: "webhook.deleted" }, async ({ db, actor, params }) => {
    await deleteWebhook(db, params.id, { actor, ...v1 });
    return { message: "Webhook deleted", data: null };
  }),
});
