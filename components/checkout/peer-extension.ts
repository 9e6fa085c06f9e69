"use client";

import type { PeerAuthenticateParams, PeerExtensionApi, PeerMetadataMessage, PeerMetadataRow } from "@zkp2p/sdk";

// The Peer browser extension as the payer's page uses it: the API it puts on `window.peer`, read the
// way `@zkp2p/sdk` 0.14.1's extension helpers (createPeerExtensionSdk, getPeerExtensionState) read
// it. Only the SDK's types are imported: its runtime (viem, ethers) stays out of the payer's bundle.

export const PEER_EXTENSION_INSTALL_URL =
  "https://chromewebstore.google.com/detail/peerauth-authenticate-and/ijpgccednehjpeclfcllnjjcmiohdjih";

/** unsupported: no extension can run here (a phone, a browser other than desktop Chrome); needs_update: older than MIN_PEER_VERSION. */
export type ProofReadiness = "checking" | "unsupported" | "needs_install" | "needs_update" | "needs_connection" | "ready";

/**
 * The oldest Peer extension that captures buyer-TEE proofs as this page asks: `@zkp2p/sdk` 0.14.1's
 * platform configs require 0.6.3 (minExtensionVersion) for every platform offered here; ZKP2P's
 * integration docs still say 0.6.0.
 */
export const MIN_PEER_VERSION = "0.6.3";

/** Whether a dotted version is at least another ("0.10.1" ≥ "0.6.0"); an unreadable one is not. */
export function versionAtLeast(version: string, min: string): boolean {
  const parse = (v: string) =>
    v
      .trim()
      .replace(/^v/, "")
      .split(/[.+-]/)
      .slice(0, 3)
      .map((x) => Number.parseInt(x, 10));
  const a = parse(version);
  const b = parse(min);
  if (a.length < 3 || a.some((x) => !Number.isFinite(x))) return false;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

const peer = (): PeerExtensionApi | undefined => (window as Window & { peer?: PeerExtensionApi }).peer;

/** Desktop Chrome (or Chromium): the only browser the Peer extension runs in. */
export function isDesktopChrome(ua: string): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua)) return false;
  if (/Edg\/|OPR\/|Firefox\/|FxiOS|SamsungBrowser|YaBrowser/i.test(ua)) return false;
  return /Chrome\/|Chromium\//.test(ua);
}

/** The installed extension's version, or null when it cannot tell (an extension older than getVersion). */
export async function extensionVersion(): Promise<string | null> {
  const p = peer();
  if (typeof p?.getVersion !== "function") return null;
  try {
    return String(await p.getVersion());
  } catch {
    return null;
  }
}

export async function proofReadiness(): Promise<ProofReadiness> {
  const p = peer();
  if (!p) return isDesktopChrome(navigator.userAgent) ? "needs_install" : "unsupported";
  const version = await extensionVersion();
  if (!version || !versionAtLeast(version, MIN_PEER_VERSION)) return "needs_update";
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

/** Zelle's proof is read from the payer's bank: each bank has its own attestation route (the SDK's). */
export const ZELLE_BANKS = [
  { id: "bofa", label: "Bank of America" },
  { id: "chase", label: "Chase" },
  { id: "citi", label: "Citi" },
] as const;
export type ZelleBank = (typeof ZELLE_BANKS)[number]["id"];

/** The extension's action for a platform: per bank for Zelle, else transfer_<platform>. */
export const actionTypeFor = (platform: string, bank?: ZelleBank) =>
  platform === "zelle" ? `transfer_zelle_${bank ?? "bofa"}` : `transfer_${platform}`;

const sameAmount = (r: PeerMetadataRow, amount: number) =>
  r.amount !== undefined && Math.abs(Math.abs(Number(String(r.amount).replace(/[^0-9.-]/g, ""))) - amount) < 0.005;
const normal = (s: string) => s.replace(/^[@$]/, "").replace(/\s+/g, "").toLowerCase();

/**
 * The rows the payer's payment may be among: those of the order's amount. `exact` is the one row that
 * also names the order's payee, when exactly one does; otherwise the payer picks (as in Peer's own app):
 * two payments of the same amount, or a recipient shown differently from the handle.
 */
export function paymentCandidates(
  rows: PeerMetadataRow[],
  expected: { amount: string; recipient: string },
): { exact: PeerMetadataRow | null; candidates: PeerMetadataRow[] } {
  const amount = Number(expected.amount);
  const wanted = normal(expected.recipient);
  const candidates = rows.filter((r) => !r.hidden && sameAmount(r, amount));
  const exact = candidates.filter((r) => !r.recipient || normal(String(r.recipient)) === wanted);
  return { exact: candidates.length === 1 && exact.length === 1 ? exact[0]! : null, candidates };
}

/** What the extension read: the sealed capture, and the proof to send for the row the payer's payment is. */
export type Capture = {
  candidates: PeerMetadataRow[];
  /** the one row that matches the order without asking the payer, if there is one */
  exact: PeerMetadataRow | null;
  proofFor(row: PeerMetadataRow): BuyerTeeProof;
};

/** Why a capture failed, for the page to say in the payer's language (the message is the English). */
export class CaptureError extends Error {
  constructor(
    readonly kind: "not-available" | "no-answer" | "not-captured" | "not-found",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Asks the extension to capture the payment from the platform's site (it opens it in a tab), and
 * resolves with what it read: the rows the payment may be among and how to make the proof of one.
 */
export function capturePayment(
  input: { platform: string; attestationServiceUrl: string; amount: string; recipient: string; bank?: ZelleBank },
  timeoutMs = 5 * 60_000,
): Promise<Capture> {
  const p = peer();
  if (!p) return Promise.reject(new CaptureError("not-available", "The Peer extension is not available in this browser."));
  const actionType = actionTypeFor(input.platform, input.bank);
  return new Promise((resolve, reject) => {
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      stop?.();
      reject(new CaptureError("no-answer", "The Peer extension did not answer. Try again."));
    }, timeoutMs);
    // registered before authenticate, as the SDK asks
    stop = p.onMetadataMessage((message: PeerMetadataMessage) => {
      if (message.platform && message.platform !== input.platform) return;
      clearTimeout(timer);
      stop?.();
      if (message.errorMessage) return reject(new Error(message.errorMessage));
      const capture = message.buyerTeeCapture;
      if (!capture?.encryptedSessionMaterial)
        return reject(new CaptureError("not-captured", "The Peer extension did not capture the payment."));
      const { exact, candidates } = paymentCandidates(message.metadata ?? [], input);
      if (!candidates.length)
        return reject(
          new CaptureError("not-found", `No payment of ${input.amount} to ${input.recipient} was found in your ${input.platform} account.`),
        );
      const proofFor = (row: PeerMetadataRow): BuyerTeeProof => {
        const params: Record<string, string | number | boolean> = { ...(row.params ?? capture.params?.[row.originalIndex] ?? {}) };
        if (INDEXED.has(input.platform)) params.index = row.originalIndex;
        return { proofType: "buyerTee", encryptedSessionMaterial: capture.encryptedSessionMaterial, params, actionType };
      };
      resolve({ exact, candidates, proofFor });
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
