import { methods, route } from "@/lib/http/route";
import { idParams, updatePaymentLinkBody } from "@/lib/schemas";
import { getV1PaymentLink, updateV1PaymentLink } from "@/lib/v1/payment-links";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/payment-links/:id
  GET: route({ ...v1, params: idParams }, async ({ db, actor, params }) => ({
    message: "Payment link retrieved",
    data: await getV1PaymentLink(db, params.id, { actor }),
  })),
  // PATCH /api/v1/payment-links/:id – as the v0 route; active: false pauses it
  PATCH: route(
    { ...v1, params: idParams, body: updatePaymentLinkBody, audit: "payment_link.updated" },
    async ({ db, actor, params, body }) => ({
      message: "Payment link updated",
      data: await updateV1PaymentLink(db, params.id, body, { actor }),
    }),
  ),
});
