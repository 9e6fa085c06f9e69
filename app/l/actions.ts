"use server";

import { action } from "@/lib/http/action";
import { startFromLink } from "@/lib/links/service";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { startPaymentLinkBody } from "@/lib/schemas";

// The payer's start on a payment link's page: a session is made here, never when the page is shown.

export const startLinkAction = action(
  {
    name: "link.start",
    input: startPaymentLinkBody,
    actor: "public",
    rateLimit: RATE_RULES.linkStartIp,
    tooMany: (seconds) => `Too many payments were started from your network. Try again in ${seconds} seconds.`,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input, ip }) => ({ ok: true as const, data: await startFromLink(db, input, { ip }) }),
);
