"use client";

import { useState } from "react";
import { sendPaymentProof } from "@/app/checkout/actions";
import { ui } from "@/components/ui/styles";
import { captureProof } from "../peer-extension";
import { ProofRequirement, useProofReadiness } from "./proof-requirement";
import { primary, type StepProps } from "./shared";

/** After "I have sent the payment": the extension reads the payment from the platform and the page sends the proof. */
export function ProveWithPeer({ view, pending, act }: StepProps) {
  const order = view.order!;
  const [state, recheck] = useProofReadiness();
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
