import { methods, route } from "@/lib/http/route";
import { listPayments } from "@/lib/v1/orders";
import { READ_ORDER, READ_ORDER_ERRORS } from "../read";

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
        errors: READ_ORDER_ERRORS,
      },
      ...READ_ORDER,
    },
    async ({ db, actor, params }) => ({ message: "Payments retrieved", data: await listPayments(db, params.id, { actor }) }),
  ),
});
