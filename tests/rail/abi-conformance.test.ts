import escrowAbi from "@zkp2p/contracts-v2/abis/base/EscrowV2.json" with { type: "json" };
import orchestratorAbi from "@zkp2p/contracts-v2/abis/base/OrchestratorV3.json" with { type: "json" };
import verifierAbi from "@zkp2p/contracts-v2/abis/base/UnifiedPaymentVerifierV3.json" with { type: "json" };
import { type Abi, type AbiEvent, type AbiFunction, toEventSelector, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { compileStandIns } from "@/rail-local/compile";

// Our stand-in contracts must speak the published ABIs of @zkp2p/contracts-v2 for everything the rail
// uses: the same selectors for functions and errors, the same topics (and indexed fields) for events.
// A package bump that changes any of them fails here, before it fails on Base.

type Item = AbiFunction | AbiEvent | { type: "error"; name: string; inputs: readonly { type: string; components?: unknown }[] };

const signature = (x: Item) => {
  const types = (ins: readonly { type: string; components?: unknown }[]): string =>
    ins.map((i) => (i.type.startsWith("tuple") ? `(${types(i.components as { type: string }[])})${i.type.slice(5)}` : i.type)).join(",");
  return `${x.name}(${types(x.inputs)})`;
};
const selectorOf = (x: Item) => (x.type === "event" ? toEventSelector(x as AbiEvent) : toFunctionSelector(signature(x)));
const find = (abi: Abi, type: string, name: string) => (abi as Item[]).find((x) => x.type === type && x.name === name);

const USED = {
  orchestrator: {
    function: [
      "signalIntent",
      "fulfillIntent",
      "cancelIntent",
      "getIntent",
      "getAccountIntents",
      "allowMultipleIntents",
      "pruneIntents",
      "releaseFundsToPayer",
      "intentCounter",
      "protocolFee",
      "protocolFeeRecipient",
      "setProtocolFee",
      "setProtocolFeeRecipient",
    ],
    event: ["IntentSignaled", "IntentFulfilled", "IntentPruned", "IntentManagerFeeSnapshotted", "IntentReferralFeeDistributed"],
  },
  escrow: {
    function: [
      "lockFunds",
      "unlockFunds",
      "unlockAndTransferFunds",
      "pruneExpiredIntents",
      "getDepositIntent",
      "getDepositIntentHashes",
      "getExpiredIntents",
      "intentExpirationPeriod",
      "getDepositGatingService",
      "getDepositPaymentMethodData",
      "getDepositPaymentMethodListed",
      "getDepositCurrencyMinRate",
      "getDepositCurrencyListed",
      "setAcceptingIntents",
      "getManagerFee",
      "getDeposit",
    ],
    event: ["FundsLocked", "FundsUnlocked", "FundsUnlockedAndTransferred"],
  },
  verifier: { function: ["verifyPayment", "DOMAIN_SEPARATOR"], event: ["PaymentVerified"] },
} as const;

const compiled = compileStandIns();
const pairs = {
  orchestrator: { ours: compiled.StandInOrchestrator.abi, real: orchestratorAbi as Abi },
  escrow: { ours: compiled.StandInEscrow.abi, real: escrowAbi as Abi },
  verifier: { ours: compiled.StandInVerifier.abi, real: verifierAbi as Abi },
};

describe("the stand-ins speak @zkp2p/contracts-v2's ABIs", () => {
  for (const [contract, used] of Object.entries(USED) as [keyof typeof USED, (typeof USED)[keyof typeof USED]][]) {
    const { ours, real } = pairs[contract];
    it(`${contract}: every function and event the rail uses has the published selector`, () => {
      for (const [type, names] of Object.entries(used) as ["function" | "event", readonly string[]][]) {
        for (const name of names) {
          const r = find(real, type, name);
          const o = find(ours, type, name);
          expect(r, `${contract} ${type} ${name} is in the published ABI`).toBeDefined();
          expect(o, `${contract} ${type} ${name} is in the stand-in`).toBeDefined();
          expect(selectorOf(o!), `${contract} ${type} ${signature(r!)}`).toBe(selectorOf(r!));
          if (type === "event") {
            // the same fields indexed: a log filter by topic finds the same logs
            expect((o as AbiEvent).inputs.map((i) => i.indexed)).toEqual((r as AbiEvent).inputs.map((i) => i.indexed));
          }
        }
      }
    });

    it(`${contract}: every error the stand-in shares by name with the published ABI has its selector`, () => {
      const shared = (ours as Item[]).filter((x) => x.type === "error" && find(real, "error", x.name));
      // the published verifier declares no errors; the orchestrator and escrow share many with ours
      if (contract !== "verifier") expect(shared.length).toBeGreaterThan(5);
      for (const e of shared) expect(selectorOf(e), `${contract} error ${e.name}`).toBe(selectorOf(find(real, "error", e.name)!));
    });
  }

  it("the orchestrator's errors that the rail names in failures are all in the stand-in", () => {
    for (const name of [
      "AccountHasActiveIntent",
      "SignatureExpired",
      "InvalidSignature",
      "IntentNotFound",
      "AmountBelowMin",
      "PaymentVerificationFailed",
      "RateBelowMinimum",
      "UnauthorizedCaller",
    ]) {
      expect(find(compiled.StandInOrchestrator.abi, "error", name), name).toBeDefined();
    }
    expect(toFunctionSelector(signature(find(orchestratorAbi as Abi, "function", "signalIntent")!))).toBe("0xf3ff8655");
    expect(toFunctionSelector(signature(find(orchestratorAbi as Abi, "function", "fulfillIntent")!))).toBe("0xac7a520c");
    expect(toFunctionSelector(signature(find(orchestratorAbi as Abi, "function", "cancelIntent")!))).toBe("0xd55f960d");
  });
});
