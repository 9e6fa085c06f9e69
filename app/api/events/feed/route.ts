import { eventFeed } from "@/lib/events/feed";
import { methods, route } from "@/lib/http/route";
import { eventFeedQuery } from "@/lib/schemas";

// GET /api/events/feed – the merchant's events oldest first after ?after (a cursor it returned, or
// "now"), ?limit, ?waitMs to long-poll (a few at once per merchant); every answer carries the cursor to resume from (extension)
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ query: eventFeedQuery }, async ({ db, actor, query, signal }) => ({
    message: "Events retrieved",
    data: await eventFeed(db, query, { actor, signal }),
  })),
});
