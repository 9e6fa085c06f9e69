import { methods, route } from "@/lib/http/route";
import { listPayments } from "@/lib/v1/orders";
import { orderParams, orderQuery } from "@/lib/sessions/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/orders/:id/payments – the order's payments (its attempts), oldest first
  GET: route(
    {
      doc: {
        operationId: "v1ListOrderPayments",
        tag: "Orders (v1)",
        summary: "List an order's payments",
        description: "Every payment (attempt) of the order, oldest first: settled parts of a partly paid order, and ended attempts.",
        data: "v1PaymentList",
        errors: [401, 403, 404],
      },
      generation: 1,
      auth: "merchantOrPayer",
      session: ({ params }) => String(params.id ?? ""),
      params: orderParams,
      query: orderQuery,
    },
    async ({ db, actor, params }) => ({ message: "Payments retrieved", data: await listPayments(db, params.id, { actor }) }),
  ),
});
