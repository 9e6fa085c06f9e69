import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/schemas";
import { markPaymentSent } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/payment-sent – the payer has sent the fiat payment
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ params: idParams, body: emptyBody }, async ({ db, actor, params }) => ({
    message: "Payment marked as sent",
    data: await markPaymentSent(db, params.id, { actor }),
  })),
});
