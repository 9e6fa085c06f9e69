import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/schemas";
import { sendTestEvent } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

// POST /api/webhooks/:id/test – sends webhook.test now; a failing endpoint is still a successful call
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { params: idParams, body: emptyBody, rateLimit: WEBHOOK_SEND_LIMITS, atomic: false, audit: "webhook.tested" },
    async ({ db, actor, params }) => {
      const result = await sendTestEvent(db, params.id, { actor });
      return { message: result.success ? "Test event delivered" : "Test event failed", data: result };
    },
  ),
});
