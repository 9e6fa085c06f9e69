import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import type { Db } from "@/db/client";
import type { UserRow } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { personKey, throttleClear, throttleFailed, throttleReserve } from "@/lib/limits/auth-throttle";

// Passwords are hashed with argon2id at OWASP's first recommended setting (19 MiB, 2 passes, one
// lane): about 40 ms here. A sign-in for an email with no account verifies against a dummy hash of the
// same cost, so the answer takes as long whether the account exists or not.

const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

// the 10,000 most common passwords of zxcvbn's list (ordered by frequency), compared case-insensitively
const COMMON = new Set((dictionary["passwords-common"] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()));

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return "That password is among the most commonly used ones; choose another.";
  if (/^(.)\1*$/.test(password)) return "That password repeats one character; choose another.";
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) return "The password must not contain your email address.";
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/** Whether the password matches; with no hash (no such account), spends the same time and says no. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("a password nobody has, for timing only");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A person's password asked again (a re-authentication, a new password, an address confirmed): each
 * wrong one lengthens the wait before the next check, so a stolen session (or a mailed link) cannot
 * guess it. `also`, the second factor that goes with it, is checked only after the right password,
 * and a wrong one counts as a wrong try too.
 */
export async function checkPasswordOf(
  db: Db,
  user: Pick<UserRow, "id" | "passwordHash">,
  password: string,
  wrong: () => AppError,
  also?: () => Promise<boolean>,
) {
  const keys = personKey(user.id);
  // counted before the check, cleared when it holds: tries sent together wait their turn too
  const wait = await throttleReserve(db, keys);
  if (wait > 0)
    throw new AppError("RATE_LIMITED", `Too many wrong passwords: try again in ${wait} second${wait === 1 ? "" : "s"}.`, {
      retryAfterSeconds: wait,
    });
  if ((await verifyPassword(user.passwordHash, password)) && (!also || (await also()))) return throttleClear(db, keys);
  await throttleFailed(db, keys);
  throw wrong();
}
