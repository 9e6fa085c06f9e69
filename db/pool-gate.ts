import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";

/**
 * The requests' pool, handed out one connection at a time. postgres.js queues a statement for as long
 * as every connection is busy, without a bound: a burst of requests that each hold a transaction and
 * wait for a second connection would wait for ever (every request of the instance behind them too).
 * Here a statement or transaction waits at most `waitMs` for a connection; past it the request is
 * answered 503 with Retry-After, and the pool goes on serving the rest.
 */
export class PoolGate {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  /** when a connection was last handed back (or the gate made) */
  private lastFreedAt = Date.now();
  /** when a request was last turned away for want of a connection */
  private lastTurnedAwayAt = 0;

  constructor(
    readonly size: number,
    /** DB_POOL_WAIT, read when a request waits */
    private readonly waitMs: () => number,
  ) {
    this.free = size;
  }

  async acquire(): Promise<void> {
    if (this.free > 0 && this.waiting.length === 0) {
      this.free--;
      return;
    }
    const waitMs = this.waitMs();
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        this.lastTurnedAwayAt = Date.now();
        reject(
          new AppError("UNAVAILABLE", `Every database connection is busy; retry shortly`, {
            retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
          }),
        );
      }, waitMs);
      this.waiting.push(grant);
    });
  }

  release(): void {
    this.lastFreedAt = Date.now();
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  /**
   * How long the pool has been stuck: every connection held, requests waiting for one (or turned
   * away), and none handed back since; 0 while it moves. A statement is bounded by the database's
   * statement_timeout and a transaction's pauses by idle_in_transaction_session_timeout, so a pool
   * stuck for longer than both is one this process will not get back by itself.
   */
  stuckMs(now = Date.now()): number {
    if (this.free > 0) return 0;
    if (this.waiting.length === 0 && this.lastTurnedAwayAt < this.lastFreedAt) return 0;
    return now - this.lastFreedAt;
  }
}

/** The gates of this process's request pools (one per database opened: tests open several). */
export const gates = new Set<PoolGate>();

/** The longest any request pool of this process has been stuck, in ms (PoolGate.stuckMs). */
export const poolStuckMs = (now = Date.now()) => Math.max(0, ...[...gates].map((g) => g.stuckMs(now)));

const transactions = new AsyncLocalStorage<{ open: boolean }>();

/** Runs a transaction of the pool, marking its work as inside one (poolStatementInTransaction). */
export async function inPoolTransaction<T>(run: () => Promise<T>): Promise<T> {
  const scope = { open: true };
  try {
    return await transactions.run(scope, run);
  } finally {
    scope.open = false;
  }
}

const reported = new Set<string>();

/**
 * True when a statement is sent to the pool by work that is itself inside a transaction of the pool:
 * it needs a second connection while holding one, which a burst of such requests turns into a
 * pool that waits on itself (on the embedded database, with one connection, it waits for ever). The
 * statement should use the transaction's handle, or run before the transaction. Each place is
 * logged once.
 */
export function poolStatementInTransaction(): boolean {
  if (!transactions.getStore()?.open) return false;
  const stack = new Error().stack ?? "";
  const place =
    stack.split("\n").find((line) => /\/(lib|app|db)\//.test(line) && !line.includes("pool-gate") && !line.includes("db/client")) ?? "";
  if (!reported.has(place)) {
    reported.add(place);
    logger.warn("a statement on the connection pool from inside a transaction: it waits for a second connection", {
      place: place.trim(),
    });
  }
  return true;
}
