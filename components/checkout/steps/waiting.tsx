"use client";

import { useTranslations } from "next-intl";
import { simulateConfirmation } from "@/actions/checkout";
import { ui } from "@/components/ui/styles";
import { ProveWithPeer } from "./live-proof";
import { primary, type StepProps, secondary } from "./shared";

/** The real rail is locking the payment's funds on-chain; the payee is not shown before that is done. */
export function Reserving({ view }: { view: StepProps["view"] }) {
  const t = useTranslations("Pay");
  const order = view.order!;
  return (
    <div>
      <div role="status" className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="theme-spinner h-5 w-5 motion-safe:animate-spin rounded-full border-2 border-blue-700 border-t-transparent dark:border-blue-400 dark:border-t-transparent"
        />
        <h2 className="text-lg font-semibold">{t("reservingHeading")}</h2>
      </div>
      <p className={`mt-2 ${ui.muted}`}>{t("reservingText", { amount: order.fiatAmountFormatted })}</p>
    </div>
  );
}

/** The payment was sent; the page follows the order until it is confirmed (or its proof rejected). */
export function Waiting({ view, pending, act }: StepProps) {
  const t = useTranslations("Pay");
  const order = view.order!;
  return (
    <div>
      <div role="status" className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="theme-spinner h-5 w-5 motion-safe:animate-spin rounded-full border-2 border-blue-700 border-t-transparent dark:border-blue-400 dark:border-t-transparent"
        />
        <h2 className="text-lg font-semibold">{t("waitingHeading")}</h2>
      </div>
      <p className={`mt-2 ${ui.muted}`}>
        {t("waitingText", { amount: order.fiatAmountFormatted, app: order.platformLabel, recipient: order.recipient ?? "" })}
      </p>
      {view.exceptionNotice && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
        >
          {t(view.exceptionNotice.kind === "delayed" ? "releaseDelayed" : "paidUnproven", {
            shop: view.merchant.displayName,
            reference: view.exceptionNotice.reference,
          })}
        </p>
      )}
      {order.lastProofError && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {order.lastProofError}
        </p>
      )}
      {view.liveProof && order.status === "PAYMENT_SENT" && <ProveWithPeer view={view} pending={pending} act={act} />}
      {view.sandbox && (
        <div className="mt-5 rounded-xl border-2 border-dashed border-amber-500 p-4">
          <p className="theme-text text-sm font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
            {t("sandboxHeading")}
          </p>
          <div className="mt-3 grid gap-2">
            <button
              type="button"
              className={primary}
              disabled={pending}
              onClick={() => act(() => simulateConfirmation(view.session.id, "success", view.session.token))}
            >
              {t("simulateConfirmation")}
            </button>
            <button
              type="button"
              className={secondary}
              disabled={pending}
              onClick={() => act(() => simulateConfirmation(view.session.id, "invalid", view.session.token))}
            >
              {t("simulateRejection")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
