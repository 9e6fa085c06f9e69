import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { cancelSession } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/cancel – ends the session unless a payment was reported (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "cancelCheckoutSession",
        tag: "Checkout sessions",
        summary: "Cancel a session",
        description: "Ends the session unless a payment was reported (409 then). Cancelling a cancelled session answers it as it is.",
        data: "sessionOnly",
        errors: [404, 413],
      },
      params: idParams,
      body: emptyBody,
    },
    async ({ db, actor, params }) => ({
      message: "Session cancelled",
      data: await cancelSession(db, params.id, { actor }),
    }),
  ),
});
