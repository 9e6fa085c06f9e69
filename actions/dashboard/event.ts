"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { type ActionFailure, action } from "@/lib/http/action";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { resendEvent } from "@/lib/webhooks/resend";

// Dashboard actions on events: the signed-in merchant's own events and webhooks only (the service
// looks both up by the merchant), the input validated as the API validates, errors as messages.

export type ResentEvent = {
  deliveryId: string;
  webhookId: string;
  webhookUrl: string;
  /** false: the event had reached this webhook before, and that delivery was sent again */
  created: boolean;
  status: "PENDING" | "DELIVERED" | "FAILED";
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
};

const id = z.string().min(1, { error: "must not be empty" }).max(100, { error: "must be at most 100 characters" });

/** Sends the event to the webhook now; says what the endpoint answered. */
export const resendEventAction: (eventId: string, webhookId: string) => Promise<{ ok: true; data: ResentEvent } | ActionFailure> = action(
  {
    name: "dashboard.event.resend",
    input: z.strictObject({ eventId: id, webhookId: id }),
    from: (eventId: string, webhookId: string) => ({ eventId, webhookId }),
    actor: "merchant",
    rateLimit: RATE_RULES.webhookSends,
    // it waits on the merchant's endpoint: outside a transaction, its audit record written first
    transaction: false,
  },
  async ({ db, input, actor }) => {
    const r = await resendEvent(db, input, { actor });
    revalidatePath("/dashboard/webhooks", "layout");
    revalidatePath("/dashboard/events");
    const d = r.delivery;
    return {
      ok: true as const,
      data: {
        deliveryId: d.id,
        webhookId: d.webhookId,
        webhookUrl: r.webhookUrl,
        created: r.created,
        status: d.status,
        attempts: d.attempts,
        responseCode: d.responseCode,
        lastError: d.lastError,
      },
    };
  },
);
