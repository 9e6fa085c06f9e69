import { methods, route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

// GET /api/openapi.json – the API's OpenAPI 3.1 document, generated from the zod schemas (public)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "public", answer: "plain" }, async () => ({
    message: "OpenAPI document",
    data: openApiDocument(),
    headers: { "cache-control": "public, max-age=300" },
  })),
});
