"use client";

import type { PeerMetadataRow } from "@zkp2p/sdk";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { sendPaymentProof } from "@/actions/checkout";
import { ui } from "@/components/ui/styles";
import { type Capture, CaptureError, capturePayment, ZELLE_BANKS, type ZelleBank } from "../peer-extension";
import { ProofRequirement, useProofReadiness } from "./proof-requirement";
import { primary, secondary, type StepProps } from "./shared";

/**
 * After "I have sent the payment": the extension reads the payment from the platform and the page
 * sends the proof. A Zelle payer first says which bank they paid from (each bank has its own route);
 * when the history read has more than one payment that could be this one, the payer picks it.
 */
export function ProveWithPeer({ view, pending, act }: StepProps) {
  const t = useTranslations("Proof");
  const order = view.order!;
  const [state, recheck] = useProofReadiness();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [bank, setBank] = useState<ZelleBank | "">("");
  const [capture, setCapture] = useState<Capture | null>(null);
  const zelle = order.platform === "zelle";
  const send = (c: Capture, row: PeerMetadataRow) => act(() => sendPaymentProof(view.session.id, c.proofFor(row), view.session.token));
  const prove = async () => {
    if (zelle && !bank) return setProblem(t("chooseBank"));
    setBusy(true);
    setProblem(null);
    setCapture(null);
    try {
      const c = await capturePayment({
        platform: order.platform,
        attestationServiceUrl: view.liveProof!.attestationServiceUrl,
        amount: order.fiatAmount,
        recipient: order.recipient ?? "",
        ...(zelle && bank ? { bank } : {}),
      });
      if (c.exact) send(c, c.exact);
      else setCapture(c);
    } catch (err) {
      // the extension's own words are as it gives them
      const said: Record<CaptureError["kind"], () => string> = {
        "not-available": () => t("notAvailable"),
        "no-answer": () => t("noAnswer"),
        "not-captured": () => t("notCaptured"),
        "not-found": () => t("notFound", { amount: order.fiatAmountFormatted, recipient: order.recipient ?? "", app: order.platformLabel }),
      };
      setProblem(err instanceof CaptureError ? said[err.kind]() : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (capture)
    return (
      <PickPayment
        capture={capture}
        order={order}
        pending={pending}
        onPick={(row) => send(capture, row)}
        onCancel={() => setCapture(null)}
      />
    );
  return (
    <div className="mt-5">
      {state !== "ready" ? (
        <ProofRequirement state={state} recheck={recheck} handoff={{ sessionId: view.session.id, token: view.session.token }} />
      ) : (
        <>
          {zelle && (
            <div className="mb-4">
              <label htmlFor="zelle-bank" className={ui.label}>
                {t("bankLabel")}
              </label>
              <select
                id="zelle-bank"
                value={bank}
                onChange={(e) => setBank(e.target.value as ZelleBank | "")}
                aria-invalid={(problem !== null && !bank) || undefined}
                className={ui.input}
              >
                <option value="">{t("bankPlaceholder")}</option>
                {ZELLE_BANKS.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </select>
              <p className={`mt-1 text-sm ${ui.muted}`}>{t("bankHelp")}</p>
            </div>
          )}
          <button type="button" className={primary} disabled={busy || pending} onClick={() => void prove()}>
            {busy ? t("confirming") : t("confirmWith", { app: order.platformLabel })}
          </button>
        </>
      )}
      {problem && (
        <p role="alert" className={`mt-3 ${ui.error}`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** More than one payment in the history could be this one: the payer says which. */
function PickPayment({
  capture,
  order,
  pending,
  onPick,
  onCancel,
}: {
  capture: Capture;
  order: NonNullable<StepProps["view"]["order"]>;
  pending: boolean;
  onPick: (row: PeerMetadataRow) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("Proof");
  const [chosen, setChosen] = useState<number | null>(null);
  const name = useId();
  const row = capture.candidates.find((r) => r.originalIndex === chosen);
  return (
    <form
      className="mt-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (row) onPick(row);
      }}
    >
      <fieldset>
        <legend className="font-semibold">{t("whichPayment")}</legend>
        <p className={`mt-1 text-sm ${ui.muted}`}>
          {t("severalFound", { amount: order.fiatAmountFormatted, recipient: order.recipient ?? "" })}
        </p>
        <div className="mt-3 space-y-2">
          {capture.candidates.map((r) => (
            <label key={r.originalIndex} className="flex items-start gap-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
              <input
                type="radio"
                name={name}
                value={r.originalIndex}
                checked={chosen === r.originalIndex}
                onChange={() => setChosen(r.originalIndex)}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{String(r.amount ?? "").replace(/^-/, "")}</span>
                {r.recipient ? <span> {t("paymentTo", { recipient: String(r.recipient) })}</span> : null}
                {r.date ? <span className={`block text-sm ${ui.muted}`}>{String(r.date)}</span> : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={primary} disabled={!row || pending}>
          {t("confirmThis")}
        </button>
        <button type="button" className={secondary} onClick={onCancel}>
          {t("back")}
        </button>
      </div>
    </form>
  );
}
