import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { cancelRefund } from "@/lib/refunds/service";
import { serializeV1Refund } from "@/lib/wire/refund";

// POST /api/v1/refunds/:id/cancel – cancels a refund before its money moved (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "v1CancelRefund",
        tag: "Orders (v1)",
        summary: "Cancel a refund",
        description:
          "Cancels a refund that awaits its claim or its transfer, with no transfer seen yet (409 otherwise); REFUND_CANCELLED " +
          "goes out and its amount is refundable again.",
        data: "v1Refund",
        errors: [404, 413],
      },
      generation: 1,
      params: idParams,
      body: emptyBody,
    },
    async ({ db, actor, params }) => ({
      message: "Refund cancelled",
      data: { refund: serializeV1Refund(await cancelRefund(db, params.id, { actor })) },
    }),
  ),
});
