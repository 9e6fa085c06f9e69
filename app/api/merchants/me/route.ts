import { methods, route } from "@/lib/http/route";
import { getMerchantOrThrow } from "@/lib/merchants/service";

// GET /api/merchants/me – the merchant that owns the API key
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getCurrentMerchant",
        tag: "Merchants",
        summary: "The merchant of the API key",
        description: "The merchant that owns the API key.",
        data: "merchant",
      },
    },
    async ({ db, actor }) => ({
      message: "Merchant retrieved",
      data: await getMerchantOrThrow(db, actor.merchantId, { actor }),
    }),
  ),
});
