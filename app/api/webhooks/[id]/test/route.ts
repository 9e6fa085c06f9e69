import { TEST_EVENT_TYPE } from "@/lib/events/types";
import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { sendTestEvent } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

// POST /api/webhooks/:id/test – sends webhook.test now; a failing endpoint is still a successful call
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "testWebhook",
        tag: "Webhook endpoints",
        summary: "Send a test event",
        description: `Records a ${TEST_EVENT_TYPE} event and sends it now, once. A failing endpoint is still a successful call: see success and error.`,
        data: "testResult",
        errors: [404, 413],
      },
      params: idParams,
      body: emptyBody,
      rateLimit: WEBHOOK_SEND_LIMITS,
      atomic: false,
      audit: "webhook.tested",
    },
    async ({ db, actor, params }) => {
      const result = await sendTestEvent(db, params.id, { actor });
      return { message: result.success ? "Test event delivered" : "Test event failed", data: result };
    },
  ),
});
