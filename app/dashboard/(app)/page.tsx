import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { DailyChart, type ChartMetric } from "@/components/dashboard/daily-chart";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { healthLine, percent } from "@/components/dashboard/webhook-health";
import { ui } from "@/components/ui/styles";
import { Table } from "@/components/ui/table";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { formatUsdc } from "@/lib/dashboard/format";
import { humanDuration, longDay, share } from "@/lib/dashboard/overview-format";
import { merchantOverview, type MerchantOverview, type OverviewTop } from "@/lib/dashboard/stats";
import { PLATFORM_LABELS } from "@/lib/rail/platforms";
import { merchantWebhooksHealth, type MerchantWebhooksHealth } from "@/lib/webhooks/health";

export const metadata: Metadata = { title: "Overview" };
const PERIODS = [7, 30, 90] as const;
const METRICS: [ChartMetric, string][] = [
  ["volume", "USDC"],
  ["count", "Payments"],
];

type Search = { days?: string; chart?: string };
/** "1,234.50": in a column headed USDC, the amount alone */
const usdcAmount = (amount: string) => formatUsdc(amount).replace(/ USDC$/, "");

export default async function OverviewPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { actor } = await requireMerchant();
  const search = await searchParams;
  const requested = Number(search.days);
  const days = PERIODS.includes(requested as (typeof PERIODS)[number]) ? requested : 30;
  const metric: ChartMetric = search.chart === "count" ? "count" : "volume";
  const href = (p: { days?: number; chart?: ChartMetric }) => {
    const q = new URLSearchParams({ days: String(p.days ?? days) });
    if ((p.chart ?? metric) === "count") q.set("chart", "count");
    return `/dashboard?${q}`;
  };
  const db = await getDb();
  const [o, hooks] = await Promise.all([merchantOverview(db, { days }, { actor }), merchantWebhooksHealth(db, { actor })]);
  const created = o.funnel[0]!.n;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Overview</h1>
        <nav aria-label="Period" className="flex gap-1">
          {PERIODS.map((p) => (
            <Link
              key={p}
              href={href({ days: p })}
              aria-current={p === days ? "page" : undefined}
              className={`${ui.button} ${p === days ? ui.primary : ui.secondary}`}
            >
              {p} days
            </Link>
          ))}
        </nav>
      </div>

      <section className={ui.card} aria-labelledby="figures">
        <h2 id="figures" className="sr-only">
          Key figures, last {days} days
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Completed volume" value={formatUsdc(o.totalUsdc)} note={`${days} days to today`} />
          <Figure label="Payments completed" value={String(o.completedCount)} note={`${days} days to today`} />
          <Figure
            label="Conversion"
            value={share(o.counts.COMPLETED, created) ?? "—"}
            note={created === 0 ? "No sessions created in this period" : `${o.counts.COMPLETED} of ${created} sessions created were paid`}
          />
          <Figure
            label="Median time to pay"
            value={o.medianSecondsToPay === null ? "—" : humanDuration(o.medianSecondsToPay)}
            note={
              o.medianSecondsToPay === null
                ? "No payments completed in this period, so no time to measure"
                : "From session created to payment completed (within 2%)"
            }
            testId="median-time-to-pay"
          />
        </dl>
      </section>

      <section className={ui.card} aria-labelledby="volume">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="volume" className="font-semibold">
            Completed volume: {formatUsdc(o.totalUsdc)} in {days} days
          </h2>
          <nav aria-label="Chart shows" className="flex gap-1">
            {METRICS.map(([m, name]) => (
              <Link
                key={m}
                href={href({ chart: m })}
                aria-current={m === metric ? "page" : undefined}
                className={`${ui.button} px-3 py-1 ${m === metric ? ui.primary : ui.secondary}`}
              >
                {name}
              </Link>
            ))}
          </nav>
        </div>
        {o.completedCount === 0 ? (
          <p className={`mt-4 ${ui.muted}`}>
            No completed payments in this period yet. Each day&apos;s volume and count show here as payments complete.
          </p>
        ) : (
          <DailyChart days={o.days} metric={metric} />
        )}
        {o.completedCount > 0 && (
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-blue-700 underline dark:text-blue-300">Show as table</summary>
            <div className="mt-2 max-h-96 overflow-y-auto" tabIndex={0} role="region" aria-label="Table of days, scrollable">
              <Table
                caption={`Completed payments per day, last ${days} days (UTC), newest first`}
                columns={["Day (UTC)", "USDC", "Payments"]}
              >
                {o.days.toReversed().map((d) => (
                  <tr key={d.day} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-1 pr-3 font-normal">
                      <time dateTime={d.day}>{longDay(d.day)}</time>
                    </th>
                    <td className="py-1 pr-3 tabular-nums">{usdcAmount(d.amountUsdc)}</td>
                    <td className="py-1 pr-3 tabular-nums">{d.completed}</td>
                  </tr>
                ))}
              </Table>
            </div>
          </details>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <Funnel o={o} days={days} />
        <section className={ui.card} aria-labelledby="by-status">
          <h2 id="by-status" className="font-semibold">
            Sessions by status
          </h2>
          <p className={`mt-1 text-sm ${ui.muted}`}>Sessions created in the last {days} days, by where they are now.</p>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            {Object.entries(o.counts).map(([status, n]) => (
              <div key={status} className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
                <dt className="text-sm">
                  <StatusBadge status={status} />
                </dt>
                <dd className="text-xl font-semibold">{n}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <TopTable
          id="platforms"
          title="Top payment platforms"
          column="Platform"
          rows={o.platforms}
          name={(k) => PLATFORM_LABELS[k as keyof typeof PLATFORM_LABELS] ?? k}
          total={o.orders}
        />
        <TopTable id="currencies" title="Top currencies" column="Currency" rows={o.currencies} name={(k) => k} total={o.orders} />
      </div>

      <WebhooksCard h={hooks} />
    </div>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string; note: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className={`text-sm ${ui.muted}`}>{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className={`text-sm ${ui.muted}`}>{note}</dd>
    </div>
  );
}

function Funnel({ o, days }: { o: MerchantOverview; days: number }) {
  const created = o.funnel[0]!.n;
  return (
    <section className={ui.card} aria-labelledby="funnel">
      <h2 id="funnel" className="font-semibold">
        Funnel
      </h2>
      <p className={`mt-1 text-sm ${ui.muted}`}>How far the sessions created in the last {days} days got.</p>
      <ol className="mt-3 space-y-2">
        {o.funnel.map((f, i) => {
          const prev = i > 0 ? o.funnel[i - 1]! : null;
          const ofCreated = share(f.n, created);
          const lost = prev ? prev.n - f.n : 0;
          const lostShare = prev ? share(lost, prev.n) : null;
          return (
            <li key={f.step} className="rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
              <div className="flex flex-wrap justify-between gap-x-3">
                <span>{f.step}</span>
                <span className="font-semibold tabular-nums">
                  {f.n}
                  {ofCreated !== null && (
                    <span className={`ml-2 text-sm font-normal ${ui.muted}`}>
                      {ofCreated}
                      <span className="sr-only"> of created</span>
                    </span>
                  )}
                </span>
              </div>
              {ofCreated !== null && (
                <div aria-hidden="true" className="mt-2 h-1.5 rounded-full bg-slate-300 dark:bg-slate-600">
                  <div
                    className="h-1.5 rounded-full bg-blue-700 dark:bg-blue-400"
                    style={{ width: ofCreated === "<1%" ? "1%" : ofCreated }}
                  />
                </div>
              )}
              {prev && prev.n > 0 && (
                <p className={`mt-1 text-sm ${ui.muted}`} data-testid={`drop-off-${f.step}`}>
                  {lost > 0 ? (
                    <>
                      <span aria-hidden="true">
                        −{lost} ({lostShare}) after {prev.step}
                      </span>
                      <span className="sr-only">
                        {lost} of {prev.n} dropped off after {prev.step}, {lostShare}
                      </span>
                    </>
                  ) : (
                    `No drop-off after ${prev.step}`
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function TopTable(props: { id: string; title: string; column: string; rows: OverviewTop[]; name: (key: string) => string; total: number }) {
  const { id, title, column, rows, name, total } = props;
  return (
    <section className={ui.card} aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={`mt-2 ${ui.muted}`}>No orders in this period yet: they show here once payers choose how to pay.</p>
      ) : (
        <div className="mt-2">
          <Table caption={`${title}, by orders started in this period`} columns={[column, "Orders", "Paid", "USDC"]}>
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {name(r.key)}
                </th>
                <td className="py-2 pr-3 tabular-nums">
                  {r.orders}
                  <span className={`ml-1 text-xs ${ui.muted}`}>{share(r.orders, total)}</span>
                </td>
                <td className="py-2 pr-3 tabular-nums">{r.paid}</td>
                <td className="py-2 pr-3 tabular-nums">{usdcAmount(r.amountUsdc)}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </section>
  );
}

function WebhooksCard({ h }: { h: MerchantWebhooksHealth }) {
  return (
    <section className={ui.card} aria-labelledby="webhook-health">
      <h2 id="webhook-health" className="font-semibold">
        Webhooks, last 24 hours
      </h2>
      {h.webhooks === 0 ? (
        <p className={`mt-2 ${ui.muted}`}>
          No webhooks yet.{" "}
          <Link href="/dashboard/webhooks" className="font-medium text-blue-700 underline dark:text-blue-300">
            Add one
          </Link>{" "}
          to hear about payments as they happen.
        </p>
      ) : (
        <>
          <p className="mt-2">
            {h.successRate === null ? (
              "No deliveries in the last 24 hours."
            ) : (
              <>
                <span className="text-2xl font-semibold tabular-nums" data-testid="overview-webhook-success-rate">
                  {percent(h.successRate)}
                </span>{" "}
                delivered ({h.delivered} of {h.delivered + h.failed}) across {h.webhooks} {h.webhooks === 1 ? "webhook" : "webhooks"}
              </>
            )}
          </p>
          {h.failing.length === 0 ? (
            h.successRate !== null && <p className={`mt-1 text-sm ${ui.muted}`}>No failures in the last 24 hours.</p>
          ) : (
            <>
              <h3 className="mt-3 text-sm font-semibold">Failing</h3>
              <ul className="mt-1 space-y-2">
                {h.failing.map((w) => (
                  <li key={w.id} className="rounded-lg border border-red-300 p-3 dark:border-red-800">
                    <Link href={`/dashboard/webhooks/${w.id}`} className="font-medium break-all text-blue-700 underline dark:text-blue-300">
                      {w.url}
                    </Link>
                    <p className={`text-sm ${ui.muted}`}>{healthLine(w.health)}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
