import { openApiDocument } from "@/app/api/route-modules";

// Prints the API's OpenAPI 3.1 document: node --import tsx scripts/openapi.ts > openapi.json
process.stdout.write(JSON.stringify(openApiDocument(), null, 2) + "\n");
