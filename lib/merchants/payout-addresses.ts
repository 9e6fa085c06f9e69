import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, merchants, orders, payoutAddresses, users } from "@/db/schema";
import { isOrderLive, isSessionOpen, statusesWhere } from "@/lib/state";
import type { MerchantActor } from "@/lib/core/actor";
import { assertAuditRoom, auditWho, recordAudit } from "@/lib/audit";
import { AppError, invalid } from "@/lib/core/errors";

// The account's allowed payout addresses: every recipient that a session, a v1 order or a payment link
// names is checked against this list, on every face (lib/sessions/create.ts createSessionRow, which a
// link's payer starts through too, and lib/links/service.ts createPaymentLink). An empty list allows
// nothing: a payment service fails closed, and the payout wallet is on the list anyway (setting it adds
// it, and it cannot be removed while it is the wallet), so "nothing listed" and "only the payout
// wallet" never differ. Owners add and remove addresses (lib/accounts/payout-addresses.ts).
//
// An account nobody has claimed yet (made through the API) has no owner to ask: its API key is its
// owner (lib/accounts/roles.ts), so the addresses the key names are listed as it names them, audited,
// and the list is complete when a person claims the account; from then on only owners add.

/** How the list stores an address: lower case, one row whatever the checksum casing. */
export const listedForm = (address: string) => address.toLowerCase();

export type PayoutAddressView = {
  /** lower case, as stored */
  address: string;
  label: string | null;
  /** the person's email, "Operator", "API key", "Upgrade", or null */
  addedBy: string | null;
  addedAt: string;
  /** it is the account's payout wallet (it cannot be removed while it is) */
  payoutWallet: boolean;
};

const ADDED_BY: Record<string, string> = {
  operator: "Operator",
  api: "API key (before the account was claimed)",
  upgrade: "Already in use when the list began",
};

export async function listPayoutAddresses(db: Db, merchantId: string): Promise<PayoutAddressView[]> {
  const p = payoutAddresses;
  const rows = await db
    .select({ row: p, creator: users.email, wallet: merchants.evmWalletAddress })
    .from(p)
    .innerJoin(merchants, eq(merchants.id, p.merchantId))
    .leftJoin(users, sql`${p.addedBy} = 'person:' || ${users.id}`)
    .where(eq(p.merchantId, merchantId))
    .orderBy(asc(p.createdAt), asc(p.address));
  return rows.map(({ row, creator, wallet }) => ({
    address: row.address,
    label: row.label,
    addedBy: creator ?? (row.addedBy ? (ADDED_BY[row.addedBy] ?? null) : null),
    addedAt: row.createdAt.toISOString(),
    payoutWallet: wallet !== null && listedForm(wallet) === row.address,
  }));
}

/** The refusal of a recipient that is not on the list: the field, what is wrong, and who can change it. */
export const notAllowedPayoutAddress = (field: string) =>
  invalid(
    field,
    "is not one of this account's allowed payout addresses; an owner can add it in the dashboard (Settings, Allowed payout addresses)",
  );

/** Whether the address is on the account's list now; an unclaimed account's list is read as it is, nothing is added. */
export async function isPayoutAddressListed(db: Db, merchantId: string, address: string): Promise<boolean> {
  const p = payoutAddresses;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(p)
    .where(and(eq(p.merchantId, merchantId), eq(p.address, listedForm(address))))
    .limit(1);
  return Boolean(row);
}

/**
 * The refusal of a start (and of the real rail's signal) whose session pays to an address taken off
 * the list after the session was made: the payer is told the checkout cannot take the payment.
 */
export const payoutAddressRemoved = () =>
  new AppError(
    "CONFLICT",
    "This checkout cannot take payments: the shop's payout address it was made for was removed. Ask the merchant for another way to pay.",
  );

/** How many of the sessions an address's removal stops are named in its answer (the rest are counted). */
const NAMED_SESSIONS = 50;

/**
 * The open sessions (and v1 orders) that pay to an address, as its removal answers them: `stopped`,
 * those that can no longer start or signal their payment (lib/sessions/transitions.ts priceStart,
 * lib/orders/rail-steps/signal.ts); `underWay`, those whose intent already names the address on the
 * chain (a payment the payer may be making, never cancelled for this), which still settle to it.
 * Newest first, at most NAMED_SESSIONS of each; `more`: how many more were not named.
 */
export type SessionsPayingTo = { stopped: string[]; underWay: string[]; more: number };

// the orders whose intent is on the chain with the session's recipient in it
const ORDER_STATUSES_ON_CHAIN = statusesWhere("order", (st) => isOrderLive(st) && st !== "SIGNAL_SUBMITTED");

export async function openSessionsPayingTo(db: Db, merchantId: string, address: string): Promise<SessionsPayingTo> {
  const s = checkoutSessions;
  const o = orders;
  const rows = await db
    .select({ id: s.id, underWay: sql<boolean>`coalesce(${inArray(o.status, ORDER_STATUSES_ON_CHAIN)}, false)` })
    .from(s)
    .leftJoin(o, eq(o.id, s.activeOrderId))
    .where(
      and(
        eq(s.merchantId, merchantId),
        inArray(s.status, statusesWhere("session", isSessionOpen)),
        gt(s.expiresAt, sql`now()`),
        sql`lower(${s.recipientAddress}) = ${listedForm(address)}`,
      ),
    )
    .orderBy(desc(s.createdAt), desc(s.id));
  const stopped = rows.filter((r) => !r.underWay).map((r) => r.id);
  const underWay = rows.filter((r) => r.underWay).map((r) => r.id);
  const more = Math.max(0, stopped.length - NAMED_SESSIONS) + Math.max(0, underWay.length - NAMED_SESSIONS);
  return { stopped: stopped.slice(0, NAMED_SESSIONS), underWay: underWay.slice(0, NAMED_SESSIONS), more };
}

/** What a payer is told when a link's recipient was taken off the list after the link was made. */
const LINK_CLOSED = "This payment link cannot take payments right now. Ask the merchant for another way to pay.";

/**
 * Refuses a recipient that is not on the actor's account's list, before anything is written:
 * VALIDATION_FAILED on `field` for the merchant's own requests, and a payer's start on a link whose
 * address has since been removed is told the link is closed. An unclaimed account's key (or its
 * dashboard sign-in with that key) lists the address instead, with an audit record.
 */
export async function assertPayoutAddress(db: Db, address: string, { actor, field }: { actor: MerchantActor; field: string }) {
  const listed = listedForm(address);
  const p = payoutAddresses;
  const [row] = await db
    .select({
      claimedAt: merchants.claimedAt,
      allowed: sql<boolean>`exists (select 1 from ${p} where ${p.merchantId} = ${merchants.id} and ${p.address} = ${listed})`,
    })
    .from(merchants)
    .where(eq(merchants.id, actor.merchantId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Merchant not found");
  if (row.allowed) return;
  if (row.claimedAt) {
    if (actor.face === "link") throw new AppError("CONFLICT", LINK_CLOSED);
    throw notAllowedPayoutAddress(field);
  }
  // the address is listed only with its record: refused first if the account has spent this hour's
  await assertAuditRoom(db, actor.merchantId);
  const [added] = await db
    .insert(p)
    .values({ merchantId: actor.merchantId, address: listed, addedBy: "api" })
    .onConflictDoNothing()
    .returning({ address: p.address });
  if (added)
    await recordAudit(db, {
      merchantId: actor.merchantId,
      // a payer's start on a link made before the list began names the address the key gave the link
      who: actor.face === "link" ? { kind: "key", keyId: null, label: "Payment link (made with the API key)" } : auditWho(actor),
      action: "payout-address.added",
      target: listed,
      details: { unclaimedAccount: true, via: field },
      ip: actor.ip ?? null,
    });
}
