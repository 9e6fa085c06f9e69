import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createOrder } from "@/lib/v1/orders";
import { createOrderBody } from "@/lib/v1/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/v1/orders – an order for an amount in USDC or in fiat, with the payer's order token (shown once)
  POST: route({ generation: 1, rateLimit: RATE_RULES.createSession, body: createOrderBody }, async ({ db, actor, body }) => ({
    status: 201,
    message: "Order created",
    data: await createOrder(db, body, { actor }),
  })),
});
