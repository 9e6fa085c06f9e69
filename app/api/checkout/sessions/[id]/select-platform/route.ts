import { methods, route } from "@/lib/http/route";
import { idParams, selectPlatformBody } from "@/lib/schemas";
import { selectPlatform } from "@/lib/sessions/transitions";

// POST /api/checkout/sessions/:id/select-platform – saves the platform and currency before start
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ params: idParams, body: selectPlatformBody }, async ({ db, actor, params, body }) => ({
    message: "Payment platform selected",
    data: await selectPlatform(db, params.id, body, { actor }),
  })),
});
