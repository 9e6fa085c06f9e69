import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { getRefund } from "@/lib/refunds/service";

// GET /api/refunds/:id – one refund (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getRefund",
        tag: "Refunds",
        summary: "Get a refund",
        description: "The refund's fields directly: its status, the payer's claimed address and the transfer that completed it.",
        data: "refund",
        errors: [404],
      },
      params: idParams,
    },
    async ({ db, actor, params }) => ({ message: "Refund retrieved", data: await getRefund(db, params.id, { actor }) }),
  ),
});
