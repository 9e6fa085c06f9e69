import type { Metadata } from "next";
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { merchantOverview } from "@/lib/dashboard/stats";
import { formatUsdc } from "@/lib/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";

export const metadata: Metadata = { title: "Overview" };
const PERIODS = [7, 30, 90] as const;

export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  const { actor } = await requireMerchant();
  const requested = Number((await searchParams).days);
  const days = PERIODS.includes(requested as (typeof PERIODS)[number]) ? requested : 30;
  const o = await merchantOverview(await getDb(), { days }, { actor });
  const max = o.days.reduce((m, d) => (d.micro > m ? d.micro : m), 0n);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Overview</h1>
        <nav aria-label="Period" className="flex gap-1">
          {PERIODS.map((p) => (
            <Link
              key={p}
              href={`/dashboard?days=${p}`}
              aria-current={p === days ? "page" : undefined}
              className={`${ui.button} ${p === days ? ui.primary : ui.secondary}`}
            >
              {p} days
            </Link>
          ))}
        </nav>
      </div>
      <section className={ui.card} aria-labelledby="volume">
        <h2 id="volume" className="font-semibold">
          Completed volume: {formatUsdc(o.totalUsdc)} in {days} days
        </h2>
        {max === 0n ? (
          <p className={`mt-4 ${ui.muted}`}>No completed payments in this period yet.</p>
        ) : (
          <svg
            role="img"
            aria-label={`Completed USDC per day over ${days} days`}
            viewBox={`0 0 ${o.days.length * 10} 100`}
            className="mt-4 h-40 w-full"
            preserveAspectRatio="none"
          >
            {o.days.map((d, i) => {
              const h = max > 0n ? Number((d.micro * 100n) / max) : 0;
              return (
                <rect key={d.day} x={i * 10 + 1} y={100 - h} width={8} height={h} className="fill-blue-700 dark:fill-blue-400">
                  <title>{`${d.day}: ${formatUsdc(d.amountUsdc)}`}</title>
                </rect>
              );
            })}
          </svg>
        )}
        <table className="sr-only">
          <caption>Completed USDC per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">USDC</th>
            </tr>
          </thead>
          <tbody>
            {o.days
              .filter((d) => d.completed > 0)
              .map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td>{formatUsdc(d.amountUsdc)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <section className={ui.card} aria-labelledby="by-status">
          <h2 id="by-status" className="font-semibold">
            Sessions by status
          </h2>
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
        <section className={ui.card} aria-labelledby="funnel">
          <h2 id="funnel" className="font-semibold">
            Funnel
          </h2>
          <ol className="mt-3 space-y-2">
            {o.funnel.map((f) => (
              <li key={f.step} className="flex justify-between rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
                <span>{f.step}</span>
                <span className="font-semibold tabular-nums">
                  {f.n}
                  {o.funnel[0]!.n > 0 && (
                    <span className={`ml-2 text-sm font-normal ${ui.muted}`}>{Math.round((f.n * 100) / o.funnel[0]!.n)}%</span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
