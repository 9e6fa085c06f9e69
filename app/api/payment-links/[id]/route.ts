import { methods, route } from "@/lib/http/route";
import { getPaymentLink, updatePaymentLink } from "@/lib/links/service";
import { idParams } from "@/lib/core/fields";
import { updatePaymentLinkBody } from "@/lib/links/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/payment-links/:id
  GET: route(
    {
      doc: {
        operationId: "getPaymentLink",
        tag: "Payment links",
        summary: "Get a payment link",
        description: "The link, its status and its payments so far.",
        data: "paymentLink",
        errors: [404],
      },
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Payment link retrieved",
      data: await getPaymentLink(db, params.id, { actor }),
    }),
  ),
  // PATCH /api/payment-links/:id – title, description, URLs, fields, limits; active: false pauses it
  PATCH: route(
    {
      doc: {
        operationId: "updatePaymentLink",
        tag: "Payment links",
        summary: "Update or pause a payment link",
        description:
          "Title, description, URLs, fields, maxPayments and endsAt; active: false pauses it (its page says so, " +
          "and a page opened before cannot start a payment), true resumes it. Its currency and amounts stay: " +
          "make another link for another price.",
        data: "paymentLink",
        errors: [404],
        example: { active: false },
      },
      params: idParams,
      body: updatePaymentLinkBody,
      audit: "payment_link.updated",
    },
    async ({ db, actor, params, body }) => ({
      message: "Payment link updated",
      data: await updatePaymentLink(db, params.id, body, { actor }),
    }),
  ),
});
