import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getDb } from "@/db/client";
import { type CheckoutView, openCheckoutPage } from "@/lib/checkout/service";
import { embedSettingsFor } from "@/lib/embed/framing";
import { orNotFound } from "@/lib/http/page";
import { clientIp } from "@/lib/http/route";
import { type Messages, messagesFor, translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { Checkout } from "./checkout";
import { checkoutChrome } from "./chrome";
import { PageNotice } from "./page-notice";
import { ThemeRoot } from "./theme-root";
import { CheckoutUnavailable } from "./unavailable";

type Param = string | string[] | undefined;

/**
 * The payer's page for a link: `/checkout?session=<id>` (v0), or `/?order=<id>&token=<token>` (v1),
 * where `method=<rail>` preselects a payment app and `embed=true` asks for embedded mode (in a frame of
 * an origin the merchant allows). Both render the same checkout.
 */
export async function CheckoutForLink({ id, token, method, embed }: { id: Param; token?: Param; method?: Param; embed?: Param }) {
  if (typeof id !== "string") notFound();
  const db = await getDb();
  const locale = await payerLocale();
  const ip = clientIp(await headers());
  const page = await orNotFound(openCheckoutPage(db, id, typeof token === "string" ? token : undefined, { ip, locale }));
  if (page.retryInSeconds !== undefined) {
    // the page's limits refused this render (lib/checkout/service.ts): it says when to try again, and asks nothing more
    const t = await translator(locale, "Ended");
    return (
      <PageNotice alert title={t("tooManyHeading")}>
        {t("tooManyViews", { seconds: page.retryInSeconds })}
      </PageNotice>
    );
  }
  const { view } = page;
  // the page's root in the merchant's theme (as the page opened) and its chrome are rendered here, so
  // their code stays on the server
  return (
    <ThemeRoot theme={view.merchant.theme} className="min-h-screen">
      {view.step === "unavailable" ? (
        <CheckoutUnavailable merchant={view.merchant} />
      ) : (
        // the payer's catalogue, what this session's steps may say of it: a sandbox session needs none of the extension's words
        <PayerMessages namespaces={view.liveProof ? STEP_NAMESPACES : STEP_NAMESPACES.filter((ns) => ns !== "Proof" && ns !== "Handoff")}>
          <Checkout
            initial={withPreselected(view, method)}
            embed={await embedSettingsFor(db, id, embed)}
            chrome={await checkoutChrome(view)}
          />
        </PayerMessages>
      )}
    </ThemeRoot>
  );
}

/** The namespaces the checkout's steps read in the browser. */
const STEP_NAMESPACES = ["Checkout", "Choose", "Pay", "Proof", "Handoff", "Ended", "Paid"] as const satisfies (keyof Messages)[];

/**
 * The payer's catalogue for the client components under it (the server's own words need none), of
 * the payer's locale only and of the namespaces given: the page's HTML carries each message it may
 * show once, and nothing else. Around the checkout's segment (app/checkout/layout.tsx) it is the
 * error page's; the checkout itself gets its steps' (CheckoutForLink).
 */
export async function PayerMessages({ children, namespaces = ["Failed"] }: { children: React.ReactNode; namespaces?: (keyof Messages)[] }) {
  const locale = await payerLocale();
  const messages = await messagesFor(locale);
  const picked = Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}

/** A preselected app counts only while the payer has chosen none and the app is on offer. */
function withPreselected(view: CheckoutView, method: Param): CheckoutView {
  const offered = typeof method === "string" && view.options.some((c) => c.quotes.some((q) => q.platform === method));
  return offered && view.session.savesChoice && !view.session.selectedPaymentPlatform
    ? { ...view, session: { ...view.session, selectedPaymentPlatform: method } }
    : view;
}
