import { methods, route } from "@/lib/http/route";
import { getMerchantProfile } from "@/lib/v1/orders";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/merchants/me – the key's merchant, with its checkout configuration
  GET: route({ generation: 1 }, async ({ db, actor }) => ({
    message: "Merchant retrieved",
    data: await getMerchantProfile(db, { actor }),
  })),
});
