import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches, type PurgeOptions } from "@/db/delete-in-batches";
import { rateLimitCounters } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { looksLikeId } from "@/lib/ids";

export type RateRule = { name: string; limit: number; windowMs: number; by: "merchant" | "ip" | "session" };

const MINUTE = 60_000;
export const RATE_RULES = {
  createSession: { name: "sessions.create", limit: 100, windowMs: MINUTE, by: "merchant" },
  getSession: { name: "sessions.get", limit: 300, windowMs: MINUTE, by: "merchant" },
  fulfill: { name: "orders.fulfill", limit: 50, windowMs: MINUTE, by: "merchant" },
  merchantDefault: { name: "default", limit: 1000, windowMs: MINUTE, by: "merchant" },
  signup: { name: "merchants.create", limit: 20, windowMs: 60 * MINUTE, by: "ip" },
  // the payer's page: it polls its status every 2 s (30/min), and a payer clicks a few times per step
  payerStatusSession: { name: "checkout.status.session", limit: 120, windowMs: MINUTE, by: "session" },
  payerStatusIp: { name: "checkout.status.ip", limit: 600, windowMs: MINUTE, by: "ip" },
  payerActionSession: { name: "checkout.action.session", limit: 30, windowMs: MINUTE, by: "session" },
  payerActionIp: { name: "checkout.action.ip", limit: 120, windowMs: MINUTE, by: "ip" },
} as const satisfies Record<string, RateRule>;

export type RateState = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

type Lease = { windowStartMs: number; left: number; counted: number; exhausted: boolean; pending?: Promise<void> };

/**
 * Fixed-window rate limits whose counters live in the database, so every app instance on it shares
 * them. An instance does not write once per request: it claims a small lease of units from the
 * shared counter (at most 1/20 of the limit) and spends it locally. The counter can never grant more
 * than the limit in total; an instance's unspent lease (under 5% of the limit) is all another
 * instance can lose to it.
 */
export class RateLimiter {
  private leases = new Map<string, Lease>();
  private claims = 0;

  constructor(private readonly db: Db) {}

  async hit(rule: RateRule, subject: string, now = new Date()): Promise<RateState> {
    const limit = Math.max(1, Math.ceil(rule.limit * getConfig().rateLimitMultiplier));
    const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
    const key = `${rule.name}:${subject}`;
    const resetSeconds = Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000));

    for (;;) {
      let lease = this.leases.get(key);
      if (!lease || lease.windowStartMs !== windowStartMs) {
        lease = { windowStartMs, left: 0, counted: 0, exhausted: false };
        this.leases.set(key, lease);
      }
      if (lease.left > 0) {
        lease.left--;
        return { limit, remaining: Math.max(0, limit - (lease.counted - lease.left)), resetSeconds, allowed: true };
      }
      if (lease.exhausted) return { limit, remaining: 0, resetSeconds, allowed: false };
      // one claim at a time per bucket: requests that arrive meanwhile wait for it
      lease.pending ??= this.claim(key, lease, limit, rule.windowMs).finally(() => {
        lease.pending = undefined;
      });
      await lease.pending;
    }
  }

  private async claim(key: string, lease: Lease, limit: number, windowMs: number): Promise<void> {
    const size = Math.max(1, Math.min(1000, Math.floor(limit / 20)));
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ bucket: key, windowStart: new Date(lease.windowStartMs), count: size })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + ${size}` },
      })
      .returning({ count: rateLimitCounters.count });
    const after = row?.count ?? size;
    const granted = Math.max(0, Math.min(size, limit - (after - size)));
    lease.left += granted;
    lease.counted = Math.min(after, limit);
    if (granted < size) lease.exhausted = true;
    if (++this.claims % 500 === 0) this.forgetOld(windowMs);
  }

  /** This instance's leases of past windows; the shared counters are purged on a schedule (purgeOldRateLimitWindows). */
  private forgetOld(windowMs: number) {
    const horizon = Date.now() - Math.max(windowMs, LONGEST_WINDOW_MS) * 2;
    for (const [key, lease] of this.leases) if (lease.windowStartMs < horizon) this.leases.delete(key);
  }
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((r) => r.windowMs));

/**
 * Deletes counters of windows that ended long ago (twice the longest window), at most `batchSize`
 * rows per statement so a large backlog never holds many row locks at once; `maxBatches` bounds
 * one run. Run by the local dispatcher and by the Inngest sweep.
 */
export async function purgeOldRateLimitWindows(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const horizon = new Date((opts.now ?? new Date()).getTime() - LONGEST_WINDOW_MS * 2);
  const t = rateLimitCounters;
  return deleteInBatches(db, t, [t.bucket, t.windowStart], t.windowStart, horizon, opts);
}

const limiters = new WeakMap<Db, RateLimiter>();

/** The process's limiter for a database. */
export function hitRateLimit(db: Db, rule: RateRule, subject: string, now = new Date()): Promise<RateState> {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, (limiter = new RateLimiter(db)));
  return limiter.hit(rule, subject, now);
}

/** Who a request is counted against: its client address, and the merchant or the session it acts for. */
export type RateSubjects = { ip: string; merchantId?: string; sessionId?: string };

/**
 * Counts a request against every rule; the answer is the stricter. A rule by session applies only to
 * what looks like a session id, so junk never names a counter; a rule whose subject is absent is
 * skipped.
 */
export async function hitRateLimits(
  db: Db,
  rules: RateRule | readonly RateRule[],
  who: RateSubjects,
  now = new Date(),
): Promise<RateState | null> {
  const states: RateState[] = [];
  for (const rule of [rules].flat() as RateRule[]) {
    const subject =
      rule.by === "ip"
        ? `ip:${who.ip}`
        : rule.by === "merchant"
          ? who.merchantId
          : who.sessionId !== undefined && looksLikeId("sess", who.sessionId)
            ? who.sessionId
            : undefined;
    if (subject !== undefined) states.push(await hitRateLimit(db, rule, subject, now));
  }
  if (!states.length) return null;
  const denied = states.filter((s) => !s.allowed);
  if (denied.length) return denied.reduce((a, b) => (a.resetSeconds >= b.resetSeconds ? a : b));
  return states.reduce((a, b) => (a.remaining / a.limit <= b.remaining / b.limit ? a : b));
}

/** The payer's page (its actions, or its status poll) is limited per client address and per session. */
export const PAYER_LIMITS = {
  status: [RATE_RULES.payerStatusIp, RATE_RULES.payerStatusSession],
  action: [RATE_RULES.payerActionIp, RATE_RULES.payerActionSession],
} as const satisfies Record<string, readonly RateRule[]>;

export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}
