import escrowAbiJson from "@zkp2p/contracts-v2/abis/base/EscrowV2.json" with { type: "json" };
import orchestratorAbiJson from "@zkp2p/contracts-v2/abis/base/OrchestratorV3.json" with { type: "json" };
import verifierAbiJson from "@zkp2p/contracts-v2/abis/base/UnifiedPaymentVerifierV3.json" with { type: "json" };
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeAbiParameters,
  type Hex,
  keccak256,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from "viem";

// The protocol as the rail reads and writes it: the published ABIs of `@zkp2p/contracts-v2`, the
// events that carry an intent's life, and the revert reasons, decoded by name.

export const ORCHESTRATOR_ABI = orchestratorAbiJson as Abi;
export const ESCROW_ABI = escrowAbiJson as Abi;
export const VERIFIER_ABI = verifierAbiJson as Abi;
const ALL_ERRORS = [...ORCHESTRATOR_ABI, ...ESCROW_ABI, ...VERIFIER_ABI].filter((x) => x.type === "error") as Abi;

/** keccak256 of a platform name or an ISO currency code, as the catalog and the contracts hash them. */
export const nameHash = (s: string): Hex => keccak256(toHex(s));

export type Signaled = { intentHash: Hex; owner: Address; to: Address; amount: bigint; timestamp: bigint; expiryTime: bigint | null };

/** The intent a signal transaction created, from its receipt (never "the latest intent"). */
export function signaledIn(receipt: TransactionReceipt, orchestrator: Address, escrow: Address): Signaled | null {
  const logs = parseEventLogs({ abi: [...ORCHESTRATOR_ABI, ...ESCROW_ABI], logs: receipt.logs, strict: false });
  const signal = logs.find((l) => l.eventName === "IntentSignaled" && l.address.toLowerCase() === orchestrator.toLowerCase());
  if (!signal) return null;
  const a = signal.args as unknown as { intentHash: Hex; owner: Address; to: Address; amount: bigint; timestamp: bigint };
  const locked = logs.find(
    (l) =>
      l.eventName === "FundsLocked" &&
      l.address.toLowerCase() === escrow.toLowerCase() &&
      (l.args as { intentHash?: Hex }).intentHash?.toLowerCase() === a.intentHash.toLowerCase(),
  );
  return {
    intentHash: a.intentHash,
    owner: a.owner,
    to: a.to,
    amount: a.amount,
    timestamp: a.timestamp,
    expiryTime: locked ? ((locked.args as { expiryTime: bigint }).expiryTime ?? null) : null,
  };
}

export type Fulfilled = { intentHash: Hex; to: Address; amount: bigint; manual: boolean };

/** IntentFulfilled logs of the orchestrator, for one intent, in a receipt or a log query. */
export function fulfilledIn(logs: TransactionReceipt["logs"], orchestrator: Address, intentHash: Hex): Fulfilled | null {
  const found = parseEventLogs({ abi: ORCHESTRATOR_ABI, logs, eventName: "IntentFulfilled", strict: false }).find(
    (l) =>
      l.address.toLowerCase() === orchestrator.toLowerCase() &&
      (l.args as { intentHash?: Hex }).intentHash?.toLowerCase() === intentHash.toLowerCase(),
  );
  if (!found) return null;
  const a = found.args as unknown as { intentHash: Hex; fundsTransferredTo: Address; amount: bigint; isManualRelease: boolean };
  return { intentHash: a.intentHash, to: a.fundsTransferredTo, amount: a.amount, manual: a.isManualRelease };
}

/**
 * A revert's reason: its custom error by name with its arguments (the published ABIs', or Solidity's
 * Error(string) and Panic), the selector of an error no ABI here names, or "reverted without a reason".
 * null when the failure is not a revert at all (the RPC failed): that is worth trying again.
 */
export function revertReason(errOrData: unknown): { name: string; args: readonly unknown[] } | null {
  let data: Hex | undefined;
  let reverted = false;
  if (typeof errOrData === "string" && errOrData.startsWith("0x")) {
    data = errOrData as Hex;
    reverted = true;
  } else if (errOrData instanceof BaseError) {
    const fn = errOrData.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
    if (fn?.data?.errorName) return { name: fn.data.errorName, args: fn.data.args ?? [] };
    const withData = errOrData.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data?: Hex } | null;
    data = withData?.data;
    reverted = Boolean(data) || /revert/i.test(errOrData.message);
  }
  if (!reverted) return null;
  if (!data || data === "0x") return { name: "reverted without a reason", args: [] };
  try {
    const decoded = decodeErrorResult({ abi: ALL_ERRORS, data });
    if (decoded.errorName === "Error") return { name: String(decoded.args?.[0] ?? "Error"), args: [] };
    return { name: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return { name: `error ${data.slice(0, 10)}`, args: [] };
  }
}

/** A revert as an order's failure reason: "AccountHasActiveIntent", or what revertReason could tell. */
export const describeRevert = (reason: { name: string } | null) => (reason ? reason.name : "reverted without a reason");

/**
 * The attestation service's answer as fulfillIntent's paymentProof and verificationData: the same
 * encoding as `@zkp2p/sdk` 0.14.1 (encodePaymentAttestation, encodeVerifyPaymentData, which it does
 * not export), checked against the SDK's own output by tests/rail/standins.test.ts.
 */
export function encodeAttestation(a: {
  intentHash: Hex;
  releaseAmount: bigint;
  dataHash: Hex;
  signature: Hex;
  signer: Address;
  encodedPaymentDetails: Hex;
  metadata: Hex;
}): { paymentProof: Hex; verificationData: Hex } {
  const paymentProof = encodeAbiParameters(
    [
      {
        type: "tuple",
        components: [
          { type: "bytes32" },
          { type: "uint256" },
          { type: "bytes32" },
          { type: "bytes[]" },
          { type: "bytes" },
          { type: "bytes" },
        ],
      },
    ],
    [[a.intentHash, a.releaseAmount, a.dataHash, [a.signature], a.encodedPaymentDetails, a.metadata]],
  );
  const verificationData = encodeAbiParameters(
    [{ type: "tuple", components: [{ type: "bytes32" }, { type: "bytes" }, { type: "bytes" }] }],
    [[a.intentHash, paymentProof, encodeAbiParameters([{ type: "address" }], [a.signer])]],
  );
  return { paymentProof, verificationData };
}
