import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { memberships, merchants, users } from "@/db/schema";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";
import { auditWho } from "@/lib/audit";
import { errorFields, logger } from "@/lib/core/logger";
import { type Mail, sendMail } from "@/lib/mail";

// What the owners' mails share: who is an owner now, how the account and the actor are named, the
// time a mail gives, and sending to many in the background (a failure is logged, the change stands).
// The team's changes (teams.ts), the payout addresses' (payout-addresses.ts) and the held payout
// changes' (payout-holds.ts) all mail their owners this way.

export type Recipient = { userId: string; email: string };

/** The account's owners as they are now (in `db`'s snapshot: inside a transaction, before its change). */
export async function ownersOf(db: Db, merchantId: string): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.merchantId, merchantId), eq(memberships.role, "owner")));
}

/** How people see the account named: its display name, else its handle. */
export async function accountNameOf(db: Db, merchantId: string): Promise<string> {
  const [m] = await db
    .select({ name: sql<string>`coalesce(${merchants.displayName}, ${merchants.name})` })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return m?.name ?? "your merchant account";
}

/** Who made a change, as the owners' mail names them. */
export function byWhom(actor: MerchantActor | OperatorActor): string {
  const who = auditWho(actor);
  if (who.kind === "person") return who.email;
  if (who.kind === "operator") return "The operator of this checkout service (from its command line)";
  return "Someone signed in with the account's API key";
}

/** A time as the mails give it: to the minute, in UTC. */
export const mailTime = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Each address once, whatever its case. */
export function distinct(recipients: Recipient[]): Recipient[] {
  const seen = new Set<string>();
  return recipients.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Sends each recipient their mail; settles once every one is sent or has failed (logged), never rejects. */
export function mailEach(recipients: Recipient[], build: (to: Recipient) => Mail, why: string): Promise<void> {
  return Promise.all(
    distinct(recipients).map((r) =>
      Promise.resolve()
        .then(() => sendMail(build(r)))
        .catch((err) => logger.error("mail not sent", { why, ...errorFields(err) })),
    ),
  ).then(() => {});
}

/**
 * What a change answers: `mailed` settles once every mail is sent or has failed (logged); the
 * dashboard does not wait for it, the command line does before it exits.
 */
export type Told = { mailed: Promise<void> };
