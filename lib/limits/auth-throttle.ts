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
// quiet minutes; a known address is remembered for 90 days. A try is counted before it is checked
// (throttleReserve), and given back when it was right: tries sent all at once wait their turn too.

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

/** The seconds a key's row still asks to wait (0: none), by its failures and when the last one was counted. */
function waitOf(kind: ThrottleKind, row: { failures: number; lastFailureAt: Date }, now: Date): number {
  const quietFor = now.getTime() - row.lastFailureAt.getTime();
  if (quietFor >= QUIET_MS) return 0;
  return Math.max(0, Math.ceil(delaySeconds(kind, row.failures) - quietFor / 1000));
}

/** Thrown inside a reservation's transaction to undo it: the keys ask to wait. */
class Refused {
  constructor(readonly wait: number) {}
}

/**
 * Reserves a check of a password (or code) on its keys, before the check runs: when none of the keys
 * asks to wait, each counts the try as a failure now, and the answer is 0; otherwise nothing is
 * counted and the answer is the seconds to wait. A check that then fails says so (throttleFailed);
 * one that succeeds gives its try back (throttleRefund, throttleClear). The keys' rows are locked
 * while they are read and counted, so tries that arrive together queue there, and each sees the ones
 * before it: a burst gets through only as fast as the delays allow, not as fast as the checks run.
 */
export async function throttleReserve(db: Db, keys: ThrottleKey[], now = new Date()): Promise<number> {
  const kinds = new Map(keys.map((k) => [k.key, k.kind]));
  if (!kinds.size) return 0;
  // locked in one order, so that two tries sharing a key (an account's, from two addresses) never deadlock
  const ordered = [...kinds.keys()].toSorted();
  const quietSince = new Date(now.getTime() - QUIET_MS);
  try {
    await db.transaction(async (tx) => {
      // each key's row, made if new (as long quiet) and locked until the try is counted
      const rows = await tx
        .insert(authThrottle)
        .values(ordered.map((key) => ({ key, failures: 0, lastFailureAt: new Date(0) })))
        .onConflictDoUpdate({ target: authThrottle.key, set: { failures: sql`${authThrottle.failures}` } })
        .returning();
      const wait = Math.max(0, ...rows.map((row) => waitOf(kinds.get(row.key)!, row, now)));
      if (wait > 0) throw new Refused(wait);
      await tx
        .update(authThrottle)
        .set({
          failures: sql`case when ${authThrottle.lastFailureAt} < ${quietSince.toISOString()}::timestamptz then 1 else ${authThrottle.failures} + 1 end`,
          lastFailureAt: now,
        })
        .where(inArray(authThrottle.key, ordered));
    });
  } catch (err) {
    if (err instanceof Refused) return err.wait;
    throw err;
  }
  return 0;
}

/**
 * A reserved try that failed: its failure is already counted, and the wait it adds runs from now,
 * when the wrong answer is known, as it would had the try been counted only then.
 */
export async function throttleFailed(db: Db, keys: ThrottleKey[], now = new Date()): Promise<void> {
  if (!keys.length) return;
  await db
    .update(authThrottle)
    .set({ lastFailureAt: sql`greatest(${authThrottle.lastFailureAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
}

/** Gives back a reserved try that was no failure (the right password): each key counts one fewer. */
export async function throttleRefund(db: Db, keys: ThrottleKey[]): Promise<void> {
  if (!keys.length) return;
  await db
    .update(authThrottle)
    .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
    .where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
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
