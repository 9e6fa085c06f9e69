import { eventFeed } from "@/lib/events/feed";
import { methods, route } from "@/lib/http/route";
import { eventFeedQuery } from "@/lib/events/schemas";

// GET /api/events/feed – the merchant's events oldest first after ?after (a cursor it returned, or
// "now"), ?limit, ?waitMs to long-poll (a few at once per merchant); every answer carries the cursor to resume from (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      doc: {
        operationId: "eventFeed",
        tag: "Events",
        summary: "Follow events",
        description:
          "The merchant's events, oldest first, after the cursor ?after (a cursor this feed returned; now: from " +
          "the present; absent: from the beginning), each with the body its webhook delivery carries. With " +
          "waitMs it long-polls: it answers as soon as an event arrives, or with none after waitMs. Events " +
          "appear once they are settled (about 2 seconds, and never while a transaction that may still record " +
          "an older one is open), so resuming from the cursor skips none.",
        data: "eventFeed",
      },
      query: eventFeedQuery,
    },
    async ({ db, actor, query, signal }) => ({
      message: "Events retrieved",
      data: await eventFeed(db, query, { actor, signal }),
    }),
  ),
});
