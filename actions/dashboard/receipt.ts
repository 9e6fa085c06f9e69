"use server";

import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { setPayerReceipts } from "@/lib/merchants/receipts";

const receiptsInput = z.strictObject({ on: z.boolean({ error: "must be true or false" }) });

/** Settings → Receipts: whether payers who gave their email get a receipt (an owner's choice, audited by the service). */
export const updatePayerReceipts: (input: { on: boolean }) => Promise<{ ok: true; on: boolean } | ActionFailure> = action(
  { name: "dashboard.payer-receipts", input: receiptsInput, actor: "merchant", role: "owner", audit: false },
  async ({ db, input, actor }) => ({ ok: true as const, on: await setPayerReceipts(db, input.on, { actor }) }),
);
