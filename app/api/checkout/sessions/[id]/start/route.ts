import { methods, route } from "@/lib/http/route";
import { idParams, startSessionBody } from "@/lib/schemas";
import { startSession } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/start – the payer picks a platform; creates the order
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ params: idParams, body: startSessionBody }, async ({ db, actor, params, body }) => ({
    message: "Checkout started",
    data: await startSession(db, params.id, body, { actor }),
  })),
});
