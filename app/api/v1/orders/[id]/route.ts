import { methods, route } from "@/lib/http/route";
import { getOrder } from "@/lib/v1/orders";
import { READ_ORDER, READ_ORDER_ERRORS } from "./read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/orders/:id – with the merchant's key, or the order's token (?token= or X-Order-Token)
  GET: route(
    {
      doc: {
        operationId: "v1GetOrder",
        tag: "Orders (v1)",
        summary: "Get an order",
        description:
          "With the merchant's key (another merchant's order answers 403), or with the order's token as ?token= " +
          "or X-Order-Token (a wrong token answers 401). Unknown ids answer 404. currentPayment is the payer's " +
          "latest payment. Read with the token, order.notes and order.metadata are null: they are the " +
          "merchant's own.",
        data: "v1OrderAggregate",
        errors: READ_ORDER_ERRORS,
      },
      ...READ_ORDER,
    },
    async ({ db, actor, params }) => ({ message: "Order retrieved", data: await getOrder(db, params.id, { actor }) }),
  ),
});
