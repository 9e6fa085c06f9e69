"use client";

import { useId, useSyncExternalStore } from "react";
import { exactTime, relativeTime } from "@/lib/dashboard/format";

// A time as "3 minutes ago", with the exact time in the browser's zone shown on hover (title) and
// on keyboard focus (a line below, in the flow: a table's scrolling box would clip an overlay), and
// given to screen readers as the description. The server, which does not know
// the browser's zone, renders the exact UTC time; the browser swaps in the relative text once
// hydrated (useSyncExternalStore's server snapshot), so the two renders never disagree.

const TICK = 30_000;
const subscribe = (onChange: () => void) => {
  const timer = setInterval(onChange, TICK);
  return () => clearInterval(timer);
};
const tick = () => Math.floor(Date.now() / TICK);
const noTick = () => null;

export function RelativeTime({ at }: { at: string }) {
  const id = useId();
  const now = useSyncExternalStore(subscribe, tick, noTick);
  const locale = now === null ? "en-GB" : navigator.language;
  const exact = now === null ? exactTime(at, "en-GB", "UTC") : exactTime(at, locale);
  const text = now === null ? exact : relativeTime(at, new Date(now * TICK), locale);
  return (
    <span className="group inline-block">
      <time
        dateTime={at}
        title={exact}
        tabIndex={0}
        aria-describedby={id}
        className="rounded-sm underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-blue-300"
      >
        {text}
      </time>
      <span
        id={id}
        role="tooltip"
        className="mt-1 hidden w-max max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs font-normal text-white group-focus-within:block dark:bg-slate-100 dark:text-slate-900"
      >
        {exact}
      </span>
    </span>
  );
}
