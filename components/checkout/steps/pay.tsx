"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { reportNotSent, reportPaymentSent } from "@/actions/checkout";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";
import { CancelButton, primary, type StepProps, secondary } from "./shared";

/** The order waits for the payer to send the fiat: what to send, to whom, and until when. */
export function Pay({ view, pending, act }: StepProps) {
  const t = useTranslations("Pay");
  const order = view.order!;
  const app = order.platformLabel;
  return (
    <div>
      <h2 className="text-lg font-semibold">{t("heading", { app })}</h2>
      <Countdown until={order.expiresAt} label={t("expiresIn")} />
      {/* at the top, where a payer coming back to the page sees it first */}
      {view.paidQuestion === "before-end" && <AskPaid view={view} pending={pending} act={act} />}
      <dl className="mt-4 space-y-3">
        <CopyRow term={t("amount")} copyLabel={t("copyAmount")} value={order.fiatAmountFormatted} copy={order.fiatAmount} />
        <CopyRow term={t("recipient", { app })} copyLabel={t("copyRecipient")} value={order.recipient ?? ""} copy={order.recipient ?? ""} />
      </dl>
      <p className="theme-subtle mt-4 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
        <span className="font-medium">{t("note")} </span>
        {order.note}
      </p>
      {order.paymentLink && (
        <a href={order.paymentLink} target="_blank" rel="noopener noreferrer" className={`${secondary} mt-4`}>
          {t("open", { app })}
          <span className="sr-only"> {t("newTab")}</span>
        </a>
      )}
      {view.paidQuestion !== "before-end" && (
        <>
          <button
            type="button"
            className={`${primary} mt-4`}
            disabled={pending}
            onClick={() => act(() => reportPaymentSent(view.session.id, view.session.token))}
          >
            {pending ? t("saving") : t("sent")}
          </button>
          <CancelButton view={view} pending={pending} act={act} />
        </>
      )}
    </div>
  );
}

/**
 * The lock timeout came while this page was open: before the reservation is cancelled, the payer is
 * asked whether they already sent the money. Yes keeps it for the payment's proof; no ends it now.
 */
function AskPaid({ view, pending, act }: StepProps) {
  const t = useTranslations("Pay");
  const order = view.order!;
  const headingId = useId();
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {t("askHeading")}
      </h3>
      <p className="mt-1">{t("askText", { amount: order.fiatAmountFormatted, recipient: order.recipient ?? "" })}</p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button
          type="button"
          className={primary}
          disabled={pending}
          onClick={() => act(() => reportPaymentSent(view.session.id, view.session.token))}
        >
          {t("askYes")}
        </button>
        <button
          type="button"
          className={secondary}
          disabled={pending}
          onClick={() => act(() => reportNotSent(view.session.id, view.session.token))}
        >
          {t("askNo")}
        </button>
      </div>
    </div>
  );
}

function CopyRow({ term, copyLabel, value, copy }: { term: string; copyLabel: string; value: string; copy: string }) {
  const t = useTranslations("Pay");
  return (
    <div className="theme-border rounded-xl border border-slate-300 p-3 dark:border-slate-600">
      <dt className={`text-sm ${ui.muted}`}>{term}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 break-all text-lg font-semibold tabular-nums">{value}</span>
        <CopyButton
          value={copy}
          label={copyLabel}
          words={{ copy: t("copy"), copied: t("copied") }}
          className="theme-control shrink-0 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        />
      </dd>
    </div>
  );
}

function Countdown({ until, label }: { until: string; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p className={`mt-1 text-sm ${ui.muted}`}>
      {label}{" "}
      {/* rendered on the server at one second and hydrated at a later one: React keeps the server's
          text instead of discarding the page over it, and the next tick shows the browser's time */}
      <span role="timer" aria-live="off" className="font-semibold tabular-nums" suppressHydrationWarning>
        {text}
      </span>
    </p>
  );
}
