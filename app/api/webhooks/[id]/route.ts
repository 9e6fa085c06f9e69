import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { updateWebhookBody } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhookOrThrow, updateWebhook } from "@/lib/webhooks/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/webhooks/:id
  GET: route(
    {
      doc: {
        operationId: "getWebhook",
        tag: "Webhook endpoints",
        summary: "Get a webhook",
        description: "A deleted webhook stays readable, with deletedAt set.",
        data: "webhook",
        errors: [404],
      },
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Webhook retrieved",
      data: await getWebhookOrThrow(db, params.id, { actor }),
    }),
  ),
  // PATCH /api/webhooks/:id – url, events, active
  PATCH: route(
    {
      doc: {
        operationId: "updateWebhook",
        tag: "Webhook endpoints",
        summary: "Update a webhook",
        description: "Changes url, events or active. A deleted webhook answers 409.",
        data: "webhook",
        errors: [404, 409, 413],
        example: { active: false },
      },
      params: idParams,
      body: updateWebhookBody,
      audit: "webhook.updated",
    },
    async ({ db, actor, params, body }) => ({
      message: "Webhook updated",
      data: await updateWebhook(db, params.id, body, { actor }),
    }),
  ),
  // DELETE /api/webhooks/:id
  DELETE: route(
    {
      doc: {
        operationId: "deleteWebhook",
        tag: "Webhook endpoints",
        summary: "Delete a webhook",
        description: "It stops receiving at once; it and its delivery history stay readable. Deleting it again answers 409.",
        data: "none",
        errors: [404, 409],
      },
      params: idParams,
      audit: "webhook.deleted",
    },
    async ({ db, actor, params }) => {
      await deleteWebhook(db, params.id, { actor });
      return { message: "Webhook deleted", data: null };
    },
  ),
});
