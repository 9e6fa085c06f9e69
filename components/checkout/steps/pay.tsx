"use client";

import { useEffect, useState } from "react";
import { reportPaymentSent } from "@/app/checkout/actions";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";
import { CancelButton, primary, type StepProps, secondary } from "./shared";

/** The order waits for the payer to send the fiat: what to send, to whom, and until when. */
export function Pay({ view, pending, act }: StepProps) {
  const order = view.order!;
  return (
    <div>
      <h2 className="text-lg font-semibold">Send the payment with {order.platformLabel}</h2>
      <Countdown until={order.expiresAt} label="Order expires in" />
      <dl className="mt-4 space-y-3">
        <CopyRow term="Amount to send (exactly)" value={order.fiatAmountFormatted} copy={order.fiatAmount} />
        <CopyRow term={`Recipient on ${order.platformLabel}`} value={order.recipient ?? ""} copy={order.recipient ?? ""} />
      </dl>
      <p className="theme-subtle mt-4 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
        <span className="font-medium">Note: </span>
        {order.note}
      </p>
      {order.paymentLink && (
        <a href={order.paymentLink} target="_blank" rel="noopener noreferrer" className={`${secondary} mt-4`}>
          Open {order.platformLabel}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <button
        type="button"
        className={`${primary} mt-4`}
        disabled={pending}
        onClick={() => act(() => reportPaymentSent(view.session.id, view.session.token))}
      >
        {pending ? "Saving…" : "I have sent the payment"}
      </button>
      <CancelButton view={view} pending={pending} act={act} />
    </div>
  );
}

function CopyRow({ term, value, copy }: { term: string; value: string; copy: string }) {
  return (
    <div className="theme-border rounded-xl border border-slate-300 p-3 dark:border-slate-600">
      <dt className={`text-sm ${ui.muted}`}>{term}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 break-all text-lg font-semibold tabular-nums">{value}</span>
        <CopyButton
          value={copy}
          label={`Copy ${term.toLowerCase()}`}
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
