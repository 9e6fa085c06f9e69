import Link from "next/link";
import type { ReactNode } from "react";
import type { ExceptionDetails, ExceptionSummary } from "@/db/schema";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { HexValue } from "@/components/dashboard/hex-value";
import { LocalUsdc } from "@/components/dashboard/local-usdc";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { EXCEPTION_KIND_LABELS, EXCEPTION_KIND_MEANINGS, EXCEPTION_RESOLUTION_LABELS } from "@/lib/exceptions/kinds";
import type { ListedException } from "@/lib/exceptions/service";
import { PLATFORM_LABELS, type PaymentPlatform } from "@/lib/rail/platforms";

// Exceptions as the dashboard shows them: the exceptions page's list (cards below the sm breakpoint,
// a table from it up, as the sessions list) and a session's exception with everything known of its
// payment, what a maker or ZKP2P's support asks for to find it.

const link = "text-blue-700 underline dark:text-blue-300";
const OPEN_TONE = "border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100";
const RESOLVED_TONE = "border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

const platformLabel = (p: string | null | undefined) => (p ? (PLATFORM_LABELS[p as PaymentPlatform] ?? p) : null);

/** "Open", or how it was resolved ("Dismissed"), as a badge: the word carries it, the colour repeats it. */
export function ExceptionStatus({ exception: e }: { exception: Pick<ExceptionSummary, "status" | "resolution"> }) {
  const open = e.status === "OPEN";
  return (
    <span
      data-exception-status={e.status}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${open ? OPEN_TONE : RESOLVED_TONE}`}
    >
      {open ? "Open" : `Resolved: ${e.resolution ? EXCEPTION_RESOLUTION_LABELS[e.resolution] : "resolved"}`}
    </span>
  );
}

/** Beside a session's status in the sessions list: it has an exception waiting for a person. */
export function OpenExceptionBadge() {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${OPEN_TONE}`}>
      Exception open
    </span>
  );
}

/** The payment's amount: the fiat the payer was asked for, and the USDC. */
function Amount({ d }: { d: ExceptionDetails }) {
  if (!d.amountUsdc && !d.fiatAmount) return <span className={ui.muted}>not known</span>;
  return (
    <>
      {d.amountUsdc && <LocalUsdc amount={d.amountUsdc} />}
      {d.fiatAmount && d.fiatCurrency && (
        <span className={`block ${ui.muted}`}>
          {d.fiatAmount} {d.fiatCurrency}
        </span>
      )}
    </>
  );
}

function PaidWith({ d }: { d: ExceptionDetails }) {
  const platform = platformLabel(d.paymentPlatform);
  if (!platform && !d.payeeHandle) return <span className={ui.muted}>not known</span>;
  return (
    <>
      {platform && <span className="block">{platform}</span>}
      {d.payeeHandle && <span className="block break-all font-mono text-xs">{d.payeeHandle}</span>}
    </>
  );
}

function Field({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? "col-span-2" : ""}`}>
      <dt className={`text-xs font-medium ${ui.muted}`}>{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** The exceptions page's list; only one of its two layouts is displayed (the other is display:none). */
export function ExceptionList({ exceptions, caption }: { exceptions: ListedException[]; caption: string }) {
  const sessionLink = (e: ListedException) => (
    <Link href={`/dashboard/sessions/${e.sessionId}#exception-${e.id}`} className={`font-mono break-all ${link}`}>
      {e.sessionId}
    </Link>
  );
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label={caption}>
        {exceptions.map((e) => (
          <li key={e.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <p className="flex flex-wrap items-center justify-between gap-2 font-semibold">
              {EXCEPTION_KIND_LABELS[e.kind]} <ExceptionStatus exception={e} />
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <Field term="Session" wide>
                {sessionLink(e)}
              </Field>
              <Field term="Amount">
                <Amount d={e.details} />
              </Field>
              <Field term="Paid with">
                <PaidWith d={e.details} />
              </Field>
              <Field term="Opened" wide>
                <RelativeTime at={e.openedAt} />
              </Field>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption={caption} columns={["Exception", "Session", "Amount", "Paid with", "Opened", "Status"]}>
          {exceptions.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="py-2 pr-3 font-medium">{EXCEPTION_KIND_LABELS[e.kind]}</td>
              <td className="max-w-48 py-2 pr-3 text-xs">{sessionLink(e)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <Amount d={e.details} />
              </td>
              <td className="py-2 pr-3">
                <PaidWith d={e.details} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <RelativeTime at={e.openedAt} />
              </td>
              <td className="py-2 pr-3">
                <ExceptionStatus exception={e} />
              </td>
            </tr>
          ))}
        </Table>
      </div>
    </>
  );
}

/** What a maker or ZKP2P's support needs to find the payment, as lines to paste into a message. */
export function supportText(sessionId: string, e: ExceptionSummary): string {
  const d = e.details;
  const lines: [string, string | null | undefined][] = [
    ["Exception", `${e.kind} (${e.status})`],
    ["Session", sessionId],
    ["Order", d.orderId],
    ["Intent hash", d.intentHash],
    ["Deposit id", d.depositId],
    ["Payment app", platformLabel(d.paymentPlatform)],
    ["Payee", d.payeeHandle],
    [
      "Amount",
      [d.fiatAmount && d.fiatCurrency ? `${d.fiatAmount} ${d.fiatCurrency}` : null, d.amountUsdc ? `${d.amountUsdc} USDC` : null]
        .filter(Boolean)
        .join(" / "),
    ],
    ["Taker wallet", d.takerWallet],
    ["Signal transaction", d.signalTx],
    ["Release transaction", d.txHash],
    ["Signalled at", d.signalledAt],
    ["Payment sent at", d.paymentSentAt],
    ["Intent expires at", d.intentExpiresAt],
    ["Attested at", d.attestedAt],
    ["Opened at", e.openedAt],
    ["What happened", d.reason],
  ];
  return lines
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
}

/** One exception of a session: what happened, everything known of its payment, and how it was resolved. */
export function ExceptionCard({
  sessionId,
  exception: e,
  chainId,
  children,
}: {
  sessionId: string;
  exception: ExceptionSummary;
  /** where its transactions are linked to an explorer (null: a sandbox session's, which are made up) */
  chainId: number | null;
  /** the owner's resolutions, below it */
  children?: ReactNode;
}) {
  const d = e.details;
  const headingId = `exception-${e.id}-heading`;
  const time = (at: string | null | undefined) => (at ? <RelativeTime at={at} /> : null);
  const rows: [string, ReactNode][] = [
    ["Opened", time(e.openedAt)],
    ["Order", d.orderId ? <code className="break-all font-mono">{d.orderId}</code> : null],
    ["Intent hash", d.intentHash ? <HexValue value={d.intentHash} kind="tx" label="Intent hash" /> : null],
    ["Deposit id", d.depositId ? <code className="break-all font-mono">{d.depositId}</code> : null],
    ["Payment app", platformLabel(d.paymentPlatform)],
    ["Payee", d.payeeHandle ? <span className="break-all font-mono">{d.payeeHandle}</span> : null],
    ["Amount", d.amountUsdc || d.fiatAmount ? <Amount d={d} /> : null],
    ["Taker wallet", d.takerWallet ? <HexValue value={d.takerWallet} kind="address" chainId={chainId} label="Taker wallet" /> : null],
    ["Signal transaction", d.signalTx ? <HexValue value={d.signalTx} kind="tx" chainId={chainId} label="Signal transaction" /> : null],
    ["Release transaction", d.txHash ? <HexValue value={d.txHash} kind="tx" chainId={chainId} label="Release transaction" /> : null],
    ["Signalled", time(d.signalledAt)],
    ["Payment sent", time(d.paymentSentAt)],
    ["Intent expires", time(d.intentExpiresAt)],
    ["Attested", time(d.attestedAt)],
  ];
  return (
    <section
      id={`exception-${e.id}`}
      aria-labelledby={headingId}
      className={`${ui.card} ${e.status === "OPEN" ? "border-amber-400 dark:border-amber-600" : ""} scroll-mt-4`}
    >
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
        Exception: {EXCEPTION_KIND_LABELS[e.kind]} <ExceptionStatus exception={e} />
      </h2>
      <p className="mt-2 text-sm">{EXCEPTION_KIND_MEANINGS[e.kind]}</p>
      <p className={`mt-2 text-sm ${ui.muted}`}>
        <span className="font-medium">What happened:</span> {d.reason}
      </p>
      {e.status === "RESOLVED" && (
        <p className="mt-2 text-sm" data-testid="exception-resolution">
          {e.resolution ? EXCEPTION_RESOLUTION_LABELS[e.resolution] : "Resolved"}
          {e.resolvedBy && e.resolvedBy !== "system" ? ` by ${e.resolvedBy}` : ""}
          {e.resolvedAt && (
            <>
              , <RelativeTime at={e.resolvedAt} />
            </>
          )}
          {e.note && (
            <>
              . Note: <q>{e.note}</q>
            </>
          )}
        </p>
      )}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([term, value]) => (
            <div key={term} className="contents">
              <dt className={ui.muted}>{term}</dt>
              <dd className="min-w-0">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <CopyButton
          value={supportText(sessionId, e)}
          label="Copy the details for support"
          words={{ copy: "Copy the details", copied: "Copied" }}
        />
        <span className={ui.muted}>as text, for a message to the maker or ZKP2P&apos;s support.</span>
      </p>
      {children}
    </section>
  );
}
