import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { fulfillOrder } from "@/lib/orders/service";
import { fulfillBody } from "@/lib/schemas";

// POST /api/orders/fulfill – verifies the payment proof and releases the USDC
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ rateLimit: RATE_RULES.fulfill, body: fulfillBody }, async ({ db, actor, body }) => ({
    message: "Order fulfilled",
    data: await fulfillOrder(db, body, { actor }),
  })),
});
