import { AsyncLocalStorage } from "node:async_hooks";
import { getConfig } from "@/lib/config";
import { errorFields, logger } from "@/lib/logger";
import type { Dispatcher } from "./dispatcher";

// How background work is told that something is due. Both engines are only hints: the database
// rows are the truth, and the local dispatcher's poll or Inngest's cron sweep finds anything a lost
// hint missed.

const holder = globalThis as unknown as { __checkoutDispatcher?: Dispatcher };

export function registerLocalDispatcher(dispatcher: Dispatcher | undefined) {
  holder.__checkoutDispatcher = dispatcher;
}

export function localDispatcher(): Dispatcher | undefined {
  return holder.__checkoutDispatcher;
}

type Hint = { name: "checkout/delivery.due"; data: { deliveryId: string } } | { name: "checkout/expiry.scheduled"; data: { sessionId: string; at: string } };

async function sendToInngest(hints: Hint[]) {
  const { inngest } = await import("@/inngest/client");
  await inngest.send(hints);
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
    hint(deliveryIds.map((deliveryId) => ({ name: "checkout/delivery.due" as const, data: { deliveryId } })));
  },
  /** A session or order will expire at `at` unless something happens first. */
  expiryScheduled(sessionId: string, at: Date) {
    if (getConfig().inngest.enabled) hint([{ name: "checkout/expiry.scheduled", data: { sessionId, at: at.toISOString() } }]);
  },
};
