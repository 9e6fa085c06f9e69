import { methods, route } from "@/lib/http/route";
import { emptyBody } from "@/lib/schemas";
import { cancelOrder } from "@/lib/v1/orders";
import { orderParams } from "@/lib/v1/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/orders/:id/cancel – the merchant cancels an order that no payment has settled in full
  POST: route({ generation: 1, params: orderParams, body: emptyBody }, async ({ db, actor, params }) => ({
    message: "Order cancelled",
    data: await cancelOrder(db, params.id, { actor }),
  })),
});
