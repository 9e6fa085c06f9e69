import { methods, route } from "@/lib/http/route";
import { getMerchantOrThrow, updateMerchant } from "@/lib/merchants/service";
import { idParams } from "@/lib/core/fields";
import { updateMerchantBody } from "@/lib/merchants/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/merchants/:id
  GET: route(
    {
      doc: {
        operationId: "getMerchant",
        tag: "Merchants",
        summary: "Get a merchant",
        description: "Only the key's own merchant: another merchant's id answers 403.",
        data: "merchant",
        errors: [404],
      },
      params: idParams,
    },
    async ({ db, actor, params }) => ({
      message: "Merchant retrieved",
      data: await getMerchantOrThrow(db, params.id, { actor }),
    }),
  ),
  // PATCH /api/merchants/:id – displayName, logoUrl and the fee setting; the name never changes
  PATCH: route(
    {
      doc: {
        operationId: "updateMerchant",
        tag: "Merchants",
        summary: "Update a merchant",
        description:
          "Changes displayName, logoUrl (null removes the logo) and the fee setting; the name never changes. " +
          "These are an owner's settings: on an account people have claimed, only a key an owner created may " +
          "change them (any other answers 403 naming the fields).",
        data: "merchant",
        errors: [404, 413],
        example: { displayName: "Acme", logoUrl: null },
      },
      params: idParams,
      body: updateMerchantBody,
    },
    async ({ db, actor, params, body }) => ({
      message: "Merchant updated",
      data: await updateMerchant(db, params.id, body, { actor }),
    }),
  ),
});
