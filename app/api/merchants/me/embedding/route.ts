import { methods, route } from "@/lib/http/route";
import { getFrameAncestors, setFrameAncestors } from "@/lib/embed/framing";
import { embeddingBody } from "@/lib/embed/framing";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/merchants/me/embedding – the origins allowed to frame the merchant's checkout (extension)
  GET: route({}, async ({ db, actor }) => ({
    message: "Embedding settings retrieved",
    data: { frameAncestors: await getFrameAncestors(db, { actor }) },
  })),
  // PATCH /api/merchants/me/embedding – replaces them; answers the list as stored (normalised, without duplicates)
  PATCH: route({ body: embeddingBody, audit: "embedding.updated" }, async ({ db, actor, body }) => ({
    message: "Embedding settings updated",
    data: { frameAncestors: await setFrameAncestors(db, body.frameAncestors, { actor }) },
  })),
});
