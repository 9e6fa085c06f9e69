import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/schemas";
import { getActiveOrderOrThrow } from "@/lib/sessions/read";

// GET /api/checkout/sessions/:id/order – the session's active order
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ params: idParams }, async ({ db, actor, params }) => ({
    message: "Order retrieved",
    data: { order: await getActiveOrderOrThrow(db, params.id, { actor }) },
  })),
});
