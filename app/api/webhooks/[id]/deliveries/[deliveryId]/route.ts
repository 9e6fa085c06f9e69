import { methods, route } from "@/lib/http/route";
import { webhookDeliveryParams } from "@/lib/webhooks/schemas";
import { getDeliveryOrThrow } from "@/lib/webhooks/service";

// GET /api/webhooks/:id/deliveries/:deliveryId – the payload sent and every attempt (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getDelivery",
        tag: "Webhook endpoints",
        summary: "Get a delivery",
        description: "The exact payload sent and every attempt, oldest first.",
        data: "deliveryDetail",
        errors: [404],
      },
      params: webhookDeliveryParams,
    },
    async ({ db, actor, params }) => ({
      message: "Delivery retrieved",
      data: await getDeliveryOrThrow(db, params.id, params.deliveryId, { actor }),
    }),
  ),
});
