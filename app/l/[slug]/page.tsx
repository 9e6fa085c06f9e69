import crypto from "node:crypto";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";

import { BrandMark } from "@/components/checkout/brand-mark";
import { sandboxWords } from "@/components/checkout/chrome";
import { LanguageSelect } from "@/components/checkout/language-switch";
import { ThemeRoot } from "@/components/checkout/theme-root";
import { LinkStartForm } from "@/components/links/link-start-form";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { clientIp } from "@/lib/http/route";
import { SERVICE_NAME } from "@/lib/brand";
import { DEFAULT_LOCALE, messagesFor, translator } from "@/lib/i18n";
import { formatDecimal } from "@/lib/i18n/format";
import { payerLocale } from "@/lib/i18n/payer";
import { linkAmountText, publicLink, visitorCookie, visitorSession } from "@/lib/links/service";
import { hitRateLimits, RATE_RULES } from "@/lib/limits/rate-limit";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

// A payment link's page (/l/<slug>): what is paid for and to whom, the amount (fixed, or the payer's
// within bounds) and the fields the merchant asks for. Showing it creates nothing: the session is
// made when the payer presses the button (actions/payment-link.ts), so link previews and bots cost nothing.

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await publicLink(await getDb(), (await params).slug);
  const t = await translator(await payerLocale(), "Link");
  return {
    title: found ? t("title", { merchant: found.merchant.displayName, title: found.link.title }) : t("untitled"),
    robots: { index: false, follow: false },
  };
}

export default async function PaymentLinkPage({ params }: Props) {
  const { slug } = await params;
  const db = await getDb();
  const locale = await payerLocale();
  const [t, ended, words] = await Promise.all([translator(locale, "Link"), translator(locale, "Ended"), translator(locale, "Checkout")]);
  const limited = await hitRateLimits(db, RATE_RULES.linkOpenIp, { ip: clientIp(await headers()) });
  if (limited && !limited.allowed) {
    return (
      <Frame>
        <h1 className="text-xl font-semibold">{ended("tooManyHeading")}</h1>
        <p role="alert" className={`mt-2 ${ui.muted}`}>
          {ended("tooManyLinks", { seconds: limited.resetSeconds })}
        </p>
      </Frame>
    );
  }
  const found = await publicLink(db, slug);
  if (!found) notFound();
  const { link, merchant, status, busy } = found;
  // a payment this browser started on the link and may come back to
  const own = await visitorSession(db, link.id, (await cookies()).get(visitorCookie(slug))?.value);
  const currency = link.checkoutMode === "exact-fiat" ? link.fiatCurrency! : "USDC";
  // amounts as the payer's language writes them, then the currency's code
  // (English as the page has always written them: "1250.00")
  const amount = (minor: bigint) =>
    locale === DEFAULT_LOCALE ? linkAmountText(minor, currency) : formatDecimal(locale, linkAmountText(minor, currency));
  const range = link.amountMinor === null ? { min: amount(link.minAmountMinor!), max: amount(link.maxAmountMinor!) } : null;
  const price = range ? t("anyAmount", { ...range, currency }) : `${amount(link.amountMinor!)} ${currency}`;
  const closed = { PAUSED: t("paused"), EXPIRED: t("ended"), LIMIT_REACHED: t("limitReached") };
  return (
    <ThemeRoot theme={merchant.theme} className="min-h-screen">
      <Frame>
        {merchant.sandbox && <SandboxBanner className="mb-4" words={sandboxWords(words)} />}
        <p className={`text-sm font-medium ${ui.muted}`}>{merchant.displayName}</p>
        <h1 className="mt-1 text-2xl font-bold">{link.title}</h1>
        {link.description && <p className={`mt-2 whitespace-pre-line ${ui.muted}`}>{link.description}</p>}
        <p className="mt-4 text-lg font-semibold" data-testid="link-price">
          {price}
        </p>
        {own && (
          <p role="status" className="mt-6 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sky-950 dark:bg-sky-950 dark:text-sky-100">
            {own.inFlight ? t("inProgress") : t("started")}{" "}
            <a href={own.checkoutUrl} className="font-semibold underline">
              {t("continue")}
            </a>
          </p>
        )}
        {status !== "ACTIVE" ? (
          <p role="status" className="mt-6 rounded-lg border border-slate-300 bg-slate-50 p-3 dark:border-slate-600 dark:bg-slate-800">
            {closed[status]}
          </p>
        ) : busy ? (
          // a visitor holding one of the places continues it (above); anyone else waits for one
          !own && (
            <p
              role="status"
              className="mt-6 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              {t("busy")}
            </p>
          )
        ) : (
          <NextIntlClientProvider locale={locale} messages={{ Link: (await messagesFor(locale)).Link }} timeZone="UTC">
            <LinkStartForm
              slug={link.slug}
              attempt={crypto.randomBytes(16).toString("base64url")}
              fields={link.fields}
              currency={currency}
              range={range}
            />
          </NextIntlClientProvider>
        )}
        <p className={`mt-6 text-center text-sm ${ui.muted}`}>{words("neverShare")}</p>
        <BrandMark hidden={merchant.disableBranding} label={words("secureBy", { service: SERVICE_NAME })} />
        <LanguageSelect locale={locale} label={words("language")} />
      </Frame>
    </ThemeRoot>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className={ui.card}>{children}</div>
    </main>
  );
}
