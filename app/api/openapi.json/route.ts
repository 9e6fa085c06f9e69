import { methods, route } from "@/lib/http/route";
import { openApiDocument } from "../route-modules";

// GET /api/openapi.json – the API's OpenAPI 3.1 document, generated from the zod schemas (public)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getOpenApiDocument",
        tag: "Service",
        summary: "This document",
        description:
          "The OpenAPI 3.1 document of this API, generated from the zod schemas the service validates with. No " +
          "API key. Unlike every other route it answers the document itself, not the envelope.",
        data: "none",
      },
      auth: "public",
      answer: "plain",
    },
    async () => ({
      message: "OpenAPI document",
      data: openApiDocument(),
      headers: { "cache-control": "public, max-age=300" },
    }),
  ),
});
