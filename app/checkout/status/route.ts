import { getCheckoutView } from "@/lib/checkout/service";
import { PAYER_LIMITS } from "@/lib/limits/rate-limit";
import { route } from "@/lib/http/route";

// GET /checkout/status?session=… – the payer page's live view, authorised by the session id (and a v1 order's token)
const status = route(
  {
    auth: "payer",
    session: ({ query }) => query.session ?? "",
    rateLimit: PAYER_LIMITS.status,
    tooMany: (seconds) => `Too many requests; try again in ${seconds} seconds`,
    // the page reads the view itself (components/checkout), and `error` when it fails
    answer: "plain",
    headers: { "cache-control": "no-store", "x-robots-tag": "noindex" },
  },
  async ({ db, actor }) => ({ message: "Checkout view", data: await getCheckoutView(db, actor.sessionId, actor.token) }),
);

// the route has no dynamic segment, so it is called with the request alone
export const GET = (req: Request) => status(req, { params: Promise.resolve({}) });
