import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { idParams } from "@/lib/core/fields";
import { getSessionOrThrow } from "@/lib/sessions/read";

// GET /api/checkout/sessions/:id – the session fields directly, with merchant and activeOrder
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getCheckoutSession",
        tag: "Checkout sessions",
        summary: "Get a session",
        description:
          "The session's fields directly, with its merchant and its active order (with the order's quote). A " +
          "due session is expired first.",
        data: "sessionDetail",
        errors: [404],
      },
      rateLimit: RATE_RULES.getSession,
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Session retrieved",
      data: await getSessionOrThrow(db, params.id, { actor }),
    }),
  ),
});
