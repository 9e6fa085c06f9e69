import { getWorkDb } from "@/db/client";
import { purgeStaleRows } from "@/lib/maintenance/purge";
import { findDueRailSteps, reconcileOpenIntents } from "@/lib/orders/rail-steps";
import { findDueReceipts } from "@/lib/receipts";
import { expireIfDue, findDueExpiries } from "@/lib/sessions/expiry";
import { findDueDeliveries } from "@/lib/webhooks/delivery";
import { inngest } from "../client";

/**
 * The safety net: every minute, re-drive whatever is overdue in the database (deliveries, expiries,
 * rail steps, receipts), so a lost event or a function that never ran loses nothing; and purge
 * expired idempotency records and old rate-limit windows.
 */
export const sweep = inngest.createFunction({ id: "sweep-overdue", triggers: [{ cron: "* * * * *" }] }, async ({ step }) => {
  const overdue = await step.run("find-overdue-deliveries", async () => findDueDeliveries(await getWorkDb(), 500));
  if (overdue.length) {
    await step.sendEvent(
      "redrive-deliveries",
      overdue.map((deliveryId) => ({ name: "checkout/delivery.due", data: { deliveryId } })),
    );
  }
  const expired = await step.run("expire-due-sessions", async () => {
    const db = await getWorkDb();
    const ids = await findDueExpiries(db);
    for (const id of ids) await expireIfDue(db, id);
    return ids;
  });
  // real-rail steps that are due (a receipt to read, a transaction to send): one event each
  const railDue = await step.run("find-due-rail-steps", async () => findDueRailSteps(await getWorkDb(), 500));
  if (railDue.length) {
    await step.sendEvent(
      "redrive-rail-steps",
      railDue.map((orderId) => ({ name: "checkout/rail.due", data: { orderId } })),
    );
  }
  // payers' receipts that are due: a lost hint, or a send that failed and waits for its retry
  const receiptsDue = await step.run("find-due-receipts", async () => findDueReceipts(await getWorkDb(), 500));
  if (receiptsDue.length) {
    await step.sendEvent(
      "redrive-receipts",
      receiptsDue.map((sessionId) => ({ name: "checkout/receipt.due", data: { sessionId } })),
    );
  }
  // the real rail's open intents, read from the chain: what a missed step or someone else left behind
  const reconciled = await step.run("reconcile-open-intents", async () => reconcileOpenIntents(await getWorkDb()));
  // rows that would otherwise grow without bound; bounded batches, so one run never holds long locks
  const purged = await step.run("purge-stale-rows", async () => purgeStaleRows(await getWorkDb()));
  return { redriven: overdue.length, railSteps: railDue.length, receipts: receiptsDue.length, reconciled, expired: expired.length, purged };
});
