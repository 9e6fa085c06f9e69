import { AsyncLocalStorage } from "node:async_hooks";
import type { DeliveryRow } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { errorFields, logger } from "@/lib/core/logger";
import { jobEvent, type JobEvent } from "./events";

// How background work is told that something is due. Both engines are only hints: the database
// rows are the truth, and the local dispatcher's poll or Inngest's cron sweep finds anything a lost
// hint missed.

/**
 * What a hint needs of the local dispatcher: to look for due work now. A dispatcher that can also
 * take new deliveries straight from the commit that made them says so with `handOffLease` (see
 * `jobs.handOffLease`) and gets them through `take`.
 */
export type Wakeable = {
  poke(): void;
  /** a claim (its lease and token) for deliveries about to be written, if this dispatcher would send them at once */
  handOffLease?(): HandOffClaim | undefined;
  /** deliveries written leased to this dispatcher, once committed: sent without a claim */
  take?(leased: DeliveryRow[]): void;
};

/** The claim deliveries are written under when they are handed to this process's dispatcher. */
export type HandOffClaim = { leaseUntil: Date; claimToken: string };

/** The deliveries a statement wrote: their ids, and the rows themselves when it leased them to this process's dispatcher. */
export type NewDeliveries = { ids: string[]; leased: DeliveryRow[] };
export const NO_DELIVERIES: NewDeliveries = { ids: [], leased: [] };

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
// point at rows nobody can see yet; if it rolls back, they point at nothing and are dropped. So do
// hand-offs of leased deliveries: sent before the commit, a webhook could announce an event that
// never was.
type Deferred = { hints: Hint[]; handOffs: (() => void)[] };
const deferred = new AsyncLocalStorage<Deferred>();

/** Runs `fn` (which commits a transaction of its own) and only then sends the hints it raised. */
export async function withDeferredHints<T>(fn: () => Promise<T>): Promise<T> {
  const queue: Deferred = { hints: [], handOffs: [] };
  const result = await deferred.run(queue, fn);
  hint(queue.hints);
  for (const handOff of queue.handOffs) afterCommit(handOff);
  return result;
}

function afterCommit(fn: () => void) {
  const queue = deferred.getStore();
  if (queue) queue.handOffs.push(fn);
  else fn();
}

function hint(hints: Hint[]) {
  if (!hints.length) return;
  const queue = deferred.getStore();
  if (queue) {
    queue.hints.push(...hints);
    return;
  }
  if (getConfig().inngest.enabled) {
    sendToInngest(hints).catch((err) => logger.warn("could not hand work to Inngest; the sweep will find it", errorFields(err)));
  } else {
    localDispatcher()?.poke();
  }
}

export const jobs = {
  /**
   * Until when deliveries about to be written may be leased to this process's local dispatcher, which
   * then sends them as soon as their statement has committed: no wake-up, no claim, no wait for a
   * poll (one payment at a time is what most merchants see). Undefined when there is no such
   * dispatcher (Inngest does the work, or a process without one) or it is busy: the deliveries are
   * then written unleased and found by a claim. A process that dies holding the lease loses nothing:
   * the lease lapses and any dispatcher's claim takes them, as after a crash mid-attempt.
   */
  handOffLease(): HandOffClaim | undefined {
    return getConfig().inngest.enabled ? undefined : localDispatcher()?.handOffLease?.();
  },
  /** New deliveries were written (by a statement that has committed, or whose transaction will). */
  deliveriesCreated({ ids, leased }: NewDeliveries) {
    if (leased.length) {
      afterCommit(() => {
        const dispatcher = localDispatcher();
        // their lease keeps everyone else off them; without a dispatcher to take them, they wait for it to lapse
        if (dispatcher?.take) dispatcher.take(leased);
        else dispatcher?.poke();
      });
      return;
    }
    hint(ids.map((deliveryId) => jobEvent("delivery", { deliveryId })));
  },
  /** A real-rail order has an on-chain step due now (lib/orders/rail-steps/). */
  railDue(orderId: string) {
    hint([jobEvent("rail", { orderId })]);
  },
  /** A refund's job is due now: a live claim's transfers to read (lib/refunds). */
  refundDue(refundId: string) {
    hint([jobEvent("refund", { refundId })]);
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
