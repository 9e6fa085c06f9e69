import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { updatePaymentLinkBody } from "@/lib/links/schemas";
import { getV1PaymentLink, updateV1PaymentLink } from "@/lib/v1/payment-links";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/payment-links/:id
  GET: route(
    {
      doc: {
        operationId: "v1GetPaymentLink",
        tag: "Payment links",
        summary: "Get a payment link (v1 style)",
        description: "The link, its status and its payments so far.",
        data: "v1PaymentLink",
        errors: [404],
      },
      ...v1,
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Payment link retrieved",
      data: await getV1PaymentLink(db, params.id, { actor }),
    }),
  ),
  // PATCH /api/v1/payment-links/:id – as the v0 route; active: false pauses it
  PATCH: route(
    {
      doc: {
        operationId: "v1UpdatePaymentLink",
        tag: "Payment links",
        summary: "Update or pause a payment link (v1 style)",
        description: "As PATCH /api/payment-links/{id}; active: false pauses the link.",
        data: "v1PaymentLink",
        errors: [404],
        example: { active: false },
      },
      ...v1,
      params: idParams,
      body: updatePaymentLinkBody,
      audit: "payment_link.updated",
    },
    async ({ db, actor, params, body }) => ({
      message: "Payment link updated",
      data: await updateV1PaymentLink(db, params.id, body, { actor }),
    }),
  ),
});
