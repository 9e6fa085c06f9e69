import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/schemas";
import { rotateWebhookSecret } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

// POST /api/webhooks/:id/rotate-secret – the new secret is in this response only (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { params: idParams, body: emptyBody, rateLimit: WEBHOOK_SEND_LIMITS, audit: "webhook.secret-rotated" },
    async ({ db, actor, params }) => ({
      message: "Webhook secret rotated",
      data: await rotateWebhookSecret(db, params.id, { actor }),
    }),
  ),
});
