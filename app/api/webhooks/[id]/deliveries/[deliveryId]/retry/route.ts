import { methods, route } from "@/lib/http/route";
import { emptyBody } from "@/lib/core/fields";
import { webhookDeliveryParams } from "@/lib/webhooks/schemas";
import { retryDelivery } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

// POST /api/webhooks/:id/deliveries/:deliveryId/retry – sends the delivery again now (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "retryDelivery",
        tag: "Webhook endpoints",
        summary: "Send a delivery again",
        description: "Sends it again now, whatever its status; a failure then follows the retry schedule. 409 while it is being attempted.",
        data: "delivery",
        errors: [404, 413],
      },
      params: webhookDeliveryParams,
      body: emptyBody,
      rateLimit: WEBHOOK_SEND_LIMITS,
      atomic: false,
      audit: "webhook.delivery-retried",
    },
    async ({ db, actor, params }) => ({
      message: "Delivery sent again",
      data: await retryDelivery(db, params.id, params.deliveryId, { actor }),
    }),
  ),
});
