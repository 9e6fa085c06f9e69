import type { Db } from "@/db/client";
import { checkoutSessions, merchants, orders } from "@/db/schema";

/** The rows a walk over a state machine moves: a merchant, its session and the session's order, on an empty database. */
export async function insertWalkRows(db: Db, ids: { merchant: string; session: string; order: string }) {
  const later = new Date(Date.now() + 3_600_000);
  await db.insert(merchants).values({ id: ids.merchant, name: "walk" });
  await db.insert(checkoutSessions).values({
    id: ids.session,
    merchantId: ids.merchant,
    amountMicro: 1_000_000n,
    destinationChainId: 8453,
    destinationToken: "0x0",
    recipientAddress: "0x0",
    expiresAt: later,
  });
  await db.insert(orders).values({
    id: ids.order,
    sessionId: ids.session,
    merchantId: ids.merchant,
    status: "SIGNAL_MINED",
    paymentPlatform: "venmo",
    fiatCurrency: "USD",
    fiatAmountMinor: 100n,
    tokenAmountMicro: 1_000_000n,
    conversionRate: "1",
    recipient: "@shop",
    intentHash: "0x" + "ab".repeat(32),
    signalTx: "0x" + "cd".repeat(32),
    expiresAt: later,
  });
}
