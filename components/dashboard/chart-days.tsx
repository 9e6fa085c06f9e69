"use client";

import type { KeyboardEvent, ReactNode } from "react";

// The chart's days as one stop in the tab order: the arrow keys move between days (Home and End to
// the first and the last, Page Up and Page Down a week), and the day left focused is the one Tab
// comes back to. The days themselves are drawn on the server (daily-chart.tsx); this adds only keys.

const STEPS: Record<string, (i: number, n: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowUp: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  ArrowDown: (i) => i + 1,
  PageUp: (i) => i - 7,
  PageDown: (i) => i + 7,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function ChartDays({ label, children }: { label: string; children: ReactNode }) {
  function onKeyDown(e: KeyboardEvent<HTMLOListElement>) {
    const step = STEPS[e.key];
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    const days = Array.from(e.currentTarget.children) as HTMLElement[];
    const at = days.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = Math.min(days.length - 1, Math.max(0, step(at, days.length)));
    e.preventDefault();
    if (next === at) return;
    days[at]!.tabIndex = -1;
    days[next]!.tabIndex = 0;
    days[next]!.focus();
  }
  return (
    <ol className="absolute inset-0 flex" aria-label={label} onKeyDown={onKeyDown}>
      {children}
    </ol>
  );
}
