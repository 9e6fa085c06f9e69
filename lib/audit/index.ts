import { and, desc, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog, rateLimitCounters } from "@/db/schema";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";

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

// ——— How fast an account's trail may grow ———
// The trail is append-only (the database refuses anything else), so an account that changes
// something over and over (a free sandbox account, any key) would grow it without bound: each
// account's audited writes are counted per hour, on the write's own handle (its transaction: a
// refused write is rolled back with the change it records, and no pooled connection is awaited while
// the transaction holds one), and refused past AUDIT_WRITES_PER_HOUR. The operator's are not counted.

const AUDIT_WINDOW_MS = 60 * 60 * 1000;
const auditBucket = (merchantId: string) => `audit.writes:${merchantId}`;

function auditWindow(now = new Date()) {
  const startMs = Math.floor(now.getTime() / AUDIT_WINDOW_MS) * AUDIT_WINDOW_MS;
  const config = getConfig();
  return {
    start: new Date(startMs),
    limit: Math.max(1, Math.ceil(config.auditWritesPerHour * config.rateLimitMultiplier)),
    resetSeconds: Math.max(1, Math.ceil((startMs + AUDIT_WINDOW_MS - now.getTime()) / 1000)),
  };
}

const tooManyAudited = (limit: number, resetSeconds: number) =>
  new AppError(
    "RATE_LIMITED",
    `Too many changes to this merchant account: at most ${limit} an hour are recorded. Try again in ${resetSeconds} seconds.`,
    { retryAfterSeconds: resetSeconds },
  );

/**
 * Refuses before anything is changed when the account has spent this hour's audited writes: for a
 * change whose record is written after it (a route that waits on the network, an unclaimed account's
 * listed address). Only reads the count.
 */
export async function assertAuditRoom(db: Db, merchantId: string, now = new Date()): Promise<void> {
  const w = auditWindow(now);
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, auditBucket(merchantId)), eq(rateLimitCounters.windowStart, w.start)))
    .limit(1);
  if ((row?.count ?? 0) >= w.limit) throw tooManyAudited(w.limit, w.resetSeconds);
}

async function countAuditedWrite(db: Db, merchantId: string, now = new Date()): Promise<void> {
  const w = auditWindow(now);
  const t = rateLimitCounters;
  const [row] = await db
    .insert(t)
    .values({ bucket: auditBucket(merchantId), windowStart: w.start, count: 1 })
    .onConflictDoUpdate({ target: [t.bucket, t.windowStart], set: { count: sql`${t.count} + 1` } })
    .returning({ count: t.count });
  if ((row?.count ?? 1) > w.limit) throw tooManyAudited(w.limit, w.resetSeconds);
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const who = entry.who;
  if (entry.merchantId && who.kind !== "operator") await countAuditedWrite(db, entry.merchantId);
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
