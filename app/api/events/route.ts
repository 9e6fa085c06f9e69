import { listEvents } from "@/lib/events/service";
import { methods, route } from "@/lib/http/route";
import { eventListQuery } from "@/lib/events/schemas";

// GET /api/events – the merchant's events, newest first; ?type, ?sessionId, ?limit, ?cursor (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "listEvents",
        tag: "Events",
        summary: "List events",
        description: "The merchant's events, newest first, keyset-paginated; filter by type or sessionId.",
        data: "eventList",
      },
      query: eventListQuery,
    },
    async ({ db, actor, query }) => ({
      message: "Events retrieved",
      data: await listEvents(db, query, { actor }),
    }),
  ),
});
