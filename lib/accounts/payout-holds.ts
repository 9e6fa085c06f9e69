import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { memberships, payoutChanges, users } from "@/db/schema";
import { type AccountActor, recordAudit } from "@/lib/audit";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { errorFields, logger } from "@/lib/core/logger";
import type { Mail } from "@/lib/mail";
import { PAYOUT_CHANGE } from "@/lib/state/machines";
import { accountNameOf, mailEach, mailTime, ownersOf, type Recipient } from "./owner-mail";

// A new owner's changes of where the money goes wait. Someone who became an owner (by an invite or a
// role change, memberships.owner_since) less than NEW_OWNER_PAYOUT_HOLD ago (24 h) cannot send the
// money elsewhere at once: a new payout wallet or a new allowed payout address they ask for is held
// (payout_changes), and each earlier owner (an owner before them) is mailed a signed link that
// cancels it. A job applies it when it is due (lib/accounts/payout-addresses.ts applyHeldChange, a
// DueJob of lib/start.ts); it lapses if its new owner is removed or demoted first (teams.ts). So a
// stolen session that makes someone an owner still cannot take the money before an earlier owner
// has had a day to see the mails and stop it. The operator's command line is never held, nor is a
// change that narrows where the money goes (removing an address or the payout wallet).

export type PayoutChangeKind = "wallet" | "address";

/** A held change as the settings page and the cancel page show it. */
export type HeldChangeView = {
  id: string;
  kind: PayoutChangeKind;
  address: string;
  label: string | null;
  requestedBy: string;
  requestedAt: string;
  appliesAt: string;
};

/** What holding a change hands on to its mails, after the commit. */
export type Held = { id: string; kind: PayoutChangeKind; address: string; label: string | null; dueAt: Date; earlier: Recipient[] };

const holdMs = () => getConfig().newOwnerPayoutHoldMs;

const describe = (kind: PayoutChangeKind, address: string, label: string | null) =>
  kind === "wallet"
    ? `make ${address} the payout wallet (where v1 orders and links that name no address pay out; it also goes on the allowed payout addresses)`
    : `add ${address}${label ? ` ("${label}")` : ""} to the allowed payout addresses (sessions, orders and payment links may then pay to it)`;

/**
 * Holds the change instead of making it when the actor is a new owner: writes it held, audited, and
 * answers who is to be mailed; null when the change may go ahead now. In the caller's transaction,
 * with the account's row locked (payout-addresses.ts lockedWallet).
 */
export async function holdIfNewOwner(
  tx: Db,
  who: AccountActor,
  change: { kind: PayoutChangeKind; address: string; label: string | null },
): Promise<Held | null> {
  const actor = who.actor;
  if (actor.kind !== "merchant" || !actor.person) return null;
  const [me] = await tx
    .select({ ownerSince: memberships.ownerSince })
    .from(memberships)
    .where(and(eq(memberships.merchantId, who.merchantId), eq(memberships.userId, actor.person.userId), eq(memberships.role, "owner")))
    .limit(1);
  const since = me?.ownerSince;
  if (!since || since.getTime() <= Date.now() - holdMs()) return null;
  const c = payoutChanges;
  const [waiting] = await tx
    .select({ address: c.address, dueAt: c.dueAt })
    .from(c)
    .where(
      and(
        eq(c.merchantId, who.merchantId),
        eq(c.kind, change.kind),
        eq(c.status, PAYOUT_CHANGE.initial),
        change.kind === "address" ? eq(c.address, change.address) : undefined,
      ),
    )
    .limit(1);
  if (waiting) {
    const what = change.kind === "wallet" ? "A change of the payout wallet" : `Adding ${change.address}`;
    throw new AppError(
      "CONFLICT",
      `${what} is already waiting: it applies at ${mailTime(waiting.dueAt)} unless an earlier owner cancels it.`,
      {
        fields: { [change.kind === "wallet" ? "evmWalletAddress" : "address"]: "already waiting" },
      },
    );
  }
  const id = newId("pch");
  const dueAt = new Date(Date.now() + holdMs());
  await tx.insert(c).values({
    id,
    merchantId: who.merchantId,
    kind: change.kind,
    address: change.address,
    label: change.label,
    requestedBy: actor.person.userId,
    dueAt,
  });
  await recordAudit(tx, {
    merchantId: who.merchantId,
    who: { kind: "person", userId: actor.person.userId, email: actor.person.email },
    action: "payout-change.held",
    target: change.address,
    details: { change: id, kind: change.kind, ...(change.label ? { label: change.label } : {}), appliesAt: dueAt.toISOString() },
    ip: actor.ip ?? null,
  });
  // the owners before them: whoever became an owner earlier, or made or claimed the account
  const earlier = await tx
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.merchantId, who.merchantId),
        eq(memberships.role, "owner"),
        ne(memberships.userId, actor.person.userId),
        or(isNull(memberships.ownerSince), lt(memberships.ownerSince, since)),
      ),
    );
  return { id, kind: change.kind, address: change.address, label: change.label, dueAt, earlier };
}

/** What a held change's answer says: the change, and when it applies. */
export const heldAnswer = (held: Held) => ({ id: held.id, kind: held.kind, address: held.address, appliesAt: held.dueAt.toISOString() });

// ——— The cancel link: signed (APP_SECRET), for one earlier owner and one change ———

function mac(changeId: string, userId: string): string {
  const key = crypto.createHash("sha256").update(`checkout-payout-hold:${getConfig().appSecret}`).digest();
  return crypto.createHmac("sha256", key).update(`v1:${changeId}:${userId}`).digest("base64url");
}

export const cancelToken = (changeId: string, userId: string) => `${changeId}.${userId}.${mac(changeId, userId)}`;

/** The change and the earlier owner a cancel link is for, or null when it is not one we signed. */
function readToken(token: string): { changeId: string; userId: string } | null {
  const m = /^([a-z]+_[0-9a-f]{32})\.([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m) return null;
  const expected = Buffer.from(mac(m[1]!, m[2]!), "base64url");
  const given = Buffer.from(m[3]!, "base64url");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { changeId: m[1]!, userId: m[2]! } : null;
}

export const cancelLink = (changeId: string, userId: string) =>
  `${getConfig().appUrl}/dashboard/payout-change?token=${encodeURIComponent(cancelToken(changeId, userId))}`;

/** The mail of a held change to one earlier owner, with their link that cancels it. */
export function heldChangeMail(
  to: Recipient,
  held: Pick<Held, "id" | "kind" | "address" | "label" | "dueAt">,
  by: string,
  account: string,
  at = new Date(),
): Mail {
  const app = getConfig().appUrl;
  return {
    to: to.email,
    subject: "A new owner's payout change is waiting: cancel it if you did not expect it",
    text:
      `${by}, an owner of the merchant account "${account}" for less than ${hoursText(holdMs())}, asked to ${describe(held.kind, held.address, held.label)}.\n\n` +
      `When: ${mailTime(at)}\n\n` +
      `Because they are a new owner, the change waits: it applies at ${mailTime(held.dueAt)} unless an earlier owner cancels it.\n\n` +
      `If you did not expect it, cancel it with this link (it works once, while the change waits):\n${cancelLink(held.id, to.userId)}\n\n` +
      `Then remove them from the team (${app}/dashboard/team), change your password and sign out everywhere (${app}/dashboard/account), ` +
      `and check the audit trail (${app}/dashboard/audit). If you expected it, there is nothing to do.` +
      `\n\n—\nSent by the checkout service at ${app} to every earlier owner of the account, for every change a new owner makes to where its money goes.`,
  };
}

const hoursText = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} hours` : `${Math.ceil(ms / 60_000)} minutes`);

/** How long a new owner's changes wait, in words ("24 hours"). */
export const holdText = () => hoursText(holdMs());

/** Mails each earlier owner their cancel link, in the background. */
export function tellHeld(db: Db, who: AccountActor, held: Held): Promise<void> {
  const by = who.actor.kind === "merchant" && who.actor.person ? who.actor.person.email : "A new owner";
  const at = new Date();
  return accountNameOf(db, who.merchantId)
    .then((account) => mailEach(held.earlier, (r) => heldChangeMail(r, held, by, account, at), "held payout change"))
    .catch((err) => logger.error("mail not sent", { why: "held payout change", ...errorFields(err) }));
}

/** The account's changes that wait, oldest first (the settings page). */
export async function listHeldChanges(db: Db, merchantId: string): Promise<HeldChangeView[]> {
  const c = payoutChanges;
  const rows = await db
    .select({ row: c, by: users.email })
    .from(c)
    .leftJoin(users, eq(users.id, c.requestedBy))
    .where(and(eq(c.merchantId, merchantId), eq(c.status, PAYOUT_CHANGE.initial)))
    .orderBy(asc(c.createdAt));
  return rows.map(({ row, by }) => toView(row, by));
}

const toView = (row: typeof payoutChanges.$inferSelect, by: string | null): HeldChangeView => ({
  id: row.id,
  kind: row.kind,
  address: row.address,
  label: row.label,
  requestedBy: by ?? "a former member",
  requestedAt: row.createdAt.toISOString(),
  appliesAt: row.dueAt.toISOString(),
});

/** Ids of the held changes that are due, the longest waiting first (the job's sweep). */
export async function findDueHeldChanges(db: Db, limit = 100): Promise<string[]> {
  const c = payoutChanges;
  const rows = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.status, PAYOUT_CHANGE.initial), lte(c.dueAt, sql`now()`)))
    .orderBy(asc(c.dueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type CancelView = { state: "held"; change: HeldChangeView; account: string; for: string } | { state: "gone" };

/** What the cancel page shows for a link: the change while it waits, or that the link no longer works. */
export async function heldChangeByToken(db: Db, token: string): Promise<CancelView> {
  const read = readToken(token);
  if (!read) return { state: "gone" };
  const c = payoutChanges;
  const [row] = await db
    .select({ row: c, by: users.email })
    .from(c)
    .leftJoin(users, eq(users.id, c.requestedBy))
    .where(and(eq(c.id, read.changeId), eq(c.status, PAYOUT_CHANGE.initial)))
    .limit(1);
  const [canceller] = await db.select({ email: users.email }).from(users).where(eq(users.id, read.userId)).limit(1);
  if (!row || !canceller) return { state: "gone" };
  return { state: "held", change: toView(row.row, row.by), account: await accountNameOf(db, row.row.merchantId), for: canceller.email };
}

/**
 * An earlier owner cancels a held change from their mailed link: once, while it waits (a change
 * cancelled, applied or lapsed is gone). The link is theirs alone (signed for them), and it stays
 * theirs if they were removed from the team since: cancelling only ever keeps the money where it
 * went. Audited as theirs and mailed to every owner and to the new owner who asked.
 */
export async function cancelHeldChange(
  db: Db,
  token: string,
  ip: string,
): Promise<{ kind: PayoutChangeKind; address: string; mailed: Promise<void> }> {
  const gone = () =>
    new AppError("CONFLICT", "This change no longer waits: it was already cancelled, it has been applied, or its new owner left.");
  const read = readToken(token);
  if (!read) throw new AppError("VALIDATION_FAILED", "This link is not valid. Open the link from the mail again.");
  const [canceller] = await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.id, read.userId)).limit(1);
  if (!canceller) throw gone();
  const cancel = PAYOUT_CHANGE.triggers.cancel;
  const c = payoutChanges;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(c)
      .set({ status: cancel.to, decidedAt: new Date(), decidedBy: canceller.userId })
      .where(and(eq(c.id, read.changeId), inArray(c.status, cancel.from)))
      .returning();
    if (!row) throw gone();
    await recordAudit(tx, {
      merchantId: row.merchantId,
      who: { kind: "person", ...canceller },
      action: "payout-change.cancelled",
      target: row.address,
      details: { change: row.id, kind: row.kind, requestedBy: row.requestedBy },
      ip,
    });
    const owners = await ownersOf(tx, row.merchantId);
    const [requester] = await tx.select({ userId: users.id, email: users.email }).from(users).where(eq(users.id, row.requestedBy)).limit(1);
    return { row, recipients: [...owners, canceller, ...(requester ? [requester] : [])], requester: requester?.email ?? "a former member" };
  });
  const at = new Date();
  const mailed = accountNameOf(db, done.row.merchantId)
    .then((account) =>
      mailEach(
        done.recipients,
        (r) => cancelledMail(r.email, done.row.kind, done.row.address, done.row.label, done.requester, canceller.email, account, at),
        "held payout change cancelled",
      ),
    )
    .catch((err) => logger.error("mail not sent", { why: "held payout change cancelled", ...errorFields(err) }));
  return { kind: done.row.kind, address: done.row.address, mailed };
}

function cancelledMail(
  to: string,
  kind: PayoutChangeKind,
  address: string,
  label: string | null,
  requester: string,
  by: string,
  account: string,
  at: Date,
): Mail {
  const app = getConfig().appUrl;
  return {
    to,
    subject: "A held payout change was cancelled",
    text:
      `${by} cancelled the change ${requester} had asked for in the merchant account "${account}": to ${describe(kind, address, label)}. ` +
      `Nothing changed: the money goes where it went before.\n\nWhen: ${mailTime(at)}\n\n` +
      `If you did not expect this, check who is in the team (${app}/dashboard/team) and the audit trail (${app}/dashboard/audit).` +
      `\n\n—\nSent by the checkout service at ${app} to every owner of the account, for every change of where its money goes.`,
  };
}

/** The held changes of the account, newest first, whatever became of them (tests and the trail's readers). */
export async function payoutChangesOf(db: Db, merchantId: string) {
  return db.select().from(payoutChanges).where(eq(payoutChanges.merchantId, merchantId)).orderBy(desc(payoutChanges.createdAt));
}
