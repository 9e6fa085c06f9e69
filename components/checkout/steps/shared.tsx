"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { type ActionResult, cancelCheckout } from "@/actions/checkout";
import { ui } from "@/components/ui/styles";
import type { CheckoutView } from "@/lib/checkout/service";
import { useEmbedded } from "../embed";

export const primary = `${ui.buttonLarge} ${ui.primary}`;
export const secondary = `${ui.buttonLarge} ${ui.secondary}`;

/** A live session's check that this browser can prove the payment, while it runs (or its code loads). */
export function CheckingProof() {
  const t = useTranslations("Proof");
  return (
    <p role="status" className={`mt-4 text-sm ${ui.muted}`}>
      {t("checking")}
    </p>
  );
}

export type StepProps = { view: CheckoutView; pending: boolean; act: (fn: () => Promise<ActionResult>) => void };

export function CancelButton({ view, pending, act }: StepProps) {
  const t = useTranslations("Choose");
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
        {t("cancel")}
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label={t("confirmCancellation")}
      className="theme-border mt-3 rounded-xl border border-slate-300 p-3 dark:border-slate-600"
    >
      <p>{t("cancelQuestion")}</p>
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
          {t("yesCancel")}
        </button>
        <button type="button" className={secondary} onClick={() => setConfirming(false)}>
          {t("keepPaying")}
        </button>
      </div>
    </div>
  );
}
