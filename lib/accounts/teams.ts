import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, invites, memberships, merchants, type MemberRole, users } from "@/db/schema";
import type { MerchantActor, Person } from "@/lib/core/actor";
import { sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { errorFields, logger } from "@/lib/core/logger";
import { checkFailedAuth, countFailedAuth, inviteRefusal } from "@/lib/limits/rate-limit";
import { accountKey } from "@/lib/limits/auth-throttle";
import { createMerchant, liveKeyCondition } from "@/lib/merchants/service";
import { sendMail } from "@/lib/mail";
import { auditMerchant, recordAudit } from "@/lib/audit";
import { inviteMail } from "./messages";
import { atLeast, ROLE_LABELS } from "./roles";
import { newLinkToken, normalEmail, tokenHash } from "./tokens";

// Teams: who belongs to which merchant account, with which role; invites by email; claiming an
// account made before people existed. Every change is checked against the actor's role here, not
// only in the interface, and every change is written to the audit trail.

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A merchant account as people see it named: its display name, else its handle. */
const accountName = sql<string>`coalesce(${merchants.displayName}, ${merchants.name})`;

export type Membership = { merchantId: string; role: MemberRole; name: string; environment: "sandbox" | "live" };

/** The person's merchant accounts (not the disabled ones), oldest membership first. */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  return db
    .select({
      merchantId: memberships.merchantId,
      role: memberships.role,
      name: accountName,
      environment: merchants.environment,
    })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(and(eq(memberships.userId, userId), isNull(merchants.disabledAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.merchantId));
}

/** The person's role in one account, or null: one read by primary key (every dashboard request). */
export async function roleIn(db: Db, userId: string, merchantId: string): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId), isNull(merchants.disabledAt)))
    .limit(1);
  return row?.role ?? null;
}

export const notAllowed = (what: string) => new AppError("FORBIDDEN", `Your role does not allow you to ${what}.`);

/** Refuses unless the actor is a person with at least `needed` (an unclaimed account's key sign-in counts as owner). */
export function requireRole(actor: MerchantActor, needed: MemberRole, what: string): void {
  if (actor.face !== "dashboard") throw notAllowed(what);
  if (actor.person && !atLeast(actor.person.role, needed)) throw notAllowed(what);
}

function personOf(actor: MerchantActor): Person {
  if (!actor.person) throw new AppError("FORBIDDEN", "Claim this merchant account first: sign in as a person to manage its team.");
  return actor.person;
}

/**
 * Claims an account made before people existed with its API key: the person becomes its owner, and
 * from then on no API key signs anyone in to its dashboard. An account is claimed once.
 */
export async function claimMerchant(
  db: Db,
  person: { userId: string; email: string },
  apiKey: string,
  ip: string,
): Promise<{ merchantId: string }> {
  // a wrong key spends one of the address's failed attempts, as a wrong key does on the API
  const refused = checkFailedAuth(db, ip);
  if (refused)
    throw new AppError("RATE_LIMITED", `Too many failed attempts from your network. Try again in ${refused.resetSeconds} seconds.`);
  const [key] = await db
    .select({ merchantId: apiKeys.merchantId, claimedAt: merchants.claimedAt })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    // a read-only key cannot make its holder the owner
    .where(and(eq(apiKeys.keyHash, sha256Hex(apiKey.trim())), liveKeyCondition(), eq(apiKeys.scope, "full"), isNull(merchants.disabledAt)))
    .limit(1);
  if (!key) await countFailedAuth(db, ip);
  if (!key) throw new AppError("VALIDATION_FAILED", "That API key is not valid.", { fields: { apiKey: "not valid" } });
  if (key.claimedAt) throw new AppError("CONFLICT", "This merchant account already has an owner. Ask them to invite you.");
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(merchants)
      .set({ claimedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(merchants.id, key.merchantId), isNull(merchants.claimedAt)))
      .returning({ id: merchants.id });
    if (!claimed.length) throw new AppError("CONFLICT", "This merchant account already has an owner. Ask them to invite you.");
    await tx.insert(memberships).values({ merchantId: key.merchantId, userId: person.userId, role: "owner" });
    await recordAudit(tx, {
      merchantId: key.merchantId,
      who: { kind: "person", ...person },
      action: "team.claimed",
      target: person.email,
      ip,
    });
    return { merchantId: key.merchantId };
  });
}

export type Member = { userId: string; email: string; role: MemberRole; since: string; secondFactor: boolean };

export async function listMembers(db: Db, merchantId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      role: memberships.role,
      since: memberships.createdAt,
      totp: users.totpEnabledAt,
      passkeys: sql<number>`(select count(*)::int from passkeys p where p.user_id = ${users.id})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.merchantId, merchantId))
    .orderBy(asc(memberships.createdAt));
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    role: r.role,
    since: r.since.toISOString(),
    secondFactor: Boolean(r.totp) || r.passkeys > 0,
  }));
}

export type PendingInvite = { id: string; email: string; role: MemberRole; invitedBy: string; expiresAt: string };

export async function listInvites(db: Db, merchantId: string): Promise<PendingInvite[]> {
  const rows = await db
    .select({ id: invites.id, email: invites.email, role: invites.role, invitedBy: users.email, expiresAt: invites.expiresAt })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(
      and(eq(invites.merchantId, merchantId), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, new Date())),
    )
    .orderBy(asc(invites.createdAt));
  return rows.map((r) => ({ ...r, invitedBy: r.invitedBy ?? "a former member", expiresAt: r.expiresAt.toISOString() }));
}

/** An owner invites someone by email; the link expires in 7 days and can be revoked. */
export async function inviteMember(db: Db, actor: MerchantActor, input: { email: string; role: MemberRole }): Promise<{ id: string }> {
  requireRole(actor, "owner", "invite members");
  const inviter = personOf(actor);
  const email = normalEmail(input.email);
  const [already] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, actor.merchantId), eq(users.email, email)))
    .limit(1);
  if (already) throw new AppError("CONFLICT", `${email} is already a member of this account.`, { fields: { email: "already a member" } });
  // a mail to anyone, from an account anyone may make: limited per address and per inviter, each day
  const refused = await inviteRefusal(db, accountKey(email), inviter.userId);
  if (refused) throw new AppError("RATE_LIMITED", refused, { fields: { email: "invited too often today" } });
  const [merchant] = await db.select({ name: accountName }).from(merchants).where(eq(merchants.id, actor.merchantId)).limit(1);
  const link = newLinkToken();
  const id = newId("inv");
  await db.transaction(async (tx) => {
    // a new invite to the same address replaces the pending one
    await tx
      .update(invites)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(invites.merchantId, actor.merchantId), eq(invites.email, email), isNull(invites.acceptedAt), isNull(invites.revokedAt)),
      );
    await tx.insert(invites).values({
      id,
      merchantId: actor.merchantId,
      email,
      role: input.role,
      tokenHash: link.hash,
      invitedBy: inviter.userId,
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    });
    await auditMerchant(tx, actor, "team.invited", email, { role: input.role });
  });
  void sendMail(
    inviteMail(email, link.token, inviter.email, merchant?.name ?? "a merchant account", ROLE_LABELS[input.role].toLowerCase()),
  ).catch((err) => logger.error("mail not sent", { why: "invite", ...errorFields(err) }));
  return { id };
}

export async function revokeInvite(db: Db, actor: MerchantActor, inviteId: string): Promise<void> {
  requireRole(actor, "owner", "revoke invites");
  const done = await db
    .update(invites)
    .set({ revokedAt: new Date() })
    .where(and(eq(invites.id, inviteId), eq(invites.merchantId, actor.merchantId), isNull(invites.acceptedAt), isNull(invites.revokedAt)))
    .returning({ email: invites.email });
  if (!done.length) throw new AppError("NOT_FOUND", "Invite not found, or already accepted or revoked");
  await auditMerchant(db, actor, "team.invite-revoked", done[0]!.email);
}

export type InviteView = { state: "open"; email: string; role: MemberRole; account: string; invitedBy: string } | { state: "gone" };

/** What the invite page shows: an open invite's details, or that the link no longer works (used, revoked, expired or unknown alike). */
export async function inviteByToken(db: Db, token: string): Promise<InviteView> {
  if (!token || token.length > 100) return { state: "gone" };
  const [row] = await db
    .select({
      email: invites.email,
      role: invites.role,
      account: accountName,
      invitedBy: users.email,
    })
    .from(invites)
    .innerJoin(merchants, eq(merchants.id, invites.merchantId))
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(
      and(
        eq(invites.tokenHash, tokenHash(token)),
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ? { state: "open", ...row, invitedBy: row.invitedBy ?? "a former member" } : { state: "gone" };
}

/** Accepts an invite as the signed-in person, whose confirmed address must be the invited one. Each link works once. */
export async function acceptInvite(
  db: Db,
  token: string,
  person: { userId: string; email: string },
  ip: string,
): Promise<{ merchantId: string }> {
  const gone = () => new AppError("VALIDATION_FAILED", "This invite has expired, was revoked or was already used. Ask for a new one.");
  if (!token || token.length > 100) throw gone();
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(invites)
      .where(
        and(
          eq(invites.tokenHash, tokenHash(token)),
          isNull(invites.acceptedAt),
          isNull(invites.revokedAt),
          gt(invites.expiresAt, new Date()),
        ),
      )
      .for("update")
      .limit(1);
    if (!invite) throw gone();
    const [me] = await tx.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, person.userId)).limit(1);
    if (!me?.verified) throw new AppError("FORBIDDEN", "Confirm your email address first.");
    if (invite.email !== normalEmail(person.email)) {
      throw new AppError("FORBIDDEN", `This invite is for ${invite.email}. Sign in with that address to accept it.`);
    }
    await tx.update(invites).set({ acceptedAt: new Date(), acceptedBy: person.userId }).where(eq(invites.id, invite.id));
    await tx
      .insert(memberships)
      .values({ merchantId: invite.merchantId, userId: person.userId, role: invite.role, invitedBy: invite.invitedBy })
      .onConflictDoNothing();
    await recordAudit(tx, {
      merchantId: invite.merchantId,
      who: { kind: "person", ...person },
      action: "team.joined",
      target: person.email,
      details: { role: invite.role },
      ip,
    });
    return { merchantId: invite.merchantId };
  });
}

/** Counts the owners with the account's row locked, so two concurrent changes cannot both leave it without one. */
async function otherOwners(tx: Db, merchantId: string, userId: string): Promise<number> {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for("update");
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner"), ne(memberships.userId, userId)));
  return row?.n ?? 0;
}

const lastOwner = () => new AppError("CONFLICT", "An account needs at least one owner: make someone else an owner first.");

const membership = (merchantId: string, userId: string) => and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId));

/** The member's row, refused when `losesOwner` and they are the account's last owner. */
async function memberOrThrow(tx: Db, merchantId: string, userId: string, losesOwner: (role: MemberRole) => boolean) {
  const [member] = await tx.select().from(memberships).where(membership(merchantId, userId)).limit(1);
  if (!member) throw new AppError("NOT_FOUND", "Member not found");
  if (member.role === "owner" && losesOwner(member.role) && (await otherOwners(tx, merchantId, userId)) === 0) throw lastOwner();
  return member;
}

export async function changeRole(db: Db, actor: MerchantActor, userId: string, role: MemberRole): Promise<void> {
  requireRole(actor, "owner", "change roles");
  await db.transaction(async (tx) => {
    const member = await memberOrThrow(tx, actor.merchantId, userId, () => role !== "owner");
    await tx.update(memberships).set({ role }).where(membership(actor.merchantId, userId));
    await auditMerchant(tx, actor, "team.role-changed", userId, { from: member.role, to: role });
  });
}

/** An owner removes a member, or a member leaves (userId is their own). The last owner can do neither. */
export async function removeMember(db: Db, actor: MerchantActor, userId: string): Promise<void> {
  const self = actor.person?.userId === userId;
  if (!self) requireRole(actor, "owner", "remove members");
  await db.transaction(async (tx) => {
    await memberOrThrow(tx, actor.merchantId, userId, () => true);
    await tx.delete(memberships).where(membership(actor.merchantId, userId));
    await auditMerchant(tx, actor, self ? "team.left" : "team.removed", userId);
  });
}

/** Whether an owner of the account requires every member to have a second factor. */
export async function requiresSecondFactor(db: Db, merchantId: string): Promise<boolean> {
  const [row] = await db.select({ required: merchants.requireSecondFactor }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return Boolean(row?.required);
}

/**
 * A new merchant account made in the dashboard: the person is its owner from the start (it is
 * claimed), and the trail says who made it. Its first API key is in the answer, shown once.
 */
export function createMerchantForPerson(
  db: Db,
  person: { userId: string; email: string },
  input: { name: string; displayName?: string },
  ip: string,
) {
  return createMerchant(db, input, {
    userId: person.userId,
    then: (tx, merchantId) =>
      recordAudit(tx, { merchantId, who: { kind: "person", ...person }, action: "account.created", target: input.name, ip }),
  });
}

export async function setRequireSecondFactor(db: Db, actor: MerchantActor, required: boolean): Promise<void> {
  requireRole(actor, "owner", "change the team's sign-in rules");
  personOf(actor);
  await db.update(merchants).set({ requireSecondFactor: required, updatedAt: new Date() }).where(eq(merchants.id, actor.merchantId));
  await auditMerchant(db, actor, required ? "team.second-factor-required" : "team.second-factor-optional");
}
