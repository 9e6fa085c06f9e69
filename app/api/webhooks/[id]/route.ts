import { methods, route } from "@/lib/http/route";
import { idParams, updateWebhookBody } from "@/lib/schemas";
import { deleteWebhook, getWebhookOrThrow, updateWebhook } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhooks/:id
  GET: route({ params: idParams }, async ({ db, actor, params }) => ({
    message: "Webhook retrieved",
    data: await getWebhookOrThrow(db, params.id, { actor }),
  })),
  // PATCH /api/webhooks/:id – url, events, active
  PATCH: route({ params: idParams, body: updateWebhookBody, audit: "webhook.updated" }, async ({ db, actor, params, body }) => ({
    message: "Webhook updated",
    data: await updateWebhook(db, params.id, body, { actor }),
  })),
  // DELETE /api/webhooks/:id
  DELETE: route({ params: idParams, audit: "webhook.deleted" }, async ({ db, actor, params }) => {
    await deleteWebhook(db, params.id, { actor });
    return { message: "Webhook deleted", data: null };
  }),
});
