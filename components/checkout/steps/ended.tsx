import { useLocale, useTranslations } from "next-intl";
import { ui } from "@/components/ui/styles";
import { formatUsdcAmount } from "@/lib/i18n/format";
import type { CheckoutView } from "@/lib/checkout/service";
import { useEmbedded } from "../embed";
import { secondary } from "./shared";

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

/** The time to pay ran out; a part of a v1 order paid before it did is said. */
export function Expired({ view }: { view: CheckoutView }) {
  const t = useTranslations("Ended");
  const locale = useLocale();
  const paid = view.session.endedPaidUsdc;
  return (
    <Ended
      title={t("expiredHeading")}
      text={paid ? t("expiredPaid", { paid: formatUsdcAmount(locale, paid) }) : t("expiredText")}
      view={view}
    />
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
