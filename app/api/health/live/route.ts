import { methods, route } from "@/lib/http/route";
import { liveness } from "@/lib/http/health";

// GET /api/health/live – 200 while the process answers, whatever its database or a shutdown under
// way: a supervisor restarts a process that fails this, and must not restart one that only waits for
// its database (that is readiness, /api/health/ready). 503 once its connection pool is stuck: every
// connection held and none handed back for longer than the database's own time limits allow.
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "getLiveness",
        tag: "Service",
        summary: "Liveness",
        description:
          "200 while the process answers, whatever the state of its database or a shutdown under way; " +
          "503 once its connection pool is stuck (every connection held, requests waiting, none handed back " +
          "for longer than DB_STATEMENT_TIMEOUT and DB_IDLE_IN_TRANSACTION_TIMEOUT together). A supervisor " +
          "restarts a process that fails it. No API key.",
        data: "liveness",
        errors: [503],
      },
      auth: "public",
      database: false,
    },
    async () => ({ message: "OK", data: liveness() }),
  ),
});
