"use client";

import { useCallback, useEffect, useState } from "react";
import { ui } from "@/components/ui/styles";
import {
  connectExtension,
  extensionVersion,
  MIN_PEER_VERSION,
  openInstallPage,
  type ProofReadiness,
  proofReadiness,
} from "../peer-extension";
import { type HandoffFor, HandoffToComputer } from "./handoff";
import { CheckingProof, primary, secondary } from "./shared";

// Whether this browser can prove a live payment, and what to do when it cannot. The choose step loads
// it (ProofGate) only for a live session: a sandbox session's first load carries none of it.

/** Whether this browser can prove a live payment, checked again when the payer comes back to the tab. */
export function useProofReadiness(): [ProofReadiness, () => void] {
  const [state, setState] = useState<ProofReadiness>("checking");
  const check = useCallback(() => void proofReadiness().then(setState), []);
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
export function ProofRequirement({ state, recheck, handoff }: { state: ProofReadiness; recheck: () => void; handoff: HandoffFor }) {
  if (state === "ready") {
    return (
      <p role="status" className={`mt-4 text-sm ${ui.muted}`}>
        The Peer extension is connected: it will confirm your payment.
      </p>
    );
  }
  if (state === "checking") return <CheckingProof />;
  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border border-amber-600 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      {state === "unsupported" && (
        <>
          <p className="font-semibold">Finish this payment on a computer</p>
          <p className="mt-1">
            This browser cannot confirm the payment: that needs the Peer extension, which runs in Chrome on a computer. Nothing has been
            reserved or charged.
          </p>
          <HandoffToComputer {...handoff} />
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
      {state === "needs_update" && <UpdateExtension recheck={recheck} />}
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

/** An extension older than MIN_PEER_VERSION cannot capture the proof this page asks for: update it first. */
function UpdateExtension({ recheck }: { recheck: () => void }) {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => void extensionVersion().then(setVersion), []);
  return (
    <>
      <p className="font-semibold">Update the Peer extension to pay</p>
      <p className="mt-1">
        {version ? `Your Peer extension is version ${version}; ` : "Your Peer extension is an older version; "}
        paying here needs {MIN_PEER_VERSION} or later. In Chrome, open the Extensions page (chrome://extensions), turn on Developer mode and
        press Update, or reinstall Peer from the Chrome Web Store. Nothing has been reserved or charged.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primary} onClick={openInstallPage}>
          Open the Chrome Web Store
        </button>
        <button type="button" className={secondary} onClick={recheck}>
          I have updated it
        </button>
      </div>
    </>
  );
}

/** The readiness check and its message, reporting each state to the step that holds the button. */
export function ProofGate({ onChange, handoff }: { onChange: (state: ProofReadiness) => void; handoff: HandoffFor }) {
  const [state, recheck] = useProofReadiness();
  useEffect(() => onChange(state), [state, onChange]);
  return <ProofRequirement state={state} recheck={recheck} handoff={handoff} />;
}
