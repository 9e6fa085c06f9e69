import { methods, route } from "@/lib/http/route";

// GET /api/health/live – 200 while the process answers, whatever its database or a shutdown under
// way: a supervisor restarts a process that fails this, and must not restart one that only waits for
// its database (that is readiness, /api/health/ready)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getLiveness",
        tag: "Service",
        summary: "Liveness",
        description:
          "200 while the process answers, whatever the state of its database or a shutdown under way; " +
          "a supervisor restarts a process that fails it. No API key.",
        data: "liveness",
      },
      auth: "public",
      database: false,
    },
    async () => ({ message: "OK", data: { status: "alive" as const } }),
  ),
});
