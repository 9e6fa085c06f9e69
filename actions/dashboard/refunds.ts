"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { createRefundBody } from "@/lib/refunds/schemas";
import { cancelRefund, createRefund } from "@/lib/refunds/service";
import type { RefundDto } from "@/lib/wire/refund";

// An owner gives money back from a session's page (lib/refunds, which audits each step): a refund the
// payer claims, or one recorded as returned outside the service; and cancels one before the money moved.

const sessionId = z.string().trim().min(1).max(100);
type Done = { ok: true; refund: RefundDto };

export const createRefundAction: (input: {
  sessionId: string;
  amountUsdc?: string;
  reason?: string;
  method?: "claim" | "recorded";
}) => Promise<Done | ActionFailure> = action(
  {
    name: "dashboard.refund.create",
    input: createRefundBody.pick({ amountUsdc: true, reason: true, method: true }).extend({ sessionId }),
    actor: "merchant",
    role: "owner",
    audit: false,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input, actor }) => {
    const { sessionId: id, ...body } = input;
    const refund = await createRefund(
      db,
      id,
      { ...body, reason: body.reason || undefined, amountUsdc: body.amountUsdc || undefined },
      { actor },
    );
    revalidatePath(`/dashboard/sessions/${id}`);
    return { ok: true as const, refund };
  },
);

export const cancelRefundAction: (input: { refundId: string }) => Promise<Done | ActionFailure> = action(
  {
    name: "dashboard.refund.cancel",
    input: z.strictObject({ refundId: z.string().trim().min(1).max(100) }),
    actor: "merchant",
    role: "owner",
    audit: false,
  },
  async ({ db, input, actor }) => {
    const refund = await cancelRefund(db, input.refundId, { actor });
    revalidatePath(`/dashboard/sessions/${refund.sessionId}`);
    return { ok: true as const, refund };
  },
);
