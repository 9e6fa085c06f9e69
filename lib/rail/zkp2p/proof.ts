import type { Hex } from "viem";
import { AppError } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";
import type { ProofContext, ProofOutcome } from "../rail";
import type { QuotedIntent } from "./quotes";
import { attestPayment, proofNeedsIndex, ServiceError, storeAttestation } from "./services";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";

/**
 * A live payment proof (the Peer extension's buyer-TEE capture) goes to the attestation service;
 * a verified one carries the attestation the order's fulfil step sends (lib/orders/rail-steps/fulfil.ts).
 */
export async function verifyLiveProof(
  settings: LiveRailSettings,
  { proof, order }: { orderId: string; intentHash: string; proof: unknown; order: ProofContext },
): Promise<ProofOutcome> {
  const p = proof as { proofType?: unknown; encryptedSessionMaterial?: unknown; params?: unknown; actionType?: unknown } | null;
  if (!p || p.proofType !== "buyerTee" || typeof p.encryptedSessionMaterial !== "string" || !p.params || typeof p.params !== "object") {
    return {
      ok: false,
      code: "PROOF_INVALID",
      message:
        'A live payment proof is the Peer extension\'s { "proofType": "buyerTee", "encryptedSessionMaterial": "…", "params": { … } }',
    };
  }
  const route = attestationRoute(order.paymentPlatform, p.actionType);
  if (!route.ok) return { ok: false, code: "PROOF_INVALID", message: route.message };
  const state = (order.railState ?? {}) as Partial<QuotedIntent> & { intentHash?: Hex; intentTimestamp?: string };
  if (!state.intentHash || !state.intentTimestamp)
    return { ok: false, code: "PROOF_INVALID", message: "The order's intent is not on-chain yet" };
  if (proofNeedsIndex(order.paymentPlatform) && (p.params as { index?: unknown }).index === undefined) {
    logger.info("proof without a row index for a platform that usually needs one", { platform: order.paymentPlatform });
  }
  try {
    const a = await attestPayment(
      settings.attestationUrl,
      {
        platform: order.paymentPlatform,
        actionType: route.actionType,
        encryptedSessionMaterial: p.encryptedSessionMaterial,
        params: p.params as Record<string, unknown>,
        chainId: settings.network.chainId,
        intent: {
          intentHash: state.intentHash,
          amount: BigInt(state.amount ?? order.tokenAmountMicro),
          timestampMs: BigInt(state.intentTimestamp) * 1000n,
          paymentMethod: state.paymentMethod!,
          fiatCurrency: state.fiatCurrency!,
          conversionRate: BigInt(state.conversionRate!),
          payeeDetails: state.payeeDetails!,
        },
      },
      settings.serviceTimeoutMs,
    );
    if (a.intentHash.toLowerCase() !== state.intentHash.toLowerCase()) {
      return { ok: false, code: "PROOF_INVALID", message: "The attestation is for another intent" };
    }
    return {
      ok: true,
      state: "verified",
      releaseMicro: a.releaseAmount,
      attestation: storeAttestation(a),
    };
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    if (err.kind === "retry") {
      logger.warn("attestation service failed", { status: err.status });
      throw new AppError(
        "UNAVAILABLE",
        "The payment could not be checked now: the attestation service is not answering. Send the proof again in a minute.",
      );
    }
    const expired = err.code === "PROOF_EXPIRED" || /expired|stale/i.test(err.message);
    return {
      ok: false,
      code: expired ? "PROOF_EXPIRED" : "PROOF_INVALID",
      message: expired ? "The payment proof has expired; capture a fresh one" : "The payment could not be verified",
    };
  }
}

/** Zelle's attestation routes, one per bank (the SDK's transfer_zelle_* action types). */
export const ZELLE_ACTION_TYPES = ["transfer_zelle_bofa", "transfer_zelle_chase", "transfer_zelle_citi"] as const;

/**
 * The attestation route of a proof: its platform's transfer_<platform>, or for Zelle the bank the
 * payer paid from, which the proof must name. Any other action type is refused: the payer does not
 * choose what the attestation service is asked.
 */
export function attestationRoute(platform: string, actionType: unknown): { ok: true; actionType: string } | { ok: false; message: string } {
  if (platform === "zelle") {
    if (typeof actionType === "string" && (ZELLE_ACTION_TYPES as readonly string[]).includes(actionType)) return { ok: true, actionType };
    return { ok: false, message: `A Zelle proof names the bank it was read from: actionType ${ZELLE_ACTION_TYPES.join(", ")}` };
  }
  const own = `transfer_${platform}`;
  if (actionType === undefined || actionType === own) return { ok: true, actionType: own };
  return { ok: false, message: `A ${platform} proof's actionType is ${own}` };
}
