import { documentRoute } from "@/lib/openapi/document-route";
import { openApiDocument } from "../route-modules";

// GET /api/openapi.json – the API's OpenAPI 3.1 document (lib/openapi/document-route.ts)
export const { GET, POST, PUT, PATCH, DELETE } = documentRoute(openApiDocument);
