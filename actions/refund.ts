"use server";

import { z } from "zod";
import { action, type Refusal } from "@/lib/http/action";
import { DEFAULT_LOCALE, translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { PAYER_LIMITS } from "@/lib/limits/rate-limit";
import { claimByLink } from "@/lib/refunds/claim";

// The payer's claim of a refund, from its claim page (app/refund/[token]): the link's signed token is
// its whole authority. Limited per address as the checkout's actions are; a refusal is worded in the
// payer's language (English keeps the service's own words, which name what was wrong).

async function reword(refusal: Refusal): Promise<string> {
  const locale = await payerLocale();
  if (locale === DEFAULT_LOCALE) return refusal.message;
  const [t, e] = await Promise.all([translator(locale, "Refund"), translator(locale, "Errors")]);
  if (refusal.code === "RATE_LIMITED") return e("tooMany", { seconds: refusal.retryAfter ?? 60 });
  if (refusal.code === "VALIDATION_FAILED") return t("badAddress");
  if (refusal.code === "CONFLICT") return t("sent");
  return t("failed");
}

export const claimRefundAction = action(
  {
    name: "refund.claim",
    input: z.object({ token: z.string().min(1).max(200), address: z.string().max(200) }),
    actor: "public",
    rateLimit: PAYER_LIMITS.action.filter((r) => r.by === "ip"),
    reword,
  },
  async ({ db, input }) => {
    const row = await claimByLink(db, input.token, input.address);
    return { ok: true as const, status: row.status, address: row.payoutAddress! };
  },
);
