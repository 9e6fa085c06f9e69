import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/schemas";
import { cancelSession } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/cancel – ends the session unless a payment was reported (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ params: idParams, body: emptyBody }, async ({ db, actor, params }) => ({
    message: "Session cancelled",
    data: await cancelSession(db, params.id, { actor }),
  })),
});
