"use server";

import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { setFeeSetting } from "@/lib/merchants/fees";
import type { FeeTerms } from "@/lib/rail/fees";
import { buyerFeeShareField, feePayerField } from "@/lib/merchants/schemas";

const feeInput = z.strictObject({ feePayer: feePayerField, buyerFeeShareBps: buyerFeeShareField.nullable() });

/** Settings: who pays the real rail's fees on sessions and payment links that do not say. */
export const updateFeeSetting: (terms: FeeTerms) => Promise<({ ok: true } & FeeTerms) | ActionFailure> = action(
  { name: "dashboard.fee-setting", input: feeInput, actor: "merchant", role: "owner" },
  async ({ db, input, actor }) => ({ ok: true as const, ...(await setFeeSetting(db, input, { actor })) }),
);
