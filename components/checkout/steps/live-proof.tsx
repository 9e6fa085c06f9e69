"use client";

import { useCallback, useEffect, useState } from "react";
import { sendPaymentProof } from "@/app/checkout/actions";
import { ui } from "@/components/ui/styles";
import { captureProof, connectExtension, openInstallPage, type ProofReadiness, proofReadiness } from "../peer-extension";
import { primary, type StepProps, secondary } from "./shared";

/** Whether this browser can prove a live payment, checked again when the payer comes back to the tab. */
export function useProofReadiness(enabled: boolean): [ProofReadiness, () => void] {
  const [state, setState] = useState<ProofReadiness>("checking");
  const check = useCallback(() => {
    if (enabled) void proofReadiness().then(setState);
  }, [enabled]);
  useEffect(() => {
    check();
    window.addEventListener("focus", check);
    return () => window.removeEventListener("focus", check);
  }, [check]);
  return [state, check];
}

/**
 * Before a live payment is reserved: the payer proves it with the Peer extension in desktop Chrome.
 * Said plainly, with the way to fix it, before anything is locked for a payment that cannot be proven.
 */
export function ProofRequirement({ state, recheck }: { state: ProofReadiness; recheck: () => void }) {
  if (state === "ready") {
    return (
      <p role="status" className={`mt-4 text-sm ${ui.muted}`}>
        The Peer extension is connected: it will confirm your payment.
      </p>
    );
  }
  if (state === "checking") {
    return (
      <p role="status" className={`mt-4 text-sm ${ui.muted}`}>
        Checking that this browser can confirm your payment…
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border border-amber-600 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      {state === "unsupported" && (
        <>
          <p className="font-semibold">This browser cannot confirm the payment</p>
          <p className="mt-1">
            Paying here needs the Peer extension, which runs in Chrome on a computer. Open this page in desktop Chrome to pay; nothing has
            been reserved or charged.
          </p>
        </>
      )}
      {state === "needs_install" && (
        <>
          <p className="font-semibold">Install the Peer extension to pay</p>
          <p className="mt-1">It confirms your payment from your payment app&apos;s website. Nothing is reserved until it is installed.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={primary} onClick={openInstallPage}>
              Install Peer (opens the Chrome Web Store)
            </button>
            <button type="button" className={secondary} onClick={recheck}>
              I have installed it
            </button>
          </div>
        </>
      )}
      {state === "needs_connection" && (
        <>
          <p className="font-semibold">Connect the Peer extension to this page</p>
          <p className="mt-1">The extension asks you to allow this checkout once.</p>
          <button type="button" className={`${primary} mt-3`} onClick={() => void connectExtension().then(recheck)}>
            Connect Peer
          </button>
        </>
      )}
    </div>
  );
}

/** After "I have sent the payment": the extension reads the payment from the platform and the page sends the proof. */
export function ProveWithPeer({ view, pending, act }: StepProps) {
  const order = view.order!;
  const [state, recheck] = useProofReadiness(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const prove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const proof = await captureProof({
        platform: order.platform,
        attestationServiceUrl: view.liveProof!.attestationServiceUrl,
        amount: order.fiatAmount,
        recipient: order.recipient ?? "",
      });
      act(() => sendPaymentProof(view.session.id, proof, view.session.token));
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-5">
      {state !== "ready" ? (
        <ProofRequirement state={state} recheck={recheck} />
      ) : (
        <button type="button" className={primary} disabled={busy || pending} onClick={() => void prove()}>
          {busy ? "Confirming with Peer…" : `Confirm my ${order.platformLabel} payment with Peer`}
        </button>
      )}
      {problem && (
        <p role="alert" className={`mt-3 ${ui.error}`}>
          {problem}
        </p>
      )}
    </div>
  );
}
