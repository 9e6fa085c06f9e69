import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useId, useState } from "react";
import { reportPaidAfterExpiry } from "@/actions/checkout";
import { ui } from "@/components/ui/styles";
import { formatUsdcAmount } from "@/lib/i18n/format";
import type { CheckoutView } from "@/lib/checkout/service";
import { useEmbedded } from "../embed";
import { primary, secondary, type StepProps } from "./shared";

/** The session is over without a payment (expired or cancelled). */
function Ended({ title, text, view, back: link }: { title: string; text: string; view: CheckoutView; back?: string | null }) {
  const t = useTranslations("Ended");
  // embedded, the shop's page around the frame is the way back
  const back = useEmbedded() ? null : link;
  return (
    <div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className={`mt-2 ${ui.muted}`}>{text}</p>
      {back && (
        <a href={back} className={`${secondary} mt-4`}>
          {t("backTo", { merchant: view.merchant.displayName })}
        </a>
      )}
    </div>
  );
}

/**
 * The time to pay ran out; a part of a v1 order paid before it did is said, and so is what happens
 * next for a payer who said they paid (never that the time ran out before they did).
 */
export function Expired({ view }: { view: CheckoutView }) {
  const t = useTranslations("Ended");
  const checkout = useTranslations("Checkout");
  const locale = useLocale();
  const paid = view.session.endedPaidUsdc;
  const reference = view.order?.id ?? view.session.id;
  return (
    <Ended
      title={t("expiredHeading")}
      text={
        paid
          ? t("expiredPaid", { paid: formatUsdcAmount(locale, paid) })
          : view.paidReported || view.proofOverdue
            ? checkout("paidReported", { merchant: view.merchant.displayName, reference })
            : t("expiredText")
      }
      view={view}
    />
  );
}

/**
 * A live order ended at its lock timeout after the page showed its payee, and the payer never said
 * they paid (view.paidQuestion "after-end"): before anything else they are asked whether they sent
 * the money anyway. Yes tells the shop (a PAID_ON_CANCELLED exception), and the page then says what
 * happens next; no shows what the page shows otherwise (`children`).
 */
export function AskPaidAfterEnd({ view, pending, act, children }: StepProps & { children: ReactNode }) {
  const t = useTranslations("Ended");
  const [declined, setDeclined] = useState(false);
  const headingId = useId();
  const order = view.order;
  if (view.paidQuestion !== "after-end" || declined || !order) return children;
  return (
    <div role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {t("askHeading")}
      </h2>
      <p className={`mt-2 ${ui.muted}`}>{t("askText", { amount: order.fiatAmountFormatted, app: order.platformLabel })}</p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button
          type="button"
          className={primary}
          disabled={pending}
          onClick={() => act(() => reportPaidAfterExpiry(view.session.id, view.session.token))}
        >
          {t("askYes")}
        </button>
        <button type="button" className={secondary} disabled={pending} onClick={() => setDeclined(true)}>
          {t("askNo")}
        </button>
      </div>
    </div>
  );
}

/** The session was cancelled; a part of a v1 order paid before it was is said. */
export function Cancelled({ view }: { view: CheckoutView }) {
  const t = useTranslations("Ended");
  const locale = useLocale();
  const paid = view.session.endedPaidUsdc;
  return (
    <Ended
      title={t("cancelledHeading")}
      text={paid ? t("cancelledPaid", { paid: formatUsdcAmount(locale, paid) }) : t("nothingCharged")}
      view={view}
      back={view.session.cancelUrl}
    />
  );
}

/**
 * Nothing the payer could choose can take this payment (every payment app for its currency is above
 * the shop's fee limit): nothing was charged, and the way back to the shop when the shop gave one.
 */
export function NoPlatform({ view }: { view: CheckoutView }) {
  const t = useTranslations("Ended");
  const merchant = view.merchant.displayName;
  const back = useEmbedded() ? null : view.session.cancelUrl;
  return (
    <div>
      <h2 className="text-lg font-semibold">{t("noPlatformHeading")}</h2>
      <p className={`mt-2 ${ui.muted}`}>
        {view.noOptionsReason ?? t("noPlatformDefault")} {t("nothingCharged")} {back ? t("goBackTo", { merchant }) : t("goBackShop")}
      </p>
      {back && (
        <a href={back} className={`${secondary} mt-4`}>
          {t("backTo", { merchant })}
        </a>
      )}
    </div>
  );
}
