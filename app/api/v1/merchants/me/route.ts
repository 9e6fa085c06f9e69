import { methods, route } from "@/lib/http/route";
import { getMerchantProfile } from "@/lib/v1/orders";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/v1/merchants/me – the key's merchant, with its checkout configuration
  GET: route(
    {
      doc: {
        operationId: "v1GetMerchant",
        tag: "Orders (v1)",
        summary: "The key's merchant",
        description:
          "The merchant profile with its checkout configuration. apiKey is the display prefix of the key that asked, never the key.",
        data: "v1MerchantProfile",
      },
      generation: 1,
    },
    async ({ db, actor }) => ({
      message: "Merchant retrieved",
      data: await getMerchantProfile(db, { actor }),
    }),
  ),
});
