"use client";

import { reportPaymentSent } from "@/app/checkout/actions";
import { CancelButton, CopyRow, Countdown, primary, type StepProps, secondary } from "./shared";

/** The order waits for the payer to send the fiat: what to send, to whom, and until when. */
export function Pay({ view, pending, act }: StepProps) {
  const order = view.order!;
  return (
    <div>
      <h2 className="text-lg font-semibold">Send the payment with {order.platformLabel}</h2>
      <Countdown until={order.expiresAt} label="Order expires in" />
      <dl className="mt-4 space-y-3">
        <CopyRow term="Amount to send (exactly)" value={order.fiatAmountFormatted} copy={order.fiatAmount} />
        <CopyRow term={`Recipient on ${order.platformLabel}`} value={order.recipient} copy={order.recipient} />
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
