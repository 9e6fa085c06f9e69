import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PageNotice } from "@/components/checkout/page-notice";
import { RefundClaimForm } from "@/components/checkout/refund-claim-form";
import { ADDRESS } from "@/components/checkout/refund-words";
import { LanguageSelect } from "@/components/checkout/language-switch";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { chainName } from "@/lib/chains";
import { translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { clientIp } from "@/lib/http/route";
import { hitRateLimits, RATE_RULES } from "@/lib/limits/rate-limit";
import { claimPage } from "@/lib/refunds/service";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await translator(await payerLocale(), "Refund"))("title"), robots: { index: false, follow: false } };
}

type Props = { params: Promise<{ token: string }> };

// A refund's claim page (lib/refunds): the link the merchant sends the payer. It shows the shop, the
// amount and why, in the payer's language, and asks for the address on the session's chain where the
// USDC should go; the address can change until the shop has sent. Counted with the link pages' limit
// per address, so that links cannot be tried at speed; a link this service did not sign is a 404.
export default async function RefundClaimPage({ params }: Props) {
  const db = await getDb();
  const locale = await payerLocale();
  const [t, ended, checkout] = await Promise.all([
    translator(locale, "Refund"),
    translator(locale, "Ended"),
    translator(locale, "Checkout"),
  ]);
  const limited = await hitRateLimits(db, RATE_RULES.linkOpenIp, { ip: clientIp(await headers()) });
  if (limited && !limited.allowed) {
    return (
      <PageNotice alert title={ended("tooManyHeading")}>
        {ended("tooManyCheckouts", { seconds: limited.resetSeconds })}
      </PageNotice>
    );
  }
  const { token } = await params;
  const page = await claimPage(db, token);
  if (!page) notFound();
  const chain = chainName(page.chainId);
  const date = new Intl.DateTimeFormat(locale === "en-XA" ? "en" : locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(page.expiresAt),
  );
  const open = page.status === "AWAITING_CLAIM" || (page.status === "AWAITING_TRANSFER" && !page.sent);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-lg">{t("from", { shop: page.shop, amount: page.amountUsdc })}</p>
        {page.reason && <p className={`mt-2 ${ui.muted}`}>{t("reason", { reason: page.reason })}</p>}
        {page.status === "COMPLETED" && (
          <p
            role="status"
            className="mt-4 break-words rounded-lg border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
          >
            {t("completed", { amount: page.amountUsdc, address: page.payoutAddress ?? "" })}
            {page.txHash && (
              <span className="mt-1 block font-mono text-xs">
                {t("transaction")}: {page.txHash}
              </span>
            )}
          </p>
        )}
        {page.status === "CANCELLED" && (
          <p role="status" className={`mt-4 ${ui.error}`}>
            {t("cancelled")}
          </p>
        )}
        {page.status === "EXPIRED" && (
          <p role="status" className={`mt-4 ${ui.error}`}>
            {t("expired")}
          </p>
        )}
        {page.status === "AWAITING_TRANSFER" && page.sent && (
          <p role="status" className="mt-4 break-words">
            {t("claimed", { shop: page.shop, amount: page.amountUsdc, address: page.payoutAddress ?? "", chain })} {t("sent")}
          </p>
        )}
        {open && (
          <RefundClaimForm
            token={token}
            claimed={page.status === "AWAITING_TRANSFER" ? page.payoutAddress : null}
            words={{
              ask: t("ask", { chain }),
              label: t("addressLabel", { chain }),
              hint: t("addressHint"),
              submit: t("submit"),
              change: t("change"),
              saving: t("saving"),
              claimed: t("claimed", { shop: page.shop, amount: page.amountUsdc, address: ADDRESS, chain }),
              changeUntil: t("changeUntil"),
              expires: page.status === "AWAITING_CLAIM" ? t("expires", { date }) : null,
              completed: t("completed", { amount: page.amountUsdc, address: ADDRESS }),
            }}
          />
        )}
      </div>
      <LanguageSelect locale={locale} label={checkout("language")} />
    </main>
  );
}
