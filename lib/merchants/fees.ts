import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { invalid } from "@/lib/core/errors";
import { type FeeTerms, feeTermsOf, feeTermsProblem } from "@/lib/rail/fees";
import { forgetCachedKeys } from "./service";

// The merchant's fee setting: who pays the real rail's fees on a session (or payment link) that does
// not say (lib/rail/fees.ts). Set from the dashboard's settings and PATCH /api/merchants/:id; the API
// reads it with the key (cached a few seconds, as the environment is).

export async function getFeeSetting(db: Db, { actor }: As<MerchantActor>): Promise<FeeTerms> {
  const [row] = await db
    .select({ feePayer: merchants.feePayer, buyerFeeShareBps: merchants.buyerFeeShareBps })
    .from(merchants)
    .where(eq(merchants.id, actor.merchantId))
    .limit(1);
  return row ?? { feePayer: "MERCHANT", buyerFeeShareBps: null };
}

export async function setFeeSetting(db: Db, terms: FeeTerms, { actor }: As<MerchantActor>): Promise<FeeTerms> {
  const problem = feeTermsProblem(terms);
  if (problem) throw invalid(...problem);
  const stored = feeTermsOf(terms.feePayer, terms.buyerFeeShareBps);
  await db
    .update(merchants)
    .set({ ...stored, updatedAt: new Date() })
    .where(eq(merchants.id, actor.merchantId));
  forgetCachedKeys(actor.merchantId);
  return stored;
}
