import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches, type PurgeOptions } from "@/db/delete-in-batches";
import { authThrottle } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto";
import { addressGroup } from "./client-ip";

// A progressive delay on password checks, instead of a lock. Each failure of a key lengthens the wait
// before the next check of it: someone guessing from one address waits longer and longer, and
// guessing spread over many addresses is slowed for the account as a whole (up to 30 s a try). An
// address the account has signed in from before is known: only its own failures slow it, so the
// owner at home is never held up by guessing from elsewhere. A key's count starts again after 15
// quiet minutes; a known address is remembered for 90 days.

const QUIET_MS = 15 * 60_000;

/** What is counted: failures from one address on one account, on the account from anywhere, or of a signed-in person. */
export type ThrottleKind = "address" | "account" | "person";

/** Seconds to wait after the nth failure of a kind: free at first, then doubling, up to a ceiling. */
export function delaySeconds(kind: ThrottleKind, failures: number): number {
  const [free, ceiling] = kind === "account" ? [10, 30] : [3, 15 * 60];
  return failures < free ? 0 : Math.min(ceiling, 2 ** (failures - free));
}

export type ThrottleKey = { key: string; kind: ThrottleKind };

const KNOWN_FOR_MS = 90 * 24 * 60 * 60_000;

/** What the limits count an account by: its email's hash (no address is written to the counters). */
export const accountKey = (email: string) => sha256Hex(`account:${email}`);

/** An account on one client address (an IPv6 address by its /64), hashed. */
const pairKey = (email: string, ip: string) => sha256Hex(`${accountKey(email)}:${addressGroup(ip)}`);

/**
 * The keys of a sign-in: the account from this address, and (unless the account has signed in from
 * this address before) the account. No address or email is stored, only hashes.
 */
export async function signInKeys(db: Db, email: string, ip: string, now = new Date()): Promise<ThrottleKey[]> {
  const pair = pairKey(email, ip);
  const [known] = await db
    .select()
    .from(authThrottle)
    .where(inArray(authThrottle.key, [`known:${pair}`]));
  const isKnown = known && now.getTime() - known.lastFailureAt.getTime() < KNOWN_FOR_MS;
  return [
    { key: `address:${pair}`, kind: "address" },
    ...(isKnown ? [] : [{ key: `account:${accountKey(email)}`, kind: "account" as const }]),
  ];
}

/** The account signed in from this address: it is known from now on, and its own failures are forgotten. */
export async function signedInFrom(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const pair = pairKey(email, ip);
  await throttleClear(db, [{ key: `address:${pair}`, kind: "address" }]);
  // (last_failure_at holds when it last signed in: the row's one time)
  await db
    .insert(authThrottle)
    .values({ key: `known:${pair}`, failures: 0, lastFailureAt: now })
    .onConflictDoUpdate({ target: authThrottle.key, set: { lastFailureAt: now } });
}

/** The key of a signed-in person's password checks (changing it, turning a factor off): a stolen session guesses slowly. */
export const personKey = (userId: string): ThrottleKey[] => [{ key: `person:${userId}`, kind: "person" }];

/** Seconds until the keys may be checked again (0: now). */
export async function throttleWait(db: Db, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const rows = await db
    .select()
    .from(authThrottle)
    .where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  let wait = 0;
  for (const row of rows) {
    const quietFor = now.getTime() - row.lastFailureAt.getTime();
    if (quietFor >= QUIET_MS) continue;
    const kind = keys.find((k) => k.key === row.key)!.kind;
    wait = Math.max(wait, Math.ceil(delaySeconds(kind, row.failures) - quietFor / 1000));
  }
  return wait;
}

/** Counts a failed check on each key (a count left quiet for 15 minutes starts again at one). */
export async function throttleFailure(db: Db, keys: ThrottleKey[], now = new Date()): Promise<void> {
  const quietSince = new Date(now.getTime() - QUIET_MS);
  for (const { key } of keys) {
    await db
      .insert(authThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then 1 else ${authThrottle.failures} + 1 end`,
          lastFailureAt: now,
        },
      });
  }
}

/** Forgets the keys' failures: the right password was given. */
export async function throttleClear(db: Db, keys: ThrottleKey[]): Promise<void> {
  await db.delete(authThrottle).where(
    inArray(
      authThrottle.key,
      keys.map((k) => k.key),
    ),
  );
}

/** Removes failure counts quiet for a day, and known addresses unused for 90 days (the purge's schedule). */
export async function purgeQuietThrottles(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  const known = sql`${authThrottle.key} like 'known:%'`;
  return (
    (await deleteInBatches(db, authThrottle, [authThrottle.key], authThrottle.lastFailureAt, new Date(now - 24 * 60 * 60_000), {
      ...opts,
      where: sql`not (${known})`,
    })) +
    (await deleteInBatches(db, authThrottle, [authThrottle.key], authThrottle.lastFailureAt, new Date(now - KNOWN_FOR_MS), {
      ...opts,
      where: known,
    }))
  );
}
