import { methods, route } from "@/lib/http/route";
import { createPaymentLink, listPaymentLinks } from "@/lib/links/service";
import { createPaymentLinkBody, paymentLinkListQuery } from "@/lib/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/payment-links – a reusable link that opens a fresh checkout for each payer (extension)
  POST: route({ body: createPaymentLinkBody, audit: "payment_link.created" }, async ({ db, actor, body }) => ({
    status: 201,
    message: "Payment link created",
    data: await createPaymentLink(db, body, { actor }),
  })),
  // GET /api/payment-links – the merchant's links, newest first, with their payments
  GET: route({ query: paymentLinkListQuery }, async ({ db, actor, query }) => ({
    message: "Payment links retrieved",
    data: await listPaymentLinks(db, query, { actor }),
  })),
});
