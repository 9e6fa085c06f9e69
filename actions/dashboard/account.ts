"use server";

import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { cookies } from "next/headers";
import { z } from "zod";
import {
  passkeyReauthOptions,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
} from "@/lib/accounts/passkeys";
import { reauthenticate } from "@/lib/accounts/reauth";
import { changePassword, requestPasswordReset, resetPassword, signOutEverywhere, signUpPerson, verifyEmail } from "@/lib/accounts/people";
import { beginTotp, confirmTotp, disableTotp, newRecoveryCodes } from "@/lib/accounts/second-factor";
import { acceptInvite, claimMerchant, createMerchantForPerson, roleIn } from "@/lib/accounts/teams";
import { ACCOUNT_COOKIE, rememberReauth } from "@/lib/auth/session";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { type ActionFailure, action } from "@/lib/http/action";
import { RATE_RULES } from "@/lib/limits/rate-limit";
import { createMerchantBody } from "@/lib/merchants/schemas";

// The dashboard's actions for people: signing up, confirming an address, resetting and changing a
// password, second factors and passkeys, and choosing, creating, claiming or joining a merchant
// account. Every one validates its input on the server; those that act for a person check the
// session here (the "person" actor), never trusting the page. A change of how the person signs in
// (`reauth: true`) needs a recent re-authentication of this session first (reauthenticateAction).

type Result<T extends object = object> = Promise<({ ok: true } & T) | ActionFailure>;

const email = z.string().trim().min(3).max(320).email("Enter an email address like name@example.com");
const password = z.string().min(1, "Enter a password").max(1000);
const token = z.string().min(1).max(200);

const cookieOptions = () => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/dashboard",
  // over https only, where the service is served over https (APP_URL)
  secure: getConfig().appUrl.startsWith("https://"),
});

async function chooseAccount(merchantId: string) {
  (await cookies()).set(ACCOUNT_COOKIE, merchantId, { ...cookieOptions(), maxAge: 365 * 24 * 60 * 60 });
}

export const signUpAction: (input: { email: string; password: string }) => Result = action(
  {
    name: "account.sign-up",
    input: z.strictObject({ email, password }),
    actor: "public",
    rateLimit: RATE_RULES.signup,
    tooMany: (seconds) => `Too many sign-ups from your address. Try again in ${Math.ceil(seconds / 60)} minutes.`,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input }) => {
    await signUpPerson(db, input);
    return { ok: true as const };
  },
);

export const verifyEmailAction: (input: { token: string; password: string }) => Result<{ email: string }> = action(
  { name: "account.verify", input: z.strictObject({ token, password }), actor: "public", rateLimit: RATE_RULES.failedAuthIp },
  async ({ db, input, ip }) => ({ ok: true as const, ...(await verifyEmail(db, input.token, input.password, ip)) }),
);

export const requestResetAction: (input: { email: string }) => Result = action(
  {
    name: "account.forgot-password",
    input: z.strictObject({ email }),
    actor: "public",
    rateLimit: RATE_RULES.signup,
    tooMany: (seconds) => `Too many requests from your address. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  },
  async ({ db, input }) => {
    await requestPasswordReset(db, input.email);
    return { ok: true as const };
  },
);

export const resetPasswordAction: (input: { token: string; password: string }) => Result<{ email: string }> = action(
  { name: "account.reset-password", input: z.strictObject({ token, password }), actor: "public", rateLimit: RATE_RULES.failedAuthIp },
  async ({ db, input, ip }) => ({ ok: true as const, ...(await resetPassword(db, input.token, input.password, ip)) }),
);

export const changePasswordAction: (input: { current: string; next: string }) => Result = action(
  { name: "account.change-password", input: z.strictObject({ current: password, next: password }), actor: "person", reauth: true },
  async ({ db, input, actor, ip }) => {
    await changePassword(db, actor.userId, input.current, input.next, ip);
    return { ok: true as const };
  },
);

export const signOutEverywhereAction: () => Result = action(
  { name: "account.sign-out-everywhere", input: z.undefined(), from: () => undefined, actor: "person" },
  async ({ db, actor, ip }) => {
    await signOutEverywhere(db, actor.userId, ip);
    return { ok: true as const };
  },
);

// ——— re-authentication: the password again, and a second factor the person has ———

const passkeyAnswer = z.looseObject({ id: z.string().max(1000), rawId: z.string().max(1000), type: z.literal("public-key") });

export const reauthenticateAction: (input: {
  password: string;
  code?: string;
  passkey?: { challengeId: string; response: unknown };
}) => Result = action(
  {
    name: "account.reauthenticate",
    input: z.strictObject({
      password,
      code: z.string().trim().max(40).optional(),
      passkey: z.strictObject({ challengeId: token, response: passkeyAnswer }).optional(),
    }),
    actor: "person",
  },
  async ({ db, input, actor, ip }) => {
    const passkey = input.passkey && { challengeId: input.passkey.challengeId, response: JSON.stringify(input.passkey.response) };
    await reauthenticate(db, actor.userId, { password: input.password, code: input.code || undefined, passkey }, ip);
    await rememberReauth();
    return { ok: true as const };
  },
);

/** A re-authentication's challenge, which only the person's own passkeys answer. */
export const reauthPasskeyOptionsAction: () => Result<{ challengeId: string; options: unknown }> = action(
  { name: "account.reauthenticate.passkey-options", input: z.undefined(), from: () => undefined, actor: "person" },
  async ({ db, actor }) => ({ ok: true as const, ...(await passkeyReauthOptions(db, actor.userId)) }),
);

// ——— second factor: an authenticator app ———

export const beginTotpAction: () => Result<{ secret: string; uri: string; qrSvg: string }> = action(
  { name: "account.totp.begin", input: z.undefined(), from: () => undefined, actor: "person", reauth: true },
  async ({ db, actor }) => ({ ok: true as const, ...(await beginTotp(db, actor.userId)) }),
);

export const confirmTotpAction: (input: { code: string }) => Result<{ recoveryCodes: string[] }> = action(
  {
    name: "account.totp.confirm",
    input: z.strictObject({ code: z.string().trim().min(1, "Enter the 6-digit code").max(20) }),
    actor: "person",
    reauth: true,
  },
  async ({ db, input, actor, ip }) => ({
    ok: true as const,
    recoveryCodes: await confirmTotp(db, { id: actor.userId, email: actor.email }, input.code, ip),
  }),
);

export const disableTotpAction: () => Result = action(
  { name: "account.totp.disable", input: z.undefined(), from: () => undefined, actor: "person", reauth: true },
  async ({ db, actor, ip }) => {
    await disableTotp(db, { id: actor.userId, email: actor.email }, ip);
    return { ok: true as const };
  },
);

export const newRecoveryCodesAction: () => Result<{ recoveryCodes: string[] }> = action(
  { name: "account.recovery-codes", input: z.undefined(), from: () => undefined, actor: "person", reauth: true },
  async ({ db, actor, ip }) => ({
    ok: true as const,
    recoveryCodes: await newRecoveryCodes(db, { id: actor.userId, email: actor.email }, ip),
  }),
);

// ——— passkeys ———

export const passkeyRegistrationOptionsAction: () => Result<{ challengeId: string; options: unknown }> = action(
  { name: "account.passkey.options", input: z.undefined(), from: () => undefined, actor: "person", reauth: true },
  async ({ db, actor }) => ({ ok: true as const, ...(await passkeyRegistrationOptions(db, { id: actor.userId, email: actor.email })) }),
);

export const registerPasskeyAction: (input: { challengeId: string; response: unknown; name: string }) => Result = action(
  {
    name: "account.passkey.add",
    input: z.strictObject({
      challengeId: token,
      response: passkeyAnswer,
      name: z.string().trim().min(1, "Name the passkey").max(60),
    }),
    actor: "person",
    reauth: true,
  },
  async ({ db, input, actor, ip }) => {
    await registerPasskey(
      db,
      { id: actor.userId, email: actor.email },
      { challengeId: input.challengeId, response: input.response as unknown as RegistrationResponseJSON, name: input.name },
      ip,
    );
    return { ok: true as const };
  },
);

export const removePasskeyAction: (id: string) => Result = action(
  {
    name: "account.passkey.remove",
    input: z.strictObject({ id: z.string().min(1).max(1000) }),
    from: (id: string) => ({ id }),
    actor: "person",
    reauth: true,
  },
  async ({ db, input, actor, ip }) => {
    await removePasskey(db, { id: actor.userId, email: actor.email }, input.id, ip);
    return { ok: true as const };
  },
);

/** A passkey sign-in's challenge, for anyone (the browser answers it with the person's passkey). */
export const passkeySignInOptionsAction: () => Result<{ challengeId: string; options: unknown }> = action(
  {
    name: "account.passkey.sign-in-options",
    input: z.undefined(),
    from: () => undefined,
    actor: "public",
    rateLimit: RATE_RULES.payerActionIp,
  },
  async ({ db }) => ({ ok: true as const, ...(await passkeySignInOptions(db)) }),
);

// ——— merchant accounts: create, claim, join, switch ———

export const createMerchantAccountAction: (input: { name: string; displayName?: string }) => Result<{ apiKey: string; name: string }> =
  action(
    {
      name: "account.create-merchant",
      input: createMerchantBody,
      from: (input: { name: string; displayName?: string }) =>
        input && typeof input === "object"
          ? Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ""))
          : input,
      actor: "person",
      rateLimit: RATE_RULES.signup,
      tooMany: (seconds) => `Too many new accounts from your address. Try again in ${Math.ceil(seconds / 60)} minutes.`,
      invalid: "Check the highlighted fields.",
    },
    async ({ db, input, actor, ip }) => {
      const m = await createMerchantForPerson(db, actor, input, ip);
      await chooseAccount(m.id);
      return { ok: true as const, apiKey: m.apiKey, name: m.name };
    },
  );

export const claimMerchantAction: (input: { apiKey: string }) => Result = action(
  {
    name: "account.claim",
    input: z.strictObject({ apiKey: z.string().trim().min(1, "Enter the account's API key").max(200) }),
    actor: "person",
  },
  async ({ db, input, actor, ip }) => {
    const { merchantId } = await claimMerchant(db, actor, input.apiKey, ip);
    await chooseAccount(merchantId);
    return { ok: true as const };
  },
);

export const acceptInviteAction: (input: { token: string }) => Result = action(
  { name: "account.accept-invite", input: z.strictObject({ token }), actor: "person" },
  async ({ db, input, actor, ip }) => {
    const { merchantId } = await acceptInvite(db, input.token, actor, ip);
    await chooseAccount(merchantId);
    return { ok: true as const };
  },
);

export const switchAccountAction: (merchantId: string) => Result = action(
  {
    name: "account.switch",
    input: z.strictObject({ merchantId: z.string().min(1).max(100) }),
    from: (merchantId: string) => ({ merchantId }),
    actor: "person",
  },
  async ({ db, input, actor }) => {
    if (!(await roleIn(db, actor.userId, input.merchantId))) throw new AppError("NOT_FOUND", "You are not a member of that account");
    await chooseAccount(input.merchantId);
    return { ok: true as const };
  },
);
