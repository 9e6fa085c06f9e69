import { methods, route } from "@/lib/http/route";
import { orderParams } from "@/lib/sessions/schemas";
import { createRefundBody } from "@/lib/refunds/schemas";
import { createRefund, listRefunds } from "@/lib/refunds/service";
import { serializeV1Refund } from "@/lib/wire/refund";

// POST /api/v1/orders/:id/refunds – the v0 refund of a session, for a v1 order (extension)
// GET  /api/v1/orders/:id/refunds – the order's refunds, oldest first
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "v1CreateRefund",
        tag: "Orders (v1)",
        summary: "Refund an order",
        description:
          "Gives back part or all of what the order's payments settled, less its refunds that are not cancelled or expired. " +
          "The order stays FULFILLED; its refundedUsdcAmount and refundState follow completed refunds. REFUND_PENDING goes out " +
          "now and REFUND_COMPLETED once the transfer is confirmed (at once for method recorded).",
        data: "v1Refund",
        status: 201,
        errors: [404, 413],
        example: { amountUsdc: "10.00", reason: "One item was out of stock" },
      },
      generation: 1,
      params: orderParams,
      body: createRefundBody,
    },
    async ({ db, actor, params, body }) => ({
      status: 201,
      message: "Refund created",
      data: { refund: serializeV1Refund(await createRefund(db, params.id, body, { actor })) },
    }),
  ),
  GET: route(
    {
      doc: {
        operationId: "v1ListOrderRefunds",
        tag: "Orders (v1)",
        summary: "List an order's refunds",
        description: "Every refund of the order, oldest first, whatever its status.",
        data: "v1RefundList",
        errors: [404],
      },
      generation: 1,
      params: orderParams,
    },
    async ({ db, actor, params }) => ({
      message: "Refunds retrieved",
      data: { refunds: (await listRefunds(db, params.id, { actor })).map(serializeV1Refund) },
    }),
  ),
});
