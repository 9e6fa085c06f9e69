import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { idempotencyRecords } from "@/db/schema";
import { decrypt, encrypt } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { withDeferredHints } from "@/lib/jobs";

const TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart = { kind: "new" } | { kind: "replay"; status: number; body: string };

/**
 * Claims (scope, key) for this request, or answers with what the first request answered.
 * The primary key makes the claim atomic across app instances.
 */
export async function beginIdempotent(db: Db, scope: string, key: string, requestHash: string, now = new Date()): Promise<IdempotencyStart> {
  for (let tries = 0; tries < 3; tries++) {
    const inserted = await db
      .insert(idempotencyRecords)
      .values({ scope, key, requestHash, state: "running", expiresAt: new Date(now.getTime() + TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    if (inserted.length) return { kind: "new" };

    const [existing] = await db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
    if (!existing) continue; // removed in between: claim again
    if (existing.expiresAt <= now) {
      await db
        .delete(idempotencyRecords)
        .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key), lt(idempotencyRecords.expiresAt, now)));
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new AppError("IDEMPOTENCY_CONFLICT", "Idempotency-Key was already used with a different request");
    }
    if (existing.state === "running" || !existing.responseEnc || !existing.responseStatus) {
      throw new AppError("IDEMPOTENCY_CONFLICT", "A request with this Idempotency-Key is still in progress");
    }
    return { kind: "replay", status: existing.responseStatus, body: decrypt(existing.responseEnc) };
  }
  throw new AppError("IDEMPOTENCY_CONFLICT", "A request with this Idempotency-Key is still in progress");
}

export async function finishIdempotent(db: Db, scope: string, key: string, status: number, body: string): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ state: "done", responseStatus: status, responseEnc: encrypt(body) })
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
}

/**
 * Runs a request once per (scope, key), atomically: the claim, the request's writes and its stored
 * answer commit in one transaction. A request whose process dies half-way leaves nothing behind, so
 * the client's retry runs afresh instead of meeting "still in progress" for a day; a duplicate sent
 * meanwhile waits on the claim's row and then replays the answer. `run` must do all its database
 * work on the handle it is given.
 */
export async function runIdempotent<T extends { status: number; body: string }>(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  run: (tx: Db) => Promise<T>,
): Promise<({ kind: "new" } & T) | { kind: "replay"; status: number; body: string }> {
  return withDeferredHints(() =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const started = await beginIdempotent(tx, scope, key, requestHash);
      if (started.kind === "replay") return started;
      const answer = await run(tx);
      await finishIdempotent(tx, scope, key, answer.status, answer.body);
      return { kind: "new" as const, ...answer };
    }),
  );
}

/** Keeps a client error as the answer to a key whose atomic run rolled back (the same error replays). */
export async function rememberAnswer(db: Db, scope: string, key: string, requestHash: string, status: number, body: string): Promise<void> {
  await db
    .insert(idempotencyRecords)
    .values({ scope, key, requestHash, state: "done", responseStatus: status, responseEnc: encrypt(body), expiresAt: new Date(Date.now() + TTL_MS) })
    .onConflictDoNothing();
}

/** A request that failed unexpectedly leaves nothing behind, so the client may retry it. */
export async function abandonIdempotent(db: Db, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
}

export type PurgeOptions = { now?: Date; batchSize?: number; maxBatches?: number };

/**
 * Deletes records past their 24 hours, at most `batchSize` rows per statement, so a large backlog
 * never holds many row locks at once; `maxBatches` bounds one run, and the next run goes on. Rows
 * another purger holds are skipped, so several dispatchers never wait on each other.
 */
export async function purgeExpiredIdempotencyRecords(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const { now = new Date(), batchSize = 1000, maxBatches = 50 } = opts;
  const t = idempotencyRecords;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await db
      .delete(t)
      .where(
        sql`(${t.scope}, ${t.key}) in (select ${t.scope}, ${t.key} from ${t} where ${t.expiresAt} < ${now.toISOString()}::timestamptz limit ${batchSize} for update skip locked)`,
      )
      .returning({ key: t.key });
    total += deleted.length;
    if (deleted.length < batchSize) break;
  }
  return total;
}
