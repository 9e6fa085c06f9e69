import escrowAbiJson from "@zkp2p/contracts-v2/abis/base/EscrowV2.json" with { type: "json" };
import orchestratorAbiJson from "@zkp2p/contracts-v2/abis/base/OrchestratorV3.json" with { type: "json" };
import verifierAbiJson from "@zkp2p/contracts-v2/abis/base/UnifiedPaymentVerifierV3.json" with { type: "json" };
import lifecycleHookAbiJson from "@zkp2p/contracts-v2/abis/base/IntentLifecycleHookV1.json" with { type: "json" };
import disputePolicyAbiJson from "@zkp2p/contracts-v2/abis/base/DisputeProtectionPolicy.json" with { type: "json" };
import nullifierRegistryAbiJson from "@zkp2p/contracts-v2/abis/base/NullifierRegistryV2.json" with { type: "json" };
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeAbiParameters,
  type Hex,
  keccak256,
  parseAbi,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from "viem";
import type { ReleaseFees } from "../fees";
import { type Attestation, restoreAttestation, type StoredAttestation } from "./services";

// The protocol as the rail reads and writes it: the published ABIs of `@zkp2p/contracts-v2`, the
// events that carry an intent's life, and the revert reasons, decoded by name.

export const ORCHESTRATOR_ABI = orchestratorAbiJson as Abi;
export const ESCROW_ABI = escrowAbiJson as Abi;
export const VERIFIER_ABI = verifierAbiJson as Abi;
/** Errors of OrchestratorV3's newer source that the published ABI does not carry yet: named all the same. */
const NEWER_ERRORS = parseAbi(["error GatingSignatureAlreadyUsed(bytes32 digest)"]);
/** What a release may revert with beyond the orchestrator: the lifecycle hook and its policy, the nullifier registry. */
const RELEASE_PATH_ABIS = [lifecycleHookAbiJson, disputePolicyAbiJson, nullifierRegistryAbiJson] as Abi[];
const ALL_ERRORS = dedupeErrors([...ORCHESTRATOR_ABI, ...ESCROW_ABI, ...VERIFIER_ABI, ...RELEASE_PATH_ABIS.flat(), ...NEWER_ERRORS]);

/** The errors of several ABIs, each signature once (ABIs share ZeroAddress, IntentNotFound…). */
function dedupeErrors(items: Abi): Abi {
  const seen = new Set<string>();
  return items.filter((x) => {
    if (x.type !== "error") return false;
    const sig = `${x.name}(${x.inputs.map((i) => i.type).join(",")})`;
    if (seen.has(sig)) return false;
    seen.add(sig);
    return true;
  }) as Abi;
}

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

/** The orchestrator's events of one name about one intent, in a receipt or a log query. */
function intentEvents(logs: TransactionReceipt["logs"], orchestrator: Address, intentHash: Hex, eventName: string) {
  return parseEventLogs({ abi: ORCHESTRATOR_ABI, logs, eventName, strict: false }).filter(
    (l) =>
      l.address.toLowerCase() === orchestrator.toLowerCase() &&
      (l.args as { intentHash?: Hex }).intentHash?.toLowerCase() === intentHash.toLowerCase(),
  );
}

/** IntentFulfilled logs of the orchestrator, for one intent, in a receipt or a log query. */
export function fulfilledIn(logs: TransactionReceipt["logs"], orchestrator: Address, intentHash: Hex): Fulfilled | null {
  const [found] = intentEvents(logs, orchestrator, intentHash, "IntentFulfilled");
  if (!found) return null;
  const a = found.args as unknown as { intentHash: Hex; fundsTransferredTo: Address; amount: bigint; isManualRelease: boolean };
  return { intentHash: a.intentHash, to: a.fundsTransferredTo, amount: a.amount, manual: a.isManualRelease };
}

/** The deposit manager's fee rate V3 snapshotted when an intent was signalled (1e18 = 100%), from the signal's receipt. */
export function managerFeeIn(logs: TransactionReceipt["logs"], orchestrator: Address, intentHash: Hex): bigint {
  const [found] = intentEvents(logs, orchestrator, intentHash, "IntentManagerFeeSnapshotted");
  return found ? ((found.args as { fee?: bigint }).fee ?? 0n) : 0n;
}

const PRECISE_UNIT = 10n ** 18n;

/**
 * What a release moved, from its logs: the net IntentFulfilled carries, the referral fees
 * IntentReferralFeeDistributed names, the manager fee at the rate snapshotted at signal, and the
 * protocol fee as the rest (V3 emits no event for it). `gross` is the amount released before fees
 * when the caller knows it (our own release: the attestation's amount, capped at the intent's);
 * otherwise it is found from the net at `protocolRate` (someone else released it). Each fee is on
 * the gross, rounded down, as V3 takes it.
 */
export function releaseIn(
  logs: TransactionReceipt["logs"],
  orchestrator: Address,
  intentHash: Hex,
  rates: { managerRate: bigint; protocolRate: bigint },
  gross?: bigint,
): { fulfilled: Fulfilled; grossMicro: bigint; netMicro: bigint; fees: ReleaseFees } | null {
  const fulfilled = fulfilledIn(logs, orchestrator, intentHash);
  if (!fulfilled) return null;
  const referralMicro = intentEvents(logs, orchestrator, intentHash, "IntentReferralFeeDistributed").reduce(
    (sum, l) => sum + ((l.args as { feeAmount?: bigint }).feeAmount ?? 0n),
    0n,
  );
  const net = fulfilled.amount;
  const fixed = net + referralMicro;
  const take = (g: bigint) => (g * rates.managerRate) / PRECISE_UNIT + (g * rates.protocolRate) / PRECISE_UNIT;
  let g = gross;
  if (g === undefined) {
    // g − protocol(g) − manager(g) = net + referrals: start from the unrounded answer and step to the exact one
    const rate = rates.managerRate + rates.protocolRate;
    g = rate < PRECISE_UNIT ? (fixed * PRECISE_UNIT) / (PRECISE_UNIT - rate) : fixed;
    for (let i = 0; i < 8 && g - take(g) < fixed; i++) g++;
  }
  const managerMicro = (g * rates.managerRate) / PRECISE_UNIT;
  const rest = g - net - referralMicro - managerMicro;
  return { fulfilled, grossMicro: g, netMicro: net, fees: { protocolMicro: rest > 0n ? rest : 0n, managerMicro, referralMicro } };
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
export function encodeAttestation(a: Attestation): { paymentProof: Hex; verificationData: Hex } {
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

/** encodeAttestation of an attestation as an order keeps it (railState.attestation). */
export const encodeStoredAttestation = (a: StoredAttestation) => encodeAttestation(restoreAttestation(a));
