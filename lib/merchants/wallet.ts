import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";

// The merchant's payout wallet: where a v1 order pays out when it names no destinationAddress
// (GET /api/v1/merchants/me shows it as evmWalletAddress). Set from the dashboard's settings.

export async function getPayoutWallet(db: Db, { actor }: As<MerchantActor>): Promise<string | null> {
  const [row] = await db.select({ wallet: merchants.evmWalletAddress }).from(merchants).where(eq(merchants.id, actor.merchantId)).limit(1);
  return row?.wallet ?? null;
}

/** `address` is checked and checksummed by the caller's schema (lib/validation.ts evmAddress); null removes it. */
export async function setPayoutWallet(db: Db, address: string | null, { actor }: As<MerchantActor>): Promise<void> {
  await db.update(merchants).set({ evmWalletAddress: address, updatedAt: new Date() }).where(eq(merchants.id, actor.merchantId));
}
