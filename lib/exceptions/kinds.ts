import type { ExceptionKind, ExceptionResolution } from "@/db/schema";

// The exceptions in a person's words: what each kind is called on the dashboard, what it means,
// and how each ended. The API answers the codes (EXCEPTION_KINDS, EXCEPTION_RESOLUTIONS).

export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  PAID_UNPROVEN: "Paid, not proven",
  RELEASE_BLOCKED: "Release blocked",
  PAID_LATE: "Paid after it ended",
  PARTLY_PAID: "Partly paid",
  PAID_ON_CANCELLED: "Paid after cancelling",
};

/** What happened, and what a person can do about it. */
export const EXCEPTION_KIND_MEANINGS: Record<ExceptionKind, string> = {
  PAID_UNPROVEN:
    "The payer says they paid, and no proof released the USDC. Check with the payer or the maker; mark it paid in full once you know the money came, or dismiss it.",
  RELEASE_BLOCKED:
    "The payment is proven, and the chain refuses the release for now. It is tried again by itself; you can try it again now.",
  PAID_LATE: "USDC was released to you after the session or its payment had ended. Mark it paid in full to deliver, or dismiss it.",
  PARTLY_PAID: "The session ended with part of its amount paid. Mark it paid in full if the rest reached you another way, or dismiss it.",
  PAID_ON_CANCELLED:
    "The payer says they paid after the payment was cancelled. Check with the payer or the maker; mark it paid in full once you know the money came, or dismiss it.",
};

export const EXCEPTION_RESOLUTION_LABELS: Record<ExceptionResolution, string> = {
  RELEASED: "The USDC came",
  MARKED_PAID: "Marked paid in full",
  DISMISSED: "Dismissed",
};

/**
 * The sandbox's proof outcomes that make an exception on purpose, and the kind each opens
 * (lib/orders/sandbox-exceptions.ts does it; a session's timeline names them).
 */
export const SANDBOX_EXCEPTION_OUTCOMES = {
  unproven: "PAID_UNPROVEN",
  blocked: "RELEASE_BLOCKED",
  late: "PAID_LATE",
  partial: "PARTLY_PAID",
  "cancelled-paid": "PAID_ON_CANCELLED",
} as const satisfies Record<string, ExceptionKind>;
export type SandboxExceptionOutcome = keyof typeof SANDBOX_EXCEPTION_OUTCOMES;
