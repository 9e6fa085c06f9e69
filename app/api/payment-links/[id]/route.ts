import { methods, route } from "@/lib/http/route";
import { getPaymentLink, updatePaymentLink } from "@/lib/links/service";
import { idParams, updatePaymentLinkBody } from "@/lib/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/payment-links/:id
  GET: route({ params: idParams }, async ({ db, actor, params }) => ({
    message: "Payment link retrieved",
    data: await getPaymentLink(db, params.id, { actor }),
  })),
  // PATCH /api/payment-links/:id – title, description, URLs, fields, limits; active: false pauses it
  PATCH: route({ params: idParams, body: updatePaymentLinkBody, audit: "payment_link.updated" }, async ({ db, actor, params, body }) => ({
    message: "Payment link updated",
    data: await updatePaymentLink(db, params.id, body, { actor }),
  })),
});
