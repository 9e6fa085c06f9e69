import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { fulfillOrder } from "@/lib/orders/service";
import { fulfillBody } from "@/lib/orders/schemas";

// POST /api/orders/fulfill – verifies the payment proof and releases the USDC
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      doc: {
        operationId: "fulfillOrder",
        tag: "Orders",
        summary: "Fulfil an order with a payment proof",
        description:
          "Verifies the payment proof and releases the USDC. A refused proof answers 400 (PROOF_INVALID, " +
          "PROOF_EXPIRED, FULFILL_REVERTED) and is kept as an attempt; after 5 attempts the order answers 409. On the sandbox, " +
          'outcome "unproven", "blocked", "late", "partial" or "cancelled-paid" opens that exception (a live session answers 409).',
        data: "fulfilled",
        errors: [404, 413],
        example: {
          intentHash: "0xabababababababababababababababababababababababababababababababab",
          proof: { sandbox: true, outcome: "success" },
        },
      },
      rateLimit: RATE_RULES.fulfill,
      body: fulfillBody,
    },
    async ({ db, actor, body }) => ({
      message: "Order fulfilled",
      data: await fulfillOrder(db, body, { actor }),
    }),
  ),
});
