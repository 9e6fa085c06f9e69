import { z } from "zod";
import { listQuery } from "@/lib/pagination";
import { EVENT_TYPES } from "./types";

// Request schemas of the event routes (GET /api/events, GET /api/events/feed).

export const eventListQuery = z.object({
  ...listQuery,
  type: z.enum(EVENT_TYPES, { error: "must be an event name" }).optional(),
  sessionId: z.string().max(100).optional(),
});

const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

/** GET /api/events/feed: after a cursor it returned ("now": from the present; none: from the beginning). */
export const eventFeedQuery = z.object({
  after: z.string().min(1).max(200).optional(),
  limit: whole(1, 100).default(100),
  waitMs: whole(0, 25_000).default(0),
});
