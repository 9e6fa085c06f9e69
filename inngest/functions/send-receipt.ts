import { getWorkDb } from "@/db/client";
import { sendReceiptIfDue } from "@/lib/receipts";
import { JOB_EVENTS } from "@/lib/jobs/events";
import { inngest } from "../client";
import { parseEventData } from "./parse";

/**
 * Sends a payer's receipt once its session completed. The row decides: the send claims it first, so
 * a duplicate event or a retried step sends nothing twice, and a send that failed puts the receipt
 * back on the due list, where the sweep finds it again.
 */
export const sendReceipt = inngest.createFunction(
  { id: "send-receipt", triggers: [{ event: JOB_EVENTS.receipt.name }], concurrency: [{ key: "event.data.sessionId", limit: 1 }] },
  async ({ event, step }) => {
    const { sessionId } = parseEventData(JOB_EVENTS.receipt.data, event.data);
    const outcome = await step.run("send", async () => sendReceiptIfDue(await getWorkDb(), sessionId));
    return { sessionId, outcome };
  },
);
