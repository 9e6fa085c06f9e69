import { methods, route } from "@/lib/http/route";
import { emptyBody } from "@/lib/core/fields";
import { cancelOrder } from "@/lib/v1/orders";
import { orderParams } from "@/lib/sessions/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/orders/:id/cancel – the merchant cancels an order that no payment has settled in full
  POST: route(
    {
      doc: {
        operationId: "v1CancelOrder",
        tag: "Orders (v1)",
        summary: "Cancel an order",
        description:
          "Cancels an order whose payment is not on its way (409 once the payer has said the fiat is sent). " +
          "Payments already settled on a partly paid order stay settled. Cancelling again answers the cancelled " +
          "order.",
        data: "v1CancelledOrder",
        errors: [404],
      },
      generation: 1,
      params: orderParams,
      body: emptyBody,
    },
    async ({ db, actor, params }) => ({
      message: "Order cancelled",
      data: await cancelOrder(db, params.id, { actor }),
    }),
  ),
});
