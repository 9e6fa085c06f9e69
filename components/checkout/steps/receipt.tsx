"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatUsdcAmount } from "@/lib/i18n/format";
import { ui } from "@/components/ui/styles";
import type { CheckoutView } from "@/lib/checkout/service";
import { useEmbedded } from "../embed";
import { primary } from "./shared";

/** The session is completed: what was paid, then back to the shop after a short countdown. */
export function Receipt({ view }: { view: CheckoutView }) {
  const t = useTranslations("Paid");
  const locale = useLocale();
  const merchant = view.merchant.displayName;
  const order = view.order;
  const price = view.session.price;
  // embedded, the frame stays put: the parent hears checkout.success and decides where to go
  const target = useEmbedded() ? null : view.session.successUrl;
  const [left, setLeft] = useState(5);
  useEffect(() => {
    if (!target) return;
    const timer = setInterval(() => setLeft((n) => n - 1), 1_000);
    return () => clearInterval(timer);
  }, [target]);
  useEffect(() => {
    if (target && left <= 0) window.location.assign(target);
  }, [left, target]);
  return (
    <div>
      <h2 className="theme-text text-lg font-semibold text-green-800 dark:text-green-300">{t("heading")}</h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className={ui.muted}>{t("amount")}</dt>
        <dd className="font-medium">{price.mode === "exact-fiat" ? price.formatted : formatUsdcAmount(locale, price.amountUsdc)}</dd>
        {order && (
          <>
            <dt className={ui.muted}>{t("paidWith")}</dt>
            <dd className="font-medium">
              {price.mode === "exact-fiat"
                ? order.platformLabel
                : t("via", { amount: order.fiatAmountFormatted, app: order.platformLabel })}
            </dd>
            <dt className={ui.muted}>{t("order")}</dt>
            <dd className="break-all font-mono">{order.id}</dd>
            {order.fulfillTx && (
              <>
                <dt className={ui.muted}>{t("transaction")}</dt>
                <dd className="break-all font-mono">
                  {order.fulfillTxUrl ? (
                    <a href={order.fulfillTxUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
                      {order.fulfillTx}
                      <span className="sr-only"> {t("explorer")}</span>
                    </a>
                  ) : (
                    order.fulfillTx
                  )}
                </dd>
              </>
            )}
          </>
        )}
      </dl>
      {target && (
        <>
          <p className={`mt-4 ${ui.muted}`}>{t("returning", { merchant, seconds: Math.max(left, 0) })}</p>
          <a href={target} className={`${primary} mt-3`}>
            {t("returnNow", { merchant })}
          </a>
        </>
      )}
    </div>
  );
}
