"use server";

import { cookies, headers } from "next/headers";
import { getConfig } from "@/lib/core/config";
import { action } from "@/lib/http/action";
import { startFromLink, visitorCookie } from "@/lib/links/service";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { startPaymentLinkBody } from "@/lib/links/schemas";

// The payer's start on a payment link's page: a session is made here, never when the page is shown.
// The browser keeps the session it started (a cookie of the link's page only), so a payer who comes
// back to the link gets their own session again rather than taking a second place.

export const startLinkAction = action(
  {
    name: "link.start",
    input: startPaymentLinkBody,
    actor: "public",
    rateLimit: RATE_RULES.linkStartIp,
    tooMany: (seconds) => `Too many payments were started from your network. Try again in ${seconds} seconds.`,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input, ip }) => {
    const jar = await cookies();
    const name = visitorCookie(input.slug);
    const started = await startFromLink(db, input, {
      ip,
      visitorSessionId: jar.get(name)?.value,
      acceptLanguage: (await headers()).get("accept-language"),
    });
    const config = getConfig();
    jar.set(name, started.sessionId, {
      path: `/l/${input.slug}`,
      httpOnly: true,
      sameSite: "lax",
      secure: config.checkoutUrl.startsWith("https:"),
      maxAge: Math.ceil(config.sessionTtlMs / 1000),
    });
    return { ok: true as const, data: started };
  },
);
