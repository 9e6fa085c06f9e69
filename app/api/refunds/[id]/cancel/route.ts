import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { cancelRefund } from "@/lib/refunds/service";

// POST /api/refunds/:id/cancel – cancels a refund before its money moved (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "cancelRefund",
        tag: "Refunds",
        summary: "Cancel a refund",
        description:
          "Cancels a refund that awaits its claim or its transfer, with no transfer seen yet (409 otherwise); its amount is " +
          "refundable again. Cancelling a cancelled refund answers it as it is.",
        data: "refund",
        errors: [404, 413],
      },
      params: idParams,
      body: emptyBody,
    },
    async ({ db, actor, params }) => ({ message: "Refund cancelled", data: await cancelRefund(db, params.id, { actor }) }),
  ),
});
