import { z } from "zod";
import { metadata, str } from "@/lib/core/fields";
import { isUsdcString } from "@/lib/core/money";
import { REFUND_METHODS } from "@/db/schema";
import { MAX_REASON } from "./service";

// Request schemas of a refund, the same in both API generations (v1 names its order in the path).
// Unknown fields are refused.

export const createRefundBody = z.strictObject({
  amountUsdc: str('must be a decimal string such as "10.00"')
    .refine(isUsdcString, { error: 'must be a decimal string such as "10.00", with at most 6 decimals' })
    .optional()
    .meta({ description: "How much to give back; the whole amount left to refund when absent" }),
  reason: str()
    .max(MAX_REASON, { error: `must be at most ${MAX_REASON} characters` })
    .optional()
    .meta({ description: "Why, in words the payer reads on the claim page" }),
  method: z
    .enum(REFUND_METHODS, { error: `must be ${REFUND_METHODS.join(" or ")}` })
    .optional()
    .meta({
      description:
        "claim (the default): the payer says on the claim page where the USDC goes, and the merchant's wallet sends it; recorded: the money was returned outside the service (a bank transfer, cash), and the refund is completed at once",
    }),
  metadata: metadata.optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBody>;
