// Databases: PostgreSQL only: the counters' statements are the same on both; what PGlite changes (one connection) no bound here depends on.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { rowsOf } from "@/db/client";
import { rateLimitCounters } from "@/db/schema";
import { signInWithApiKey } from "@/lib/auth/dashboard-session";
import { hitRateLimit, purgeOldRateLimitWindows, RATE_RULES, rateLimitBucketsInMemory } from "@/lib/limits/rate-limit";
import { call, newMerchant, newSession, randomIp } from "../support/api";
import { testDb } from "../support/db";

// What callers who are not merchants can make the service keep: rate-limit counters in the
// database and buckets in memory. Made-up ids, refused requests and ended windows leave nothing
// behind; an IPv6 network is one address; keys that fail are limited before they are checked.

const { GET: status } = await import("@/app/checkout/status/route");

const MINUTE = 60_000;
const poll = (session: string, from: string) =>
  status(new Request(`http://checkout.test/checkout/status?session=${session}`, { headers: { "x-forwarded-for": from } }));
const madeUpId = () => `sess_${crypto.randomBytes(16).toString("hex")}`;

async function counters(like: string): Promise<number> {
  const db = await testDb();
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from ${rateLimitCounters} where ${rateLimitCounters.bucket} like ${like}`),
  );
  return Number(rows[0]!.n);
}

beforeAll(() => testDb());
// each test stays inside one minute's window, however long a busy machine takes over its 800
// requests: the service's clock stands still from a second into a window
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / MINUTE) * MINUTE + 1_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("made-up session ids from one address", () => {
  it("name no counter: the table and the process's buckets stay bounded over 800 of them", async () => {
    const db = await testDb();
    const ip = randomIp();
    const bucketsBefore = rateLimitBucketsInMemory(db);
    const answers = new Map<number, number>();
    for (let i = 0; i < 800; i++) {
      const res = await poll(madeUpId(), ip);
      answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
    }
    // 600 answered (not found) before the address's limit, then refused
    expect(Object.fromEntries(answers)).toEqual({ 404: 600, 429: 200 });
    expect(await counters("checkout.status.session:%")).toBe(0);
    expect(await counters(`checkout.status.ip:ip:${ip}`)).toBe(1);
    expect(rateLimitBucketsInMemory(db) - bucketsBefore).toBeLessThanOrEqual(1);
  });

  it("a refused address spends nothing of the session it names", async () => {
    const m = await newMerchant();
    const s = await newSession(m);
    const ip = randomIp();
    for (let i = 0; i < 600; i++) await poll(madeUpId(), ip);
    for (let i = 0; i < 10; i++) expect((await poll(s.id, ip)).status).toBe(429);
    // the payer, from their own address, still has every poll of the session's minute
    const fresh = await poll(s.id, randomIp());
    expect(fresh.status).toBe(200);
    expect(await counters(`checkout.status.session:${s.id}`)).toBe(1);
    // the session rule is the tighter (120 against 600), and it has counted this one poll only
    expect(fresh.headers.get("ratelimit-limit")).toBe("120");
    expect(fresh.headers.get("ratelimit-remaining")).toBe("119");
  });
});

describe("the process's buckets", () => {
  it("forget windows that have ended", async () => {
    const db = await testDb();
    const rule = { name: "test.forget", limit: 10, windowMs: MINUTE, by: "ip" } as const;
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
    for (let i = 0; i < 200; i++) await hitRateLimit(db, rule, `ip:a${i}`, new Date(start + 1_000));
    const full = rateLimitBucketsInMemory(db);
    expect(full).toBeGreaterThanOrEqual(200);
    // the next window: the 200 buckets of the last one are gone
    await hitRateLimit(db, rule, "ip:b", new Date(start + MINUTE + 15_000));
    expect(rateLimitBucketsInMemory(db)).toBeLessThanOrEqual(full - 200 + 1);
  });
});

describe("the shared counters", () => {
  it("are purged a window after their own window ended; longer windows are kept until theirs has", async () => {
    const db = await testDb();
    const now = new Date();
    const minuteAgo = (n: number) => new Date(Math.floor(now.getTime() / MINUTE) * MINUTE - n * MINUTE);
    const tag = crypto.randomBytes(4).toString("hex");
    await db.insert(rateLimitCounters).values([
      { bucket: `${RATE_RULES.payerStatusIp.name}:ip:${tag}`, windowStart: minuteAgo(3), count: 5 },
      { bucket: `${RATE_RULES.payerStatusIp.name}:ip:${tag}`, windowStart: minuteAgo(1), count: 5 },
      { bucket: `${RATE_RULES.signup.name}:ip:${tag}`, windowStart: minuteAgo(3), count: 5 },
    ]);
    await purgeOldRateLimitWindows(db, { now });
    const left = await db
      .select()
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.bucket} like ${`%:ip:${tag}`}`);
    expect(left.map((r) => `${r.bucket.split(":")[0]} ${((now.getTime() - r.windowStart.getTime()) / MINUTE) | 0}`).sort()).toEqual(
      [`${RATE_RULES.payerStatusIp.name} 1`, `${RATE_RULES.signup.name} 3`].sort(),
    );
  });
});

describe("address rules and IPv6", () => {
  it("count a /64 as one address: sign-ups from one network stop at the limit, whatever the interface ids", async () => {
    const net64 = `2001:db8:${crypto.randomInt(0x10000).toString(16)}:${crypto.randomInt(0x10000).toString(16)}`;
    const signUp = (from: string) =>
      call("POST", "/api/merchants", {
        body: { name: `v6-${crypto.randomBytes(5).toString("hex")}` },
        headers: { "x-forwarded-for": from },
      });
    for (let i = 0; i < 20; i++) expect((await signUp(`${net64}::${(i + 1).toString(16)}`)).status).toBe(201);
    const refused = await signUp(`${net64}:abcd:ef01:2345:6789`);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("RATE_LIMITED");
    // the next /64 is another network
    expect((await signUp(`2001:db8:ffff:ffff::1`)).status).toBe(201);
  });
});

describe("credentials that fail", () => {
  it("an address that sent 30 invalid API keys in a minute is refused before its next key is looked up", async () => {
    const m = await newMerchant();
    const ip = randomIp();
    const get = (key: string, from = ip) => call("GET", "/api/merchants/me", { key, headers: { "x-forwarded-for": from } });
    for (let i = 0; i < 30; i++) expect((await get(`sk_wrong${i}`)).status).toBe(401);
    const refused = await get("sk_wrong-again");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests with an invalid API key; try again in \d+ seconds$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // refused whatever the key, from that address; the merchant's own traffic elsewhere is untouched
    expect((await get(m.apiKey)).status).toBe(429);
    expect((await get(m.apiKey, randomIp())).status).toBe(200);
    // valid keys spend nothing
    const other = randomIp();
    for (let i = 0; i < 40; i++) expect((await get(m.apiKey, other)).status).toBe(200);
  });

  it("dashboard sign-ins share the same limit: 30 failures, then refused before the key is checked", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect(await signInWithApiKey(db, `sk_wrong${i}`, ip)).toBeNull();
    await expect(signInWithApiKey(db, m.apiKey, ip)).rejects.toThrow(/^RATE_LIMITED:\d+$/);
    expect(await signInWithApiKey(db, m.apiKey, randomIp())).toMatchObject({ id: m.id });
  });
});
