import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { memberships, merchants, paymentLinks, payoutAddresses, payoutChanges, users } from "@/db/schema";
import { dashboardMerchant, type MerchantActor, type OperatorActor } from "@/lib/core/actor";
import { type AccountActor, auditAccount, auditWho } from "@/lib/audit";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { errorFields, logger } from "@/lib/core/logger";
import type { Mail } from "@/lib/mail";
import { listedForm, openSessionsPayingTo, type SessionsPayingTo } from "@/lib/merchants/payout-addresses";
import { PAYOUT_CHANGE } from "@/lib/state/machines";
import { accountNameOf, byWhom, mailEach, mailTime, ownersOf, type Told } from "./owner-mail";
import { type Held, heldAnswer, holdIfNewOwner, tellHeld } from "./payout-holds";
import { requireRole } from "./teams";

// The owners' changes to where the account's money may go (the list itself and its check are in
// lib/merchants/payout-addresses.ts): adding and removing an allowed payout address, and setting the
// payout wallet, which puts it on the list. Only owners, in the dashboard, and the operator, from the
// command line, change them; each change is in the audit trail and mailed to every owner, so that a
// change nobody expected is seen at once. A new owner's additions wait (payout-holds.ts): the change
// is held, and applied here by a job when it is due (applyHeldChange).

type Who = AccountActor;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const MAX_LABEL = 60;

function check(who: Who, what: string) {
  if (who.actor.kind !== "merchant") return;
  if (who.actor.merchantId !== who.merchantId) throw new AppError("FORBIDDEN", "This address list belongs to another merchant account");
  requireRole(who.actor, "owner", what);
}

/** How the api_keys table names who made something ("person:usr_…", "operator"). */
const addedByOf = (actor: MerchantActor | OperatorActor) => {
  const who = auditWho(actor);
  return who.kind === "person" ? `person:${who.userId}` : who.kind === "operator" ? "operator" : "api";
};

/** Locks the account's row: changes of its list and of its payout wallet happen one at a time. */
async function lockedWallet(tx: Db, merchantId: string): Promise<string | null> {
  const [m] = await tx.select({ wallet: merchants.evmWalletAddress }).from(merchants).where(eq(merchants.id, merchantId)).for("update");
  if (!m) throw new AppError("NOT_FOUND", "Merchant not found");
  return m.wallet;
}

function checkedAddress(address: string): string {
  if (!ADDRESS.test(address))
    throw new AppError("VALIDATION_FAILED", "address: must be 0x followed by 40 hex characters", {
      fields: { address: "must be 0x followed by 40 hex characters" },
    });
  return listedForm(address);
}

export type { Told };

/** A change that was held rather than made (a new owner's): what it is and when it applies. */
export type HeldAnswer = ReturnType<typeof heldAnswer>;

/** Writes an allowed address (absent from the list, the account's row locked), audited. */
async function writeAddress(tx: Db, who: Who, address: string, label: string | null, details?: Record<string, unknown>) {
  const [added] = await tx
    .insert(payoutAddresses)
    .values({ merchantId: who.merchantId, address, label, addedBy: addedByOf(who.actor) })
    .onConflictDoNothing()
    .returning({ address: payoutAddresses.address });
  if (added)
    await auditAccount(
      tx,
      who,
      "payout-address.added",
      address,
      label || details ? { ...(label ? { label } : {}), ...details } : undefined,
    );
  return Boolean(added);
}

/** Writes the payout wallet (the account's row locked), audited, and lists it; answers the address newly listed, if any. */
async function writeWallet(tx: Db, who: Who, before: string | null, address: string | null, details?: Record<string, unknown>) {
  await tx.update(merchants).set({ evmWalletAddress: address, updatedAt: new Date() }).where(eq(merchants.id, who.merchantId));
  await auditAccount(tx, who, "payout-wallet.changed", address ?? "none", { from: before, to: address, ...details });
  if (!address) return null;
  const listed = listedForm(address);
  return (await writeAddress(tx, who, listed, "Payout wallet", details)) ? listed : null;
}

/**
 * An owner (or the operator) adds an address to the list; one already there is refused. A new
 * owner's is held instead (`held` in the answer), and the earlier owners are mailed a link that cancels it.
 */
export async function addPayoutAddress(
  db: Db,
  who: Who,
  input: { address: string; label?: string | null },
): Promise<Told & { held?: HeldAnswer }> {
  check(who, "change where payouts may go");
  const address = checkedAddress(input.address);
  const label = input.label?.trim() || null;
  if (label && label.length > MAX_LABEL) {
    throw new AppError("VALIDATION_FAILED", `label: at most ${MAX_LABEL} characters`, {
      fields: { label: `at most ${MAX_LABEL} characters` },
    });
  }
  const held = await db.transaction(async (tx) => {
    await lockedWallet(tx, who.merchantId);
    const [listed] = await tx
      .select({ address: payoutAddresses.address })
      .from(payoutAddresses)
      .where(and(eq(payoutAddresses.merchantId, who.merchantId), eq(payoutAddresses.address, address)))
      .limit(1);
    if (listed)
      throw new AppError("CONFLICT", `${address} is already an allowed payout address.`, { fields: { address: "already on the list" } });
    const held = await holdIfNewOwner(tx, who, { kind: "address", address, label });
    if (!held) await writeAddress(tx, who, address, label);
    return held;
  });
  if (held) return { held: heldAnswer(held), mailed: tellHeld(db, who, held) };
  return { mailed: tellOwners(db, who, { kind: "added", address, label }) };
}

/**
 * An owner (or the operator) removes an address: no new session, order or payment-link payment may
 * go to it, the payment links that pay to it stop taking payments, and the open sessions made before
 * that pay to it can no longer start (or signal) a payment. The payout wallet stays on the list while
 * it is the wallet. Answers how many of the account's links pay to it, and which open sessions.
 */
export async function removePayoutAddress(
  db: Db,
  who: Who,
  rawAddress: string,
): Promise<{ links: number; sessions: SessionsPayingTo } & Told> {
  check(who, "change where payouts may go");
  const address = checkedAddress(rawAddress);
  const { links, sessions } = await db.transaction(async (tx) => {
    const wallet = await lockedWallet(tx, who.merchantId);
    if (wallet && listedForm(wallet) === address) {
      throw new AppError("CONFLICT", "This address is the payout wallet: change or remove the payout wallet first.", {
        fields: { address: "is the payout wallet" },
      });
    }
    const [removed] = await tx
      .delete(payoutAddresses)
      .where(and(eq(payoutAddresses.merchantId, who.merchantId), eq(payoutAddresses.address, address)))
      .returning({ label: payoutAddresses.label });
    if (!removed) throw new AppError("NOT_FOUND", `${address} is not on the list of allowed payout addresses.`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.merchantId, who.merchantId), sql`lower(${paymentLinks.recipientAddress}) = ${address}`));
    await auditAccount(tx, who, "payout-address.removed", address, removed.label ? { label: removed.label } : undefined);
    return { links: row?.n ?? 0, sessions: await openSessionsPayingTo(tx, who.merchantId, address) };
  });
  return { links, sessions, mailed: tellOwners(db, who, { kind: "removed", address, links }) };
}

/**
 * Sets (or, with null, removes) the payout wallet: where a v1 order or link that names no destination
 * pays out. A new wallet goes on the list of allowed payout addresses too (mailed to the owners as any
 * addition is); removing the wallet leaves its address on the list, for an owner to remove.
 * `address` is checked and checksummed by the caller's schema (lib/core/fields.ts evmAddress). A new
 * owner's new wallet is held instead (`held`); removing it never is.
 */
export async function setPayoutWallet(db: Db, who: Who, address: string | null): Promise<Told & { held?: HeldAnswer }> {
  check(who, "change where payouts go");
  const outcome = await db.transaction(async (tx): Promise<{ held: Held } | { added: string | null }> => {
    const before = await lockedWallet(tx, who.merchantId);
    const changes = address !== null && (before === null || listedForm(before) !== listedForm(address));
    const held = changes ? await holdIfNewOwner(tx, who, { kind: "wallet", address, label: null }) : null;
    if (held) return { held };
    return { added: await writeWallet(tx, who, before, address) };
  });
  if ("held" in outcome) return { held: heldAnswer(outcome.held), mailed: tellHeld(db, who, outcome.held) };
  const added = outcome.added;
  return { mailed: added ? tellOwners(db, who, { kind: "added", address: added, label: "Payout wallet" }) : Promise.resolve() };
}

export type AppliedOutcome = "applied" | "lapsed" | "not-due";

/**
 * Applies a held change that is due (the job of lib/start.ts): as the new owner who asked for it,
 * once (one conditional UPDATE from held, the row locked), then mailed to every owner as any change
 * of the list is. A change whose new owner is no longer an owner lapses instead.
 */
export async function applyHeldChange(db: Db, changeId: string): Promise<AppliedOutcome> {
  const c = payoutChanges;
  const apply = PAYOUT_CHANGE.triggers.apply;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(c)
      .where(and(eq(c.id, changeId), inArray(c.status, apply.from), lte(c.dueAt, sql`now()`)))
      .for("update");
    if (!row) return null;
    const before = await lockedWallet(tx, row.merchantId);
    const [asker] = await tx
      .select({ email: users.email, role: memberships.role })
      .from(users)
      .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.merchantId, row.merchantId)))
      .where(eq(users.id, row.requestedBy))
      .limit(1);
    const email = asker?.email ?? row.requestedBy;
    const who: Who = {
      actor: { ...dashboardMerchant(row.merchantId, { userId: row.requestedBy, email, role: "owner" }) },
      merchantId: row.merchantId,
    };
    const details = { heldChange: row.id };
    if (asker?.role !== "owner") {
      const lapse = PAYOUT_CHANGE.triggers.lapse;
      await tx
        .update(c)
        .set({ status: lapse.to, decidedAt: new Date() })
        .where(and(eq(c.id, row.id), inArray(c.status, lapse.from)));
      await auditAccount(tx, who, "payout-change.lapsed", row.address, { change: row.id, kind: row.kind, requestedBy: row.requestedBy });
      return { outcome: "lapsed" as const };
    }
    let added: string | null = null;
    if (row.kind === "wallet") added = await writeWallet(tx, who, before, row.address, details);
    else added = (await writeAddress(tx, who, row.address, row.label, details)) ? row.address : null;
    await tx
      .update(c)
      .set({ status: apply.to, decidedAt: new Date() })
      .where(and(eq(c.id, row.id), inArray(c.status, apply.from)));
    await auditAccount(tx, who, "payout-change.applied", row.address, { change: row.id, kind: row.kind });
    return { outcome: "applied" as const, who, added, label: row.kind === "wallet" ? "Payout wallet" : row.label };
  });
  if (!done) return "not-due";
  if (done.outcome === "applied" && done.added) await tellOwners(db, done.who, { kind: "added", address: done.added, label: done.label });
  return done.outcome;
}

// ——— The owners' mail ———

export type PayoutAddressChange =
  { kind: "added"; address: string; label: string | null } | { kind: "removed"; address: string; links: number };

/** The mail every owner receives for a change of the list: what, by whom, when, and what to do if it was not expected. */
export function payoutAddressMail(to: string, change: PayoutAddressChange, by: string, account: string, at = new Date()): Mail {
  const app = getConfig().appUrl;
  const when = mailTime(at);
  const added = change.kind === "added";
  const what = added
    ? `${by} added ${change.address}${change.label ? ` ("${change.label}")` : ""} to the allowed payout addresses of the merchant account "${account}".\n\n` +
      `Sessions, orders and payment links of the account can now send its payments to this address.`
    : `${by} removed ${change.address} from the allowed payout addresses of the merchant account "${account}".\n\n` +
      `No new session, order or payment link can send payments to it` +
      (change.links ? `; the ${change.links} payment link${change.links === 1 ? "" : "s"} that pay to it stop taking payments.` : ".");
  return {
    to,
    // no name of anyone's choosing in the subject
    subject: added ? "A payout address was added to your merchant account" : "A payout address was removed from your merchant account",
    text:
      `${what}\n\nWhen: ${when}\n\n` +
      (added
        ? `If you did not expect this, remove the address at once in Settings (${app}/dashboard/settings), then check who is in ` +
          `your team (${app}/dashboard/team), your API keys (${app}/dashboard/developers) and the audit trail (${app}/dashboard/audit).`
        : `If you did not expect this, add the address back in Settings (${app}/dashboard/settings) if it is yours, and check ` +
          `who is in your team (${app}/dashboard/team) and the audit trail (${app}/dashboard/audit).`) +
      `\n\n—\nSent by the checkout service at ${app} to every owner of the account, for every change of where its money may go.`,
  };
}

/** Mails each owner of the account about the change, in the background (a failure is logged, the change stands). */
function tellOwners(db: Db, who: Who, change: PayoutAddressChange): Promise<void> {
  const by = byWhom(who.actor);
  const at = new Date();
  return (async () => {
    const [account, owners] = await Promise.all([accountNameOf(db, who.merchantId), ownersOf(db, who.merchantId)]);
    await mailEach(owners, (o) => payoutAddressMail(o.email, change, by, account, at), "payout address");
  })().catch((err) => logger.error("mail not sent", { why: "payout address", ...errorFields(err) }));
}
