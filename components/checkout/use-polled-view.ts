"use client";

import { useCallback, useEffect, useRef, useState } from "react";

// The payer's page keeps its view fresh with this hook instead of TanStack Query: it is the page's
// only query, and the library was 10 KB gzipped of the 15 KB the checkout may add above the
// framework's own JavaScript (bench/README.md, "Checkout page budget"). It keeps what the page used
// of the library: the server's view as the first data, a fetch on mount, polling at an interval
// the data decides while the tab is visible, a fetch when the tab becomes visible again, two
// retries (after 1 s and 2 s) before an error shows, and data that an action's answer replaces.

const RETRY_DELAYS_MS = [1_000, 2_000];

type State<T> = { data: T; isError: boolean };

export type PolledView<T> = State<T> & {
  /** fetches now, dropping a fetch under way (the payer's "Retry now") */
  refetch: () => void;
  /** replaces the data (an action answered with the new view) and clears an error */
  setData: (data: T) => void;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export function usePolledView<T>(initial: T, load: (signal: AbortSignal) => Promise<T>, intervalOf: (data: T) => number): PolledView<T> {
  const [state, setState] = useState<State<T>>({ data: initial, isError: false });
  const inFlight = useRef<AbortController | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const run = useCallback(async (restart: boolean) => {
    if (inFlight.current) {
      if (!restart) return;
      inFlight.current.abort();
    }
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await loadRef.current(controller.signal);
          if (!controller.signal.aborted) setState({ data, isError: false });
          return;
        } catch {
          if (controller.signal.aborted) return;
          if (attempt >= RETRY_DELAYS_MS.length) {
            setState((s) => (s.isError ? s : { ...s, isError: true }));
            return;
          }
          await sleep(RETRY_DELAYS_MS[attempt]!, controller.signal);
        }
      }
    } catch {
      // aborted while waiting to retry: a newer fetch or the page's end took over
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);

  const interval = intervalOf(state.data);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void run(false);
    }, interval);
    return () => clearInterval(timer);
  }, [interval, run]);

  useEffect(() => {
    void run(false); // the server's view may be a moment old by the time the page is live
    const onVisible = () => {
      if (document.visibilityState === "visible") void run(false);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [run]);

  const refetch = useCallback(() => void run(true), [run]);
  const setData = useCallback((data: T) => setState({ data, isError: false }), []);
  return { ...state, refetch, setData };
}
