import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { rotateWebhookSecret } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

// POST /api/webhooks/:id/rotate-secret – the new secret is in this response only (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "rotateWebhookSecret",
        tag: "Webhook endpoints",
        summary: "Rotate the signing secret",
        description: "A new secret, in this response only; the previous one keeps signing beside it for 24 hours.",
        data: "rotatedWebhook",
        errors: [404, 413],
      },
      params: idParams,
      body: emptyBody,
      rateLimit: WEBHOOK_SEND_LIMITS,
      audit: "webhook.secret-rotated",
    },
    async ({ db, actor, params }) => ({
      message: "Webhook secret rotated",
      data: await rotateWebhookSecret(db, params.id, { actor }),
    }),
  ),
});
