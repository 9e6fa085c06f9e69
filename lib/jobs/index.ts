import { AsyncLocalStorage } from "node:async_hooks";
import { getConfig } from "@/lib/core/config";
import { errorFields, logger } from "@/lib/core/logger";
import { jobEvent, type JobEvent } from "./events";

// How background work is told that something is due. Both engines are only hints: the database
// rows are the truth, and the local dispatcher's poll or Inngest's cron sweep finds anything a lost
// hint missed.

/** What a hint needs of the local dispatcher: to look for due work now. */
export type Wakeable = { poke(): void };

/** A hint is a job's event (lib/jobs/events.ts). */
export type Hint = JobEvent;

/**
 * Hands hints to Inngest. lib/ never imports the Inngest client: the code that owns it registers
 * this at start-up (instrumentation-node.ts), so the import graph runs from inngest/ to lib/ only.
 */
export type HintSender = (hints: Hint[]) => Promise<void>;

const holder = globalThis as unknown as { __checkoutDispatcher?: Wakeable; __checkoutHintSender?: HintSender };

export function registerLocalDispatcher(dispatcher: Wakeable | undefined) {
  holder.__checkoutDispatcher = dispatcher;
}

export function localDispatcher(): Wakeable | undefined {
  return holder.__checkoutDispatcher;
}

export function registerHintSender(sender: HintSender | undefined) {
  holder.__checkoutHintSender = sender;
}

async function sendToInngest(hints: Hint[]) {
  const send = holder.__checkoutHintSender;
  if (!send) throw new Error("no Inngest sender is registered in this process");
  await send(hints);
}

// Hints raised inside an enclosing transaction wait for it: sent before its commit, they would
// point at rows nobody can see yet; if it rolls back, they point at nothing and are dropped.
const deferred = new AsyncLocalStorage<Hint[]>();

/** Runs `fn` (which commits a transaction of its own) and only then sends the hints it raised. */
export async function withDeferredHints<T>(fn: () => Promise<T>): Promise<T> {
  const queue: Hint[] = [];
  const result = await deferred.run(queue, fn);
  hint(queue);
  return result;
}

function hint(hints: Hint[]) {
  if (!hints.length) return;
  const queue = deferred.getStore();
  if (queue) {
    queue.push(...hints);
    return;
  }
  if (getConfig().inngest.enabled) {
    sendToInngest(hints).catch((err) => logger.warn("could not hand work to Inngest; the sweep will find it", errorFields(err)));
  } else {
    localDispatcher()?.poke();
  }
}

export const jobs = {
  /** New deliveries were committed. */
  deliveriesCreated(deliveryIds: string[]) {
    hint(deliveryIds.map((deliveryId) => jobEvent("delivery", { deliveryId })));
  },
  /** A real-rail order has an on-chain step due now (lib/orders/rail-steps/). */
  railDue(orderId: string) {
    hint([jobEvent("rail", { orderId })]);
  },
  /** A completed session owes its payer a receipt (lib/receipts). */
  receiptDue(sessionId: string) {
    hint([jobEvent("receipt", { sessionId })]);
  },
  /** A session or order will expire at `at` unless something happens first. */
  expiryScheduled(sessionId: string, at: Date) {
    if (getConfig().inngest.enabled) hint([jobEvent("expiry", { sessionId, at: at.toISOString() })]);
  },
};
