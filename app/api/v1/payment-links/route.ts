import { methods, route } from "@/lib/http/route";
import { createV1PaymentLinkBody, paymentLinkListQuery } from "@/lib/links/schemas";
import { createV1PaymentLink, listV1PaymentLinks } from "@/lib/v1/payment-links";

const v1 = { generation: 1 } as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/payment-links – a payment link, its destination defaulting as a v1 order's does (extension)
  POST: route(
    {
      doc: {
        operationId: "v1CreatePaymentLink",
        tag: "Payment links",
        summary: "Create a payment link (v1 style)",
        description:
          "As POST /api/payment-links, with the destination as v1 orders name it: destinationAddress (default: " +
          "the merchant's evmWalletAddress), destinationChainId (default: the first supported chain) and " +
          "destinationToken (default: its USDC). Extension.",
        data: "v1PaymentLink",
        status: 201,
        example: { title: "Invoice 1042", amount: "120.00", maxPayments: 1 },
      },
      ...v1,
      body: createV1PaymentLinkBody,
      audit: "payment_link.created",
    },
    async ({ db, actor, body }) => ({
      status: 201,
      message: "Payment link created",
      data: await createV1PaymentLink(db, body, { actor }),
    }),
  ),
  // GET /api/v1/payment-links – the merchant's links, newest first
  GET: route(
    {
      doc: {
        operationId: "v1ListPaymentLinks",
        tag: "Payment links",
        summary: "List payment links (v1 style)",
        description: "The merchant's links, newest first, each with its completed payments and their USDC.",
        data: "v1PaymentLinkList",
      },
      ...v1,
      query: paymentLinkListQuery,
    },
    async ({ db, actor, query }) => ({
      message: "Payment links retrieved",
      data: await listV1PaymentLinks(db, query, { actor }),
    }),
  ),
});
