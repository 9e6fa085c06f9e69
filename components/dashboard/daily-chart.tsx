import { ui } from "@/components/ui/styles";
import { ChartDays } from "./chart-days";
import { formatUsdc } from "@/lib/dashboard/format";
import type { OverviewDay } from "@/lib/dashboard/stats";
import { labelledDays, longDay, niceTicks, shortDay, usdcTick } from "@/lib/dashboard/overview-format";

// Completed volume (or count) per UTC day, drawn on the server: the bars and gridlines are an SVG
// stretched to the plot; the axis labels are HTML beside it, so they keep their size at any width.
// Every day is a focusable column whose day, USDC and count show on hover and on keyboard focus
// (CSS), and are its text for screen readers; the days are one tab stop, moved through with the
// arrow keys (chart-days.tsx, the one script).

export type ChartMetric = "volume" | "count";

const payments = (n: number) => `${n} ${n === 1 ? "payment" : "payments"}`;

export function DailyChart({ days, metric }: { days: OverviewDay[]; metric: ChartMetric }) {
  const values = days.map((d) => (metric === "volume" ? d.micro : BigInt(d.completed)));
  const max = values.reduce((m, v) => (v > m ? v : m), 0n);
  const { ticks, top, step } = niceTicks(max, 4, metric === "volume" ? 10_000n : 1n);
  const label = (t: bigint) => (metric === "volume" ? usdcTick(t, step) : t.toString());
  // a share of the axis's top as a percentage with two decimals, in bigint until the end
  const pct = (v: bigint) => Number((v * 10_000n) / top) / 100;
  const n = days.length;
  const xLabel = (wide: boolean) => (i: number) => (
    <span
      key={`${wide}-${i}`}
      className={`absolute top-1 whitespace-nowrap ${wide ? "hidden sm:block" : "sm:hidden"} ${i === n - 1 ? "right-0" : i === 0 ? "left-0" : "-translate-x-1/2"}`}
      style={i === n - 1 || i === 0 ? undefined : { left: `${((i + 0.5) * 100) / n}%` }}
    >
      {shortDay(days[i]!.day)}
    </span>
  );
  const unit = metric === "volume" ? "USDC" : "Payments";
  // the y axis as wide as its longest label (text-xs digits are about 0.6em), the x axis indented to match
  const axisWidth = `${Math.max(...ticks.map((t) => label(t).length)) * 0.6 + 0.25}em`;
  return (
    <figure className="mt-4">
      <div className="flex gap-2 pt-2 text-xs">
        <div aria-hidden="true" className={`relative h-48 shrink-0 text-right tabular-nums ${ui.muted}`} style={{ width: axisWidth }}>
          {ticks.map((t) => (
            <span key={t.toString()} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${pct(t)}%` }}>
              {label(t)}
            </span>
          ))}
        </div>
        <div className="relative h-48 min-w-0 flex-1 border-b border-l border-slate-500 dark:border-slate-400">
          <svg
            role="img"
            aria-label={metric === "volume" ? `Completed USDC per day over ${n} days` : `Completed payments per day over ${n} days`}
            viewBox={`0 0 ${n * 10} 1000`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
          >
            {ticks.slice(1).map((t) => (
              <line
                key={t.toString()}
                x1={0}
                x2={n * 10}
                y1={1000 - pct(t) * 10}
                y2={1000 - pct(t) * 10}
                vectorEffect="non-scaling-stroke"
                className="stroke-slate-200 dark:stroke-slate-700"
              />
            ))}
            {values.map((v, i) =>
              v > 0n ? (
                <rect
                  key={days[i]!.day}
                  x={i * 10 + 1.5}
                  width={7}
                  y={1000 - pct(v) * 10}
                  height={pct(v) * 10}
                  className="fill-blue-700 dark:fill-blue-400"
                />
              ) : null,
            )}
          </svg>
          <ChartDays label={`Days, ${unit === "USDC" ? "volume" : "payments"} of each; the arrow keys move between them`}>
            {days.map((d, i) => (
              <li
                key={d.day}
                // one stop in the tab order, the latest day; the arrow keys move on from it (chart-days.tsx)
                tabIndex={i === n - 1 ? 0 : -1}
                className="group h-full flex-1 outline-none hover:bg-slate-500/10 focus:bg-slate-500/15 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-600 dark:focus-visible:ring-blue-400"
              >
                {/* shown on the side away from the day, so it never covers the bar nor leaves the plot; while the
                    pointer is on another day, the focused day gives way to it */}
                <span
                  className={`pointer-events-none absolute top-1 z-10 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white opacity-0 shadow group-hover:opacity-100 group-focus:opacity-100 [ol:hover_li:focus:not(:hover)_&]:opacity-0 dark:bg-slate-100 dark:text-slate-900 ${
                    i < n / 2 ? "right-1" : "left-1"
                  }`}
                >
                  <span className="block font-semibold">{longDay(d.day)}</span>
                  <span className="block tabular-nums">
                    {formatUsdc(d.amountUsdc)} · {payments(d.completed)}
                  </span>
                </span>
              </li>
            ))}
          </ChartDays>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="relative h-6 text-xs text-slate-700 dark:text-slate-300"
        style={{ marginLeft: `calc(${axisWidth} + 0.5rem)` }}
      >
        {labelledDays(n, 7).map(xLabel(true))}
        {labelledDays(n, 4).map(xLabel(false))}
      </div>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">
        {metric === "volume" ? "USDC" : "Payments"} completed per day; days in UTC. Hover over or focus a day (Tab, then the arrow keys) for
        its values.
      </figcaption>
    </figure>
  );
}
