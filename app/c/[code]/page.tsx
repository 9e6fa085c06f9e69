import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";

import { PageNotice } from "@/components/checkout/page-notice";
import { getDb } from "@/db/client";
import { resolveHandoff } from "@/lib/checkout/handoff";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { clientIp } from "@/lib/http/route";
import { hitRateLimits, RATE_RULES } from "@/lib/limits/rate-limit";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Checkout", robots: { index: false, follow: false } };

type Props = { params: Promise<{ code: string }> };

// A hand-off's short link (/c/<code>, lib/checkout/handoff.ts): typed or scanned on a computer, it
// leads to the checkout the payer opened on their phone while that checkout is open. Counted with the
// link pages' limit per address, so that codes cannot be tried at speed.
export default async function HandoffPage({ params }: Props) {
  const db = await getDb();
  const locale = await payerLocale();
  const [t, h] = await Promise.all([translator(locale, "Ended"), translator(locale, "Handoff")]);
  const limited = await hitRateLimits(db, RATE_RULES.linkOpenIp, { ip: clientIp(await headers()) });
  if (limited && !limited.allowed) {
    return (
      <PageNotice alert title={t("tooManyHeading")}>
        {t("tooManyCheckouts", { seconds: limited.resetSeconds })}
      </PageNotice>
    );
  }
  const found = await resolveHandoff(db, (await params).code);
  if (!found) notFound();
  if (found.open) redirect(found.url);
  return (
    <PageNotice alert title={h("endedHeading")}>
      {h("endedText")}
    </PageNotice>
  );
}
