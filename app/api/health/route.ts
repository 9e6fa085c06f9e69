import { readiness } from "@/lib/http/health";
import { methods, route } from "@/lib/http/route";

// GET /api/health – readiness, as /api/health/ready (kept for the deployments and monitors that use it)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getHealth",
        tag: "Service",
        summary: "Health check (readiness)",
        description: "The same answer as GET /api/health/ready, kept for the monitors that use this path. No API key.",
        data: "health",
        errors: [503],
      },
      auth: "public",
    },
    async ({ db }) => ({ message: "OK", data: await readiness(db) }),
  ),
});
