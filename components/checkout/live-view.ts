"use client";

import { useCallback, useEffect, useRef, useState } from "react";

// The payer's page keeps one thing fresh: its view. It polls, at once again when the payer comes back
// to the tab, retries a failed poll twice (1 s, then 2 s) before it says the connection is lost, and
// never lets a poll that started before an action's answer overwrite that answer. The payer's page is
// the one page held to a first-load budget (bench/checkout.mjs); this is its whole need of a query
// library, in a fraction of one's code (the dashboard's client components use TanStack Query).

export type LiveView<T> = {
  data: T;
  /** the last poll failed, retries included; the next one that gets through clears it */
  isError: boolean;
  /** polls now (the "Retry now" button) */
  refetch: () => void;
  /** the view an action answered: shown now, and no poll already running replaces it */
  set: (next: T) => void;
  /** the view as it stands, for code that runs outside a render */
  current: () => T;
};

const RETRIES = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `load` makes the next view from the current one; `every` says how often to poll with a view in hand
 * (ms); `hidden` whether a hidden tab polls too with that view (the server must know the page is open).
 */
export function useLiveView<T>(
  initial: T,
  load: (current: T) => Promise<T>,
  every: (data: T) => number,
  hidden: (data: T) => boolean = () => false,
): LiveView<T> {
  const [data, setData] = useState(initial);
  const [isError, setError] = useState(false);
  const latest = useRef(initial);
  const loader = useRef(load);
  // each set counts: a poll keeps what it fetched only if nothing was set since it started
  const version = useRef(0);
  const running = useRef<Promise<void> | null>(null);
  useEffect(() => {
    loader.current = load;
  });

  const set = useCallback((next: T) => {
    version.current++;
    latest.current = next;
    setData(next);
  }, []);

  const poll = useCallback(() => {
    if (running.current) return running.current;
    const started = version.current;
    const run = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const next = await loader.current(latest.current);
          if (version.current === started) set(next);
          setError(false);
          return;
        } catch {
          if (attempt >= RETRIES) return setError(true);
          await sleep(1_000 * 2 ** attempt);
        }
      }
    };
    running.current = run().finally(() => {
      running.current = null;
    });
    return running.current;
  }, [set]);

  const interval = every(data);
  const whileHidden = hidden(data);
  useEffect(() => {
    // a hidden tab does not poll, unless asked to; coming back to it polls at once
    const timer = setInterval(() => (whileHidden || document.visibilityState === "visible") && void poll(), interval);
    const back = () => document.visibilityState === "visible" && void poll();
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, [interval, whileHidden, poll]);

  return { data, isError, refetch: () => void poll(), set, current: () => latest.current };
}
