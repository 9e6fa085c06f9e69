import { RESERVATION_LIMITS } from "@/lib/sessions/reservations";
import { type Db, getDb, getWorkDb } from "@/db/client";
import type { DeliveryRow } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/logger";
import { expireIfDue, findDueExpiries } from "@/lib/sessions/expiry";
import { claimDueDeliveries, deliverClaimed, leaseFrom, newClaimToken } from "@/lib/webhooks/delivery";
import { registerLocalDispatcher } from "@/lib/jobs";
import { Dispatcher, type DispatcherOptions, type DispatcherWork, type DueJob } from "@/lib/jobs/dispatcher";
import { purgeStaleRows } from "@/lib/maintenance/purge";
import { advanceOrder, findDueRailSteps, reconcileOpenIntents } from "@/lib/orders/rail-steps";
import { findDueReceipts, sendReceiptIfDue } from "@/lib/receipts";
import { applyHeldChange } from "@/lib/accounts/payout-addresses";
import { findDueHeldChanges } from "@/lib/accounts/payout-holds";
import { advanceRefund, findDueRefunds } from "@/lib/refunds/service";
import { watchRefund } from "@/lib/refunds/watch";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { metrics } from "@/lib/metrics";
import { registerDatabaseGauges } from "@/lib/metrics/collect";
import { startMetricsServer } from "@/lib/metrics/serve";
import { DELIVERY, ORDER, SESSION } from "@/lib/state";

// The one module that wires background work to the services (the composition root: it sits above
// every folder of lib/, and nothing in lib/ imports it). The engine (lib/jobs) imports no service,
// so the services can tell it about new work without an import circle.

/** A real-rail order's on-chain step (lib/orders/rail-steps/). */
export const railStepJob: DueJob<"rail"> = {
  job: "rail",
  sweepName: "rail-steps",
  findDue: (db, limit) => findDueRailSteps(db, limit),
  run: (db, orderId) => advanceOrder(db, orderId),
  idField: "orderId",
  inngest: { functionId: "rail-step", step: "advance" },
};

/** A payer's receipt of a completed session (lib/receipts). */
export const receiptJob: DueJob<"receipt"> = {
  job: "receipt",
  sweepName: "receipts",
  findDue: (db, limit) => findDueReceipts(db, limit),
  run: (db, sessionId) => sendReceiptIfDue(db, sessionId),
  idField: "sessionId",
  inngest: { functionId: "send-receipt", step: "send" },
};

/** A new owner's held payout change whose hold is over (lib/accounts/payout-holds.ts). */
export const payoutChangeJob: DueJob<"payoutChange"> = {
  job: "payoutChange",
  sweepName: "payout-changes",
  findDue: (db, limit) => findDueHeldChanges(db, limit),
  run: (db, changeId) => applyHeldChange(db, changeId),
  idField: "changeId",
  inngest: { functionId: "apply-payout-change", step: "apply" },
};

/** A refund: an unclaimed one expires, a live claim's transfers are read from the chain (lib/refunds). */
export const refundJob: DueJob<"refund"> = {
  job: "refund",
  sweepName: "refunds",
  findDue: (db, limit) => findDueRefunds(db, limit),
  run: (db, refundId) => advanceRefund(db, refundId, watchRefund),
  idField: "refundId",
  inngest: { functionId: "advance-refund", step: "advance" },
};

/**
 * The jobs found due by id: the local dispatcher runs them, Inngest runs each with a function made
 * from its definition (inngest/functions/due-jobs.ts), and Inngest's sweep sends their events again.
 * A new one is its event in lib/jobs/events.ts and its definition here.
 */
export const DUE_JOBS: readonly DueJob[] = [railStepJob, receiptJob, payoutChangeJob, refundJob];

/** What the local dispatcher runs: the same lib/ functions the Inngest functions call. */
export const serviceWork: DispatcherWork<DeliveryRow> = {
  claimDeliveries: (db, limit, inFlight, perMerchant) => claimDueDeliveries(db, limit, new Date(), inFlight, perMerchant),
  deliverClaimed: (db, claimed) => deliverClaimed(db, claimed),
  leaseFrom,
  newClaimToken,
  findDueExpiries: (db) => findDueExpiries(db),
  expireIfDue: (db, sessionId) => expireIfDue(db, sessionId),
  purge: (db) => purgeStaleRows(db),
  reconcile: (db) => reconcileOpenIntents(db),
  due: DUE_JOBS,
};

/** A dispatcher that runs this service's work; `work` replaces parts of it. */
export class LocalDispatcher extends Dispatcher<DeliveryRow> {
  constructor(db: Db, opts: Omit<DispatcherOptions<DeliveryRow>, "work"> & { work?: Partial<DispatcherWork<DeliveryRow>> } = {}) {
    super(db, { ...opts, work: { ...serviceWork, ...opts.work } });
  }
}

/** Starts this process's local dispatcher, unless Inngest runs the background work. */
export async function startLocalDispatcher(opts: Omit<DispatcherOptions<DeliveryRow>, "work"> = {}): Promise<LocalDispatcher | undefined> {
  if (getConfig().inngest.enabled) {
    logger.info("background work runs on Inngest (/api/inngest)");
    return undefined;
  }
  const dispatcher = new LocalDispatcher(await getWorkDb(), opts);
  registerLocalDispatcher(dispatcher);
  dispatcher.start();
  logger.info("local dispatcher started");
  return dispatcher;
}

/**
 * The metrics of a process of the service (an app instance or the worker): the registry, with every
 * series it can have already there at zero (so a rate or an alert has a series before the first
 * event), the gauges read from the database at each scrape, and METRICS_PORT's listener if set.
 * Returns what stops the listener.
 */
export async function startMetrics(): Promise<() => Promise<void>> {
  const m = metrics();
  m.zero({
    transitions: [SESSION, ORDER, DELIVERY].flatMap((machine) => [
      { machine: machine.name, trigger: "create", to: machine.initial },
      ...Object.entries(machine.triggers).map(([trigger, rule]) => ({ machine: machine.name, trigger, to: rule.to as string })),
    ]),
    limits: [...Object.values(RATE_RULES).map((r) => r.name), ...Object.values(RESERVATION_LIMITS)],
  });
  registerDatabaseGauges(getDb, { rail: getConfig().liveRail !== null });
  return (await startMetricsServer()) ?? (async () => {});
}
