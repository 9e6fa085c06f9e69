import { z } from "zod";
import { str } from "@/lib/core/fields";

// Request schemas of an order's own routes (POST /api/orders/fulfill). Unknown fields are refused.

export const fulfillBody = z.strictObject({
  intentHash: str().regex(/^0x[0-9a-fA-F]{64}$/, { error: "must be 0x followed by 64 hex characters" }),
  proof: z.record(z.string(), z.unknown(), { error: "must be an object" }),
});
