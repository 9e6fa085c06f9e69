import { methods, route } from "@/lib/http/route";
import { deliveryListQuery } from "@/lib/webhooks/schemas";
import { idParams } from "@/lib/core/fields";
import { listDeliveries } from "@/lib/webhooks/service";

const v1 = { generation: 1 } as const;

// GET /api/v1/webhooks/:id/deliveries – newest first; ?status, ?eventType, ?limit, ?cursor
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "v1ListDeliveries",
        tag: "Webhook endpoints (v1)",
        summary: "List a v1 webhook's deliveries",
        description: "Newest first, keyset-paginated; filter by status or eventType.",
        data: "v1DeliveryList",
        errors: [404],
      },
      ...v1,
      params: idParams,
      query: deliveryListQuery,
    },
    async ({ db, actor, params, query }) => ({
      message: "Deliveries retrieved",
      data: await listDeliveries(db, params.id, query, { actor, ...v1 }),
    }),
  ),
});
