import crypto from "node:crypto";
import { getConfig } from "@/lib/core/config";

// A recent re-authentication ("step-up"): before a change of how a person signs in (a passkey, the
// authenticator app, recovery codes, the password) they prove again that it is them, and that proof
// is good for REAUTH_TTL_MS in this session only. It is kept in an httpOnly cookie beside the session,
// a MAC (keyed from APP_SECRET) of the person, their session epoch, the session's sign-in time and
// when they re-authenticated: nobody can forge it, another session (a later sign-in, another browser)
// has another sign-in time, and "sign out everywhere" or a new password raises the epoch.

export const REAUTH_TTL_MS = 10 * 60_000;
export const REAUTH_COOKIE = "dashboard-reauth";
/** Instances' clocks may differ by a little: a proof dated this far ahead still counts. */
const CLOCK_SKEW_MS = 30_000;

/** What a re-authentication is bound to: the person's session as its token holds it. */
export type SessionFacts = { userId: string; epoch: number; signedInAt: number };

function mac(facts: SessionFacts, at: number): Buffer {
  const key = crypto.createHash("sha256").update(`checkout-reauth:${getConfig().appSecret}`).digest();
  return crypto.createHmac("sha256", key).update(`v1:${facts.userId}:${facts.epoch}:${facts.signedInAt}:${at}`).digest();
}

/** The cookie's value for a re-authentication of this session at `at`. */
export function sealReauth(facts: SessionFacts, at = Date.now()): string {
  return `${at}.${mac(facts, at).toString("base64url")}`;
}

/** Whether the cookie's value proves a re-authentication of this very session within REAUTH_TTL_MS. */
export function reauthIsRecent(value: string | undefined, facts: SessionFacts, now = Date.now()): boolean {
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match) return false;
  const at = Number(match[1]);
  if (!(now - at < REAUTH_TTL_MS && at - now <= CLOCK_SKEW_MS)) return false;
  return crypto.timingSafeEqual(Buffer.from(match[2]!, "base64url"), mac(facts, at));
}
