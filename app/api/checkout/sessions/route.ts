import { methods, route } from "@/lib/http/route";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createSessionBody, sessionListQuery } from "@/lib/schemas";
import { createSession } from "@/lib/sessions/create";
import { listSessions } from "@/lib/sessions/read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /api/checkout/sessions – a session for an amount in USDC, and the payer's checkout URL
  POST: route({ rateLimit: RATE_RULES.createSession, body: createSessionBody }, async ({ db, actor, body }) => ({
    status: 201,
    message: "Checkout session created",
    data: await createSession(db, body, { actor }),
  })),
  // GET /api/checkout/sessions – the merchant's sessions, newest first (extension)
  GET: route({ query: sessionListQuery }, async ({ db, actor, query }) => ({
    message: "Sessions retrieved",
    data: await listSessions(db, query, { actor }),
  })),
});
