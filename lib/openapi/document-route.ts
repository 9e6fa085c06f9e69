import { type Handler, methods, route } from "@/lib/http/route";

// GET /api/openapi.json – the API's OpenAPI 3.1 document, generated from the zod schemas (public).
// The document is built from every route module (app/api/route-modules.ts), this one included, so
// the route is made here, given how to build the document: the route file serves it, and the index
// of route modules describes it, without either importing the other.

/** The methods of the document's route, serving what `document` builds. */
export function documentRoute(document: () => unknown): Record<string, Handler> {
  return methods({
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
        data: document(),
        headers: { "cache-control": "public, max-age=300" },
      }),
    ),
  });
}
