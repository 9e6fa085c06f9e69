import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, prepared } from "@/db/client";
import { apiKeys, type Environment, memberships, merchants, type MerchantRow } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { sha256Hex } from "@/lib/crypto";
import { AppError, forbidden, isUniqueViolation, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { type FeePayer, feeTermsOf } from "@/lib/rail/fees";
import { type CheckoutTheme, checkoutThemeOf, type MerchantCheckoutTheme, readTheme, storedTheme } from "@/lib/theme";

export type AuthedMerchant = {
  merchantId: string;
  keyId: string;
  environment: Environment;
  feeTerms: NonNullable<MerchantActor["feeTerms"]>;
  /** "read": the key may only read (lib/http/route.ts refuses it anything but GET) */
  scope: "full" | "read";
};

const KEY_PREFIX = "ck_";

/** A key that still works: not revoked, not past its expiry (a rolled key's grace period). */
export const liveKeyCondition = () => and(isNull(apiKeys.revokedAt), sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`)!;

/** A fresh API key: the plaintext is shown once; only its hash and a display prefix are stored. */
export function newApiKey(merchantId: string) {
  const apiKey = KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  const row = { id: newId("key"), merchantId, keyHash: sha256Hex(apiKey), displayPrefix: apiKey.slice(0, KEY_PREFIX.length + 6) };
  return { apiKey, row };
}

/** The answer to every API request made with a disabled merchant's key. */
export const merchantDisabled = () => new AppError("FORBIDDEN", "This merchant account is disabled; contact the operator");

/** A disabled merchant's checkouts are closed: every action of the payer refuses with this. */
export const checkoutUnavailable = () =>
  new AppError("FORBIDDEN", "This checkout is unavailable: the shop cannot take payments right now.");

/** Whether the operator has disabled the merchant (`npm run admin -- disable`). */
export async function isMerchantDisabled(db: Db, merchantId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: merchants.disabledAt }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return Boolean(row?.disabledAt);
}

/** The payer's actions on a disabled merchant's checkout refuse before they change anything. */
export async function assertCheckoutAvailable(db: Db, merchantId: string): Promise<void> {
  if (await isMerchantDisabled(db, merchantId)) throw checkoutUnavailable();
}

export function serializeMerchant(m: MerchantRow) {
  return {
    id: m.id,
    name: m.name,
    displayName: m.displayName ?? m.name,
    logoUrl: m.logoUrl,
    environment: m.environment,
    feePayer: m.feePayer,
    buyerFeeShareBps: m.buyerFeeShareBps,
    payerReceipts: m.payerReceipts,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}
export type MerchantDto = ReturnType<typeof serializeMerchant>;

/**
 * A new merchant account and its first API key ("Default key"). Made in the dashboard, `owner` is the
 * person who becomes its owner (the account is claimed from the start); made by the API, nobody owns
 * it until a person claims it with the key.
 */
export async function createMerchant(
  db: Db,
  input: { name: string; displayName?: string; logoUrl?: string },
  owner?: { userId: string; then?: (tx: Db, merchantId: string) => Promise<void> },
): Promise<MerchantDto & { apiKey: string }> {
  const id = newId("merch");
  const { apiKey, row: key } = newApiKey(id);
  try {
    const row = await db.transaction(async (tx) => {
      const [m] = await tx
        .insert(merchants)
        .values({
          id,
          name: input.name,
          displayName: input.displayName ?? null,
          logoUrl: input.logoUrl ?? null,
          claimedAt: owner ? new Date() : null,
        })
        .returning();
      await tx.insert(apiKeys).values({ ...key, createdBy: owner ? `person:${owner.userId}` : "api" });
      if (owner) {
        await tx.insert(memberships).values({ merchantId: id, userId: owner.userId, role: "owner" });
        await owner.then?.(tx, id);
      }
      return m!;
    });
    return { ...serializeMerchant(row), apiKey };
  } catch (err) {
    if (isUniqueViolation(err, "merchants_name_key")) {
      throw new AppError("NAME_TAKEN", `name: "${input.name}" is already taken`, { fields: { name: "already taken" } });
    }
    throw err;
  }
}

// Recently verified keys, by hash: most requests then need no key lookup. A revoked key, or a
// merchant the operator disabled, stops working everywhere within KEY_CACHE_MS (the docs say
// "within 10 s"); unknown keys and disabled merchants are never cached.
const KEY_CACHE_MS = 10_000;
/** A key's "last used" is a few minutes precise: written at most this often, by a lookup that already read the row. */
export const LAST_USED_EVERY_MS = 5 * 60_000;
const usedWritten = new Map<string, number>();

// Not awaited, and at most once per key and LAST_USED_EVERY_MS in this process: the request does not
// wait for it, and a failure (the database busy) only leaves "last used" a little older.
function noteKeyUsed(db: Db, keyId: string) {
  const now = Date.now();
  if ((usedWritten.get(keyId) ?? 0) > now - LAST_USED_EVERY_MS) return;
  if (usedWritten.size >= KEY_CACHE_MAX) usedWritten.clear();
  usedWritten.set(keyId, now);
  db.update(apiKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(apiKeys.id, keyId))
    .then(
      () => {},
      () => usedWritten.delete(keyId),
    );
}
const KEY_CACHE_MAX = 10_000;
const keyCache = new Map<string, { merchant: AuthedMerchant; until: number }>();

/**
 * Forgets this process's cached keys of a merchant, after a change to what the cache holds (its fee
 * setting): the next request reads it again here; other instances follow within KEY_CACHE_MS.
 */
export function forgetCachedKeys(merchantId: string) {
  for (const [hash, entry] of keyCache) if (entry.merchant.merchantId === merchantId) keyCache.delete(hash);
}

/**
 * Looks a key up by its SHA-256 hash (plaintext keys are never stored or compared), with its
 * merchant's disabled flag in the same query.
 */
export async function authenticateApiKey(db: Db, apiKey: string | null): Promise<AuthedMerchant> {
  if (!apiKey) throw new AppError("UNAUTHENTICATED", "Missing API key");
  if (apiKey.length > 200) throw new AppError("UNAUTHENTICATED", "Invalid API key");
  const hash = sha256Hex(apiKey);
  const now = Date.now();
  const cached = keyCache.get(hash);
  if (cached && cached.until > now) return cached.merchant;
  const lookup = prepared(db, "api_key_by_hash", (d) =>
    d
      .select({
        keyId: apiKeys.id,
        merchantId: apiKeys.merchantId,
        disabledAt: merchants.disabledAt,
        environment: merchants.environment,
        feePayer: merchants.feePayer,
        buyerFeeShareBps: merchants.buyerFeeShareBps,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
        scope: apiKeys.scope,
      })
      .from(apiKeys)
      .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
      .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
      .limit(1)
      .prepare("api_key_by_hash"),
  );
  const [row] = await lookup.execute({ hash });
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now)) {
    keyCache.delete(hash);
    throw new AppError("UNAUTHENTICATED", row ? "This API key has expired" : "Invalid API key");
  }
  if (row.disabledAt) {
    keyCache.delete(hash);
    throw merchantDisabled();
  }
  // the environment and the fee setting are cached with the key: a merchant moved to live creates
  // live sessions within KEY_CACHE_MS, and a new fee setting applies to API sessions as soon
  const merchant = {
    keyId: row.keyId,
    merchantId: row.merchantId,
    environment: row.environment,
    feeTerms: { feePayer: row.feePayer, buyerFeeShareBps: row.buyerFeeShareBps },
    scope: row.scope,
  };
  if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
  // a key that expires (a rolled key's grace period) is not trusted from the cache past its end
  keyCache.set(hash, { merchant, until: Math.min(now + KEY_CACHE_MS, row.expiresAt?.getTime() ?? Infinity) });
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) noteKeyUsed(db, row.keyId);
  return merchant;
}

export async function getMerchantOrThrow(db: Db, id: string, { actor }: As<MerchantActor>): Promise<MerchantDto> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!row) throw notFound("Merchant");
  if (row.id !== actor.merchantId) throw forbidden("merchant");
  return serializeMerchant(row);
}

/** The settings that only an owner changes (the dashboard's Settings are owners' too). */
const OWNER_ONLY_FIELDS = ["displayName", "logoUrl", "feePayer", "buyerFeeShareBps"] as const;

/**
 * On an account people have claimed, an API key changes owner-only settings only if an owner made it
 * (and is an owner still): a developer's key, or the key the API made before the claim, would
 * otherwise do what the developer's own role does not allow. An unclaimed account's key is its owner.
 */
async function assertOwnersKey(db: Db, actor: MerchantActor, fields: readonly string[]): Promise<void> {
  if (actor.face !== "api" || fields.length === 0) return;
  const [row] = await db
    .select({
      claimedAt: merchants.claimedAt,
      ownerMade: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.merchantId} = ${merchants.id}
        and ${memberships.role} = 'owner' and 'person:' || ${memberships.userId} = ${apiKeys.createdBy})`,
    })
    .from(merchants)
    .leftJoin(apiKeys, and(eq(apiKeys.id, actor.keyId ?? ""), eq(apiKeys.merchantId, merchants.id)))
    .where(eq(merchants.id, actor.merchantId))
    .limit(1);
  if (!row || !row.claimedAt || row.ownerMade) return;
  const why = "only an owner's API key may change it on an account with a team";
  throw new AppError(
    "FORBIDDEN",
    `${fields.join(", ")}: ${why}. Ask an owner to change it in the dashboard (Settings), or to use a key they created.`,
    { fields: Object.fromEntries(fields.map((f) => [f, why])) },
  );
}

export async function updateMerchant(
  db: Db,
  id: string,
  patch: { displayName?: string; logoUrl?: string | null; feePayer?: FeePayer; buyerFeeShareBps?: number | null },
  { actor }: As<MerchantActor>,
): Promise<MerchantDto> {
  await getMerchantOrThrow(db, id, { actor });
  await assertOwnersKey(
    db,
    actor,
    OWNER_ONLY_FIELDS.filter((f) => patch[f] !== undefined),
  );
  const [row] = await db
    .update(merchants)
    .set({
      displayName: patch.displayName,
      logoUrl: patch.logoUrl,
      ...(patch.feePayer !== undefined ? feeTermsOf(patch.feePayer, patch.buyerFeeShareBps) : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(merchants.id, id), eq(merchants.id, actor.merchantId)))
    .returning();
  if (patch.feePayer !== undefined) forgetCachedKeys(id);
  return serializeMerchant(row!);
}

/** What the payer's page shows of its merchant beyond the session: closed or not, its theme and whether the service's mark shows. */
export async function checkoutAppearanceOf(
  db: Db,
  merchantId: string,
): Promise<{ disabled: boolean; theme: CheckoutTheme; disableBranding: boolean }> {
  const [row] = await db
    .select({ disabledAt: merchants.disabledAt, checkoutTheme: merchants.checkoutTheme, disableBranding: merchants.disableBranding })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return {
    disabled: Boolean(row?.disabledAt),
    theme: readTheme(row?.checkoutTheme ?? null),
    disableBranding: row?.disableBranding ?? false,
  };
}

export type CheckoutAppearance = { checkoutTheme: MerchantCheckoutTheme; disableBranding: boolean };

/** The signed-in merchant's checkout theme (MerchantCheckoutTheme) and branding switch. */
export async function getCheckoutAppearance(db: Db, { actor }: As<MerchantActor>): Promise<CheckoutAppearance> {
  const [row] = await db
    .select({ checkoutTheme: merchants.checkoutTheme, disableBranding: merchants.disableBranding })
    .from(merchants)
    .where(eq(merchants.id, actor.merchantId))
    .limit(1);
  if (!row) throw notFound("Merchant");
  return { checkoutTheme: checkoutThemeOf(row), disableBranding: row.disableBranding };
}

/**
 * Saves a theme that lib/theme.ts has validated (checkoutThemeInput: colours normalised, contrast
 * checked) and the branding switch; the default preset is stored as null. Either may be left out.
 */
export async function updateCheckoutAppearance(
  db: Db,
  patch: { theme?: CheckoutTheme; disableBranding?: boolean },
  { actor }: As<MerchantActor>,
): Promise<CheckoutAppearance> {
  const [row] = await db
    .update(merchants)
    .set({
      ...(patch.theme ? { checkoutTheme: storedTheme(patch.theme) } : {}),
      ...(patch.disableBranding === undefined ? {} : { disableBranding: patch.disableBranding }),
      updatedAt: new Date(),
    })
    .where(eq(merchants.id, actor.merchantId))
    .returning({ checkoutTheme: merchants.checkoutTheme, disableBranding: merchants.disableBranding });
  if (!row) throw notFound("Merchant");
  return { checkoutTheme: checkoutThemeOf(row), disableBranding: row.disableBranding };
}
