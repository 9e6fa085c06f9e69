import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, invites, memberships, merchants, type MemberRole, payoutChanges, users } from "@/db/schema";
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
import { PAYOUT_CHANGE } from "@/lib/state/machines";
import { inviteMail } from "./messages";
import { accountNameOf, byWhom, mailEach, ownersOf, type Recipient, type Told } from "./owner-mail";
import { atLeast, ROLE_LABELS } from "./roles";
import { type TeamChange, teamChangeMail } from "./team-mail";
import { newLinkToken, normalEmail, tokenHash } from "./tokens";

// Teams: who belongs to which merchant account, with which role; invites by email; claiming an
// account made before people existed. Every change is checked against the actor's role here, not
// only in the interface, written to the audit trail, and mailed to every owner as they were before
// it (the member it is about too: a removed owner hears of it). The dashboard asks for a recent
// re-authentication before each (actions/dashboard/team.ts). A member who is removed, or is no longer
// an owner, takes their pending invites with them (they lapse) and their held payout changes (lapsed
// too, payout-holds.ts); a member who becomes an owner is a new owner for NEW_OWNER_PAYOUT_HOLD
// (memberships.owner_since).

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
export async function inviteMember(
  db: Db,
  actor: MerchantActor,
  input: { email: string; role: MemberRole },
): Promise<{ id: string } & Told> {
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
  const owners = await db.transaction(async (tx) => {
    // the inviter is still an owner as the invite is written, and stays one until it is: a removal or
    // a demotion that commits first refuses it, one that waits for this lapses it with the others
    const [still] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(membership(actor.merchantId, inviter.userId), eq(memberships.role, "owner")))
      .for("share");
    if (!still) throw notAllowed("invite members");
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
    return ownersOf(tx, actor.merchantId);
  });
  void sendMail(
    inviteMail(email, link.token, inviter.email, merchant?.name ?? "a merchant account", ROLE_LABELS[input.role].toLowerCase()),
  ).catch((err) => logger.error("mail not sent", { why: "invite", ...errorFields(err) }));
  return { id, mailed: tellTeam(db, actor.merchantId, byWhom(actor), owners, { kind: "invited", email, role: input.role }) };
}

export async function revokeInvite(db: Db, actor: MerchantActor, inviteId: string): Promise<Told> {
  requireRole(actor, "owner", "revoke invites");
  const { done, owners } = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(invites)
      .set({ revokedAt: new Date() })
      .where(and(eq(invites.id, inviteId), eq(invites.merchantId, actor.merchantId), isNull(invites.acceptedAt), isNull(invites.revokedAt)))
      .returning({ email: invites.email, role: invites.role });
    if (!done) throw new AppError("NOT_FOUND", "Invite not found, or already accepted or revoked");
    await auditMerchant(tx, actor, "team.invite-revoked", done.email);
    return { done, owners: await ownersOf(tx, actor.merchantId) };
  });
  return { mailed: tellTeam(db, actor.merchantId, byWhom(actor), owners, { kind: "invite-revoked", email: done.email, role: done.role }) };
}

export type InviteView = { state: "open"; email: string; role: MemberRole; account: string; invitedBy: string } | { state: "gone" };

/** The invite a link's token opens: not accepted, revoked or expired. */
const openInviteOf = (token: string) =>
  and(eq(invites.tokenHash, tokenHash(token)), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, new Date()));

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
    .where(openInviteOf(token))
    .limit(1);
  return row ? { state: "open", ...row, invitedBy: row.invitedBy ?? "a former member" } : { state: "gone" };
}

/** Accepts an invite as the signed-in person, whose confirmed address must be the invited one. Each link works once. */
export async function acceptInvite(
  db: Db,
  token: string,
  person: { userId: string; email: string },
  ip: string,
): Promise<{ merchantId: string } & Told> {
  const gone = () => new AppError("VALIDATION_FAILED", "This invite has expired, was revoked or was already used. Ask for a new one.");
  if (!token || token.length > 100) throw gone();
  return db
    .transaction(async (tx) => {
      const [invite] = await tx.select().from(invites).where(openInviteOf(token)).for("update").limit(1);
      if (!invite) throw gone();
      const [me] = await tx.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, person.userId)).limit(1);
      if (!me?.verified) throw new AppError("FORBIDDEN", "Confirm your email address first.");
      if (invite.email !== normalEmail(person.email)) {
        throw new AppError("FORBIDDEN", `This invite is for ${invite.email}. Sign in with that address to accept it.`);
      }
      const owners = await ownersOf(tx, invite.merchantId);
      await tx.update(invites).set({ acceptedAt: new Date(), acceptedBy: person.userId }).where(eq(invites.id, invite.id));
      const joined = await tx
        .insert(memberships)
        .values({
          merchantId: invite.merchantId,
          userId: person.userId,
          role: invite.role,
          invitedBy: invite.invitedBy,
          ownerSince: invite.role === "owner" ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning({ userId: memberships.userId });
      await recordAudit(tx, {
        merchantId: invite.merchantId,
        who: { kind: "person", ...person },
        action: "team.joined",
        target: person.email,
        details: { role: invite.role },
        ip,
      });
      return { merchantId: invite.merchantId, owners: joined.length ? owners : [], role: invite.role };
    })
    .then(({ merchantId, owners, role }) => ({
      merchantId,
      mailed: tellTeam(db, merchantId, person.email, owners, { kind: "joined", email: person.email, role }),
    }));
}

/**
 * Counts the owners with the account's row locked, so two concurrent changes cannot both leave it
 * without one. NO KEY UPDATE: it keeps other changes of the team out, not the rows that only point at
 * the account (an invite being written holds its inviter's membership, then checks its foreign key to
 * this row: a FOR UPDATE here would deadlock with it).
 */
async function otherOwners(tx: Db, merchantId: string, userId: string): Promise<number> {
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for("no key update");
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner"), ne(memberships.userId, userId)));
  return row?.n ?? 0;
}

const lastOwner = () => new AppError("CONFLICT", "An account needs at least one owner: make someone else an owner first.");

const membership = (merchantId: string, userId: string) => and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId));

/** The member's row (with their address), refused when `losesOwner` and they are the account's last owner. */
async function memberOrThrow(tx: Db, merchantId: string, userId: string, losesOwner: (role: MemberRole) => boolean) {
  const [member] = await tx
    .select({ role: memberships.role, ownerSince: memberships.ownerSince, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(membership(merchantId, userId))
    .limit(1);
  if (!member) throw new AppError("NOT_FOUND", "Member not found");
  if (member.role === "owner" && losesOwner(member.role) && (await otherOwners(tx, merchantId, userId)) === 0) throw lastOwner();
  return member;
}

/**
 * What a member who leaves the team, or is no longer an owner, leaves behind: the invites they sent
 * that are still pending stop working (only owners invite), and their held payout changes lapse.
 * In the transaction of the change, so an invite written at the same time waits for it (inviteMember).
 */
async function lapseWhatTheySent(tx: Db, actor: MerchantActor, userId: string): Promise<{ lapsedInvites: number }> {
  const now = new Date();
  const revoked = await tx
    .update(invites)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invites.merchantId, actor.merchantId),
        eq(invites.invitedBy, userId),
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, now),
      ),
    )
    .returning({ email: invites.email });
  const lapse = PAYOUT_CHANGE.triggers.lapse;
  const held = await tx
    .update(payoutChanges)
    .set({ status: lapse.to, decidedAt: now })
    .where(
      and(eq(payoutChanges.merchantId, actor.merchantId), eq(payoutChanges.requestedBy, userId), inArray(payoutChanges.status, lapse.from)),
    )
    .returning({ id: payoutChanges.id, kind: payoutChanges.kind, address: payoutChanges.address });
  for (const i of revoked) await auditMerchant(tx, actor, "team.invite-lapsed", i.email, { invitedBy: userId });
  for (const c of held)
    await auditMerchant(tx, actor, "payout-change.lapsed", c.address, { change: c.id, kind: c.kind, requestedBy: userId });
  return { lapsedInvites: revoked.length };
}

export async function changeRole(db: Db, actor: MerchantActor, userId: string, role: MemberRole): Promise<Told> {
  requireRole(actor, "owner", "change roles");
  const told = await db.transaction(async (tx) => {
    const member = await memberOrThrow(tx, actor.merchantId, userId, () => role !== "owner");
    if (member.role === role) return null;
    const owners = await ownersOf(tx, actor.merchantId);
    // becoming an owner starts the hold on their payout changes; an owner who stays one keeps theirs
    const ownerSince = role !== "owner" ? null : member.role === "owner" ? member.ownerSince : new Date();
    await tx.update(memberships).set({ role, ownerSince }).where(membership(actor.merchantId, userId));
    const { lapsedInvites } = member.role === "owner" ? await lapseWhatTheySent(tx, actor, userId) : { lapsedInvites: 0 };
    await auditMerchant(tx, actor, "team.role-changed", userId, {
      from: member.role,
      to: role,
      ...(lapsedInvites ? { lapsedInvites } : {}),
    });
    const change: TeamChange = { kind: "role-changed", email: member.email, from: member.role, to: role, lapsedInvites };
    return { recipients: [...owners, { userId, email: member.email }], change };
  });
  if (!told) return { mailed: Promise.resolve() };
  return { mailed: tellTeam(db, actor.merchantId, byWhom(actor), told.recipients, told.change) };
}

/** An owner removes a member, or a member leaves (userId is their own). The last owner can do neither. */
export async function removeMember(db: Db, actor: MerchantActor, userId: string): Promise<Told> {
  const self = actor.person?.userId === userId;
  if (!self) requireRole(actor, "owner", "remove members");
  const told = await db.transaction(async (tx) => {
    const member = await memberOrThrow(tx, actor.merchantId, userId, () => true);
    const owners = await ownersOf(tx, actor.merchantId);
    await tx.delete(memberships).where(membership(actor.merchantId, userId));
    const { lapsedInvites } = await lapseWhatTheySent(tx, actor, userId);
    await auditMerchant(tx, actor, self ? "team.left" : "team.removed", userId, lapsedInvites ? { lapsedInvites } : undefined);
    const change: TeamChange = { kind: self ? "left" : "removed", email: member.email, lapsedInvites };
    return { recipients: [...owners, { userId, email: member.email }], change };
  });
  return { mailed: tellTeam(db, actor.merchantId, byWhom(actor), told.recipients, told.change) };
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

export async function setRequireSecondFactor(db: Db, actor: MerchantActor, required: boolean): Promise<Told> {
  requireRole(actor, "owner", "change the team's sign-in rules");
  personOf(actor);
  const owners = await db.transaction(async (tx) => {
    await tx.update(merchants).set({ requireSecondFactor: required, updatedAt: new Date() }).where(eq(merchants.id, actor.merchantId));
    await auditMerchant(tx, actor, required ? "team.second-factor-required" : "team.second-factor-optional");
    return ownersOf(tx, actor.merchantId);
  });
  return { mailed: tellTeam(db, actor.merchantId, byWhom(actor), owners, { kind: "second-factor", required }) };
}

/** Mails each recipient (the owners before the change, and the member it is about) the change, in the background. */
function tellTeam(db: Db, merchantId: string, by: string, recipients: Recipient[], change: TeamChange): Promise<void> {
  const at = new Date();
  if (!recipients.length) return Promise.resolve();
  return accountNameOf(db, merchantId)
    .then((account) => mailEach(recipients, (r) => teamChangeMail(r.email, change, by, account, at), "team change"))
    .catch((err) => logger.error("mail not sent", { why: "team change", ...errorFields(err) }));
}
