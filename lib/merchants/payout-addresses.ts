import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, payoutAddresses, users } from "@/db/schema";
import type { MerchantActor } from "@/lib/core/actor";
import { auditWho, recordAudit } from "@/lib/audit";
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
