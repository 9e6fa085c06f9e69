import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getDb } from "@/db/client";
import { type CheckoutView, getCheckoutView } from "@/lib/checkout/service";
import { embedSettingsFor } from "@/lib/embed/framing";
import { orNotFound } from "@/lib/http/page";
import { messagesFor } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { Checkout } from "./checkout";
import { checkoutChrome } from "./chrome";
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
  const view = await orNotFound(getCheckoutView(db, id, typeof token === "string" ? token : undefined, { prices: true, locale }));
  // the page's root in the merchant's theme (as the page opened) and its chrome are rendered here, so
  // their code stays on the server
  return (
    <ThemeRoot theme={view.merchant.theme} className="min-h-screen">
      {view.step === "unavailable" ? (
        <CheckoutUnavailable merchant={view.merchant} />
      ) : (
        // in the payer's catalogue (PayerMessages, around the page: app/checkout/layout.tsx, app/page.tsx)
        <Checkout
          initial={withPreselected(view, method)}
          embed={await embedSettingsFor(db, id, embed)}
          chrome={await checkoutChrome(view)}
        />
      )}
    </ThemeRoot>
  );
}

/** The namespaces the checkout's scripts read, of the payer's locale only: the page carries no other language. */
const CLIENT_NAMESPACES = ["Checkout", "Choose", "Pay", "Proof", "Handoff", "Ended", "Paid"] as const;

/**
 * The payer's catalogue for the client components under it (the server's own words need none): around
 * the checkout's segment, so its error page speaks the payer's language too.
 */
export async function PayerMessages({ children }: { children: React.ReactNode }) {
  const locale = await payerLocale();
  const messages = await messagesFor(locale);
  const picked = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, messages[ns]]));
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
