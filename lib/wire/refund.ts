import type { RefundRow, SessionRow } from "@/db/schema";
import { usdcFromMicro } from "@/lib/core/money";

// The wire shapes of a refund (lib/refunds): what the API answers and what the refund events carry,
// in both API generations; and what a session says of its refunds.

/** What a session's payments paid: what its orders released, or its whole amount once an owner marked it paid in full. */
export function paidMicroOf(s: Pick<SessionRow, "paidAmountMicro" | "amountMicro" | "markedPaidAt">): bigint {
  return s.markedPaidAt && s.paidAmountMicro < s.amountMicro ? s.amountMicro : s.paidAmountMicro;
}

export const REFUND_STATES = ["none", "partial", "full"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** How much of what was paid its completed refunds gave back: none, part of it, or all of it. */
export function refundStateOf(s: Pick<SessionRow, "paidAmountMicro" | "amountMicro" | "markedPaidAt" | "refundedMicro">): RefundState {
  if (s.refundedMicro <= 0n) return "none";
  return s.refundedMicro >= paidMicroOf(s) ? "full" : "partial";
}

/** A refund as v0 answers it; `claimUrl` is the payer's link (null for a refund recorded as returned outside the service). */
export function serializeRefund(r: RefundRow, claimUrl: string | null) {
  return {
    id: r.id,
    sessionId: r.sessionId,
    amountUsdc: usdcFromMicro(r.amountMicro),
    reason: r.reason,
    method: r.method,
    status: r.status,
    claimUrl: r.method === "claim" ? claimUrl : null,
    payoutAddress: r.payoutAddress,
    txHash: r.txHash,
    metadata: r.metadata ?? null,
    createdAt: r.createdAt.toISOString(),
    claimedAt: r.claimedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
  };
}
export type RefundDto = ReturnType<typeof serializeRefund>;

/** The same refund as v1 answers it: its order (the session) is `orderId`, its amount `usdcAmount`. */
export function serializeV1Refund(r: RefundDto) {
  const { sessionId, amountUsdc, ...rest } = r;
  return { ...rest, orderId: sessionId, usdcAmount: amountUsdc };
}
export type V1RefundDto = ReturnType<typeof serializeV1Refund>;
