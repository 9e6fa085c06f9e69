import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { memberships, merchants, paymentLinks, payoutAddresses, users } from "@/db/schema";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";
import { type AccountActor, auditAccount, auditWho } from "@/lib/audit";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { errorFields, logger } from "@/lib/core/logger";
import { type Mail, sendMail } from "@/lib/mail";
import { listedForm, openSessionsPayingTo, type SessionsPayingTo } from "@/lib/merchants/payout-addresses";
import { requireRole } from "./teams";

// The owners' changes to where the account's money may go (the list itself and its check are in
// lib/merchants/payout-addresses.ts): adding and removing an allowed payout address, and setting the
// payout wallet, which puts it on the list. Only owners, in the dashboard, and the operator, from the
// command line, change them; each change is in the audit trail and mailed to every owner, so that a
// change nobody expected is seen at once.

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

/**
 * What a change answers: `mailed` settles once every owner's mail is sent or has failed (logged);
 * the dashboard does not wait for it, the command line does before it exits.
 */
export type Told = { mailed: Promise<void> };

/** An owner (or the operator) adds an address to the list; one already there is refused. */
export async function addPayoutAddress(db: Db, who: Who, input: { address: string; label?: string | null }): Promise<Told> {
  check(who, "change where payouts may go");
  const address = checkedAddress(input.address);
  const label = input.label?.trim() || null;
  if (label && label.length > MAX_LABEL) {
    throw new AppError("VALIDATION_FAILED", `label: at most ${MAX_LABEL} characters`, {
      fields: { label: `at most ${MAX_LABEL} characters` },
    });
  }
  await db.transaction(async (tx) => {
    await lockedWallet(tx, who.merchantId);
    const [added] = await tx
      .insert(payoutAddresses)
      .values({ merchantId: who.merchantId, address, label, addedBy: addedByOf(who.actor) })
      .onConflictDoNothing()
      .returning({ address: payoutAddresses.address });
    if (!added)
      throw new AppError("CONFLICT", `${address} is already an allowed payout address.`, { fields: { address: "already on the list" } });
    await auditAccount(tx, who, "payout-address.added", address, label ? { label } : undefined);
  });
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
 * `address` is checked and checksummed by the caller's schema (lib/core/fields.ts evmAddress).
 */
export async function setPayoutWallet(db: Db, who: Who, address: string | null): Promise<Told> {
  check(who, "change where payouts go");
  const added = await db.transaction(async (tx) => {
    const before = await lockedWallet(tx, who.merchantId);
    await tx.update(merchants).set({ evmWalletAddress: address, updatedAt: new Date() }).where(eq(merchants.id, who.merchantId));
    await auditAccount(tx, who, "payout-wallet.changed", address ?? "none", { from: before, to: address });
    if (!address) return null;
    const [row] = await tx
      .insert(payoutAddresses)
      .values({ merchantId: who.merchantId, address: listedForm(address), label: "Payout wallet", addedBy: addedByOf(who.actor) })
      .onConflictDoNothing()
      .returning({ address: payoutAddresses.address });
    if (row) await auditAccount(tx, who, "payout-address.added", row.address, { label: "Payout wallet" });
    return row?.address ?? null;
  });
  return { mailed: added ? tellOwners(db, who, { kind: "added", address: added, label: "Payout wallet" }) : Promise.resolve() };
}

// ——— The owners' mail ———

export type PayoutAddressChange =
  { kind: "added"; address: string; label: string | null } | { kind: "removed"; address: string; links: number };

/** Who made a change, as the owners' mail names them. */
function byWhom(actor: MerchantActor | OperatorActor): string {
  const who = auditWho(actor);
  if (who.kind === "person") return who.email;
  if (who.kind === "operator") return "The operator of this checkout service (from its command line)";
  return "Someone signed in with the account's API key";
}

/** The mail every owner receives for a change of the list: what, by whom, when, and what to do if it was not expected. */
export function payoutAddressMail(to: string, change: PayoutAddressChange, by: string, account: string, at = new Date()): Mail {
  const app = getConfig().appUrl;
  const when = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
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
    const [m] = await db
      .select({ name: sql<string>`coalesce(${merchants.displayName}, ${merchants.name})` })
      .from(merchants)
      .where(eq(merchants.id, who.merchantId))
      .limit(1);
    const owners = await db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, who.merchantId), eq(memberships.role, "owner")));
    await Promise.all(
      owners.map((o) =>
        sendMail(payoutAddressMail(o.email, change, by, m?.name ?? "your merchant account", at)).catch((err) =>
          logger.error("mail not sent", { why: "payout address", ...errorFields(err) }),
        ),
      ),
    );
  })().catch((err) => logger.error("mail not sent", { why: "payout address", ...errorFields(err) }));
}
