import { methods, route } from "@/lib/http/route";
import { getMerchantOrThrow, updateMerchant } from "@/lib/merchants/service";
import { idParams, updateMerchantBody } from "@/lib/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/merchants/:id
  GET: route({ params: idParams }, async ({ db, actor, params }) => ({
    message: "Merchant retrieved",
    data: await getMerchantOrThrow(db, params.id, { actor }),
  })),
  // PATCH /api/merchants/:id – displayName, logoUrl and the fee setting; the name never changes
  PATCH: route({ params: idParams, body: updateMerchantBody }, async ({ db, actor, params, body }) => ({
    message: "Merchant updated",
    data: await updateMerchant(db, params.id, body, { actor }),
  })),
});
