import { methods, route } from "@/lib/http/route";
import { emptyBody } from "@/lib/core/fields";
import { webhookDeliveryParams } from "@/lib/webhooks/schemas";
import { retryDelivery } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

const v1 = { generation: 1 } as const;

// POST /api/v1/webhooks/:id/deliveries/:deliveryId/retry – sends the delivery again now
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "v1RetryDelivery",
        tag: "Webhook endpoints (v1)",
        summary: "Send a delivery again",
        description: "Sends it again now, whatever its status; a failure then follows the retry schedule. 409 while it is being attempted.",
        data: "v1Delivery",
        errors: [404, 413],
      },
      ...v1,
      params: webhookDeliveryParams,
      body: emptyBody,
      rateLimit: WEBHOOK_SEND_LIMITS,
      atomic: false,
      audit: "webhook.delivery-retried",
    },
    async ({ db, actor, params }) => ({
      message: "Delivery sent again",
      data: await retryDelivery(db, params.id, params.deliveryId, { actor, ...v1 }),
    }),
  ),
});
