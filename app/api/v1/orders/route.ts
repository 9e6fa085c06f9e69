import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createOrder, priceOrder } from "@/lib/v1/orders";
import { createOrderBody } from "@/lib/sessions/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/orders – an order for an amount in USDC or in fiat, with the payer's order token (shown once)
  POST: route(
    {
      doc: {
        operationId: "v1CreateOrder",
        tag: "Orders (v1)",
        summary: "Create an order",
        description:
          "Either requestedUsdcAmount, or requestedFiatAmount with requestedFiatCurrency (the payer pays " +
          "exactly that; the merchant receives what the quote's rate gives). destinationAddress defaults to the " +
          "merchant's evmWalletAddress, destinationChainId to the first supported chain, destinationToken " +
          "(\"USDC\" or an address) to that chain's USDC. The answer holds the order token, the payer's " +
          "credential, in this response only, and the payer's link.",
        data: "v1CreatedOrder",
        status: 201,
        errors: [413],
        example: { requestedUsdcAmount: "50.00", destinationAddress: "0x1111111111111111111111111111111111111111", successUrl: null },
      },
      generation: 1,
      rateLimit: RATE_RULES.createSession,
      body: createOrderBody,
      // a fiat amount is checked against today's rates before any transaction
      prepare: ({ db, actor, body }) => priceOrder(db, body, { actor }),
    },
    async ({ db, actor, body, prepared }) => ({
      status: 201,
      message: "Order created",
      data: await createOrder(db, body, { actor }, prepared),
    }),
  ),
});
