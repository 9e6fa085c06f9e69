"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createKey, KEY_SCOPES, revokeKey, rollKey } from "@/lib/accounts/keys";
import { changeRole, inviteMember, removeMember, revokeInvite, setRequireSecondFactor } from "@/lib/accounts/teams";
import { ROLES } from "@/lib/accounts/roles";
import { type ActionFailure, action } from "@/lib/http/action";
import { RATE_RULES } from "@/lib/limits/rate-limit";

// The team and its API keys. Each action names the least role that may run it; the server checks it
// here and again in lib/accounts (the interface only hides what a role cannot do). The services write
// their own audit records and mail every owner about each change of the team. Every change of the
// team (an invite, its revocation, a role, a removal or leaving, the second-factor rule) asks for a
// recent re-authentication first, so that a stolen session cannot make its holder an owner, remove the
// real ones or weaken how they sign in.

type Result<T extends object = object> = Promise<({ ok: true } & T) | ActionFailure>;

const role = z.enum(ROLES);
const id = z.string().min(1).max(100);

export const inviteAction: (input: { email: string; role: string }) => Result = action(
  {
    name: "team.invite",
    input: z.strictObject({ email: z.string().trim().max(320).email("Enter an email address like name@example.com"), role }),
    actor: "merchant",
    role: "owner",
    audit: false,
    reauth: true,
    rateLimit: RATE_RULES.webhookSends,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input, actor }) => {
    await inviteMember(db, actor, input);
    revalidatePath("/dashboard/team");
    return { ok: true as const };
  },
);

export const revokeInviteAction: (inviteId: string) => Result = action(
  {
    name: "team.invite.revoke",
    input: z.strictObject({ id }),
    from: (inviteId: string) => ({ id: inviteId }),
    actor: "merchant",
    role: "owner",
    audit: false,
    reauth: true,
  },
  async ({ db, input, actor }) => {
    await revokeInvite(db, actor, input.id);
    revalidatePath("/dashboard/team");
    return { ok: true as const };
  },
);

export const changeRoleAction: (input: { userId: string; role: string }) => Result = action(
  { name: "team.role", input: z.strictObject({ userId: id, role }), actor: "merchant", role: "owner", audit: false, reauth: true },
  async ({ db, input, actor }) => {
    await changeRole(db, actor, input.userId, input.role);
    revalidatePath("/dashboard/team");
    return { ok: true as const };
  },
);

/** An owner removes someone; anyone may remove themselves (leave). */
export const removeMemberAction: (userId: string) => Result = action(
  {
    name: "team.remove",
    input: z.strictObject({ userId: id }),
    from: (userId: string) => ({ userId }),
    actor: "merchant",
    role: "viewer",
    audit: false,
    reauth: true,
  },
  async ({ db, input, actor }) => {
    await removeMember(db, actor, input.userId);
    revalidatePath("/dashboard/team");
    return { ok: true as const };
  },
);

export const requireSecondFactorAction: (required: boolean) => Result = action(
  {
    name: "team.second-factor",
    input: z.strictObject({ required: z.boolean() }),
    from: (required: boolean) => ({ required }),
    actor: "merchant",
    role: "owner",
    audit: false,
    reauth: true,
  },
  async ({ db, input, actor }) => {
    await setRequireSecondFactor(db, actor, input.required);
    revalidatePath("/dashboard/team");
    return { ok: true as const };
  },
);

const DAY = 24 * 60 * 60 * 1000;

export const createKeyAction: (input: {
  name: string;
  expiresInDays?: number | null;
  scope?: string;
}) => Result<{ apiKey: string; prefix: string }> = action(
  {
    name: "key.create",
    input: z.strictObject({
      name: z.string().trim().min(1, "Name the key").max(60, "At most 60 characters"),
      expiresInDays: z.number().int().min(1).max(3650).nullish(),
      scope: z.enum(KEY_SCOPES).optional(),
    }),
    actor: "merchant",
    role: "developer",
    audit: false,
    invalid: "Check the highlighted fields.",
  },
  async ({ db, input, actor }) => {
    const made = await createKey(
      db,
      { actor, merchantId: actor.merchantId },
      {
        name: input.name,
        expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY) : null,
        scope: input.scope,
      },
    );
    revalidatePath("/dashboard/developers");
    return { ok: true as const, apiKey: made.apiKey, prefix: made.prefix };
  },
);

export const rollKeyAction: (input: {
  id: string;
  graceSeconds: number;
}) => Result<{ apiKey: string; prefix: string; oldExpiresAt: string }> = action(
  {
    name: "key.roll",
    input: z.strictObject({
      id,
      graceSeconds: z
        .number()
        .int()
        .min(0)
        .max(30 * 24 * 60 * 60),
    }),
    actor: "merchant",
    role: "developer",
    audit: false,
  },
  async ({ db, input, actor }) => {
    const made = await rollKey(db, { actor, merchantId: actor.merchantId }, input.id, input.graceSeconds * 1000);
    revalidatePath("/dashboard/developers");
    return { ok: true as const, apiKey: made.apiKey, prefix: made.prefix, oldExpiresAt: made.oldExpiresAt };
  },
);

export const revokeKeyAction: (keyId: string) => Result = action(
  {
    name: "key.revoke",
    input: z.strictObject({ id }),
    from: (keyId: string) => ({ id: keyId }),
    actor: "merchant",
    role: "owner",
    audit: false,
  },
  async ({ db, input, actor }) => {
    await revokeKey(db, { actor, merchantId: actor.merchantId }, input.id);
    revalidatePath("/dashboard/developers");
    return { ok: true as const };
  },
);
