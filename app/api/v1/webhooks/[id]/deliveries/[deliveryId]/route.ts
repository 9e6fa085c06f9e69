import { methods, route } from "@/lib/http/route";
import { webhookDeliveryParams } from "@/lib/webhooks/schemas";
import { getDeliveryOrThrow } from "@/lib/webhooks/service";

const v1 = { generation: 1 } as const;

// GET /api/v1/webhooks/:id/deliveries/:deliveryId – the payload sent and every attempt
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "v1GetDelivery",
        tag: "Webhook endpoints (v1)",
        summary: "Get a delivery",
        description: "The exact payload sent and every attempt, oldest first.",
        data: "v1DeliveryDetail",
        errors: [404],
      },
      ...v1,
      params: webhookDeliveryParams,
    },
    async ({ db, actor, params }) => ({
      message: "Delivery retrieved",
      data: await getDeliveryOrThrow(db, params.id, params.deliveryId, { actor, ...v1 }),
    }),
  ),
});
