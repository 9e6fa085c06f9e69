import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { selectPlatformBody } from "@/lib/sessions/schemas";
import { selectPlatform } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/select-platform – saves the platform and currency before start
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "selectPaymentPlatform",
        tag: "Checkout sessions",
        summary: "Choose the platform and currency",
        description: "Saves the payment platform and fiat currency before checkout starts.",
        data: "sessionOnly",
        errors: [404, 413],
        example: { paymentPlatform: "venmo", fiatCurrency: "USD" },
      },
      params: idParams,
      body: selectPlatformBody,
    },
    async ({ db, actor, params, body }) => ({
      message: "Payment platform selected",
      data: await selectPlatform(db, params.id, body, { actor }),
    }),
  ),
});
