import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches, type PurgeOptions } from "@/db/delete-in-batches";
import { checkoutSessions, rateLimitCounters } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { looksLikeId } from "@/lib/core/ids";
import { metrics } from "@/lib/metrics";
import { addressGroup } from "./client-ip";

export type RateRule = { name: string; limit: number; windowMs: number; by: "merchant" | "ip" | "session" | "account" };

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
  // credentials that do not authenticate (an API key, a dashboard sign-in): counted after the
  // failure, and an address that has spent them is refused before its next attempt is even checked
  failedAuthIp: { name: "auth.failed.ip", limit: 30, windowMs: MINUTE, by: "ip" },
  // a person's sign-in (password, second factor) that fails, counted per email address whether an
  // account has it or not; and the mails anyone can make the service send to an address (a reset, a
  // sign-up's link), so nobody can flood an inbox through it
  failedAuthAccount: { name: "auth.failed.account", limit: 10, windowMs: 15 * MINUTE, by: "account" },
  mailsPerAccount: { name: "mail.account", limit: 5, windowMs: 60 * MINUTE, by: "account" },
  // invites: any merchant account (free to make) may invite any address, so each address may be
  // invited a few times a day across all accounts, and each person may send a day's worth of them
  invitesPerRecipient: { name: "invites.recipient", limit: 3, windowMs: 24 * 60 * MINUTE, by: "account" },
  invitesPerInviter: { name: "invites.inviter", limit: 20, windowMs: 24 * 60 * MINUTE, by: "account" },
  // what makes the service post to the merchant's endpoint now or requeue work (send a test, resend
  // or retry a delivery, retry all failed, rotate a secret), from the API and the dashboard alike:
  // each merchant's, across its keys and signed-in people
  webhookSends: { name: "webhooks.send", limit: 60, windowMs: MINUTE, by: "merchant" },
  // payment links (lib/links): a link's page shown, and a payer's start (which makes a session), per
  // address; and the starts on all of a merchant's links together, so that a link shared too widely
  // or hammered cannot make sessions without bound
  linkOpenIp: { name: "links.open.ip", limit: 120, windowMs: MINUTE, by: "ip" },
  linkStartIp: { name: "links.start.ip", limit: 10, windowMs: MINUTE, by: "ip" },
  linkStartMerchant: { name: "links.start.merchant", limit: 100, windowMs: MINUTE, by: "merchant" },
  // payers' receipts of sandbox payments (lib/receipts): a sandbox payment costs nothing, so the mail
  // it sends to the address the payer typed is limited per merchant and per address, each day
  sandboxReceiptsMerchant: { name: "receipts.sandbox.merchant", limit: 50, windowMs: 24 * 60 * MINUTE, by: "merchant" },
  sandboxReceiptsRecipient: { name: "receipts.sandbox.recipient", limit: 5, windowMs: 24 * 60 * MINUTE, by: "account" },
} as const satisfies Record<string, RateRule>;

export type RateState = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

type Lease = { windowStartMs: number; windowMs: number; left: number; counted: number; exhausted: boolean; pending?: Promise<void> };

/** How often, at most, a limiter looks for leases of windows that have ended. */
const FORGET_EVERY_MS = 10_000;

/**
 * Fixed-window rate limits whose counters live in the database, so every app instance on it shares
 * them. An instance does not write once per request: it claims a small lease of units from the
 * shared counter (at most 1/20 of the limit) and spends it locally. The counter can never grant more
 * than the limit in total; an instance's unspent lease (under 5% of the limit) is all another
 * instance can lose to it.
 */
export class RateLimiter {
  private leases = new Map<string, Lease>();
  private forgotAt = 0;

  constructor(private readonly db: Db) {}

  async hit(rule: RateRule, subject: string, now = new Date()): Promise<RateState> {
    const limit = Math.max(1, Math.ceil(rule.limit * getConfig().rateLimitMultiplier));
    const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
    const key = `${rule.name}:${subject}`;
    const resetSeconds = Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000));
    const sinceForgot = now.getTime() - this.forgotAt;
    if (sinceForgot >= FORGET_EVERY_MS || sinceForgot < 0) this.forgetEnded(now.getTime());

    for (;;) {
      let lease = this.leases.get(key);
      if (!lease || lease.windowStartMs !== windowStartMs) {
        lease = { windowStartMs, windowMs: rule.windowMs, left: 0, counted: 0, exhausted: false };
        this.leases.set(key, lease);
      }
      if (lease.left > 0) {
        lease.left--;
        return { limit, remaining: Math.max(0, limit - (lease.counted - lease.left)), resetSeconds, allowed: true };
      }
      if (lease.exhausted) {
        metrics().rateLimited(rule.name);
        return { limit, remaining: 0, resetSeconds, allowed: false };
      }
      // one claim at a time per bucket: requests that arrive meanwhile wait for it
      lease.pending ??= this.claim(key, lease, limit).finally(() => {
        lease.pending = undefined;
      });
      await lease.pending;
    }
  }

  /**
   * Whether this instance already knows the rule refuses the subject in the current window,
   * without counting anything (a refusal another instance saw shows up here at this instance's
   * next claim).
   */
  refuses(rule: RateRule, subject: string, now = new Date()): RateState | null {
    const lease = this.leases.get(`${rule.name}:${subject}`);
    const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
    if (!lease || lease.windowStartMs !== windowStartMs || lease.left > 0) return null;
    const limit = Math.max(1, Math.ceil(rule.limit * getConfig().rateLimitMultiplier));
    // spent: a claim was refused, or this instance's claims alone reached the limit
    if (!lease.exhausted && lease.counted < limit) return null;
    metrics().rateLimited(rule.name);
    const resetSeconds = Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000));
    return { limit, remaining: 0, resetSeconds, allowed: false };
  }

  /** How many buckets this instance holds in memory. */
  get size(): number {
    return this.leases.size;
  }

  private async claim(key: string, lease: Lease, limit: number): Promise<void> {
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
  }

  /**
   * Forgets the leases of windows that have ended: a new window starts a new lease anyway, so
   * memory holds only the buckets of current windows. The shared counters are purged on a schedule
   * (purgeOldRateLimitWindows).
   */
  private forgetEnded(nowMs: number) {
    this.forgotAt = nowMs;
    for (const [key, lease] of this.leases) {
      if (lease.windowStartMs + lease.windowMs <= nowMs && !lease.pending) this.leases.delete(key);
    }
  }
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((r) => r.windowMs));

/**
 * Deletes counters of windows that have ended: each rule's a window after its own ended (the
 * limiter never reads a past window), and any other's (a rule since renamed) after twice the longest
 * window. At most `batchSize` rows per statement, so a large backlog never holds many row locks at
 * once; `maxBatches` bounds each pass. Run by the local dispatcher and by the Inngest sweep.
 */
export async function purgeOldRateLimitWindows(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const nowMs = (opts.now ?? new Date()).getTime();
  const t = rateLimitCounters;
  let total = 0;
  const byWindow = new Map<number, RateRule[]>();
  for (const rule of Object.values(RATE_RULES) as RateRule[]) byWindow.set(rule.windowMs, [...(byWindow.get(rule.windowMs) ?? []), rule]);
  for (const [windowMs, rules] of byWindow) {
    // a bucket is `${rule.name}:${subject}`, and its window_start the start of its window
    const named = sql`split_part(${t.bucket}, ':', 1) in (${sql.join(
      rules.map((r) => sql`${r.name}`),
      sql`, `,
    )})`;
    total += await deleteInBatches(db, t, [t.bucket, t.windowStart], t.windowStart, new Date(nowMs - 2 * windowMs), {
      ...opts,
      where: named,
    });
  }
  return total + (await deleteInBatches(db, t, [t.bucket, t.windowStart], t.windowStart, new Date(nowMs - LONGEST_WINDOW_MS * 2), opts));
}

const limiters = new WeakMap<Db, RateLimiter>();

/** The process's limiter for a database. */
export function hitRateLimit(db: Db, rule: RateRule, subject: string, now = new Date()): Promise<RateState> {
  return limiterOf(db).hit(rule, subject, now);
}

function limiterOf(db: Db): RateLimiter {
  let limiter = limiters.get(db);
  if (!limiter) limiters.set(db, (limiter = new RateLimiter(db)));
  return limiter;
}

/** How many rate-limit buckets the process holds in memory for a database (tests watch it stay bounded). */
export const rateLimitBucketsInMemory = (db: Db): number => limiterOf(db).size;

/** Who a request is counted against: its client address, and the merchant or the session it acts for. */
export type RateSubjects = { ip: string; merchantId?: string; sessionId?: string; account?: string };

/**
 * Counts a request against its rules, address rules first, and stops at the first that refuses it:
 * a refused request names no further counter. A rule by session counts only sessions that exist, so
 * made-up ids never make a counter; an address rule counts an IPv6 address by its /64 (addressGroup);
 * a rule whose subject is absent is skipped. The answer is the refusal, or the rule with the least left.
 */
export async function hitRateLimits(
  db: Db,
  rules: RateRule | readonly RateRule[],
  who: RateSubjects,
  now = new Date(),
): Promise<RateState | null> {
  const ordered = ([rules].flat() as RateRule[]).toSorted((a, b) => Number(b.by === "ip") - Number(a.by === "ip"));
  let tightest: RateState | null = null;
  for (const rule of ordered) {
    const subject = await subjectOf(db, rule, who);
    if (subject === undefined) continue;
    const state = await hitRateLimit(db, rule, subject, now);
    if (!state.allowed) return state;
    if (!tightest || state.remaining / state.limit < tightest.remaining / tightest.limit) tightest = state;
  }
  return tightest;
}

async function subjectOf(db: Db, rule: RateRule, who: RateSubjects): Promise<string | undefined> {
  if (rule.by === "ip") return `ip:${addressGroup(who.ip)}`;
  if (rule.by === "merchant") return who.merchantId;
  if (rule.by === "account") return who.account;
  if (who.sessionId === undefined || !looksLikeId("sess", who.sessionId)) return undefined;
  return (await sessionExists(db, who.sessionId)) ? who.sessionId : undefined;
}

async function sessionExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id))
    .limit(1);
  return row !== undefined;
}

/**
 * Credentials that fail (a wrong API key, a wrong sign-in): `checkFailedAuth` before checking them
 * refuses an address that has spent its failures in this window, and `countFailedAuth` after a
 * failure spends one. Valid credentials cost nothing.
 */
export function checkFailedAuth(db: Db, ip: string, now = new Date()): RateState | null {
  return limiterOf(db).refuses(RATE_RULES.failedAuthIp, `ip:${addressGroup(ip)}`, now);
}

export function countFailedAuth(db: Db, ip: string, now = new Date()): Promise<RateState> {
  return hitRateLimit(db, RATE_RULES.failedAuthIp, `ip:${addressGroup(ip)}`, now);
}

/** The same two for an account's email (its hash: no address is written to the counters). */
export function checkFailedAccountAuth(db: Db, emailHash: string, now = new Date()): RateState | null {
  return limiterOf(db).refuses(RATE_RULES.failedAuthAccount, `acct:${emailHash}`, now);
}

export function countFailedAccountAuth(db: Db, emailHash: string, now = new Date()): Promise<RateState> {
  return hitRateLimit(db, RATE_RULES.failedAuthAccount, `acct:${emailHash}`, now);
}

/** Spends one of the mails an address may be sent in the window; false when it has had its share. */
export async function mayMail(db: Db, emailHash: string, now = new Date()): Promise<boolean> {
  return (await hitRateLimit(db, RATE_RULES.mailsPerAccount, `acct:${emailHash}`, now)).allowed;
}

/**
 * Spends one invite of the address's day (its hash, across every account) and one of the inviter's:
 * the refusal names which, and when to try again; null when both allow it.
 */
export async function inviteRefusal(db: Db, recipientHash: string, inviterId: string, now = new Date()): Promise<string | null> {
  const inviter = await hitRateLimit(db, RATE_RULES.invitesPerInviter, `user:${inviterId}`, now);
  if (!inviter.allowed)
    return `You have sent as many invites as a day allows; try again in ${Math.ceil(inviter.resetSeconds / 3600)} hours.`;
  const recipient = await hitRateLimit(db, RATE_RULES.invitesPerRecipient, `acct:${recipientHash}`, now);
  if (!recipient.allowed)
    return `This address has been invited as many times as a day allows; try again in ${Math.ceil(recipient.resetSeconds / 3600)} hours.`;
  return null;
}

/** The payer's page (its actions, or its status poll) is limited per client address and per session. */
/** The API's routes that send or requeue: the merchant's default rule and the sends' own. */
export const WEBHOOK_SEND_LIMITS = [RATE_RULES.merchantDefault, RATE_RULES.webhookSends] as const satisfies readonly RateRule[];

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
