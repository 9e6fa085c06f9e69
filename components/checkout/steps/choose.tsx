"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { chooseAndStart, saveChoice } from "@/actions/checkout";
import { ui } from "@/components/ui/styles";
import { useProofOfWork } from "../proof-of-work";
import type { ProofReadiness } from "../peer-extension";
import { CancelButton, CheckingProof, primary, type StepProps } from "./shared";

// only a live session needs it: a sandbox session's first load goes without the extension's code
const ProofGate = lazy(() => import("./proof-requirement").then((m) => ({ default: m.ProofGate })));
// only a v1 order that may be paid in parts offers it
const PartialAmount = lazy(() => import("./partial-amount").then((m) => ({ default: m.PartialAmount })));

/**
 * Pick a currency and a payment app; the view brings the quotes sorted and the currency to open with.
 * An exact-fiat price has its currency already: only the app is picked.
 */
export function Choose({ view, pending, act, notice }: StepProps & { notice?: string }) {
  const t = useTranslations("Choose");
  const currencies = view.options.map((o) => o.currency);
  const [currency, setCurrency] = useState(view.currency ?? "");
  const choices = view.options.find((o) => o.currency === currency)?.quotes ?? [];
  const [platform, setPlatform] = useState<string | null>(view.session.selectedPaymentPlatform);
  const chosen = choices.find((c) => c.platform === platform) ?? null;
  const currencyId = useId();
  // an exact-fiat price is the same in one currency with every app: no currency to pick, no prices to compare
  const fixedPrice = view.session.price.mode === "exact-fiat" ? view.session.price.formatted : null;
  // a live payment is proven with the Peer extension: nothing is reserved for a browser that cannot
  const [proofState, setProofState] = useState<ProofReadiness>("checking");
  const canProve = view.liveProof === null || proofState === "ready";
  // a live start carries a proof of work, solved while the payer chooses
  const proofOfWork = useProofOfWork(view.proofOfWork);
  // The part field, as one element that changes only with the order's range. Picking an app re-renders
  // this step; a Suspense boundary whose code has not arrived yet and that receives new props is
  // rendered again from scratch on the client, which would wipe a part the payer had already typed
  // into the server's HTML, and the start would then be for all of it. The same element is left alone.
  const [minUsdc, maxUsdc] = [view.session.partial?.minUsdc, view.session.partial?.maxUsdc];
  const partField = useMemo(
    () =>
      minUsdc !== undefined && maxUsdc !== undefined ? (
        <Suspense fallback={null}>
          <PartialAmount range={{ minUsdc, maxUsdc }} />
        </Suspense>
      ) : null,
    [minUsdc, maxUsdc],
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // a v1 order may be paid in parts: the part as its field shows it (empty pays all that is left)
        const amountUsdc = String(new FormData(e.currentTarget).get("part") ?? "").trim();
        if (chosen && canProve)
          act(async () =>
            chooseAndStart(
              view.session.id,
              { paymentPlatform: chosen.platform, fiatCurrency: currency, ...(amountUsdc ? { amountUsdc } : {}) },
              view.session.token,
              await proofOfWork(),
            ),
          );
      }}
    >
      {notice && (
        <p role="status" className="theme-subtle mb-4 rounded-lg bg-slate-100 p-3 break-words dark:bg-slate-800">
          {notice}
        </p>
      )}
      <h2 className="text-lg font-semibold">{t("heading")}</h2>
      {fixedPrice ? (
        <p className={`mt-1 ${ui.muted}`}>{t("fixedPrice", { price: fixedPrice })}</p>
      ) : (
        <>
          <label htmlFor={currencyId} className={`mt-4 ${ui.label}`}>
            {t("currency")}
          </label>
          <select id={currencyId} value={currency} onChange={(e) => setCurrency(e.target.value)} className={ui.input}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </>
      )}
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">{t(fixedPrice ? "app" : "appCheapestFirst")}</legend>
        <div className="mt-2 space-y-2">
          {choices.map((c) => (
            <label
              key={c.platform}
              className="theme-option theme-border flex cursor-pointer items-center justify-between rounded-xl border border-slate-300 p-3 has-[:checked]:border-blue-700 has-[:checked]:ring-2 has-[:checked]:ring-blue-700 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:ring-blue-400"
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name="platform"
                  value={c.platform}
                  checked={platform === c.platform}
                  onChange={() => {
                    setPlatform(c.platform);
                    if (view.session.savesChoice)
                      void saveChoice(view.session.id, { paymentPlatform: c.platform, fiatCurrency: currency }, view.session.token).catch(
                        () => {},
                      );
                  }}
                  className="h-4 w-4"
                />
                <span className="font-medium">{c.label}</span>
              </span>
              {!fixedPrice && <span className="tabular-nums">{c.fiatAmountFormatted}</span>}
            </label>
          ))}
        </div>
      </fieldset>
      {view.unavailable.length > 0 && (
        <div className={`mt-3 text-sm ${ui.muted}`}>
          <p>{t("notOffered")}</p>
          <ul className="mt-1 list-disc ps-5">
            {view.unavailable.map((u) => (
              <li key={u.platform}>
                {u.label}: {u.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {partField}
      {view.liveProof && (
        <Suspense fallback={<CheckingProof />}>
          <ProofGate onChange={setProofState} handoff={{ sessionId: view.session.id, token: view.session.token }} />
        </Suspense>
      )}
      <button type="submit" className={`${primary} mt-5`} disabled={!chosen || pending || !canProve}>
        {pending ? t("gettingQuote") : chosen ? t("continueWith", { app: chosen.label }) : t("chooseApp")}
      </button>
      <CancelButton view={view} pending={pending} act={act} />
    </form>
  );
}
