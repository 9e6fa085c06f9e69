// One process-wide limit on calls to each ZKP2P service: however many payers' pages, orders and
// proofs want a service at once, the process has at most so many calls in flight to it and starts at
// most so many a second. A call past the limit waits its turn in a short queue; one that would wait
// too long, or finds the queue full, fails at once as "busy" (the caller's "try again").

export type Limit = {
  /** calls in flight at once */
  concurrency: number;
  /** calls started in any one second */
  perSecond: number;
  /** how long a call may wait for its turn */
  maxWaitMs: number;
};

type Waiter = { start: () => void; fail: (why: string) => void };

export class Limiter {
  private active = 0;
  /** when each of the last second's calls started, oldest first (a monotonic clock: the wall clock may jump) */
  private readonly started: number[] = [];
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** the queue holds no more calls than could start within the wait: the rest would only time out in it */
  readonly maxQueued: number;

  constructor(
    readonly limit: Limit,
    private readonly busy: (why: string) => Error,
  ) {
    this.maxQueued = Math.max(limit.concurrency, Math.ceil((limit.perSecond * limit.maxWaitMs) / 1000));
  }

  /** Calls in flight and waiting, for tests and logs. */
  get load() {
    return { active: this.active, queued: this.queue.length };
  }

  /**
   * Runs `call` once the limit allows, or fails with `busy` after waiting `maxWaitMs` (or less: a
   * caller's own deadline), or at once when the queue is full. `signal` withdraws a waiting call.
   */
  async run<T>(call: () => Promise<T>, opts: { maxWaitMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    await this.acquire(Math.min(opts.maxWaitMs ?? Infinity, this.limit.maxWaitMs), opts.signal);
    try {
      return await call();
    } finally {
      this.active--;
      this.pump();
    }
  }

  private acquire(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    if (this.queue.length === 0 && this.free(performance.now())) {
      this.take(performance.now());
      return Promise.resolve();
    }
    if (this.queue.length >= this.maxQueued) return Promise.reject(this.busy("too many calls are waiting"));
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timeout);
        signal?.removeEventListener("abort", onAbort);
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
      };
      const waiter: Waiter = {
        start: () => {
          leave();
          resolve();
        },
        fail: (why) => {
          leave();
          reject(this.busy(why));
        },
      };
      const timeout = setTimeout(() => waiter.fail(`no turn within ${maxWaitMs / 1000}s`), maxWaitMs);
      const onAbort = () => waiter.fail("given up while waiting");
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Whether a call may start now: a slot free, and fewer than perSecond started in the last second. */
  private free(now: number) {
    while (this.started.length && this.started[0]! <= now - 1000) this.started.shift();
    return this.active < this.limit.concurrency && this.started.length < this.limit.perSecond;
  }

  private take(now: number) {
    this.active++;
    this.started.push(now);
  }

  /** Starts waiting calls while the limit allows; when only the rate holds them, looks again when it allows one more. */
  private pump() {
    const now = performance.now();
    while (this.queue.length && this.free(now)) {
      this.take(now);
      this.queue[0]!.start();
    }
    if (this.queue.length && this.active < this.limit.concurrency && !this.timer) {
      const at = this.started[0]! + 1000;
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.pump();
        },
        Math.max(1, at - now),
      );
      this.timer.unref?.();
    }
  }
}
