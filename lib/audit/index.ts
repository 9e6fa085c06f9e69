import { and, desc, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";

// The audit trail: who (a person, an API key, the operator) changed what, when and from which
// address. The application only ever inserts (the database refuses anything else, migration 0012).

export type AuditWho =
  { kind: "person"; userId: string; email: string } | { kind: "key"; keyId: string | null; label: string } | { kind: "operator" };

export type AuditEntry = {
  merchantId: string | null;
  who: AuditWho;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
};

/** Who an actor is, for the trail. */
export function auditWho(actor: MerchantActor | OperatorActor): AuditWho {
  if (actor.kind === "operator") return { kind: "operator" };
  if (actor.person) return { kind: "person", userId: actor.person.userId, email: actor.person.email };
  return actor.face === "api"
    ? { kind: "key", keyId: actor.keyId, label: "API key" }
    : { kind: "key", keyId: null, label: "Dashboard (signed in with the API key)" };
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const who = entry.who;
  await db.insert(auditLog).values({
    merchantId: entry.merchantId,
    actorKind: who.kind,
    actorId: who.kind === "person" ? who.userId : who.kind === "key" ? who.keyId : null,
    actorLabel: who.kind === "person" ? who.email : who.kind === "key" ? who.label : "Operator (admin command line)",
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

/** An actor's change to its merchant account. */
export const auditMerchant = (db: Db, actor: MerchantActor, action: string, target?: string | null, details?: Record<string, unknown>) =>
  recordAudit(db, { merchantId: actor.merchantId, who: auditWho(actor), action, target, details, ip: actor.ip });

export type AuditRecord = {
  id: number;
  at: string;
  actorKind: string;
  actorLabel: string;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
};

export type AuditFilter = { action?: string; actorId?: string; before?: number; limit?: number };

/**
 * A merchant account's trail, newest first, keyset-paged by id, with the reader's own account records
 * (a password change, a second factor: they belong to no merchant account). `onlyActor` limits it to
 * one person's own records (what members other than owners see).
 */
export async function listAudit(
  db: Db,
  merchantId: string,
  filter: AuditFilter,
  onlyActor?: string,
  reader?: string,
): Promise<AuditRecord[]> {
  const actor = onlyActor ?? filter.actorId;
  const merchantRecords = and(eq(auditLog.merchantId, merchantId), actor ? eq(auditLog.actorId, actor) : undefined)!;
  const own = reader && (!actor || actor === reader) ? and(isNull(auditLog.merchantId), eq(auditLog.actorId, reader)) : undefined;
  const where: SQL[] = [own ? or(merchantRecords, own)! : merchantRecords];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filter.limit ?? 50, 200));
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actorKind: r.actorKind,
    actorLabel: r.actorLabel,
    action: r.action,
    target: r.target,
    details: r.details,
    ip: r.ip,
  }));
}

/** The actions a merchant's trail (and the reader's own records) holds, for the page's filter. */
export async function auditActions(db: Db, merchantId: string, reader?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(
      reader
        ? or(eq(auditLog.merchantId, merchantId), and(isNull(auditLog.merchantId), eq(auditLog.actorId, reader)))
        : eq(auditLog.merchantId, merchantId),
    );
  return rows.map((r) => r.action).sort();
}

/** Who acts on an account's settings: a merchant actor (a person or a key) or the operator, on one account. */
export type AccountActor = { actor: MerchantActor | OperatorActor; merchantId: string };

/** A change of an account's settings (its keys, where its money may go), by whoever acts on it; the operator has no address. */
export const auditAccount = (db: Db, who: AccountActor, action: string, target: string, details?: Record<string, unknown>) =>
  recordAudit(db, {
    merchantId: who.merchantId,
    who: auditWho(who.actor),
    action,
    target,
    details,
    ip: who.actor.kind === "merchant" ? (who.actor.ip ?? null) : null,
  });
