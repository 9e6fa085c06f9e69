import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, merchants } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { checkFailedAuth, countFailedAuth } from "@/lib/limits/rate-limit";
import { authenticateApiKey, liveKeyCondition } from "@/lib/merchants/service";
import { liveUser } from "@/lib/accounts/people";
import { recordAudit } from "@/lib/audit";

// Two kinds of dashboard sign-in:
// - a person (email and password, a second factor, or a passkey): the session lasts while the
//   person's session epoch is the one it was made in (a password change or "sign out everywhere"
//   raises it); which account it looks at, and with which role, is checked on each request
//   (lib/auth/session.ts);
// - an API key, only for a merchant account that no person has claimed yet: the session lasts as
//   long as that key (rotated, revoked or expired, the merchant disabled, or the account claimed: it ends).
// Both end when idle for IDLE_SECONDS (the cookie's sliding lifetime), and in any case
// ABSOLUTE_LIFETIME_MS after the sign-in.

export const IDLE_SECONDS = 12 * 60 * 60;
export const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What the session token holds: no key material or password, only who signed in, and when. */
export type DashboardIdentity =
  | { kind?: "key"; merchantId: string; keyId: string; signedInAt: number }
  | { kind: "person"; userId: string; epoch: number; signedInAt: number };

export type SignedInUser = { id: string; name: string; keyId: string } | { id: string; name: string; userId: string; epoch: number };

/** The sign-in's refusal when its address has failed too often: the form shows it (sign-in-form.tsx). */
export const SIGN_IN_RATE_LIMITED = "RATE_LIMITED";

/**
 * Checks an API key typed into the sign-in form; null for a wrong, revoked or disabled one. Each
 * failure spends one of the address's failed attempts (RATE_RULES.failedAuthIp, shared with the
 * API), and an address that has spent them is refused before its key is checked: the Error's
 * message is `RATE_LIMITED:<seconds>`.
 */
export async function signInWithApiKey(db: Db, apiKey: string | undefined, ip: string): Promise<SignedInUser | null> {
  const refused = checkFailedAuth(db, ip);
  if (refused) throw new Error(`${SIGN_IN_RATE_LIMITED}:${refused.resetSeconds}`);
  const key = apiKey?.trim();
  const user = key ? await liveUserOf(db, key) : null;
  if (!user) await countFailedAuth(db, ip);
  // who came into the dashboard, with which key, from where: in the merchant's audit trail
  else
    await recordAudit(db, {
      merchantId: user.id,
      who: { kind: "key", keyId: user.keyId, label: "dashboard sign-in" },
      action: "account.signed-in",
      ip,
    });
  return user;
}

async function liveUserOf(db: Db, key: string): Promise<{ id: string; name: string; keyId: string } | null> {
  let authed;
  try {
    authed = await authenticateApiKey(db, key);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  // the API's key cache may still hold a key revoked (or a merchant disabled) seconds ago: not here
  const live = await liveKey(db, authed.keyId, authed.merchantId);
  return live ? { id: live.merchantId, name: live.displayName, keyId: authed.keyId } : null;
}

async function liveKey(db: Db, keyId: string, merchantId: string) {
  const [row] = await db
    .select({ merchantId: merchants.id, name: merchants.name, displayName: merchants.displayName })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(
      and(
        eq(apiKeys.id, keyId),
        eq(apiKeys.merchantId, merchantId),
        liveKeyCondition(),
        isNull(merchants.disabledAt),
        // once a person has claimed the account, no API key signs anyone in to its dashboard
        isNull(merchants.claimedAt),
        // the key's sign-in is the account's owner: never a key that may only read
        eq(apiKeys.scope, "full"),
      ),
    )
    .limit(1);
  return row ? { merchantId: row.merchantId, displayName: row.displayName ?? row.name } : null;
}

export function identityAtSignIn(user: SignedInUser, now = Date.now()): DashboardIdentity {
  return "userId" in user
    ? { kind: "person", userId: user.userId, epoch: user.epoch, signedInAt: now }
    : { merchantId: user.id, keyId: user.keyId, signedInAt: now };
}

/**
 * The token's identity if its session may go on, else null. One indexed query per dashboard
 * request, and deliberately uncached: a revoked key, a disabled merchant, a changed password or a
 * "sign out everywhere" ends the session at once.
 */
export async function liveIdentity(db: Db, token: Record<string, unknown>, now = Date.now()): Promise<DashboardIdentity | null> {
  const { signedInAt } = token;
  if (typeof signedInAt !== "number" || !(signedInAt <= now && now - signedInAt < ABSOLUTE_LIFETIME_MS)) return null;
  if (token.kind === "person") {
    const { userId, epoch } = token;
    if (typeof userId !== "string" || typeof epoch !== "number") return null;
    return (await liveUser(db, userId, epoch)) ? { kind: "person", userId, epoch, signedInAt } : null;
  }
  const { merchantId, keyId } = token;
  // tokens from before key ids were recorded carry none: they end, and the merchant signs in again
  if (typeof merchantId !== "string" || typeof keyId !== "string") return null;
  return (await liveKey(db, keyId, merchantId)) ? { merchantId, keyId, signedInAt } : null;
}
