import type { Db } from "@/db/client";
import { errorFields, logger } from "@/lib/core/logger";
import { metrics } from "@/lib/metrics";
import { inSpan } from "@/lib/tracing";
import { JOB_EVENTS, type JobEvent, type JobName } from "./events";
import type { HandOffClaim } from "./index";

/**
 * The work a dispatcher runs, handed to it by the start module (lib/start.ts): the engine
 * decides only when to call these, so it imports no service and the services may import lib/jobs.
 * Every function must be idempotent; the database rows are the truth.
 */
export type DispatcherWork<Claim extends { id: string }> = {
  /**
   * Claims up to `limit` due deliveries for this dispatcher (no other one gets them), counting each
   * endpoint's and merchant's share against the deliveries it has in flight (`inFlight`), and no
   * merchant beyond `perMerchant` in flight.
   */
  claimDeliveries(db: Db, limit: number, inFlight: Claim[], perMerchant: number): Promise<Claim[]>;
  /** Attempts the claimed deliveries and records the outcomes. */
  deliverClaimed(db: Db, claimed: Claim[]): Promise<unknown>;
  /** Until when a claim made at `now` keeps every other worker off its delivery. */
  leaseFrom(now: Date): Date;
  /** A new claim's token (see the deliveries' claim_token). */
  newClaimToken(): string;
  /** Ids of the sessions with an expiry due now. */
  findDueExpiries(db: Db): Promise<string[]>;
  /** Applies whatever expiry is due for one session. */
  expireIfDue(db: Db, sessionId: string): Promise<void>;
  /** The jobs whose due work the database lists by id (a rail step, a receipt): each found and run beside the deliveries. */
  due: readonly DueJob[];
  /** Reads the chain for the real rail's open intents and heals what was missed. */
  reconcile(db: Db): Promise<unknown>;
  /** Removes rows that would otherwise grow without bound. */
  purge(db: Db): Promise<unknown>;
};

/**
 * A job whose due work the database lists by id. One definition serves both engines: the local
 * dispatcher finds the due ids and runs each (not twice at once in one process); Inngest's function
 * of the job's event runs one, and its sweep sends the event again for each id found due.
 */
export type DueJob<J extends JobName = JobName> = {
  /** its event (lib/jobs/events.ts), whose name is also the job's in logs and spans */
  job: J;
  /** ids of the work due now, oldest first, at most `limit` (the job's own default without it) */
  findDue(db: Db, limit?: number): Promise<string[]>;
  /** does the work of one id; idempotent: it claims its row itself, so a duplicate does nothing */
  run(db: Db, id: string): Promise<unknown>;
  /** what the sweep's steps for it are called (find-due-…, redrive-…): an Inngest run in flight across an upgrade finds its steps by these */
  sweepName: string;
  /** the field of its event's data that names the id (dueEvent); Inngest runs one function per id at a time */
  idField: keyof JobEvent<J>["data"] & string;
  /** its Inngest function's id and the id of its one step: kept across releases, since a run in flight finds its steps by them */
  inngest: { functionId: string; step: string };
};

/** A due job's event for one id (what Inngest's function of the job is triggered by). */
export const dueEvent = <J extends JobName>(job: DueJob<J>, id: string) =>
  ({ name: JOB_EVENTS[job.job].name, data: { [job.idField]: id } }) as JobEvent<J>;

export type DispatcherOptions<Claim extends { id: string }> = {
  work: DispatcherWork<Claim>;
  /**
   * attempts in flight at once for one merchant; the dispatcher holds twice as many in all, so a
   * merchant whose endpoints are slow (or never answer) leaves as many slots to everyone else
   */
  concurrency?: number;
  /** how often to look for due work when nothing wakes the dispatcher */
  pollMs?: number;
  /** how often to look for due expiries */
  expiryEveryMs?: number;
  /** how often to purge expired idempotency records and old rate-limit windows */
  purgeEveryMs?: number;
};

/**
 * The local dispatcher: finds due deliveries, expiries, rail steps and receipts in the database and
 * works them off. The database row is the truth, so any number of dispatchers (threads of one
 * process, or processes on one PostgreSQL) can run side by side, and losing a wake-up loses nothing:
 * the next poll finds it.
 */
export class Dispatcher<Claim extends { id: string } = { id: string }> {
  private running = false;
  private inFlight = new Set<string>();
  /** the deliveries in flight (their keys are in inFlight too), which each claim is told */
  private holding = new Map<string, Claim>();
  private wake?: () => void;
  private poked = false;
  private loop?: Promise<void>;
  private lastExpirySweep = 0;
  private lastPurge = 0;
  private purging?: Promise<void>;
  private readonly concurrency: number;
  /** every slot: the merchants' shares together (see DispatcherOptions.concurrency) */
  private readonly slots: number;
  private readonly pollMs: number;
  private readonly expiryEveryMs: number;
  private readonly purgeEveryMs: number;
  private readonly work: DispatcherWork<Claim>;

  constructor(
    private readonly db: Db,
    opts: DispatcherOptions<Claim>,
  ) {
    this.work = opts.work;
    this.concurrency = opts.concurrency ?? 64;
    this.slots = 2 * this.concurrency;
    this.pollMs = opts.pollMs ?? 1_000;
    this.expiryEveryMs = opts.expiryEveryMs ?? 2_000;
    this.purgeEveryMs = opts.purgeEveryMs ?? 5 * 60_000;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * A lease for deliveries a commit in this process is about to write, if this dispatcher can send
   * them at once: running, and with at least half its slots free (in a burst, claims in batches do
   * better than one hand-off per commit). The statement writes them leased until then; `take` gets
   * them once it has committed.
   */
  handOffLease(): HandOffClaim | undefined {
    if (!this.running || this.inFlight.size + this.taken.length >= this.concurrency / 2) return undefined;
    return { leaseUntil: this.work.leaseFrom(new Date()), claimToken: this.work.newClaimToken() };
  }

  private taken: Claim[] = [];

  /**
   * Sends deliveries written leased to this dispatcher (handOffLease), without claiming them: their
   * lease is this dispatcher's already. The commits that land in one turn of the event loop go out
   * as one batch. After stop() it takes nothing: their leases lapse and a claim finds them.
   */
  take(leased: Claim[]) {
    if (!this.running || !leased.length) return;
    if (!this.taken.length) {
      setImmediate(() => {
        const batch = this.taken;
        this.taken = [];
        if (this.running) this.send(batch);
      });
    }
    this.taken.push(...leased);
  }

  /** Something became due: look now rather than at the next poll. */
  poke() {
    this.poked = true;
    this.wake?.();
  }

  async stop() {
    this.running = false;
    this.poke();
    await this.loop;
    await this.purging;
    await this.reconciling;
    while (this.inFlight.size) await new Promise((r) => setTimeout(r, 20));
  }

  private async run() {
    while (this.running) {
      let found = 0;
      this.poked = false;
      try {
        found = await this.tick();
        metrics().dispatcherTicked();
      } catch (err) {
        logger.error("dispatcher tick failed", errorFields(err));
      }
      if (!this.running) break;
      if (this.poked) continue; // poked during the tick: look again now
      // busy: go again as soon as a slot frees; idle: sleep until poked or the poll interval
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, found > 0 && this.inFlight.size < this.slots ? 0 : this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private lastDueSweep = 0;
  private lastReconcile = 0;
  private reconciling?: Promise<void>;

  /** Starts each due job's work that is not running here already; it runs beside the deliveries. */
  private async dueWork() {
    // at most once a second: a tick runs on every poke, and deliveries poke often
    if (Date.now() - this.lastDueSweep < 1_000) return;
    this.lastDueSweep = Date.now();
    if (!this.reconciling && Date.now() - this.lastReconcile >= 15_000) {
      this.lastReconcile = Date.now();
      this.reconciling = this.work
        .reconcile(this.db)
        .then(() => undefined)
        .catch((err) => logger.error("reconciling the rail failed", errorFields(err)))
        .finally(() => {
          this.reconciling = undefined;
        });
    }
    for (const job of this.work.due) {
      for (const id of await job.findDue(this.db)) {
        const key = `${job.job}:${id}`;
        if (this.inFlight.has(key)) continue;
        this.inFlight.add(key);
        inSpan(`job.${job.job}`, { attributes: { "checkout.job_id": id } }, () => job.run(this.db, id))
          .catch((err) => logger.error(`the ${job.job} job failed`, { id, ...errorFields(err) }))
          .finally(() => {
            this.inFlight.delete(key);
            this.poke();
          });
      }
    }
  }

  private async tick(): Promise<number> {
    if (!this.purging && Date.now() - this.lastPurge >= this.purgeEveryMs) {
      this.lastPurge = Date.now();
      // beside the deliveries, not before them: a large backlog takes several batches
      this.purging = this.work
        .purge(this.db)
        .then(() => undefined)
        .catch((err) => logger.error("purge failed", errorFields(err)))
        .finally(() => {
          this.purging = undefined;
        });
    }
    if (Date.now() - this.lastExpirySweep >= this.expiryEveryMs) {
      this.lastExpirySweep = Date.now();
      for (const sessionId of await this.work.findDueExpiries(this.db)) {
        await this.work.expireIfDue(this.db, sessionId).catch((err) => logger.error("expiry failed", { sessionId, ...errorFields(err) }));
      }
    }
    await this.dueWork();
    const free = this.slots - this.inFlight.size;
    if (free <= 0) return 0;
    const claimed = await this.work.claimDeliveries(this.db, free, [...this.holding.values()], this.concurrency);
    if (!claimed.length) return 0;
    this.send(claimed);
    return claimed.length;
  }

  /** Attempts deliveries this dispatcher holds the lease of, beside whatever else is in flight. */
  private send(claimed: Claim[]) {
    for (const d of claimed) {
      this.inFlight.add(d.id);
      this.holding.set(d.id, d);
    }
    this.work
      .deliverClaimed(this.db, claimed)
      .catch((err) => logger.error("delivery attempts failed", { count: claimed.length, ...errorFields(err) }))
      .finally(() => {
        for (const d of claimed) {
          this.inFlight.delete(d.id);
          this.holding.delete(d.id);
        }
        this.poke();
      });
  }
}
