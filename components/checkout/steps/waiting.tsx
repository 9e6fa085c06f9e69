"use client";

import { simulateConfirmation } from "@/app/checkout/actions";
import { ui } from "@/components/ui/styles";
import { ProveWithPeer } from "./live-proof";
import { primary, type StepProps, secondary } from "./shared";

/** The real rail is locking the payment's funds on-chain; the payee is not shown before that is done. */
export function Reserving({ view }: { view: StepProps["view"] }) {
  const order = view.order!;
  return (
    <div>
      <div role="status" className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="theme-spinner h-5 w-5 animate-spin rounded-full border-2 border-blue-700 border-t-transparent dark:border-blue-400 dark:border-t-transparent"
        />
        <h2 className="text-lg font-semibold">Reserving your payment</h2>
      </div>
      <p className={`mt-2 ${ui.muted}`}>
        We are locking {order.fiatAmountFormatted} worth of USDC for you on-chain. It usually takes a few seconds; this page updates by
        itself. Do not send any money yet: who to pay appears here once the reservation is confirmed, and a payment sent before then cannot
        be matched.
      </p>
    </div>
  );
}

/** The payment was sent; the page follows the order until it is confirmed (or its proof rejected). */
export function Waiting({ view, pending, act }: StepProps) {
  const order = view.order!;
  return (
    <div>
      <div role="status" className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="theme-spinner h-5 w-5 animate-spin rounded-full border-2 border-blue-700 border-t-transparent dark:border-blue-400 dark:border-t-transparent"
        />
        <h2 className="text-lg font-semibold">Waiting for your payment to be confirmed</h2>
      </div>
      <p className={`mt-2 ${ui.muted}`}>
        You sent {order.fiatAmountFormatted} with {order.platformLabel} to {order.recipient}. This page updates by itself; you can keep it
        open.
      </p>
      {order.lastProofError && (
        <p role="alert" className={`mt-4 ${ui.error}`}>
          {order.lastProofError} Please try the confirmation again.
        </p>
      )}
      {view.liveProof && order.status === "PAYMENT_SENT" && <ProveWithPeer view={view} pending={pending} act={act} />}
      {view.sandbox && (
        <div className="mt-5 rounded-xl border-2 border-dashed border-amber-500 p-4">
          <p className="theme-text text-sm font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
            Sandbox: no real money moves
          </p>
          <div className="mt-3 grid gap-2">
            <button
              type="button"
              className={primary}
              disabled={pending}
              onClick={() => act(() => simulateConfirmation(view.session.id, "success", view.session.token))}
            >
              Simulate bank confirmation
            </button>
            <button
              type="button"
              className={secondary}
              disabled={pending}
              onClick={() => act(() => simulateConfirmation(view.session.id, "invalid", view.session.token))}
            >
              Simulate a rejected proof
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
