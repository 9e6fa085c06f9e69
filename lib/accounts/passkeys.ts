import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeys, users, type UserRow, webauthnChallenges } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { errorFields, logger } from "@/lib/core/logger";
import { recordAudit } from "@/lib/audit";
import { deliver, factorChangedMail } from "./messages";

// Passkeys (WebAuthn, through @simplewebauthn/server): a person registers one from their account's
// security page, and it signs them in without a password; it needs user verification (a PIN or a
// fingerprint), so it is two factors in one and also counts as the account's second factor.
// Challenges are kept in the database, so any instance can check the answer, and each is used once.

const CHALLENGE_TTL_MS = 5 * 60_000;

const relyingParty = () => {
  const url = new URL(getConfig().appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: "Checkout dashboard" };
};

async function keepChallenge(db: Db, challenge: string, purpose: "register" | "authenticate", userId: string | null): Promise<string> {
  const id = newId("chl");
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({ id, challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return id;
}

/** Takes a challenge (once): the challenge, if it is live and of that purpose. */
async function takeChallenge(db: Db, id: string, purpose: "register" | "authenticate") {
  if (!id || id.length > 100) return undefined;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning();
  return row;
}

export type PasskeyView = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function passkeyRegistrationOptions(
  db: Db,
  user: Pick<UserRow, "id" | "email">,
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const rp = relyingParty();
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { challengeId: await keepChallenge(db, options.challenge, "register", user.id), options };
}

export async function registerPasskey(
  db: Db,
  user: Pick<UserRow, "id" | "email">,
  input: { challengeId: string; response: RegistrationResponseJSON; name: string },
  ip: string,
): Promise<PasskeyView> {
  const challenge = await takeChallenge(db, input.challengeId, "register");
  if (!challenge || challenge.userId !== user.id)
    throw new AppError("VALIDATION_FAILED", "That took too long; try adding the passkey again.");
  const rp = relyingParty();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch (err) {
    logger.info("passkey registration refused", errorFields(err));
    throw new AppError("VALIDATION_FAILED", "Your device's answer could not be verified; try again.");
  }
  if (!verified.verified || !verified.registrationInfo)
    throw new AppError("VALIDATION_FAILED", "Your device's answer could not be verified; try again.");
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name: input.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("CONFLICT", "That passkey is already registered.");
  await recordAudit(db, {
    merchantId: null,
    who: { kind: "person", userId: user.id, email: user.email },
    action: "account.passkey-added",
    target: input.name,
    ip,
  });
  deliver(factorChangedMail(user.email, { kind: "passkey-added", name: row.name }, row.createdAt), "passkey added");
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
}

export async function removePasskey(db: Db, user: Pick<UserRow, "id" | "email">, id: string, ip: string): Promise<void> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning({ name: passkeys.name });
  if (!gone.length) throw new AppError("NOT_FOUND", "Passkey not found");
  await recordAudit(db, {
    merchantId: null,
    who: { kind: "person", userId: user.id, email: user.email },
    action: "account.passkey-removed",
    target: gone[0]!.name,
    ip,
  });
  deliver(factorChangedMail(user.email, { kind: "passkey-removed", name: gone[0]!.name }), "passkey removed");
}

/** Options for a sign-in with any passkey of this site (the browser offers the person's own). */
export async function passkeySignInOptions(db: Db): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty().rpID, userVerification: "required" });
  return { challengeId: await keepChallenge(db, options.challenge, "authenticate", null), options };
}

/** Options for a signed-in person's re-authentication: one of their own passkeys answers, and no one else's. */
export async function passkeyReauthOptions(
  db: Db,
  userId: string,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const own = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (!own.length) throw new AppError("CONFLICT", "You have no passkey.");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: "required",
    allowCredentials: own.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as never })),
  });
  return { challengeId: await keepChallenge(db, options.challenge, "authenticate", userId), options };
}

/**
 * Checks a passkey's answer to a challenge (once): the person and passkey it proves, or null (a
 * wrong, unknown or replayed answer). A sign-in's challenge names nobody and takes anyone's
 * passkey; a re-authentication's names the person, and takes only theirs.
 */
async function verifyPasskeyAnswer(db: Db, challengeId: string, responseJson: string, forUserId: string | null) {
  let response: AuthenticationResponseJSON;
  try {
    response = JSON.parse(responseJson) as AuthenticationResponseJSON;
  } catch {
    return null;
  }
  const challenge = await takeChallenge(db, challengeId, "authenticate");
  if (!challenge || challenge.userId !== forUserId || typeof response?.id !== "string") return null;
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, response.id))
    .limit(1);
  if (!found || !found.user.emailVerifiedAt || (forUserId !== null && found.user.id !== forUserId)) return null;
  const rp = relyingParty();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: found.passkey.id,
        publicKey: new Uint8Array(Buffer.from(found.passkey.publicKey, "base64url")),
        counter: found.passkey.counter,
        transports: (found.passkey.transports ?? undefined) as never,
      },
    });
    if (!result.verified) return null;
    await db
      .update(passkeys)
      .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, found.passkey.id));
    return found;
  } catch (err) {
    logger.info("passkey answer refused", errorFields(err));
    return null;
  }
}

/** The person a passkey's answer proves, or null (a wrong, unknown or replayed answer). */
export async function signInWithPasskey(db: Db, challengeId: string, responseJson: string, ip: string): Promise<UserRow | null> {
  const found = await verifyPasskeyAnswer(db, challengeId, responseJson, null);
  if (!found) return null;
  await recordAudit(db, {
    merchantId: null,
    who: { kind: "person", userId: found.user.id, email: found.user.email },
    action: "account.signed-in-with-passkey",
    target: found.passkey.name,
    ip,
  });
  return found.user;
}

/** Whether the answer to a re-authentication's challenge (passkeyReauthOptions) comes from one of this person's passkeys. */
export async function checkPasskeyOf(db: Db, userId: string, challengeId: string, responseJson: string): Promise<boolean> {
  return (await verifyPasskeyAnswer(db, challengeId, responseJson, userId)) !== null;
}
