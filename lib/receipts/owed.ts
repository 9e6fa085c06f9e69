import type { SessionRow } from "@/db/schema";

// Kept apart from the sender (index.ts): the completion asks it in its transaction, and needs none of
// the mail, the catalogues or the rate limits.

/** Whether a completed session owes its payer a receipt: a payment link's, whose payer gave their email. */
export function owesReceipt(session: Pick<SessionRow, "paymentLinkId" | "metadata">): boolean {
  return session.paymentLinkId !== null && Boolean(session.metadata?.email);
}
