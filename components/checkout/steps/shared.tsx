"use client";

import { useEffect, useRef, useState } from "react";
import { type ActionResult, cancelCheckout } from "@/app/checkout/actions";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";
import type { CheckoutView } from "@/lib/checkout/service";
import { useEmbedded } from "../embed";

export const primary = `${ui.buttonLarge} ${ui.primary}`;
export const secondary = `${ui.buttonLarge} ${ui.secondary}`;

export type StepProps = { view: CheckoutView; pending: boolean; act: (fn: () => Promise<ActionResult>) => void };

export function CancelButton({ view, pending, act }: StepProps) {
  const [confirming, setConfirming] = useState(false);
  // embedded, the frame stays put: the parent hears checkout.closed and decides where to go
  const target = useEmbedded() ? null : view.session.cancelUrl;
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <button type="button" className={`${secondary} mt-3`} disabled={pending} onClick={() => setConfirming(true)}>
        Cancel checkout
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Confirm cancellation"
      className="theme-border mt-3 rounded-xl border border-slate-300 p-3 dark:border-slate-600"
    >
      <p>Cancel this checkout? You will not be charged.</p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button
          ref={confirmRef}
          type="button"
          className={`${ui.buttonLarge} ${ui.danger}`}
          disabled={pending}
          onClick={() =>
            act(async () => {
              const result = await cancelCheckout(view.session.id, view.session.token);
              if (result.ok && target) window.location.assign(target);
              return result;
            })
          }
        >
          Yes, cancel
        </button>
        <button type="button" className={secondary} onClick={() => setConfirming(false)}>
          Keep paying
        </button>
      </div>
    </div>
  );
}

export function CopyRow({ term, value, copy }: { term: string; value: string; copy: string }) {
  return (
    <div className="theme-border rounded-xl border border-slate-300 p-3 dark:border-slate-600">
      <dt className={`text-sm ${ui.muted}`}>{term}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 break-all text-lg font-semibold tabular-nums">{value}</span>
        <CopyButton
          value={copy}
          label={`Copy ${term.toLowerCase()}`}
          className="theme-control shrink-0 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        />
      </dd>
    </div>
  );
}

export function Countdown({ until, label }: { until: string; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <p className={`mt-1 text-sm ${ui.muted}`}>
      {label}{" "}
      {/* rendered on the server at one second and hydrated at a later one: React keeps the server's
          text instead of discarding the page over it, and the next tick shows the browser's time */}
      <span role="timer" aria-live="off" className="font-semibold tabular-nums" suppressHydrationWarning>
        {text}
      </span>
    </p>
  );
}
