import { readiness } from "@/lib/http/health";
import { methods, route } from "@/lib/http/route";

// GET /api/health/ready – 200 while this instance can serve: its database answers and it is not
// draining (scripts/server.mjs answers 503 from the start of a shutdown); the proxy's health check
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getReadiness",
        tag: "Service",
        summary: "Readiness",
        description:
          "200 while this instance can serve: its database answered a statement within 2 s and it is not " +
          "shutting down. 503 otherwise: a load balancer sends it no requests until it is ready again. No API " +
          "key.",
        data: "health",
        errors: [503],
      },
      auth: "public",
    },
    async ({ db }) => ({ message: "OK", data: await readiness(db) }),
  ),
});
