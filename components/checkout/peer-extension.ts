"use client";

import type { PeerAuthenticateParams, PeerExtensionApi, PeerMetadataMessage, PeerMetadataRow } from "@zkp2p/sdk";

// The Peer browser extension as the payer's page uses it: the API it puts on `window.peer`, read the
// way `@zkp2p/sdk` 0.14.1's extension helpers (createPeerExtensionSdk, getPeerExtensionState) read
// it. Only the SDK's types are imported: its runtime (viem, ethers) stays out of the payer's bundle.

export const PEER_EXTENSION_INSTALL_URL =
  "https://chromewebstore.google.com/detail/peerauth-authenticate-and/ijpgccednehjpeclfcllnjjcmiohdjih";

/** unsupported: no extension can run here (a phone, a browser other than desktop Chrome). */
export type ProofReadiness = "checking" | "unsupported" | "needs_install" | "needs_connection" | "ready";

const peer = (): PeerExtensionApi | undefined => (window as Window & { peer?: PeerExtensionApi }).peer;

/** Desktop Chrome (or Chromium): the only browser the Peer extension runs in. */
export function isDesktopChrome(ua: string): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua)) return false;
  if (/Edg\/|OPR\/|Firefox\/|FxiOS|SamsungBrowser|YaBrowser/i.test(ua)) return false;
  return /Chrome\/|Chromium\//.test(ua);
}

export async function proofReadiness(): Promise<ProofReadiness> {
  const p = peer();
  if (!p) return isDesktopChrome(navigator.userAgent) ? "needs_install" : "unsupported";
  try {
    return (await p.checkConnectionStatus()) === "connected" ? "ready" : "needs_connection";
  } catch {
    return "needs_connection";
  }
}

export async function connectExtension(): Promise<boolean> {
  return (await peer()?.requestConnection()) ?? false;
}

export function openInstallPage() {
  window.open(PEER_EXTENSION_INSTALL_URL, "_blank", "noopener,noreferrer");
}

export type BuyerTeeProof = {
  proofType: "buyerTee";
  encryptedSessionMaterial: string;
  params: Record<string, string | number | boolean>;
  actionType: string;
};

/** Platforms whose proof names the payment's row (the SDK's rule). */
const INDEXED = new Set(["venmo", "cashapp", "revolut", "zelle"]);

/**
 * The payment that matches the order among the rows the extension read: the amount and, when the row
 * has one, the recipient. Null when none matches (the payer picks the wrong account, say).
 */
export function matchingRow(rows: PeerMetadataRow[], expected: { amount: string; recipient: string }): PeerMetadataRow | null {
  const amount = Number(expected.amount);
  const wanted = expected.recipient.replace(/^[@$]/, "").toLowerCase();
  return (
    rows.find(
      (r) =>
        !r.hidden &&
        r.amount !== undefined &&
        Math.abs(Math.abs(Number(String(r.amount).replace(/[^0-9.-]/g, ""))) - amount) < 0.005 &&
        (!r.recipient || String(r.recipient).replace(/^[@$]/, "").toLowerCase() === wanted),
    ) ?? null
  );
}

/**
 * Asks the extension to capture the payment from the platform's site (it opens it in a tab), and
 * resolves with the proof to send: the sealed session material and the matching row's parameters.
 */
export function captureProof(
  input: { platform: string; attestationServiceUrl: string; amount: string; recipient: string },
  timeoutMs = 5 * 60_000,
): Promise<BuyerTeeProof> {
  const p = peer();
  if (!p) return Promise.reject(new Error("The Peer extension is not available in this browser."));
  const actionType = `transfer_${input.platform}`;
  return new Promise((resolve, reject) => {
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      stop?.();
      reject(new Error("The Peer extension did not answer. Try again."));
    }, timeoutMs);
    // registered before authenticate, as the SDK asks
    stop = p.onMetadataMessage((message: PeerMetadataMessage) => {
      if (message.platform && message.platform !== input.platform) return;
      clearTimeout(timer);
      stop?.();
      if (message.errorMessage) return reject(new Error(message.errorMessage));
      const capture = message.buyerTeeCapture;
      if (!capture?.encryptedSessionMaterial) return reject(new Error("The Peer extension did not capture the payment."));
      const row = matchingRow(message.metadata ?? [], input);
      if (!row)
        return reject(new Error(`No payment of ${input.amount} to ${input.recipient} was found in your ${input.platform} account.`));
      const params: Record<string, string | number | boolean> = { ...(row.params ?? capture.params?.[row.originalIndex] ?? {}) };
      if (INDEXED.has(input.platform)) params.index = row.originalIndex;
      resolve({ proofType: "buyerTee", encryptedSessionMaterial: capture.encryptedSessionMaterial, params, actionType });
    });
    const params: PeerAuthenticateParams = {
      platform: input.platform,
      actionType,
      captureMode: "buyerTee",
      attestationServiceUrl: input.attestationServiceUrl,
    };
    try {
      p.authenticate(params);
    } catch (err) {
      clearTimeout(timer);
      stop?.();
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
