import Link from "next/link";
import type { ReactNode } from "react";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { HexValue } from "@/components/dashboard/hex-value";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { OpenExceptionBadge } from "@/components/dashboard/exceptions";
import { chainName, tokenName } from "@/lib/dashboard/format";
import { isFiatPriced, sessionPrice } from "@/lib/dashboard/price";
import type { SessionDto } from "@/lib/wire/session";

// The sessions list: a table from the sm breakpoint up, and below it one card per session (a
// definition list), so a narrow screen never scrolls sideways. Only one of the two is displayed;
// the other is display:none, out of the accessibility tree and the tab order.

const link = "text-blue-700 underline dark:text-blue-300";

function Amount({ s }: { s: SessionDto }) {
  return (
    <>
      {sessionPrice(s)}
      {isFiatPriced(s) && s.activeOrderId && <span className={`block ${ui.muted}`}>receives {s.amountUsdc} USDC net</span>}
    </>
  );
}

function Status({ s }: { s: SessionDto }) {
  return (
    <span className="flex flex-wrap gap-1">
      <StatusBadge status={s.status} />
      {s.exception?.status === "OPEN" && <OpenExceptionBadge />}
    </span>
  );
}

function PaysOut({ s }: { s: SessionDto }) {
  return (
    <>
      <span className="block whitespace-nowrap">
        {tokenName(s.destinationChainId, s.destinationToken)} on {chainName(s.destinationChainId)}
      </span>
      <HexValue value={s.recipientAddress} kind="address" chainId={s.destinationChainId} label="Recipient" />
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

export function SessionList({ sessions, caption }: { sessions: SessionDto[]; caption: string }) {
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label={caption}>
        {sessions.map((s) => (
          <li key={s.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <Field term="Session" wide>
                <Link href={`/dashboard/sessions/${s.id}`} className={`font-mono break-all ${link}`}>
                  {s.id}
                </Link>
              </Field>
              <Field term="Amount">
                <span className="tabular-nums">
                  <Amount s={s} />
                </span>
              </Field>
              <Field term="Status">
                <Status s={s} />
              </Field>
              <Field term="Pays out" wide>
                <PaysOut s={s} />
              </Field>
              <Field term="Created" wide>
                <RelativeTime at={s.createdAt} />
              </Field>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption={caption} columns={["Session", "Amount", "Status", "Pays out", "Created"]}>
          {sessions.map((s) => (
            <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-2 pr-3 font-mono">
                <Link href={`/dashboard/sessions/${s.id}`} className={link}>
                  {s.id}
                </Link>
              </td>
              <td className="py-2 pr-3 tabular-nums">
                <Amount s={s} />
              </td>
              <td className="py-2 pr-3">
                <Status s={s} />
              </td>
              <td className="py-2 pr-3">
                <PaysOut s={s} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <RelativeTime at={s.createdAt} />
              </td>
            </tr>
          ))}
        </Table>
      </div>
    </>
  );
}
