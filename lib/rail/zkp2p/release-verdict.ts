// What a release that the chain refused means for the payer's money. The attestation service has
// proven a payment; fulfillIntent reverted (in simulation or mined). Only a revert that proves the
// payment does not belong to this intent may end the order, since once we cancel the intent the maker
// can no longer release it by hand. Everything else keeps the intent open and is retried.
// The reasons are the deployed contracts' own (OrchestratorV3 with OpenZeppelin 4's Pausable,
// UnifiedPaymentVerifierV3 and NullifierRegistryV2 on Base: require strings and custom errors).

export type ReleaseVerdict =
  /** the proven payment is not this intent's (used for another, or made on another method): the order ends */
  | { kind: "not-this-intent"; reason: string }
  /** the attestation was made for another snapshot of the intent, or under a witness no longer trusted: proven anew, it may pass */
  | { kind: "reprove"; reason: string }
  /** the intent is gone from the orchestrator (released, cancelled or pruned) */
  | { kind: "gone"; reason: string }
  /** refused for now (paused, a lifecycle hook, the verifier, anything unknown): kept, retried, a person told */
  | { kind: "blocked"; reason: string; paused: boolean };

/** The payment was used before, or the proof names another payment method than the intent's. */
const NOT_THIS_INTENT = [
  /^Nullifier has already been used$/,
  /^NullifierAlreadyExists$/,
  /^IntentAlreadyBound$/,
  /^UPV: Payment method mismatch$/,
];

/** An attestation that no longer fits the intent as the chain holds it, or one the verifier no longer trusts. */
const REPROVE = [
  /^UPV: Snapshot (payee|amount|method|currency|rate|timestamp|hash) mismatch$/,
  /^UPV: Attestation hash mismatch$/,
  /^UPV: Data hash mismatch$/,
  /^UPV: Invalid attestation$/,
  /^HashMismatch$/,
];

/**
 * Classifies a refused release from the revert's reason (its custom error's name, or its require
 * string) and the orchestrator's paused() read at the time (null: it could not be read).
 */
export function releaseVerdict(reason: string, paused: boolean | null): ReleaseVerdict {
  if (paused || reason === "Pausable: paused") return { kind: "blocked", reason: "the orchestrator is paused", paused: true };
  if (NOT_THIS_INTENT.some((r) => r.test(reason))) return { kind: "not-this-intent", reason };
  if (reason === "IntentNotFound") return { kind: "gone", reason };
  if (REPROVE.some((r) => r.test(reason))) return { kind: "reprove", reason };
  return { kind: "blocked", reason, paused: false };
}

/** When a blocked release is tried again: every 30 s while the orchestrator is paused (a read), else backing off to 10 minutes. */
export function blockedRetryMs(verdict: Extract<ReleaseVerdict, { kind: "blocked" }>, tries: number): number {
  if (verdict.paused) return 30_000;
  return Math.min(10 * 60_000, 15_000 * 2 ** Math.min(tries, 6));
}
