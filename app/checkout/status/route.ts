import { z } from "zod";
import { getCheckoutView } from "@/lib/checkout/service";
import { requestLocale } from "@/lib/i18n/payer";
import { PAYER_LIMITS } from "@/lib/limits/rate-limit";
import { route } from "@/lib/http/route";

// GET /checkout/status?session=… – the payer page's live view, authorised by the session id (and a v1 order's token).
// A poll never asks the rail for prices: the view comes without them (options: null) and the page keeps
// those it has. `prices=1` asks for them where the payer chooses: the page does so when it comes to the
// choose step from another, and when its prices are some minutes old (components/checkout/checkout.tsx).
const status = route(
  {
    auth: "payer",
    session: ({ query }) => query.session ?? "",
    rateLimit: PAYER_LIMITS.status,
    tooMany: (seconds) => `Too many requests; try again in ${seconds} seconds`,
    // the page reads the view itself (components/checkout), and `error` when it fails
    answer: "plain",
    headers: { "cache-control": "no-store", "x-robots-tag": "noindex" },
    query: z.object({ prices: z.literal("1").optional() }),
  },
  async ({ db, actor, query, req }) => ({
    message: "Checkout view",
    // in the page's language, which it names (`lang`, lib/i18n/payer.ts)
    data: await getCheckoutView(db, actor.sessionId, actor.token, { prices: query.prices === "1", locale: await requestLocale(req) }),
  }),
);

// the route has no dynamic segment, so it is called with the request alone
export const GET = (req: Request) => status(req, { params: Promise.resolve({}) });
