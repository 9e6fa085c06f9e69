import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";

// The merchant's payout wallet: where a v1 order pays out when it names no destinationAddress
// (GET /api/v1/merchants/me shows it as evmWalletAddress). Owners set it from the dashboard's
// settings (lib/accounts/payout-addresses.ts setPayoutWallet, which also puts it on the list of
// allowed payout addresses).

export async function getPayoutWallet(db: Db, { actor }: As<MerchantActor>): Promise<string | null> {
  const [row] = await db.select({ wallet: merchants.evmWalletAddress }).from(merchants).where(eq(merchants.id, actor.merchantId)).limit(1);
  return row?.wallet ?? null;
}
