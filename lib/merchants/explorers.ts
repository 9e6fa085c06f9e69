import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import type { ExplorerOverrides } from "@/lib/merchants/explorer-urls";

// The merchant's block explorer per chain (explorer-urls.ts checks and normalises each one).

export async function getExplorerUrls(db: Db, { actor }: As<MerchantActor>): Promise<ExplorerOverrides> {
  const [row] = await db.select({ urls: merchants.explorerUrls }).from(merchants).where(eq(merchants.id, actor.merchantId)).limit(1);
  return row?.urls ?? {};
}

/** Replaces the whole set; a chain left out uses its default. An empty set is stored as null. */
export async function setExplorerUrls(db: Db, urls: ExplorerOverrides, { actor }: As<MerchantActor>): Promise<void> {
  await db
    .update(merchants)
    .set({ explorerUrls: Object.keys(urls).length ? urls : null, updatedAt: new Date() })
    .where(eq(merchants.id, actor.merchantId));
}
