import { methods, route } from "@/lib/http/route";
import { idParams, updateWebhookBody } from "@/lib/schemas";
import { deleteWebhook, getWebhookOrThrow, updateWebhook } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhooks/:id
  GET: route({ params: idParams }, async ({ db, merchant, params }) => ({
    message: "Webhook retrieved",
    data: await getWebhookOrThrow(db, params.id, merchant),
  })),
  // PATCH /api/webhooks/:id – url, events, active
  PATCH: route({ params: idParams, body: updateWebhookBody }, async ({ db, merchant, params, body }) => ({
    message: "Webhook updated",
    data: await updateWebhook(db, params.id, body, merchant),
  })),
  // DELETE /api/webhooks/:id
  DELETE: route({ params: idParams }, async ({ db, merchant, params }) => {
    await deleteWebhook(db, params.id, merchant);
    return { message: "Webhook deleted", data: null };
  }),
});
