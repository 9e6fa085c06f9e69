"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { retryAllFailedAction } from "@/actions/dashboard/webhook";
import { FormMessage, SUCCESS_BOX } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

const plural = (n: number) => `${n} failed ${n === 1 ? "delivery" : "deliveries"}`;

/**
 * "Retry all failed": an inline confirmation (role=alertdialog, focus moves into it and back, Escape
 * cancels) that names the count, then requeues them and says how many were queued. With nothing
 * failed the button is disabled and says why.
 */
export function RetryAllFailed({ webhookId, failed }: { webhookId: string; failed: number }) {
  const router = useRouter();
  const { notice, pending, run, clear } = useAction();
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    // the opener is rendered again on the next paint
    requestAnimationFrame(() => opener.current?.focus());
  };

  const retry = async () => {
    await run(
      () => retryAllFailedAction(webhookId),
      undefined,
      ({ data }) =>
        data.queued
          ? `Queued ${plural(data.queued)} for retry. They are sent in the next moments.` +
            (data.more ? " More failed deliveries are left: retry all again to queue the next batch." : "")
          : "Nothing was queued: no delivery is failed now.",
    );
    close();
    router.refresh();
  };

  return (
    <div className="mt-3">
      {!confirming ? (
        <span className="flex flex-wrap items-center gap-2">
          <button
            ref={opener}
            type="button"
            disabled={failed === 0 || pending}
            aria-describedby={failed === 0 ? hintId : undefined}
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => {
              clear();
              setConfirming(true);
            }}
          >
            {pending ? "Queuing…" : "Retry all failed"}
          </button>
          {failed === 0 && (
            <span id={hintId} className={`text-sm ${ui.muted}`}>
              No failed deliveries to retry.
            </span>
          )}
        </span>
      ) : (
        <div
          role="alertdialog"
          aria-modal="false"
          aria-labelledby={titleId}
          className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          onKeyDown={(e) => {
            if (e.key === "Escape" && !pending) close();
          }}
        >
          <p id={titleId} className="font-medium">
            Retry {plural(failed)}?
          </p>
          <p className="mt-1 text-sm">Each is sent again now; one that fails again follows the retry schedule.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              ref={confirmButton}
              type="button"
              disabled={pending}
              className={`${ui.button} ${ui.primary}`}
              onClick={() => void retry()}
            >
              {pending ? "Queuing…" : `Yes, retry ${failed}`}
            </button>
            <button type="button" disabled={pending} className={`${ui.button} ${ui.secondary}`} onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <FormMessage message={notice} success={SUCCESS_BOX} />
    </div>
  );
}
