import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeys, users } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/audit";
import { checkPasskeyOf } from "./passkeys";
import { checkPasswordOf } from "./passwords";
import { checkSecondFactor } from "./second-factor";

// A signed-in person proving again that it is them, before a change of how they sign in (the session
// keeps the proof for a few minutes, lib/auth/reauth.ts): their password, and a second factor they
// already have (a code from the authenticator app, a recovery code, or a passkey). A person with no
// second factor yet gives the password only. Every try counts in the password's throttle.

export type ReauthProof = { password: string; code?: string; passkey?: { challengeId: string; response: string } };

/** What a re-authentication asks of this person: beside the password, a code, a passkey, either, or nothing. */
export type ReauthNeeds = { code: boolean; passkey: boolean };

export async function reauthNeeds(db: Db, userId: string): Promise<ReauthNeeds> {
  const [row] = await db.select({ totp: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).limit(1);
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return { code: Boolean(row?.totp), passkey: Boolean(passkey) };
}

/** Checks the proof (throttled); throws a VALIDATION_FAILED naming the fields when it does not hold. */
export async function reauthenticate(db: Db, userId: string, proof: ReauthProof, ip: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in again.");
  const needs = await reauthNeeds(db, user.id);
  const hasFactor = needs.code || needs.passkey;
  const code = proof.code?.trim();
  // a missing factor is asked for before the password is checked: no try is spent, nothing is told
  if (hasFactor && !code && !proof.passkey) {
    const message = needs.code ? "Enter a code from your authenticator app, or a recovery code." : "Confirm with your passkey.";
    throw new AppError("VALIDATION_FAILED", message, needs.code ? { fields: { code: message } } : undefined);
  }
  let factor: "password" | "code" | "passkey" = "password";
  const wrong = () =>
    hasFactor
      ? new AppError(
          "VALIDATION_FAILED",
          proof.passkey ? "The password or the passkey is not right." : "The password or the code is not right.",
          {
            fields: proof.passkey ? { password: "not right" } : { password: "not right", code: "not right" },
          },
        )
      : new AppError("VALIDATION_FAILED", "That is not your password.", { fields: { password: "not right" } });
  await checkPasswordOf(db, user, proof.password, wrong, async () => {
    if (!hasFactor) return true;
    if (proof.passkey) {
      factor = "passkey";
      return needs.passkey && checkPasskeyOf(db, user.id, proof.passkey.challengeId, proof.passkey.response);
    }
    factor = "code";
    return checkSecondFactor(db, user, code!);
  });
  await recordAudit(db, {
    merchantId: null,
    who: { kind: "person", userId: user.id, email: user.email },
    action: "account.reauthenticated",
    details: { with: factor },
    ip,
  });
}
