import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { getRefund } from "@/lib/refunds/service";
import { serializeV1Refund } from "@/lib/wire/refund";

// GET /api/v1/refunds/:id – one refund, in v1's shape (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "v1GetRefund",
        tag: "Orders (v1)",
        summary: "Get a refund",
        description: "The refund, its status, the payer's claimed address and the transfer that completed it.",
        data: "v1Refund",
        errors: [404],
      },
      generation: 1,
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Refund retrieved",
      data: { refund: serializeV1Refund(await getRefund(db, params.id, { actor })) },
    }),
  ),
});
