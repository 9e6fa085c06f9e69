import { RelativeTime } from "@/components/dashboard/relative-time";
import { ui } from "@/components/ui/styles";
import type { HeldChangeView } from "@/lib/accounts/payout-holds";

/**
 * A new owner's changes of where the money goes that wait (lib/accounts/payout-holds.ts): what each
 * is, who asked, and when it applies. An earlier owner cancels one from the link mailed to them.
 */
export function HeldPayoutChanges({ changes, hold }: { changes: HeldChangeView[]; hold: string }) {
  if (!changes.length) return null;
  return (
    <section className={ui.card} aria-labelledby="held-payout-changes">
      <h2 id="held-payout-changes" className="font-semibold">
        Waiting payout changes
      </h2>
      <p className={`mt-2 ${ui.muted}`}>
        A change of where the money goes asked by someone who has been an owner for less than {hold} waits before it applies. Every earlier
        owner was mailed a link that cancels it.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Waiting payout changes">
        {changes.map((c) => (
          <li key={c.id} className="py-2">
            <span className="block">
              {c.kind === "wallet" ? "Make " : "Allow "}
              <code className="break-all font-mono">{c.address}</code>
              {c.kind === "wallet" ? " the payout wallet" : c.label ? ` ("${c.label}")` : ""}
            </span>
            <span className={`block text-sm ${ui.muted}`}>
              Asked by {c.requestedBy} <RelativeTime at={c.requestedAt} />. Applies <RelativeTime at={c.appliesAt} />.
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
