import Link from "next/link";
import type { ReactNode } from "react";
import { DeliveryAttempt } from "@/components/dashboard/delivery-attempt";
import { HexValue } from "@/components/dashboard/hex-value";
import { EXCEPTION_KIND_LABELS, SANDBOX_EXCEPTION_OUTCOMES } from "@/lib/exceptions/kinds";
import { OrderReceives } from "@/components/dashboard/local-usdc";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ui } from "@/components/ui/styles";
import { formatFiat } from "@/lib/checkout/view";
import { statusLabel } from "@/lib/dashboard/format";
import type { TimelineEntry, TimelineEvent, TimelineOrder } from "@/lib/dashboard/timeline";
import { isPlatform, PLATFORM_LABELS } from "@/lib/rail/platforms";

// A session's history as one ordered list, oldest first. Each entry starts with what happened and
// when, in words a screen reader reads in that order; the badge repeats the status in colour.

const link = "text-blue-700 underline dark:text-blue-300";

const platformName = (p: string) => (isPlatform(p) ? PLATFORM_LABELS[p] : p);

const SESSION_WORDS: Record<string, string> = {
  CREATED: "Session created",
  ACTIVE: "Session active: the payer picked a payment app",
  COMPLETED: "Session completed: paid in full",
  EXPIRED: "Session expired",
  CANCELLED: "Session cancelled",
};

const ORDER_STEPS: Record<string, string> = {
  created: "Order created",
  payment_sent: "Payment sent",
  fulfilled: "Order fulfilled",
};

export function SessionTimeline({ entries, chainId }: { entries: TimelineEntry[]; chainId: number }) {
  return (
    <ol className="mt-3 space-y-3 text-sm" aria-describedby="timeline-order">
      {entries.map((e, i) => (
        <li key={`${e.kind}-${i}`} className="relative border-l-2 border-slate-300 pb-1 pl-4 dark:border-slate-600">
          <span
            aria-hidden="true"
            className="absolute -left-[7px] top-1.5 size-3 rounded-full border-2 border-white bg-slate-500 dark:border-slate-900 dark:bg-slate-400"
          />
          <Entry entry={e} chainId={chainId} />
        </li>
      ))}
    </ol>
  );
}

function Line({ what, badge, at }: { what: ReactNode; badge?: string; at: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold">{what}</span>
      {badge && <StatusBadge status={badge} />}
      <RelativeTime at={at} />
    </p>
  );
}

function Entry({ entry: e, chainId }: { entry: TimelineEntry; chainId: number }) {
  switch (e.kind) {
    case "session":
      return <Line what={SESSION_WORDS[e.status] ?? `Session ${statusLabel(e.status).toLowerCase()}`} badge={e.status} at={e.at} />;
    case "order":
      return <OrderEntry step={e.step} order={e.order} at={e.at} chainId={chainId} />;
    case "proof": {
      const simulated = Object.hasOwn(SANDBOX_EXCEPTION_OUTCOMES, e.proof.outcome)
        ? SANDBOX_EXCEPTION_OUTCOMES[e.proof.outcome as keyof typeof SANDBOX_EXCEPTION_OUTCOMES]
        : null;
      if (simulated)
        return (
          <>
            <Line what={`Sandbox proof: ${EXCEPTION_KIND_LABELS[simulated].toLowerCase()}, made on purpose`} at={e.at} />
            <p className={ui.muted}>
              For order <span className="break-all font-mono">{e.proof.orderId}</span>: outcome{" "}
              <span className="font-mono">{e.proof.outcome}</span>
            </p>
            {e.proof.txHash && (
              <p>
                Transaction <HexValue value={e.proof.txHash} kind="tx" chainId={chainId} label="Proof transaction" />
              </p>
            )}
          </>
        );
      const ok = e.proof.outcome === "success";
      return (
        <>
          <Line what={ok ? "Proof accepted" : "Proof refused"} badge={ok ? "PROOF_VERIFIED" : "FAILED"} at={e.at} />
          <p className={ui.muted}>
            For order <span className="break-all font-mono">{e.proof.orderId}</span>
            {!ok && (
              <>
                : <span className="break-all font-mono">{e.proof.errorCode ?? e.proof.outcome}</span>
              </>
            )}
          </p>
          {e.proof.txHash && (
            <p>
              Transaction <HexValue value={e.proof.txHash} kind="tx" chainId={chainId} label="Proof transaction" />
            </p>
          )}
        </>
      );
    }
    case "event":
      return <EventEntry event={e.event} />;
  }
}

function OrderEntry({ step, order: o, at, chainId }: { step: string; order: TimelineOrder; at: string; chainId: number }) {
  const what = ORDER_STEPS[step] ?? `Order ${statusLabel(o.status).toLowerCase()}`;
  const badge =
    step === "created" ? "SIGNAL_MINED" : step === "payment_sent" ? "PAYMENT_SENT" : step === "fulfilled" ? "FULFILLED" : o.status;
  return (
    <>
      <Line what={what} badge={badge} at={at} />
      {step === "created" ? (
        <p>
          <span className="break-all font-mono">{o.id}</span>: the payer pays {formatFiat(o.fiatAmount, o.fiatCurrency)} by{" "}
          {platformName(o.paymentPlatform)} for <OrderReceives order={o} />
        </p>
      ) : (
        <p className={ui.muted}>
          Order <span className="break-all font-mono">{o.id}</span>
        </p>
      )}
      {step === "fulfilled" && o.fulfillTx && (
        <p>
          Transaction <HexValue value={o.fulfillTx} kind="tx" chainId={chainId} label="Transaction" />
        </p>
      )}
    </>
  );
}

function EventEntry({ event }: { event: TimelineEvent }) {
  return (
    <>
      <Line
        what={
          <>
            Event <code className="font-mono">{event.type}</code>
          </>
        }
        at={event.at}
      />
      {event.deliveries.length === 0 ? (
        <p className={ui.muted}>No webhook subscribed.</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={`Deliveries of ${event.type}`}>
          {event.deliveries.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>Delivery to</span>
                <Link href={`/dashboard/webhooks/${d.webhookId}`} className={`break-all ${link}`}>
                  {d.webhookUrl ?? d.webhookId}
                </Link>
                {d.webhookDeleted && <span className={ui.muted}>(deleted webhook)</span>}
                <StatusBadge status={d.status} />
              </p>
              <p className={`mt-1 ${ui.muted}`}>
                {d.attempts === 0 ? "Not attempted yet" : `${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`}
                {d.nextAttemptAt && (
                  <>
                    {" "}
                    · next try <RelativeTime at={d.nextAttemptAt} />
                  </>
                )}{" "}
                ·{" "}
                <Link href={`/dashboard/webhooks/${d.webhookId}?delivery=${d.id}`} className={link}>
                  Delivery details
                  <span className="sr-only">
                    {" "}
                    of {event.type} to {d.webhookUrl ?? d.webhookId}
                  </span>
                </Link>
              </p>
              {d.attemptHistory.length > 0 && (
                <details className="mt-2">
                  <summary className="w-fit cursor-pointer rounded-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-blue-300">
                    Attempts ({d.attemptHistory.length})
                  </summary>
                  <ol className="mt-2 space-y-1" aria-label={`Attempts to deliver ${event.type} to ${d.webhookUrl ?? d.webhookId}`}>
                    {d.attemptHistory.map((a) => (
                      <li key={a.attempt} className="rounded-md bg-slate-100 px-2 py-1 dark:bg-slate-800">
                        <DeliveryAttempt attempt={a} />
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
