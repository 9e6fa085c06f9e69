import { methods, route } from "@/lib/http/route";
import { getFrameAncestors, setFrameAncestors } from "@/lib/embed/framing";
import { embeddingBody } from "@/lib/embed/framing";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/merchants/me/embedding – the origins allowed to frame the merchant's checkout (extension)
  GET: route(
    {
      doc: {
        operationId: "getEmbedding",
        tag: "Merchants",
        summary: "Embedding settings",
        description: "The origins allowed to frame the merchant's checkout (CSP frame-ancestors); none by default. Extension.",
        data: "embedding",
      },
    },
    async ({ db, actor }) => ({
      message: "Embedding settings retrieved",
      data: { frameAncestors: await getFrameAncestors(db, { actor }) },
    }),
  ),
  // PATCH /api/merchants/me/embedding – replaces them; answers the list as stored (normalised, without duplicates)
  PATCH: route(
    {
      doc: {
        operationId: "setEmbedding",
        tag: "Merchants",
        summary: "Set the embedding settings",
        description:
          "Replaces the origins allowed to frame the checkout (at most 10, https origins or http://localhost), " +
          "and answers them as stored: normalised, without duplicates. An empty list forbids framing. " +
          "Extension.",
        data: "embedding",
        example: { frameAncestors: ["https://shop.example"] },
      },
      body: embeddingBody,
      audit: "embedding.updated",
    },
    async ({ db, actor, body }) => ({
      message: "Embedding settings updated",
      data: { frameAncestors: await setFrameAncestors(db, body.frameAncestors, { actor }) },
    }),
  ),
});
