"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("Proof");
  if (state === "ready") {
    return (
      <p role="status" className={`mt-4 text-sm ${ui.muted}`}>
        {t("connected")}
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
          <p className="font-semibold">{t("computerHeading")}</p>
          <p className="mt-1">{t("computerText")}</p>
          <HandoffToComputer {...handoff} />
        </>
      )}
      {state === "needs_install" && (
        <>
          <p className="font-semibold">{t("installHeading")}</p>
          <p className="mt-1">{t("installText")}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={primary} onClick={openInstallPage}>
              {t("install")}
            </button>
            <button type="button" className={secondary} onClick={recheck}>
              {t("installed")}
            </button>
          </div>
        </>
      )}
      {state === "needs_update" && <UpdateExtension recheck={recheck} />}
      {state === "needs_connection" && (
        <>
          <p className="font-semibold">{t("connectHeading")}</p>
          <p className="mt-1">{t("connectText")}</p>
          <button type="button" className={`${primary} mt-3`} onClick={() => void connectExtension().then(recheck)}>
            {t("connect")}
          </button>
        </>
      )}
    </div>
  );
}

/** An extension older than MIN_PEER_VERSION cannot capture the proof this page asks for: update it first. */
function UpdateExtension({ recheck }: { recheck: () => void }) {
  const t = useTranslations("Proof");
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => void extensionVersion().then(setVersion), []);
  return (
    <>
      <p className="font-semibold">{t("updateHeading")}</p>
      <p className="mt-1">
        {version ? t("updateVersion", { version, min: MIN_PEER_VERSION }) : t("updateOlder", { min: MIN_PEER_VERSION })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primary} onClick={openInstallPage}>
          {t("openStore")}
        </button>
        <button type="button" className={secondary} onClick={recheck}>
          {t("updated")}
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
