import { describe, expect, it } from "vitest";
import { blockedRetryMs, releaseVerdict } from "./release-verdict";

describe("a refused release", () => {
  it("ends the order only when the payment proven is not this intent's", () => {
    for (const reason of [
      "Nullifier has already been used",
      "NullifierAlreadyExists",
      "IntentAlreadyBound",
      "UPV: Payment method mismatch",
    ])
      expect(releaseVerdict(reason, false)).toEqual({ kind: "not-this-intent", reason });
  });

  it("a paused orchestrator blocks it, whatever the revert said, and is retried every 30 s", () => {
    expect(releaseVerdict("Pausable: paused", null)).toMatchObject({ kind: "blocked", paused: true });
    // paused() read true: a revert that would otherwise end the order is not trusted while paused
    const v = releaseVerdict("Nullifier has already been used", true);
    expect(v).toMatchObject({ kind: "blocked", paused: true });
    expect(blockedRetryMs(v as Extract<typeof v, { kind: "blocked" }>, 9)).toBe(30_000);
  });

  it("a lifecycle hook, a gas or unknown revert keeps the intent and backs off to ten minutes", () => {
    for (const reason of ["SettlementRefused", "TakerNotWhitelisted", "reverted without a reason", "error 0x12345678", "AmountBelowMin"]) {
      const v = releaseVerdict(reason, false);
      expect(v).toEqual({ kind: "blocked", reason, paused: false });
      expect(blockedRetryMs(v as Extract<typeof v, { kind: "blocked" }>, 0)).toBe(15_000);
      expect(blockedRetryMs(v as Extract<typeof v, { kind: "blocked" }>, 20)).toBe(600_000);
    }
  });

  it("an attestation for another snapshot of the intent, or under a rotated witness, is proven anew", () => {
    for (const reason of ["UPV: Snapshot payee mismatch", "UPV: Snapshot timestamp mismatch", "UPV: Invalid attestation", "HashMismatch"])
      expect(releaseVerdict(reason, false)).toEqual({ kind: "reprove", reason });
  });

  it("an intent no longer on-chain is gone", () => {
    expect(releaseVerdict("IntentNotFound", false)).toEqual({ kind: "gone", reason: "IntentNotFound" });
  });
});
