import { methods, route } from "@/lib/http/route";
import { deliveryListQuery } from "@/lib/webhooks/schemas";
import { idParams } from "@/lib/core/fields";
import { listDeliveries } from "@/lib/webhooks/service";

// GET /api/webhooks/:id/deliveries – newest first; ?status, ?eventType, ?limit, ?cursor
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "listDeliveries",
        tag: "Webhook endpoints",
        summary: "List a webhook's deliveries",
        description: "Newest first, keyset-paginated; filter by status or eventType.",
        data: "deliveryList",
        errors: [404],
      },
      params: idParams,
      query: deliveryListQuery,
    },
    async ({ db, actor, params, query }) => ({
      message: "Deliveries retrieved",
      data: await listDeliveries(db, params.id, query, { actor }),
    }),
  ),
});
