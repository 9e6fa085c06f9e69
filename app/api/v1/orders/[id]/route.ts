import { methods, route } from "@/lib/http/route";
import { getOrder } from "@/lib/v1/orders";
import { orderParams, orderQuery } from "@/lib/v1/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/orders/:id – with the merchant's key, or the order's token (?token= or X-Order-Token)
  GET: route(
    { generation: 1, auth: "merchantOrPayer", session: ({ params }) => String(params.id ?? ""), params: orderParams, query: orderQuery },
    async ({ db, actor, params }) => ({ message: "Order retrieved", data: await getOrder(db, params.id, { actor }) }),
  ),
});
