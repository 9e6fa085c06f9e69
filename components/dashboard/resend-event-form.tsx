"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { type ResentEvent, resendEventAction } from "@/actions/dashboard/event";
import { FormMessage, type FormNotice, SUCCESS_BOX } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";

// ui.input's look, sized to share a line with its label and button (on a narrow screen, a line of its own)
const SELECT =
  "theme-control w-full min-w-0 truncate rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:w-auto sm:max-w-sm sm:flex-1 dark:border-slate-600 dark:bg-slate-950";

export type ResendTarget = { id: string; url: string };

/** What the endpoint answered, in words: the announcement after a resend. */
function outcome(r: ResentEvent): FormNotice {
  const answer = r.responseCode !== null ? `HTTP ${r.responseCode}` : (r.lastError ?? "no answer");
  if (r.status === "DELIVERED") return { ok: true, text: `Resent to ${r.webhookUrl}: delivered (${answer}).` };
  if (r.status === "FAILED") return { ok: false, text: `Resent to ${r.webhookUrl}: failed (${answer}).` };
  if (r.attempts === 0) return { ok: true, text: `Queued for ${r.webhookUrl}; it is sent in the next moments.` };
  return { ok: false, text: `Resent to ${r.webhookUrl}: not delivered (${answer}); it is retried on the schedule.` };
}

/**
 * "Resend to" one of the merchant's active webhooks of the event's API generation. The delivery goes
 * through the delivery engine (signed, retried on failure) and is listed on the webhook's page,
 * which the message links to.
 */
export function ResendEventForm({ eventId, generation, webhooks }: { eventId: string; generation: 0 | 1; webhooks: ResendTarget[] }) {
  const selectId = useId();
  const { notice, pending, run } = useAction();
  const [delivery, setDelivery] = useState<{ href: string } | null>(null);

  if (!webhooks.length) {
    return (
      <p className={`text-sm ${ui.muted}`}>
        No active v{generation} webhook to resend this event to.{" "}
        <Link href="/dashboard/webhooks" className="text-blue-700 underline dark:text-blue-300">
          Add a webhook
        </Link>
      </p>
    );
  }

  return (
    <form
      className="text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        const webhookId = String(new FormData(e.currentTarget).get("webhookId") ?? "");
        setDelivery(null);
        void run(
          () => resendEventAction(eventId, webhookId),
          ({ data }) => setDelivery({ href: `/dashboard/webhooks/${data.webhookId}?delivery=${data.deliveryId}` }),
          ({ data }) => outcome(data),
        );
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="font-medium">
          Resend to
        </label>
        <select id={selectId} name="webhookId" className={SELECT}>
          {webhooks.map((w) => (
            <option key={w.id} value={w.id}>
              {w.url}
            </option>
          ))}
        </select>
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.secondary}`}>
          {pending ? "Resending…" : "Resend"}
        </button>
      </div>
      <FormMessage message={notice} success={SUCCESS_BOX} className="break-words" />
      {delivery && (
        <p className="mt-2">
          <Link href={delivery.href} className="text-blue-700 underline dark:text-blue-300">
            See the delivery on the webhook&apos;s page
          </Link>
        </p>
      )}
    </form>
  );
}
