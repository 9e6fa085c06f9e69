import type { Hex } from "viem";
import { AppError } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";
import type { ProofContext, ProofOutcome } from "../rail";
import { RailChain, type StoredIntent, storeIntent } from "./chain";
import { attestPayment, isTransient, proofNeedsIndex, ServiceError, storeAttestation } from "./services";
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
  const state = (order.railState ?? {}) as { intentHash?: Hex; intentTimestamp?: string; onChainIntent?: StoredIntent };
  if (!state.intentHash || !state.intentTimestamp)
    return { ok: false, code: "PROOF_INVALID", message: "The order's intent is not on-chain yet" };
  // the attestation is of the intent as the orchestrator holds it (the verifier checks its snapshot
  // against that; its payee is the deposit's), never of the quote the order was started from: as the
  // signal step read it once mined (an intent's fields never change), else from the chain now
  let intent: StoredIntent | null = state.onChainIntent ?? null;
  if (!intent) {
    try {
      const held = await new RailChain(settings).intentOf(state.intentHash);
      intent = held ? storeIntent(held) : null;
    } catch (err) {
      if (!isTransient(err)) throw err;
      logger.warn("the chain did not answer for a proof's intent", { intentHash: state.intentHash });
      throw new AppError(
        "UNAVAILABLE",
        "The payment could not be checked now: the chain is not answering. Send the proof again in a minute.",
      );
    }
    if (!intent) return { ok: false, code: "PROOF_INVALID", message: "The order's intent is no longer open on-chain" };
  }
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
          amount: BigInt(intent.amount),
          timestampMs: BigInt(intent.timestamp) * 1000n,
          paymentMethod: intent.paymentMethod,
          fiatCurrency: intent.fiatCurrency,
          conversionRate: BigInt(intent.conversionRate),
          payeeDetails: intent.payeeId,
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
 * Platforms with more than one kind of account, each read by its own extension action: PayPal's
 * personal and business accounts (the SDK's paypal config: transfer_paypal, transfer_business_paypal,
 * both on the paypal platform). The payer's proof names the one it was read with.
 */
export const ACCOUNT_ACTION_TYPES: Record<string, readonly string[]> = { paypal: ["transfer_paypal", "transfer_business_paypal"] };

/**
 * The attestation route of a proof: its platform's transfer_<platform>, for Zelle the bank the payer
 * paid from (which the proof must name), for PayPal the account kind it names (personal unless it
 * says business). As the SDK routes a buyer-TEE proof, the route is the proof's own action type when
 * it is one of its platform's. Any other action type is refused: the payer does not choose what the
 * attestation service is asked.
 */
export function attestationRoute(platform: string, actionType: unknown): { ok: true; actionType: string } | { ok: false; message: string } {
  if (platform === "zelle") {
    if (typeof actionType === "string" && (ZELLE_ACTION_TYPES as readonly string[]).includes(actionType)) return { ok: true, actionType };
    return { ok: false, message: `A Zelle proof names the bank it was read from: actionType ${ZELLE_ACTION_TYPES.join(", ")}` };
  }
  const own = `transfer_${platform}`;
  const allowed = ACCOUNT_ACTION_TYPES[platform] ?? [own];
  if (actionType === undefined) return { ok: true, actionType: own };
  if (typeof actionType === "string" && allowed.includes(actionType)) return { ok: true, actionType };
  return { ok: false, message: `A ${platform} proof's actionType is ${allowed.join(" or ")}` };
}
