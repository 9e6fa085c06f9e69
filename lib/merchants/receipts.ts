import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { auditMerchant } from "@/lib/audit";

// The merchant's setting for payers' receipts (lib/receipts): on by default; an owner turns it off in
// Settings. It is read when a receipt is sent, so turning it off also stops the receipts still due.

export async function getPayerReceipts(db: Db, { actor }: As<MerchantActor>): Promise<boolean> {
  const [row] = await db.select({ on: merchants.payerReceipts }).from(merchants).where(eq(merchants.id, actor.merchantId)).limit(1);
  return row?.on ?? true;
}

/** Turns payers' receipts on or off, with its audit record in the same transaction. */
export async function setPayerReceipts(db: Db, on: boolean, { actor }: As<MerchantActor>): Promise<boolean> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.update(merchants).set({ payerReceipts: on, updatedAt: new Date() }).where(eq(merchants.id, actor.merchantId));
    await auditMerchant(tx, actor, on ? "settings.payer-receipts-on" : "settings.payer-receipts-off");
  });
  return on;
}
