import type { Metadata } from "next";
import Link from "next/link";
import { RelativeTime } from "@/components/dashboard/relative-time";
import { FilterSelect } from "@/components/ui/filter-select";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { auditActions, listAudit } from "@/lib/audit";
import { roleOf } from "@/lib/accounts/roles";
import { listMembers } from "@/lib/accounts/teams";
import { requireMerchant } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Audit trail" };

const PAGE = 50;

/** Who changed what: owners see the whole account's trail, other members their own records. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { merchantId, actor, person } = await requireMerchant();
  const params = await searchParams;
  const one = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  const seesAll = roleOf(actor) === "owner";
  const db = await getDb();
  const before = Number(one(params.before));
  const filter = {
    action: one(params.action)?.slice(0, 100),
    actorId: seesAll ? one(params.actor)?.slice(0, 100) : undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: PAGE,
  };
  const [records, actions, members] = await Promise.all([
    listAudit(db, merchantId, filter, seesAll ? undefined : person?.userId, person?.userId),
    auditActions(db, merchantId, person?.userId),
    seesAll && person ? listMembers(db, merchantId) : Promise.resolve([]),
  ]);
  const older = records.length === PAGE ? records[records.length - 1]!.id : null;
  const query = (extra: Record<string, string>) =>
    new URLSearchParams(
      Object.entries({ action: filter.action ?? "", actor: filter.actorId ?? "", ...extra }).filter(([, v]) => v),
    ).toString();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Audit trail</h1>
        <p className={`mt-1 ${ui.muted}`}>
          {seesAll ? "Every change to this account: who, what, when and from where." : "Your own changes to this account."} Records cannot
          be edited or deleted.
        </p>
      </div>
      <form method="get" className={`${ui.card} flex flex-wrap items-end gap-3`} aria-label="Filter the audit trail">
        <FilterSelect name="action" label="Action" value={filter.action} options={actions} />
        {seesAll && members.length > 0 && (
          <FilterSelect
            name="actor"
            label="Person"
            value={filter.actorId}
            options={members.map((m) => ({ value: m.userId, label: m.email }))}
          />
        )}
        <button type="submit" className={`${ui.button} ${ui.secondary}`}>
          Filter
        </button>
      </form>
      <section className={ui.card} aria-labelledby="records-heading">
        <h2 id="records-heading" className="sr-only">
          Records
        </h2>
        {records.length === 0 ? (
          <p className={ui.muted}>
            {filter.action || filter.actorId || filter.before ? "No records match these filters." : "Nothing recorded yet."}
          </p>
        ) : (
          <Table caption="Audit records, newest first" columns={["When", "Who", "What", "Target", "From"]}>
            {records.map((r) => (
              <tr key={r.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-2 pr-3 whitespace-nowrap">
                  <RelativeTime at={r.at} />
                </td>
                <td className="py-2 pr-3 break-all">{r.actorLabel}</td>
                <td className="py-2 pr-3 font-mono text-xs">{r.action}</td>
                <td className="py-2 pr-3 break-all">
                  {r.target ?? "—"}
                  {r.details && <span className={`block text-xs ${ui.muted}`}>{JSON.stringify(r.details)}</span>}
                </td>
                <td className="py-2 pr-3 font-mono text-xs">{r.ip ?? "—"}</td>
              </tr>
            ))}
          </Table>
        )}
        {older && (
          <p className="mt-3">
            <Link href={`/dashboard/audit?${query({ before: String(older) })}`} className={`${ui.button} ${ui.secondary}`}>
              Older records
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
