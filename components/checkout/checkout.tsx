"use client";

import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState, useTransition } from "react";
import type { ActionResult } from "@/actions/checkout";
import { ui } from "@/components/ui/styles";
import { needsPrices, withKeptPrices } from "@/lib/checkout/prices";
import { formatUsdcAmount } from "@/lib/i18n/format";
import { LOCALE_PARAM } from "@/lib/i18n/payer-page";
import type { CheckoutView, UnpricedCheckoutView } from "@/lib/checkout/service";
import type { CheckoutChrome } from "./chrome";
import { EmbedProvider, type EmbedSettings, useEmbedded } from "./embed";
import { useLiveView } from "./live-view";
import { Choose } from "./steps/choose";
import type { StepProps } from "./steps/shared";
import { MerchantLogo } from "./theme";

// The shell of the payer's page: it keeps the view fresh, runs the actions and shows the step the
// server chose (lib/checkout/view.ts). It decides no status rule itself.

// A new checkout opens on the choose step, so the page's first load carries that step only. The
// later steps are chunks of their own: fetched as soon as the page has hydrated, so they are there
// by the time the payer acts. Until a chunk has arrived the page keeps showing the step before it,
// its action still pending (the view is rendered through useDeferredValue), never an empty card
// (e2e/checkout.spec.ts holds a chunk back to see it); a page opened on a later
// step is rendered whole on the server and hydrates that step once its chunk is in.
const laterSteps = {
  pay: () => import("./steps/pay"),
  waiting: () => import("./steps/waiting"),
  receipt: () => import("./steps/receipt"),
  ended: () => import("./steps/ended"),
  unavailable: () => import("./unavailable"),
};
const Pay = lazy(() => laterSteps.pay().then((m) => ({ default: m.Pay })));
const Waiting = lazy(() => laterSteps.waiting().then((m) => ({ default: m.Waiting })));
const Reserving = lazy(() => laterSteps.waiting().then((m) => ({ default: m.Reserving })));
const Receipt = lazy(() => laterSteps.receipt().then((m) => ({ default: m.Receipt })));
const Expired = lazy(() => laterSteps.ended().then((m) => ({ default: m.Expired })));
const AskPaidAfterEnd = lazy(() => laterSteps.ended().then((m) => ({ default: m.AskPaidAfterEnd })));
const Cancelled = lazy(() => laterSteps.ended().then((m) => ({ default: m.Cancelled })));
const NoPlatform = lazy(() => laterSteps.ended().then((m) => ({ default: m.NoPlatform })));
// what an embedded checkout tells the page that frames it: loaded only when the page runs embedded
const EmbedMessages = lazy(() => import("./embed-messages").then((m) => ({ default: m.EmbedMessages })));
const CheckoutUnavailable = lazy(() => laterSteps.unavailable().then((m) => ({ default: m.CheckoutUnavailable })));

/**
 * Rendered inside the merchant's themed root (theme-root.tsx, on the server).
 * embed: the link asked for embedded mode (`embed=true`) and the merchant allows these parent origins.
 * chrome: what the page shows around the steps, rendered on the server (chrome.tsx). */
export function Checkout({ initial, embed, chrome }: { initial: CheckoutView; embed?: EmbedSettings | null; chrome: CheckoutChrome }) {
  return (
    <EmbedProvider settings={embed}>
      {/* no fallback: a step whose chunk is not in yet keeps the server's HTML (hydration) or the step before it */}
      <Suspense fallback={null}>
        <CheckoutFlow initial={initial} chrome={chrome} />
      </Suspense>
    </EmbedProvider>
  );
}

/** The view; with `prices`, its prices too (a poll goes without: prices.ts). In the page's language, which it names. */
async function fetchView(
  sessionId: string,
  token: string | null,
  prices: boolean,
  locale: string,
): Promise<CheckoutView | UnpricedCheckoutView> {
  const link = new URLSearchParams({
    session: sessionId,
    ...(token ? { token } : {}),
    ...(prices ? { prices: "1" } : {}),
    [LOCALE_PARAM]: locale,
  });
  const res = await fetch(`/checkout/status?${link}`, { cache: "no-store" });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

function CheckoutFlow({ initial, chrome }: { initial: CheckoutView; chrome: CheckoutChrome }) {
  const t = useTranslations("Checkout");
  const locale = useLocale();
  const id = initial.session.id;
  // when the prices the page shows were asked for: the server rendered them as the page opened
  const pricedAt = useRef(0);
  useEffect(() => {
    pricedAt.current = Date.now();
  }, []);
  /** The view to keep: priced ones move pricedAt; one without prices keeps those the page has. */
  const keep = (next: CheckoutView | UnpricedCheckoutView, kept: CheckoutView) => {
    if (next.options !== null) pricedAt.current = Date.now();
    return withKeptPrices(next, kept);
  };
  const view = useLiveView(
    initial,
    async (kept) => {
      let next = await fetchView(id, initial.session.token, false, locale);
      if (needsPrices(next, kept, pricedAt.current)) next = await fetchView(id, initial.session.token, true, locale);
      return keep(next, kept);
    },
    // live while money may be moving; slower otherwise, so expiry still shows up
    (data) => (data.live ? 2_000 : 15_000),
    // a live payee shown: the payer may be paying in another tab, and the server asks before it ends
    // the reservation only while it knows this page is open (lib/sessions/expiry.ts)
    (data) => data.step === "pay" && !data.sandbox,
  );
  const [pending, startTransition] = useTransition();
  const [actionError, setActionError] = useState<string | null>(null);
  useEffect(() => {
    for (const load of Object.values(laterSteps)) void load().catch(() => {}); // a chunk that cannot load fails where its step renders
  }, []);

  const act = (fn: () => Promise<ActionResult>) => {
    setActionError(null);
    startTransition(async () => {
      try {
        const result = await fn();
        const answered = result.view;
        if (answered) view.set(keep(answered, view.current()));
        if (!result.ok) setActionError(result.message);
      } catch {
        setActionError(t("unreachable"));
      }
    });
  };

  // a new view renders in the background and shows once the step it needs has loaded
  const v = useDeferredValue(view.data);
  const embedded = useEmbedded();
  // the operator disabled the merchant while this page was open: its next refresh closes it
  if (v.step === "unavailable") return <CheckoutUnavailable merchant={v.merchant} />;
  return (
    <main className={`mx-auto flex w-full max-w-md flex-col ${embedded ? "p-2" : "min-h-screen px-4 py-6 sm:py-10"}`}>
      {chrome.sandbox && (embedded ? chrome.sandbox.embedded : chrome.sandbox.page)}
      {/* embedded, the shop's own page is the chrome: the amount stays, the logo and footer go */}
      <Header view={v} embedded={embedded} />
      <section className={`mt-4 ${ui.card}`} aria-live="polite">
        {view.isError && (
          <div
            role="alert"
            className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          >
            <p>{t("lostContact")}</p>
            <button type="button" className="mt-2 font-semibold underline" onClick={() => view.refetch()}>
              {t("retryNow")}
            </button>
          </div>
        )}
        {actionError && (
          <p role="alert" className={`mb-4 ${ui.error}`}>
            {actionError}
          </p>
        )}
        <Step view={v} pending={pending} act={act} />
      </section>
      {!embedded && chrome.footer}
      {embedded && (
        <Suspense fallback={null}>
          <EmbedMessages view={v} />
        </Suspense>
      )}
    </main>
  );
}

function Header({ view, embedded }: { view: CheckoutView; embedded: boolean }) {
  const t = useTranslations("Checkout");
  const merchant = view.merchant.displayName;
  return (
    <header className="flex items-center gap-3">
      {embedded ? null : <MerchantLogo name={merchant} logoUrl={view.merchant.logoUrl} label={t("logo", { merchant })} />}
      <Amount view={view} />
    </header>
  );
}

/** exact-token: the USDC the merchant receives; exact-fiat: the price the payer pays, and no word of USDC. */
function Amount({ view }: { view: CheckoutView }) {
  const t = useTranslations("Checkout");
  const locale = useLocale();
  const price = view.session.price;
  const merchant = view.merchant.displayName;
  if (price.mode === "exact-fiat") {
    return (
      <div>
        <p className={`text-sm ${ui.muted}`}>{merchant}</p>
        <h1 className="text-2xl font-bold">{t(view.step === "receipt" ? "paidPrice" : "payPrice", { price: price.formatted })}</h1>
      </div>
    );
  }
  const usdc = (amount: string) => formatUsdcAmount(locale, amount);
  return (
    <div>
      <p className={`text-sm ${ui.muted}`}>{t("payMerchant", { merchant })}</p>
      <h1 className="text-2xl font-bold">{usdc(price.amountUsdc)}</h1>
      <p className={`text-sm ${ui.muted}`}>
        {view.session.paidUsdc
          ? t("paidAlready", { paid: usdc(view.session.paidUsdc) })
          : view.session.endedPaidUsdc
            ? t("merchantReceived", { merchant, paid: usdc(view.session.endedPaidUsdc) })
            : view.sandbox
              ? t("merchantReceives", { merchant, amount: usdc(price.amountUsdc) })
              : // live: the protocol's fees come out of the release, so the merchant may receive less than this
                t("settledTo", { merchant })}
      </p>
    </div>
  );
}

function Step({ view, pending, act }: StepProps) {
  const t = useTranslations("Checkout");
  const tPay = useTranslations("Pay");
  const props = { view, pending, act };
  switch (view.step) {
    case "receipt":
      return <Receipt view={view} />;
    case "expired":
      return (
        <AskPaidAfterEnd {...props}>
          <Expired view={view} />
        </AskPaidAfterEnd>
      );
    case "cancelled":
      return <Cancelled view={view} />;
    case "choose":
      return <Choose {...props} />;
    case "order-expired": {
      // never "expired before the payment was sent" to a payer who said they sent it
      const reference = view.order?.id ?? view.session.id;
      const choose = (
        <Choose
          {...props}
          notice={
            view.proofOverdue
              ? t("proofOverdue", { reference })
              : view.paidReported
                ? t("paidReported", { merchant: view.merchant.displayName, reference })
                : t("orderExpired")
          }
        />
      );
      // asked first, the choice (a lazy chunk) only for the payer it concerns
      return view.paidQuestion === "after-end" ? <AskPaidAfterEnd {...props}>{choose}</AskPaidAfterEnd> : choose;
    }
    case "order-failed":
      return (
        <Choose
          {...props}
          notice={
            view.exceptionNotice?.kind === "unproven"
              ? tPay("paidUnproven", { shop: view.merchant.displayName, reference: view.exceptionNotice.reference })
              : t("orderFailed")
          }
        />
      );
    case "no-platform":
      return <NoPlatform view={view} />;
    case "reserving":
      return <Reserving view={view} />;
    case "pay":
      return <Pay {...props} />;
    case "waiting":
      return <Waiting {...props} />;
    case "unavailable":
      return null;
  }
}
