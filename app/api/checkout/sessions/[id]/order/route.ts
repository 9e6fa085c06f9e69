import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { getActiveOrderOrThrow } from "@/lib/sessions/read";

// GET /api/checkout/sessions/:id/order – the session's active order
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getActiveOrder",
        tag: "Checkout sessions",
        summary: "Get the active order",
        description: "The session's active order; 404 when it has none.",
        data: "orderOnly",
        errors: [404],
      },
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Order retrieved",
      data: { order: await getActiveOrderOrThrow(db, params.id, { actor }) },
    }),
  ),
});
