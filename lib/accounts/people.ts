import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailTokens, passkeys, users, type UserRow } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { checkFailedAuth, countFailedAuth, mayMail } from "@/lib/limits/rate-limit";
import { accountKey, signedInFrom, signInKeys, throttleFailed, throttleRefund, throttleReserve } from "@/lib/limits/auth-throttle";
import { recordAudit } from "@/lib/audit";
import { alreadyRegisteredMail, deliver, passwordChangedMail, resetMail, verifyMail } from "./messages";
import { checkPasswordOf, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { checkSecondFactor } from "./second-factor";
import { newLinkToken, normalEmail, tokenHash } from "./tokens";

// People's accounts: sign-up, the email's confirmation, sign-in, password reset and change, and
// signing out everywhere. Every answer that could tell whether an address has an account is the same
// either way, in words and (as far as the work allows) in time: the mails are sent after answering.

const HOUR = 60 * 60 * 1000;
export const VERIFY_TTL_MS = 24 * HOUR;
export const RESET_TTL_MS = HOUR;

const badPassword = (message: string) => new AppError("VALIDATION_FAILED", message, { fields: { password: message } });

/**
 * Sign-up: a new address gets an account waiting for its confirmation; an address that already has
 * one gets a mail saying so. Both answer the same. An unconfirmed account signed up for again takes
 * the new password and only the newest link works (and confirming asks for that password).
 */
export async function signUpPerson(db: Db, input: { email: string; password: string }): Promise<void> {
  const email = normalEmail(input.email);
  const problem = passwordProblem(input.password, email);
  if (problem) throw badPassword(problem);
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!(await mayMail(db, accountKey(email)))) return;
  if (existing?.emailVerifiedAt) {
    deliver(alreadyRegisteredMail(email), "sign-up of a known address");
    return;
  }
  const link = newLinkToken();
  await db.transaction(async (tx) => {
    let userId = existing?.id;
    if (userId) {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.delete(emailTokens).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "verify")));
    } else {
      userId = newId("usr");
      // a race with another sign-up for the address: theirs stands, this one does nothing more
      const made = await tx.insert(users).values({ id: userId, email, passwordHash }).onConflictDoNothing().returning({ id: users.id });
      if (!made.length) return;
    }
    await keepVerifyLink(tx, userId, link.hash);
  });
  deliver(verifyMail(email, link.token), "sign-up");
}

const keepVerifyLink = (db: Db, userId: string, hash: string) =>
  db.insert(emailTokens).values({ tokenHash: hash, userId, purpose: "verify", expiresAt: new Date(Date.now() + VERIFY_TTL_MS) });

/** The link's token, if it is live: unused, unexpired, of that purpose. */
async function liveToken(db: Db, token: string, purpose: "verify" | "reset") {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select({ userId: emailTokens.userId, tokenHash: emailTokens.tokenHash })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

const linkExpired = () => new AppError("VALIDATION_FAILED", "This link has expired or was already used. Ask for a new one.");

/**
 * Confirms an address by its link and the account's password (so a link reaching someone else, or a
 * sign-up for the address by someone else meanwhile, confirms nothing for them). Returns the email,
 * with which the page then signs the person in.
 */
export async function verifyEmail(db: Db, token: string, password: string, ip: string): Promise<{ email: string }> {
  const live = await liveToken(db, token, "verify");
  if (!live) throw linkExpired();
  const [user] = await db.select().from(users).where(eq(users.id, live.userId)).limit(1);
  const wrong = () =>
    new AppError("VALIDATION_FAILED", "That is not the password of this account.", { fields: { password: "not this account's password" } });
  if (!user) throw wrong();
  // throttled as a signed-in person's password is: a link that reached someone else is no way to guess it
  await checkPasswordOf(db, user, password, wrong);
  const used = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.tokenHash, live.tokenHash), isNull(emailTokens.usedAt)))
    .returning({ userId: emailTokens.userId });
  if (!used.length) throw linkExpired();
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await recordAudit(db, {
    merchantId: null,
    who: { kind: "person", userId: user.id, email: user.email },
    action: "account.email-verified",
    ip,
  });
  return { email: user.email };
}

export type SignInFailure =
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; reason: "unverified" }
  | { ok: false; reason: "second_factor" }
  | { ok: false; reason: "bad_code" };
export type SignInResult = { ok: true; user: UserRow } | SignInFailure;

/**
 * A sign-in with email and password, and the second factor's code when the account has one. Limited
 * per address and per account; a wrong email and a wrong password answer alike, in the same time.
 */
export async function signInPerson(db: Db, input: { email: string; password: string; code?: string }, ip: string): Promise<SignInResult> {
  const email = normalEmail(input.email ?? "");
  const key = accountKey(email);
  // the address's own limit across accounts, then a progressive delay on this account (never a lock)
  const refused = checkFailedAuth(db, ip);
  if (refused) return { ok: false, reason: "rate_limited", retryAfterSeconds: refused.resetSeconds };
  const throttled = await signInKeys(db, email, ip);
  // the try is counted before the password is checked (and given back if it was right), so tries
  // sent together cannot all pass before the first of them is counted
  const wait = await throttleReserve(db, throttled);
  if (wait > 0) return { ok: false, reason: "rate_limited", retryAfterSeconds: wait };
  const [user] = email && email.length <= 320 ? await db.select().from(users).where(eq(users.email, email)).limit(1) : [];
  const password = typeof input.password === "string" ? input.password.slice(0, 1000) : "";
  const matches = await verifyPassword(user?.passwordHash ?? null, password);
  const fail = async <R extends SignInFailure>(result: R): Promise<SignInResult> => {
    await countFailedAuth(db, ip);
    await throttleFailed(db, throttled);
    return result;
  };
  if (!user || !matches) return fail({ ok: false, reason: "invalid" });
  // the right password, and the right code or none asked yet: the try was no wrong guess. Given back
  // only once the code is checked, or tries that bring the password could guess codes at full speed
  const giveBack = () => throttleRefund(db, throttled);
  if (!user.emailVerifiedAt) {
    await giveBack();
    // the right password of an unconfirmed account: a fresh link, at most a few an hour
    if (await mayMail(db, key)) {
      const link = newLinkToken();
      await keepVerifyLink(db, user.id, link.hash);
      deliver(verifyMail(email, link.token), "sign-in before confirming");
    }
    return { ok: false, reason: "unverified" };
  }
  if (await hasSecondFactor(db, user)) {
    const code = input.code?.trim();
    if (!code) {
      await giveBack();
      return { ok: false, reason: "second_factor" };
    }
    if (!(await checkSecondFactor(db, user, code))) return fail({ ok: false, reason: "bad_code" });
  }
  await giveBack();
  await signedInFrom(db, email, ip);
  await recordAudit(db, { merchantId: null, who: { kind: "person", userId: user.id, email: user.email }, action: "account.signed-in", ip });
  return { ok: true, user };
}

export async function hasSecondFactor(db: Db, user: Pick<UserRow, "id" | "totpEnabledAt">): Promise<boolean> {
  if (user.totpEnabledAt) return true;
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, user.id)).limit(1);
  return Boolean(passkey);
}

/** Asks for a reset link: sent if the address has an account, and the answer is the same if not. */
export async function requestPasswordReset(db: Db, rawEmail: string): Promise<void> {
  const email = normalEmail(rawEmail);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!(await mayMail(db, accountKey(email)))) return;
  if (!user) return;
  const link = newLinkToken();
  await db
    .insert(emailTokens)
    .values({ tokenHash: link.hash, userId: user.id, purpose: "reset", expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  deliver(resetMail(email, link.token), "password reset");
}

/** Sets a new password by a reset link: every session ends, every other reset link dies, and the address counts as confirmed. */
export async function resetPassword(db: Db, token: string, password: string, ip: string): Promise<{ email: string }> {
  const live = await liveToken(db, token, "reset");
  if (!live) throw linkExpired();
  const [user] = await db.select().from(users).where(eq(users.id, live.userId)).limit(1);
  if (!user) throw linkExpired();
  const problem = passwordProblem(password, user.email);
  if (problem) throw badPassword(problem);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "reset"), isNull(emailTokens.usedAt)))
      .returning({ tokenHash: emailTokens.tokenHash });
    if (!used.some((u) => u.tokenHash === live.tokenHash)) throw linkExpired();
    await tx
      .update(users)
      .set({
        passwordHash,
        sessionEpoch: sql`${users.sessionEpoch} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      merchantId: null,
      who: { kind: "person", userId: user.id, email: user.email },
      action: "account.password-reset",
      ip,
    });
  });
  deliver(passwordChangedMail(user.email), "password reset");
  return { email: user.email };
}

export async function changePassword(db: Db, userId: string, current: string, next: string, ip: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in again.");
  await checkPasswordOf(
    db,
    user,
    current,
    () => new AppError("VALIDATION_FAILED", "Your current password is not right.", { fields: { current: "not right" } }),
  );
  const problem = passwordProblem(next, user.email);
  if (problem) throw new AppError("VALIDATION_FAILED", problem, { fields: { next: problem } });
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next), sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await endResetLinks(db, userId);
  await recordAudit(db, { merchantId: null, who: { kind: "person", userId, email: user.email }, action: "account.password-changed", ip });
  deliver(passwordChangedMail(user.email), "password change");
}

/** A reset link mailed before the password changed (or before signing out everywhere) no longer works. */
async function endResetLinks(db: Db, userId: string) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "reset"), isNull(emailTokens.usedAt)));
}

/** Ends every session of the person, this one included. */
export async function signOutEverywhere(db: Db, userId: string, ip: string): Promise<void> {
  const [user] = await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  await endResetLinks(db, userId);
  if (user)
    await recordAudit(db, {
      merchantId: null,
      who: { kind: "person", userId, email: user.email },
      action: "account.signed-out-everywhere",
      ip,
    });
}

/** What the session check needs, in one indexed read: the person is there and the token's epoch is current. */
export async function liveUser(db: Db, userId: string, epoch: number): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.sessionEpoch, epoch)))
    .limit(1);
  return row ?? null;
}
