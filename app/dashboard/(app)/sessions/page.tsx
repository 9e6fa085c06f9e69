import type { Metadata } from "next";
import Link from "next/link";
import { FilterSelect, queryString } from "@/components/ui/filter-select";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { orMessage, searchProblem } from "@/lib/http/page";
import { sessionListQuery } from "@/lib/schemas";
import { isFiatPriced, sessionPrice } from "@/lib/dashboard/price";
import { chainName, tokenName } from "@/lib/dashboard/format";
import { HexValue } from "@/components/dashboard/hex-value";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { listSessions } from "@/lib/sessions/read";

export const metadata: Metadata = { title: "Sessions" };
const STATUSES = ["CREATED", "ACTIVE", "COMPLETED", "EXPIRED", "CANCELLED"] as const;

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { actor } = await requireMerchant();
  const raw = await searchParams;
  const parsed = sessionListQuery.safeParse({ limit: "25", ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v)) });
  const query = parsed.success ? parsed.data : { limit: 25 };
  // a refused filter or cursor is a message; a failed query is the error boundary's, never an empty list
  const problem = searchProblem(raw);
  const found = parsed.success && !problem ? await orMessage(listSessions(await getDb(), query, { actor })) : null;
  const result = found?.ok ? found.value : null;
  const error = problem ?? (!found ? "That filter is not valid." : found.ok ? null : found.message);
  const next = result?.nextCursor ? queryString({ status: raw.status, q: raw.q, cursor: result.nextCursor }) : null;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Sessions</h1>
      <form className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter sessions">
        <FilterSelect name="status" label="Status" value={raw.status} options={STATUSES} />
        <div className="min-w-60 flex-1">
          <label htmlFor="q" className={ui.label}>
            Session id or metadata value
          </label>
          <input id="q" name="q" type="search" defaultValue={raw.q ?? ""} className={ui.input} />
        </div>
        <button type="submit" className={`${ui.button} ${ui.primary}`}>
          Search
        </button>
      </form>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      {result && result.sessions.length === 0 && (
        <p className={ui.muted}>No sessions match. Create one with POST /api/checkout/sessions.</p>
      )}
      {result && result.sessions.length > 0 && (
        <Table caption="Sessions, newest first" columns={["Session", "Amount", "Status", "Pays out", "Created"]}>
          {result.sessions.map((s) => (
            <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="py-2 pr-3 font-mono">
                <Link href={`/dashboard/sessions/${s.id}`} className="text-blue-700 underline dark:text-blue-300">
                  {s.id}
                </Link>
              </td>
              <td className="py-2 pr-3 tabular-nums">
                {sessionPrice(s)}
                {isFiatPriced(s) && s.activeOrderId && <span className={`block ${ui.muted}`}>receives {s.amountUsdc} USDC net</span>}
              </td>
              <td className="py-2 pr-3">
                <StatusBadge status={s.status} />
              </td>
              <td className="py-2 pr-3">
                <span className="block whitespace-nowrap">
                  {tokenName(s.destinationChainId, s.destinationToken)} on {chainName(s.destinationChainId)}
                </span>
                <HexValue value={s.recipientAddress} kind="address" chainId={s.destinationChainId} label="Recipient" />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <RelativeTime at={s.createdAt} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      {next && (
        <Link href={`/dashboard/sessions${next}`} className={`${ui.button} ${ui.secondary}`}>
          Older sessions
        </Link>
      )}
    </div>
  );
}
