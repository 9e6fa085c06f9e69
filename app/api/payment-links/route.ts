import { methods, route } from "@/lib/http/route";
import { createPaymentLink, listPaymentLinks } from "@/lib/links/service";
import { createPaymentLinkBody, paymentLinkListQuery } from "@/lib/links/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/payment-links – a reusable link that opens a fresh checkout for each payer (extension)
  POST: route(
    {
      doc: {
        operationId: "createPaymentLink",
        tag: "Payment links",
        summary: "Create a payment link",
        description:
          "A reusable link (/l/<slug>) that opens a fresh checkout session for each payer: a fixed amount, or " +
          "one the payer chooses between minAmount and maxAmount, in USDC or an exact fiat amount. Opening the " +
          "link creates nothing; a session is made when the payer starts, with the link's id in paymentLinkId " +
          "and the payer's answers to fields in its metadata. Extension.",
        data: "paymentLink",
        status: 201,
        example: {
          title: "Tip jar",
          currency: "USDC",
          minAmount: "1.00",
          maxAmount: "100.00",
          destinationChainId: 8453,
          destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
          fields: [{ key: "name", required: false }],
          maxPayments: 100,
        },
      },
      body: createPaymentLinkBody,
      audit: "payment_link.created",
    },
    async ({ db, actor, body }) => ({
      status: 201,
      message: "Payment link created",
      data: await createPaymentLink(db, body, { actor }),
    }),
  ),
  // GET /api/payment-links – the merchant's links, newest first, with their payments
  GET: route(
    {
      doc: {
        operationId: "listPaymentLinks",
        tag: "Payment links",
        summary: "List payment links",
        description: "The merchant's links, newest first, each with its completed payments and their USDC.",
        data: "paymentLinkList",
      },
      query: paymentLinkListQuery,
    },
    async ({ db, actor, query }) => ({
      message: "Payment links retrieved",
      data: await listPaymentLinks(db, query, { actor }),
    }),
  ),
});
