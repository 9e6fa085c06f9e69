import { V1_TEST_EVENT_TYPE } from "@/lib/events/types";
import { methods, route } from "@/lib/http/route";
import { emptyBody, idParams } from "@/lib/core/fields";
import { sendTestEvent } from "@/lib/webhooks/service";
import { WEBHOOK_SEND_LIMITS } from "@/lib/limits/rate-limit";

const v1 = { generation: 1 } as const;

// POST /api/v1/webhooks/:id/test – sends WEBHOOK_TEST now; a failing endpoint is still a successful call
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "v1TestWebhook",
        tag: "Webhook endpoints (v1)",
        summary: "Send a test event",
        description:
          `Records a ${V1_TEST_EVENT_TYPE} event (order, payment and paymentBridge null) and sends it now, once, with ` +
          "the webhook's custom headers. A failing endpoint is still a successful call: see success and error.",
        data: "testResult",
        errors: [404, 413],
      },
      ...v1,
      params: idParams,
      body: emptyBody,
      rateLimit: WEBHOOK_SEND_LIMITS,
      atomic: false,
      audit: "webhook.tested",
    },
    async ({ db, actor, params }) => {
      const result = await sendTestEvent(db, params.id, { actor, ...v1 });
      return { message: result.success ? "Test event delivered" : "Test event failed", data: result };
    },
  ),
});
