import { getWorkDb } from "@/db/client";
import { advanceOrder } from "@/lib/orders/rail-steps";
import { JOB_EVENTS } from "@/lib/jobs/events";
import { inngest } from "../client";
import { parseEventData } from "./parse";

/**
 * Carries a real-rail order's on-chain step on when one is due. The step itself claims the order and
 * sets its next due time; the sweep re-drives what is due and not yet done, so polling a receipt is
 * the sweep's and the hints' work, not a long-running function's.
 */
export const railStep = inngest.createFunction(
  { id: "rail-step", triggers: [{ event: JOB_EVENTS.rail.name }], concurrency: [{ key: "event.data.orderId", limit: 1 }] },
  async ({ event, step }) => {
    const { orderId } = parseEventData(JOB_EVENTS.rail.data, event.data);
    await step.run("advance", async () => {
      await advanceOrder(await getWorkDb(), orderId);
    });
    return { orderId };
  },
);
