import { getWorkDb } from "@/db/client";
import { SYSTEM } from "@/lib/core/actor";
import { attemptDelivery, deliveryState, MAX_ATTEMPTS } from "@/lib/webhooks/delivery";
import { JOB_EVENTS } from "@/lib/jobs/events";
import { inngest } from "../client";
import { parseEventData } from "./parse";

/**
 * One delivery, attempt after attempt: attempt now, then sleep until the row says the next attempt
 * is due. The row decides everything, so a duplicate run or a replayed step sends nothing twice.
 */
export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", triggers: [{ event: JOB_EVENTS.delivery.name }], concurrency: { limit: 50 } },
  async ({ event, step }) => {
    const { deliveryId } = parseEventData(JOB_EVENTS.delivery.data, event.data);
    // a manual retry or the test endpoint may add attempts beyond the schedule
    for (let round = 0; round < MAX_ATTEMPTS + 2; round++) {
      const outcome = await step.run(`attempt-${round}`, async () => {
        const db = await getWorkDb();
        const result = await attemptDelivery(db, deliveryId, { actor: SYSTEM });
        if (result.kind === "attempted")
          return { status: result.delivery.status, nextAttemptAt: result.delivery.nextAttemptAt?.toISOString() ?? null };
        // not attempted: woken before the attempt is due (sleep again until it is), or the delivery
        // is finished or in another worker's hands (nothing left for this run)
        const state = await deliveryState(db, deliveryId);
        if (state?.status === "PENDING" && state.nextAttemptAt && state.nextAttemptAt > new Date()) {
          return { status: "PENDING" as const, nextAttemptAt: state.nextAttemptAt.toISOString() };
        }
        return { status: "SKIPPED" as const, nextAttemptAt: null };
      });
      if (outcome.status !== "PENDING" || !outcome.nextAttemptAt) return outcome;
      await step.sleepUntil(`wait-${round}`, new Date(outcome.nextAttemptAt));
    }
    return { status: "GAVE_UP" as const, nextAttemptAt: null };
  },
);
