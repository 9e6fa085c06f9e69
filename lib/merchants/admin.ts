import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, checkoutSessions, type Environment, merchants, type MerchantRow } from "@/db/schema";
import type { As, OperatorActor } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/audit";
import { preflightLiveRail } from "@/lib/rail/zkp2p/preflight";
import { latestSmokeTest, walletsKey } from "@/lib/rail/zkp2p/smoke-test";
import { newApiKey } from "./service";

// What the operator (whom a merchant asks to replace a leaked key) does to a merchant account from the
// command line (`npm run admin`). No API route reaches these: they act across merchants, so each
// takes the operator actor, which only the command line builds (lib/core/actor.ts OPERATOR).

export type MerchantSummary = {
  id: string;
  name: string;
  displayName: string;
  createdAt: string;
  disabledAt: string | null;
  liveKeyPrefixes: string[];
  sessionCount: number;
};

/** A merchant by id (`merch_…`) or by name; the operator knows either. */
export async function findMerchantOrThrow(db: Db, ref: string, _as: As<OperatorActor>): Promise<MerchantRow> {
  const rows = await db
    .select()
    .from(merchants)
    .where(or(eq(merchants.id, ref), eq(merchants.name, ref)))
    .limit(2);
  // a name may look like an id ("merch_…"): never guess which merchant the operator meant
  if (rows.length > 1) throw new AppError("CONFLICT", `"${ref}" is one merchant's id and another's name; use the id`);
  if (!rows[0]) throw new AppError("NOT_FOUND", `No merchant with id or name "${ref}"`);
  return rows[0];
}

/**
 * Issues a new API key and revokes every live one, in one transaction: the merchant is never left
 * without a key, nor with the old one beside the new. The plaintext is returned once, never stored.
 */
export async function rotateApiKey(
  db: Db,
  ref: string,
  as: As<OperatorActor>,
): Promise<{ merchant: MerchantRow; apiKey: string; revokedPrefixes: string[] }> {
  const found = await findMerchantOrThrow(db, ref, as);
  return db.transaction(async (tx) => {
    // the row lock orders concurrent rotations of one merchant: the second revokes the first's key
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, found.id)).for("update").limit(1);
    if (!merchant) throw new AppError("NOT_FOUND", `No merchant with id or name "${ref}"`);
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.merchantId, merchant.id), isNull(apiKeys.revokedAt)))
      .returning({ prefix: apiKeys.displayPrefix });
    const { apiKey, row } = newApiKey(merchant.id);
    await tx.insert(apiKeys).values(row);
    return { merchant, apiKey, revokedPrefixes: revoked.map((r) => r.prefix) };
  });
}

/** Disables (or enables again) a merchant: its keys get 403, its dashboard session ends, its checkouts close. */
export async function setMerchantDisabled(
  db: Db,
  ref: string,
  disabled: boolean,
  as: As<OperatorActor>,
): Promise<{ merchant: MerchantRow; changed: boolean }> {
  const found = await findMerchantOrThrow(db, ref, as);
  const [row] = await db
    .update(merchants)
    .set({ disabledAt: disabled ? sql`coalesce(${merchants.disabledAt}, now())` : null, updatedAt: new Date() })
    .where(eq(merchants.id, found.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", `No merchant with id or name "${ref}"`);
  return { merchant: row, changed: (found.disabledAt !== null) !== disabled };
}

/**
 * Moves a merchant to live (its new sessions take real payments) or back to the sandbox. Going live
 * is refused while the deployment has no real rail, while that rail fails its check against the
 * chain (fail closed), and until a smoke test (`npm run admin -- smoke-test`) has passed on this
 * chain with these taker wallets, its latest one: unless the operator gives a reason to go live
 * without one (`withoutSmokeTest`), which goes into the merchant's audit trail. Sessions already made
 * keep their environment.
 */
export async function setMerchantEnvironment(
  db: Db,
  ref: string,
  environment: Environment,
  as: As<OperatorActor>,
  opts: { withoutSmokeTest?: string } = {},
): Promise<{ merchant: MerchantRow; changed: boolean; smokeTest: string | null }> {
  const found = await findMerchantOrThrow(db, ref, as);
  let smokeTest: string | null = null;
  let override: Record<string, unknown> | null = null;
  if (environment === "live") {
    const settings = getConfig().liveRail;
    if (!settings) {
      throw new AppError(
        "CONFLICT",
        "This deployment has no real rail: set ZKP2P_RPC_URL, ZKP2P_API_URL, ZKP2P_ATTESTATION_URL and taker keys (docs/guides/real-rail.md)",
      );
    }
    const report = await preflightLiveRail(settings);
    if (report.problems.length) throw new AppError("CONFLICT", `The real rail failed its check:\n  ${report.problems.join("\n  ")}`);
    const latest = await latestSmokeTest(db, settings);
    if (latest?.passed) smokeTest = latest.id;
    else if (found.environment !== "live") {
      const reason = opts.withoutSmokeTest?.trim();
      if (!reason) {
        throw new AppError(
          "CONFLICT",
          latest
            ? `The latest smoke test of these taker wallets (${latest.id}, ${latest.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC) failed: ` +
                "fix what it reported and run `npm run admin -- smoke-test` until it passes, then go live"
            : `No smoke test has passed on this chain (${settings.network.chainId}) with these taker wallets: run \`npm run admin -- smoke-test\` first, then go live`,
        );
      }
      override = {
        reason,
        chainId: settings.network.chainId,
        wallets: walletsKey(settings.takerKeys.addresses),
        latestSmokeTest: latest?.id ?? null,
      };
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchants)
      .set({
        environment,
        liveSince: environment === "live" ? sql`coalesce(${merchants.liveSince}, now())` : null,
        updatedAt: new Date(),
      })
      .where(eq(merchants.id, found.id))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", `No merchant with id or name "${ref}"`);
    // the gate was passed over: whoever did it, and why, is on the record with the change itself
    if (override)
      await recordAudit(tx, {
        merchantId: row.id,
        who: { kind: "operator" },
        action: "account.live-without-smoke-test",
        details: override,
      });
    return { merchant: row, changed: found.environment !== environment, smokeTest };
  });
}

/** Every merchant, oldest first, with its live key prefixes and how many checkout sessions it made. */
export async function listMerchants(db: Db, _as: As<OperatorActor>): Promise<MerchantSummary[]> {
  const liveKeys = db
    .select({
      merchantId: apiKeys.merchantId,
      prefixes: sql<string[]>`array_agg(${apiKeys.displayPrefix} order by ${apiKeys.createdAt})`.as("prefixes"),
    })
    .from(apiKeys)
    .where(isNull(apiKeys.revokedAt))
    .groupBy(apiKeys.merchantId)
    .as("live_keys");
  const sessionCounts = db
    .select({ merchantId: checkoutSessions.merchantId, count: sql<number>`count(*)::int`.as("count") })
    .from(checkoutSessions)
    .groupBy(checkoutSessions.merchantId)
    .as("session_counts");
  const rows = await db
    .select({ merchant: merchants, prefixes: liveKeys.prefixes, sessionCount: sessionCounts.count })
    .from(merchants)
    .leftJoin(liveKeys, eq(liveKeys.merchantId, merchants.id))
    .leftJoin(sessionCounts, eq(sessionCounts.merchantId, merchants.id))
    .orderBy(asc(merchants.createdAt), asc(merchants.id));
  return rows.map(({ merchant: m, prefixes, sessionCount }) => ({
    id: m.id,
    name: m.name,
    displayName: m.displayName ?? m.name,
    createdAt: m.createdAt.toISOString(),
    disabledAt: m.disabledAt?.toISOString() ?? null,
    liveKeyPrefixes: prefixes ?? [],
    sessionCount: Number(sessionCount ?? 0),
  }));
}
