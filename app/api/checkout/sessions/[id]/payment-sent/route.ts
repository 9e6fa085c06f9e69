import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { markPaymentSent } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/payment-sent – the payer has sent the fiat payment
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "markPaymentSent",
        tag: "Checkout sessions",
        summary: "Report the fiat payment as sent",
        description: "The payer has sent the fiat payment. Repeating it answers the order as it is.",
        data: "orderOnly",
        errors: [404, 413],
      },
      params: idParams,
      body: emptyBody,
    },
    async ({ db, actor, params }) => ({
      message: "Payment marked as sent",
      data: await markPaymentSent(db, params.id, { actor }),
    }),
  ),
});
