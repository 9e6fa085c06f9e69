import { methods, route } from "@/lib/http/route";
import { idParams } from "@/lib/core/fields";
import { createRefundBody } from "@/lib/refunds/schemas";
import { createRefund, listRefunds } from "@/lib/refunds/service";

// POST /api/checkout/sessions/:id/refunds – gives part or all of a paid session back (extension)
// GET  /api/checkout/sessions/:id/refunds – the session's refunds, oldest first
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "createRefund",
        tag: "Refunds",
        summary: "Refund a session",
        description:
          "Gives back part or all of what the session's payments paid, less its refunds that are not cancelled or expired " +
          "(the whole of that when amountUsdc is absent). method claim (the default): the answer's claimUrl is the payer's " +
          "link, where they say where the USDC goes; the merchant's wallet then sends it, and the refund completes when the " +
          "transfer is confirmed on-chain (at once on the sandbox). method recorded: the money went back outside the service, " +
          "and the refund is completed as it is made. More than is left, or a session nobody paid, is a 400 that changes nothing.",
        data: "refund",
        status: 201,
        errors: [404, 413],
        example: { amountUsdc: "10.00", reason: "One item was out of stock" },
      },
      params: idParams,
      body: createRefundBody,
    },
    async ({ db, actor, params, body }) => ({
      status: 201,
      message: "Refund created",
      data: await createRefund(db, params.id, body, { actor }),
    }),
  ),
  GET: route(
    {
      doc: {
        operationId: "listSessionRefunds",
        tag: "Refunds",
        summary: "List a session's refunds",
        description: "Every refund of the session, oldest first, whatever its status.",
        data: "refundList",
        errors: [404],
      },
      params: idParams,
    },
    async ({ db, actor, params }) => ({ message: "Refunds retrieved", data: { refunds: await listRefunds(db, params.id, { actor }) } }),
  ),
});
