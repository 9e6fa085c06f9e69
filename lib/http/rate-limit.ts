import { lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimitCounters } from "@/db/schema";
import { getConfig } from "@/lib/config";

export type RateRule = { name: string; limit: number; windowMs: number; by: "merchant" | "ip" };

const MINUTE = 60_000;
export const RATE_RULES = {
  createSession: { name: "sessions.create", limit: 100, windowMs: MINUTE, by: "merchant" },
  getSession: { name: "sessions.get", limit: 300, windowMs: MINUTE, by: "merchant" },
  fulfill: { name: "orders.fulfill", limit: 50, windowMs: MINUTE, by: "merchant" },
  merchantDefault: { name: "default", limit: 1000, windowMs: MINUTE, by: "merchant" },
  signup: { name: "merchants.create", limit: 20, windowMs: 60 * MINUTE, by: "ip" },
} as const satisfies Record<string, RateRule>;

export type RateState = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

let calls = 0;

/**
 * Counts one request in a fixed window. The counter lives in the database, so every app
 * instance on the same database shares it; one upsert per request.
 */
export async function hitRateLimit(db: Db, rule: RateRule, subject: string, now = new Date()): Promise<RateState> {
  const limit = Math.max(1, Math.ceil(rule.limit * getConfig().rateLimitMultiplier));
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: `${rule.name}:${subject}`, windowStart: new Date(windowStartMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  if (++calls % 1000 === 0) {
    // old windows are never read again
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 2 * 60 * MINUTE)));
  }
  const count = row?.count ?? 1;
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000)),
    allowed: count <= limit,
  };
}

export function rateLimitHeaders(state: RateState): Record<string, string> {
  return {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
}
