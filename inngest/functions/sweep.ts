import { getWorkDb } from "@/db/client";
import { purgeStaleRows } from "@/lib/maintenance/purge";
import { jobEvent } from "@/lib/jobs/events";
import { reconcileOpenIntents } from "@/lib/orders/rail-steps";
import { DUE_JOBS } from "@/lib/start";
import { dueEvent } from "@/lib/jobs/dispatcher";
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
      overdue.map((deliveryId) => jobEvent("delivery", { deliveryId })),
    );
  }
  const expired = await step.run("expire-due-sessions", async () => {
    const db = await getWorkDb();
    const ids = await findDueExpiries(db);
    for (const id of ids) await expireIfDue(db, id);
    return ids;
  });
  // the jobs found due by id (a rail step, a payer's receipt): a lost hint, or a run that failed and
  // waits for its retry; one event each
  const redriven: Record<string, number> = {};
  for (const job of DUE_JOBS) {
    const ids = await step.run(`find-due-${job.sweepName}`, async () => job.findDue(await getWorkDb(), 500));
    if (ids.length)
      await step.sendEvent(
        `redrive-${job.sweepName}`,
        ids.map((id) => dueEvent(job, id)),
      );
    redriven[job.job] = ids.length;
  }
  // the real rail's open intents, read from the chain: what a missed step or someone else left behind
  const reconciled = await step.run("reconcile-open-intents", async () => reconcileOpenIntents(await getWorkDb()));
  // rows that would otherwise grow without bound; bounded batches, so one run never holds long locks
  const purged = await step.run("purge-stale-rows", async () => purgeStaleRows(await getWorkDb()));
  return {
    redriven: overdue.length,
    railSteps: redriven.rail ?? 0,
    receipts: redriven.receipt ?? 0,
    reconciled,
    expired: expired.length,
    purged,
  };
});
