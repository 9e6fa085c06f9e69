import crypto from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Db } from "@/db/client";
import { recoveryCodes, users, type UserRow } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { decrypt, encrypt, sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/audit";
import { deliver, factorChangedMail } from "./messages";

// The second factor by an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, the usual
// settings every app reads from the QR code) and its one-time recovery codes. A code is accepted at
// most once: the last accepted time step is kept, and only a later one passes.

const PERIOD = 30;
const RECOVERY_CODES = 10;

const totpOf = (secretBase32: string, email = "") =>
  new TOTP({ issuer: issuer(), label: email, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

const issuer = () => `Checkout (${new URL(getConfig().appUrl).host})`;

export type TotpSetup = { secret: string; uri: string; qrSvg: string };

/**
 * Starts setting up TOTP: a new secret is kept (sealed) but not used until a code from it is
 * confirmed. Setting up again replaces a secret that was never confirmed; an enabled one stays until
 * it is turned off.
 */
export async function beginTotp(db: Db, userId: string): Promise<TotpSetup> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in again.");
  if (user.totpEnabledAt) throw new AppError("CONFLICT", "An authenticator app is already set up; turn it off first to set up another.");
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecretEnc: encrypt(secret), totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const uri = totpOf(secret, user.email).toString();
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/** The time step a code belongs to (now, or one step either side for clocks that drift), or null. */
function stepOf(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Spends a TOTP code: true when it is right and its time step is later than the last one used. */
async function spendTotp(db: Db, userId: string, sealed: string, code: string, now: number): Promise<boolean> {
  const step = stepOf(decrypt(sealed), code, now);
  if (step === null) return false;
  // one statement: two requests with the same code cannot both pass
  const spent = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return spent.length === 1;
}

/** Confirms the new secret with a code from the app: TOTP is on, and the recovery codes are shown once. */
export async function confirmTotp(
  db: Db,
  user: Pick<UserRow, "id" | "email">,
  code: string,
  ip: string,
  now = Date.now(),
): Promise<string[]> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row?.totpSecretEnc) throw new AppError("CONFLICT", "Start setting up the authenticator app first.");
  if (row.totpEnabledAt) throw new AppError("CONFLICT", "An authenticator app is already set up.");
  if (!(await spendTotp(db, user.id, row.totpSecretEnc, code.trim(), now))) {
    throw new AppError("VALIDATION_FAILED", "That code is not right. Enter the 6 digits your app shows now.", {
      fields: { code: "not right" },
    });
  }
  const codes = await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    const fresh = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      merchantId: null,
      who: { kind: "person", userId: user.id, email: user.email },
      action: "account.totp-enabled",
      ip,
    });
    return fresh;
  });
  deliver(factorChangedMail(user.email, { kind: "totp-enabled" }), "authenticator app turned on");
  return codes;
}

/**
 * Turns TOTP off; the recovery codes go with it. The person proved it is them just before (the
 * action asks for a recent re-authentication, lib/auth/reauth.ts).
 */
export async function disableTotp(db: Db, user: Pick<UserRow, "id" | "email">, ip: string): Promise<void> {
  const turnedOff = await db.transaction(async (tx) => {
    const off = await tx
      .update(users)
      .set({ totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNotNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!off.length) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(tx, {
      merchantId: null,
      who: { kind: "person", userId: user.id, email: user.email },
      action: "account.totp-disabled",
      ip,
    });
    return true;
  });
  if (!turnedOff) throw new AppError("CONFLICT", "The authenticator app is already off.");
  deliver(factorChangedMail(user.email, { kind: "totp-disabled" }), "authenticator app turned off");
}

// recovery codes: 10 of them, 60 random bits each, written xxxxx-xxxxx-xxxxx in a base32 alphabet without 0/1/l/o
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const normalCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(15);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

/** New recovery codes for a person whose authenticator app is on; the old ones stop working. */
export async function newRecoveryCodes(db: Db, user: { id: string; email: string }, ip: string): Promise<string[]> {
  const [row] = await db.select({ enabled: users.totpEnabledAt }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!row?.enabled) throw new AppError("CONFLICT", "Set up an authenticator app first.");
  const codes = await db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, {
      merchantId: null,
      who: { kind: "person", userId: user.id, email: user.email },
      action: "account.recovery-codes-replaced",
      ip,
    });
    return fresh;
  });
  deliver(factorChangedMail(user.email, { kind: "recovery-codes-replaced" }), "new recovery codes");
  return codes;
}

async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256Hex(normalCode(c)) })));
  return codes;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A sign-in's second step: a TOTP code, or a recovery code (each works once). */
export async function checkSecondFactor(
  db: Db,
  user: Pick<UserRow, "id" | "totpSecretEnc" | "totpEnabledAt">,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  if (user.totpEnabledAt && user.totpSecretEnc && /^\d{6}$/.test(code)) return spendTotp(db, user.id, user.totpSecretEnc, code, now);
  const normal = normalCode(code);
  if (normal.length !== 15) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, sha256Hex(normal)), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  if (used.length !== 1) return false;
  // a recovery code spent is a sign that the app was lost, or that someone else has the codes
  const [who] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id)).limit(1);
  await recordAudit(db, {
    merchantId: null,
    who: { kind: "person", userId: user.id, email: who?.email ?? "" },
    action: "account.recovery-code-used",
    details: { left: await recoveryCodesLeft(db, user.id) },
  });
  return true;
}
