import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { updateV1WebhookBody } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhookOrThrow, updateWebhook } from "@/lib/webhooks/service";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/webhooks/:id – a v0 webhook's id answers 404
  GET: route(
    {
      doc: {
        operationId: "v1GetWebhook",
        tag: "Webhook endpoints (v1)",
        summary: "Get a v1 webhook",
        description: "A deleted webhook stays readable, with deletedAt set. A webhook made through /api/webhooks answers 404.",
        data: "v1Webhook",
        errors: [404],
      },
      ...v1,
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Webhook retrieved",
      data: await getWebhookOrThrow(db, params.id, { actor, ...v1 }),
    }),
  ),
  // PATCH /api/v1/webhooks/:id – url, events, active, customHeaders (the list given replaces the old one)
  PATCH: route(
    {
      doc: {
        operationId: "v1UpdateWebhook",
        tag: "Webhook endpoints (v1)",
        summary: "Update a v1 webhook",
        description:
          "Changes url, events, active or customHeaders (the list given replaces the old one; [] removes them). " +
          "A deleted webhook answers 409.",
        data: "v1Webhook",
        errors: [404, 409, 413],
        example: { customHeaders: [{ key: "Authorization", value: "Bearer rotated" }] },
      },
      ...v1,
      params: idParams,
      body: updateV1WebhookBody,
      audit: "webhook.updated",
    },
    async ({ db, actor, params, body }) => ({
      message: "Webhook updated",
      data: await updateWebhook(db, params.id, body, { actor, ...v1 }),
    }),
  ),
  // DELETE /api/v1/webhooks/:id
  DELETE: route(
    {
      doc: {
        operationId: "v1DeleteWebhook",
        tag: "Webhook endpoints (v1)",
        summary: "Delete a v1 webhook",
        description: "It stops receiving at once; it and its delivery history stay readable. Deleting it again answers 409.",
        data: "none",
        errors: [404, 409],
      },
      ...v1,
      params: idParams,
      audit: "webhook.deleted",
    },
    async ({ db, actor, params }) => {
      await deleteWebhook(db, params.id, { actor, ...v1 });
      return { message: "Webhook deleted", data: null };
    },
  ),
});
