import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, users } from "@/db/schema";
import type { MerchantActor, OperatorActor } from "@/lib/core/actor";
import { AppError } from "@/lib/core/errors";
import { newApiKey } from "@/lib/merchants/service";
import { type AccountActor, auditAccount, auditWho } from "@/lib/audit";
import { requireRole } from "./teams";

// A merchant account's named API keys: created (the secret shown once), rolled (a new secret, the old
// one working on for a grace period) and revoked. The dashboard (developers create, and roll the keys
// they made; owners roll any and revoke) and the operator's command line use these; the API itself only ever looks a key up. A roll
// that stops the old key within SHORT_GRACE_MS is a revocation in all but name, so it is owners' too.
// A key's scope: "full" does what the API allows, "read" only reads (lib/http/route.ts refuses it
// everything but GET), for reporting and monitoring that must not move money or change settings.

export const KEY_SCOPES = ["full", "read"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** A roll whose old key stops sooner than this (0: at once) needs an owner, as revoking does. */
export const SHORT_GRACE_MS = 60 * 60 * 1000;

export type KeyView = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  /** the person who made it (their user id), when a person did: a developer rolls only their own keys */
  createdById: string | null;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  state: "active" | "expiring" | "expired" | "revoked";
  scope: KeyScope;
};

const MAX_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

type KeyActor = AccountActor;

function check(who: KeyActor, needed: "developer" | "owner", what: string) {
  if (who.actor.kind === "merchant") {
    if (who.actor.merchantId !== who.merchantId) throw new AppError("FORBIDDEN", "This key belongs to another merchant account");
    requireRole(who.actor, needed, what);
  }
}

const createdByOf = (actor: MerchantActor | OperatorActor) => {
  const who = auditWho(actor);
  return who.kind === "person" ? `person:${who.userId}` : who.kind;
};

export async function listKeys(db: Db, merchantId: string, now = new Date()): Promise<KeyView[]> {
  const rows = await db
    .select({ key: apiKeys, creator: users.email })
    .from(apiKeys)
    .leftJoin(users, sql`${apiKeys.createdBy} = 'person:' || ${users.id}`)
    .where(eq(apiKeys.merchantId, merchantId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(({ key: k, creator }) => ({
    id: k.id,
    name: k.name,
    prefix: k.displayPrefix,
    createdAt: k.createdAt.toISOString(),
    createdBy: creator ?? (k.createdBy === "operator" ? "Operator" : k.createdBy === null ? null : "API"),
    createdById: k.createdBy?.startsWith("person:") ? k.createdBy.slice("person:".length) : null,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    state: k.revokedAt ? "revoked" : k.expiresAt && k.expiresAt <= now ? "expired" : k.expiresAt ? "expiring" : "active",
    scope: k.scope,
  }));
}

export async function createKey(
  db: Db,
  who: KeyActor,
  input: { name: string; expiresAt?: Date | null; scope?: KeyScope },
): Promise<{ apiKey: string; id: string; prefix: string }> {
  check(who, "developer", "create API keys");
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
    throw new AppError("VALIDATION_FAILED", "The expiry must be in the future", { fields: { expiresAt: "must be in the future" } });
  const scope = input.scope ?? "full";
  const { apiKey, row } = newApiKey(who.merchantId);
  await db.transaction(async (tx) => {
    await tx
      .insert(apiKeys)
      .values({ ...row, name: input.name, createdBy: createdByOf(who.actor), expiresAt: input.expiresAt ?? null, scope });
    const details = { ...(input.expiresAt ? { expiresAt: input.expiresAt.toISOString() } : {}), ...(scope === "read" ? { scope } : {}) };
    await auditAccount(tx, who, "key.created", `${input.name} (${row.displayPrefix}…)`, Object.keys(details).length ? details : undefined);
  });
  return { apiKey, id: row.id, prefix: row.displayPrefix };
}

async function liveKeyOf(db: Db, who: KeyActor, id: string) {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.merchantId, who.merchantId), isNull(apiKeys.revokedAt)))
    .for("update")
    .limit(1);
  if (!key || (key.expiresAt && key.expiresAt <= new Date())) throw new AppError("NOT_FOUND", "API key not found, or no longer active");
  return key;
}

/**
 * A new secret for the key's name and scope; the old one keeps working for `graceMs` (0: it stops at
 * once, within the key cache's 10 s, as a revoked key does). Under SHORT_GRACE_MS, owners only.
 */
export async function rollKey(
  db: Db,
  who: KeyActor,
  id: string,
  graceMs: number,
): Promise<{ apiKey: string; id: string; prefix: string; oldExpiresAt: string }> {
  check(who, "developer", "roll API keys");
  // the old key stopping (nearly) at once is a revocation: as revokeKey, owners only
  if (graceMs < SHORT_GRACE_MS) check(who, "owner", "roll a key with less than an hour's grace (that stops the old key, as revoking does)");
  if (!(graceMs >= 0 && graceMs <= MAX_GRACE_MS))
    throw new AppError("VALIDATION_FAILED", "The grace period is at most 30 days", { fields: { graceSeconds: "at most 30 days" } });
  return db.transaction(async (tx) => {
    const old = await liveKeyOf(tx, who, id);
    // a developer's roll hands them the new secret: of their own keys only, not an owner's or the API's
    const person = who.actor.kind === "merchant" ? who.actor.person : undefined;
    if (person && person.role !== "owner" && old.createdBy !== `person:${person.userId}`)
      throw new AppError("FORBIDDEN", "Your role allows you to roll only keys you created. Ask an owner to roll this one.");
    const until = new Date(Math.min(Date.now() + graceMs, old.expiresAt?.getTime() ?? Infinity));
    await tx.update(apiKeys).set({ expiresAt: until }).where(eq(apiKeys.id, old.id));
    const { apiKey, row } = newApiKey(who.merchantId);
    await tx.insert(apiKeys).values({ ...row, name: old.name, createdBy: createdByOf(who.actor), scope: old.scope });
    await auditAccount(tx, who, "key.rolled", `${old.name} (${old.displayPrefix}… → ${row.displayPrefix}…)`, {
      oldKeyUntil: until.toISOString(),
    });
    return { apiKey, id: row.id, prefix: row.displayPrefix, oldExpiresAt: until.toISOString() };
  });
}

/** Revokes a key at once (owners only); the API refuses it within the key cache's 10 s. */
export async function revokeKey(db: Db, who: KeyActor, id: string): Promise<void> {
  check(who, "owner", "revoke API keys");
  await db.transaction(async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.merchantId, who.merchantId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!key) throw new AppError("NOT_FOUND", "API key not found, or already revoked");
    await auditAccount(tx, who, "key.revoked", `${key.name} (${key.displayPrefix}…)`);
  });
}
