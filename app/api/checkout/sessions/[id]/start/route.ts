import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { startSessionBody } from "@/lib/sessions/schemas";
import { priceStart, startSession } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/start – the payer picks a platform; creates the order
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "startCheckout",
        tag: "Checkout sessions",
        summary: "Start checkout",
        description:
          "Creates the order on the chosen platform (or the one saved with select-platform) and returns its " +
          "quote. 409 while the session has a live order. exact-fiat: 409 FEE_THRESHOLD_EXCEEDED when no " +
          "platform's spread over the mid rate is within the session's maxFeePercentage, or the chosen " +
          "platform's is not (details.offeredPlatforms lists those that are).",
        data: "started",
        errors: [404, 413],
        example: { paymentPlatform: "revolut", fiatCurrency: "EUR" },
      },
      params: idParams,
      body: startSessionBody,
      // the rail's quote is asked before any transaction
      prepare: ({ db, actor, params, body }) => priceStart(db, params.id, body, { actor }),
    },
    async ({ db, actor, params, body, prepared }) => ({
      message: "Checkout started",
      data: await startSession(db, params.id, body, { actor }, {}, prepared),
    }),
  ),
});
