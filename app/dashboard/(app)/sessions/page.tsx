import type { Metadata } from "next";
import Link from "next/link";
import { SessionList } from "@/components/dashboard/session-list";
import { FilterSelect, queryString } from "@/components/ui/filter-select";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { statusLabel } from "@/lib/dashboard/format";
import { FILTER_LABELS, type FilterParam, SORT_LABELS, filterParams, isFiltered, parseSessionQuery } from "@/lib/dashboard/session-filters";
import { orMessage, searchProblem } from "@/lib/http/page";
import { PAYMENT_PLATFORMS, PLATFORM_LABELS } from "@/lib/rail/platforms";
import { SESSION_SORTS, searchSessions } from "@/lib/sessions/search";
import { SESSION } from "@/lib/state";
import { serializeSession } from "@/lib/wire/session";

export const metadata: Metadata = { title: "Sessions" };

const PAGE_SIZE = 25;
const LIST = "/dashboard/sessions";
const STATUS_OPTIONS = SESSION.statuses.map((s) => ({ value: s, label: statusLabel(s) }));
const PLATFORM_OPTIONS = PAYMENT_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }));
const SORT_OPTIONS = SESSION_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));
const EXCEPTION_OPTIONS = [
  { value: "open", label: "Open: needs a person" },
  { value: "any", label: "Any, open or resolved" },
];
const errorId = (field: FilterParam) => `filter-error-${field}`;

export default async function SessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireMerchant();
  const params = filterParams(await searchParams);
  // a refused filter or cursor is a message; a failed query is the error boundary's, never an empty list
  const problem = searchProblem(params);
  const parsed = problem ? null : parseSessionQuery(params);
  const found = parsed?.ok
    ? await orMessage(
        searchSessions(await getDb(), { ...parsed.filters, sort: parsed.sort, cursor: parsed.cursor, limit: PAGE_SIZE }, { actor }),
      )
    : null;
  const problems = parsed && !parsed.ok ? parsed.problems : [];
  const message = problem ?? (found && !found.ok ? found.message : null);
  const invalid = new Set(problems.map((p) => p.field));
  const result = found?.ok ? found.value : null;
  const sessions = result?.rows.map(serializeSession) ?? [];
  const sort = parsed?.ok ? parsed.sort : "newest";

  const { cursor: _page, ...filters } = params;
  const filtered = isFiltered(params) || Boolean(params.sort);
  const next = result?.nextCursor ? `${LIST}${queryString({ ...filters, cursor: result.nextCursor })}` : null;
  const first = params.cursor ? `${LIST}${queryString(filters)}` : null;
  const exportHref = `${LIST}/export${queryString(filters)}`;
  const clear = (
    <Link href={LIST} className={`${ui.button} ${ui.secondary}`}>
      Clear filters
    </Link>
  );
  const field = (name: FilterParam) => ({
    id: name,
    name,
    defaultValue: params[name] ?? "",
    className: ui.input,
    "aria-invalid": invalid.has(name) || undefined,
    "aria-describedby": invalid.has(name) ? errorId(name) : undefined,
  });
  const select = (name: FilterParam, options: { value: string; label: string }[], all?: string | false) => (
    <FilterSelect
      name={name}
      label={FILTER_LABELS[name]}
      value={params[name]}
      options={options}
      all={all}
      errorId={invalid.has(name) ? errorId(name) : undefined}
    />
  );
  const label = (name: FilterParam) => (
    <label htmlFor={name} className={ui.label}>
      {FILTER_LABELS[name]}
    </label>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Sessions</h1>
        {sessions.length > 0 && (
          // a download, not a page: the browser saves what the route streams
          <a href={exportHref} download className={`${ui.button} ${ui.secondary}`}>
            Export CSV
          </a>
        )}
      </div>
      {/* keyed by the address: after "Clear filters" or a new search, the fields show what the list shows */}
      <form key={JSON.stringify(params)} className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="search" aria-label="Filter sessions">
        {select("status", STATUS_OPTIONS)}
        {select("platform", PLATFORM_OPTIONS)}
        <div className="col-span-2 sm:col-span-1">
          {label("from")}
          <input type="date" {...field("from")} />
        </div>
        <div className="col-span-2 sm:col-span-1">
          {label("to")}
          <input type="date" {...field("to")} />
        </div>
        <div>
          {label("min")}
          <input type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" {...field("min")} />
        </div>
        <div>
          {label("max")}
          <input type="text" inputMode="decimal" autoComplete="off" placeholder="Any" {...field("max")} />
        </div>
        <div className="col-span-2">
          {label("q")}
          <input type="search" {...field("q")} />
        </div>
        <div className="col-span-2 sm:col-span-1">{select("exception", EXCEPTION_OPTIONS, "All sessions")}</div>
        <div className="col-span-2 sm:col-span-1">{select("sort", SORT_OPTIONS, false)}</div>
        <div className="col-span-2 flex flex-wrap items-end gap-3 lg:col-span-2">
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            Search
          </button>
          {/* an empty result offers it beside its message instead */}
          {filtered && !(result && sessions.length === 0) && clear}
        </div>
      </form>
      {(problems.length > 0 || message) && (
        <div role="alert" className={ui.error}>
          <p className="font-semibold">{problems.length ? "These filters cannot be applied:" : message}</p>
          {problems.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p, i) => (
                // the first message about a field is the one the field points to
                <li key={p.field + p.message} id={problems.findIndex((q) => q.field === p.field) === i ? errorId(p.field) : undefined}>
                  {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {result && sessions.length === 0 && (
        <div className="space-y-3">
          {filtered || params.cursor ? (
            <>
              <p className={ui.muted}>No sessions match these filters.</p>
              {clear}
            </>
          ) : (
            <p className={ui.muted}>No sessions yet. Create one with POST /api/checkout/sessions.</p>
          )}
        </div>
      )}
      {sessions.length > 0 && <SessionList sessions={sessions} caption={`Sessions, ${SORT_LABELS[sort].toLowerCase()}`} />}
      {(next || first) && (
        <nav aria-label="Pages" className="flex flex-wrap gap-3">
          {first && (
            <Link href={first} className={`${ui.button} ${ui.secondary}`}>
              First page
            </Link>
          )}
          {next && (
            <Link href={next} className={`${ui.button} ${ui.secondary}`}>
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
