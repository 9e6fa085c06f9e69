import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches, type PurgeOptions } from "@/db/delete-in-batches";
import { idempotencyRecords } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { decrypt, encrypt } from "@/lib/crypto";
import { AppError, causeChain } from "@/lib/core/errors";
import { withDeferredHints } from "@/lib/jobs";

const TTL_MS = 24 * 60 * 60 * 1000;
/** Longer than any request that claims its key outside a transaction can take (a webhook test: one timeout). */
const staleClaimMs = () => getConfig().webhookTimeoutMs + 60_000;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyStart = { kind: "new" } | { kind: "replay"; status: number; body: string };

/**
 * Claims (scope, key) for this request, or answers with what the first request answered.
 * The primary key makes the claim atomic across app instances.
 */
export async function beginIdempotent(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  now = new Date(),
): Promise<IdempotencyStart> {
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
      // a claim left by a process that died (only the routes that claim outside a transaction leave
      // one): after longer than such a request can take, it is taken over
      if (existing.state === "running" && existing.createdAt.getTime() < now.getTime() - staleClaimMs()) {
        await db
          .delete(idempotencyRecords)
          .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key), eq(idempotencyRecords.state, "running")));
        continue;
      }
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
 * The answer stored for (scope, key), read without claiming anything: a route that asks the network
 * before its transaction (route.ts, `prepare`) replays it without asking. A key used for another
 * request is refused here as beginIdempotent would; a claim in progress, or none, is for
 * runIdempotent to meet.
 */
export async function storedAnswer(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  now = new Date(),
): Promise<{ status: number; body: string } | undefined> {
  const [existing] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
  if (!existing || existing.expiresAt <= now) return undefined;
  if (existing.requestHash !== requestHash) {
    throw new AppError("IDEMPOTENCY_CONFLICT", "Idempotency-Key was already used with a different request");
  }
  if (existing.state !== "done" || !existing.responseEnc || !existing.responseStatus) return undefined;
  return { status: existing.responseStatus, body: decrypt(existing.responseEnc) };
}

/** How long a duplicate waits for the first request with its key before it is told "in progress". */
const CLAIM_WAIT = "5s";

/**
 * Runs a request once per (scope, key), atomically: the claim, the request's writes and its stored
 * answer commit in one transaction. A request whose process dies half-way leaves nothing behind, so
 * the client's retry runs afresh instead of meeting "still in progress" for a day; a duplicate sent
 * meanwhile waits on the claim's row (up to CLAIM_WAIT) and then replays the answer. `run` must do
 * all its database work on the handle it is given.
 *
 * A client error from `run` (`answerFor` gives its answer) is the request's answer: what the services
 * committed before it (a proof attempt recorded, an expiry applied) commits with it, exactly as
 * without a key. Anything else (a server error) rolls everything back, the claim included.
 */
export async function runIdempotent<T extends { status: number; body: string }>(
  db: Db,
  scope: string,
  key: string,
  requestHash: string,
  run: (tx: Db) => Promise<T>,
  answerFor: (err: unknown) => { status: number; body: string } | undefined,
): Promise<
  | ({ kind: "new" } & T)
  | { kind: "failed"; status: number; body: string; error: unknown }
  | { kind: "replay"; status: number; body: string }
> {
  return withDeferredHints(() =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.execute(sql`select set_config('lock_timeout', ${CLAIM_WAIT}, true)`);
      let started: IdempotencyStart;
      try {
        started = await beginIdempotent(tx, scope, key, requestHash);
      } catch (err) {
        if (sqlState(err) === "55P03")
          throw new AppError("IDEMPOTENCY_CONFLICT", "A request with this Idempotency-Key is still in progress");
        throw err;
      }
      if (started.kind === "replay") return started;
      await tx.execute(sql`select set_config('lock_timeout', '0', true)`);
      try {
        const answer = await run(tx);
        await finishIdempotent(tx, scope, key, answer.status, answer.body);
        return { kind: "new" as const, ...answer };
      } catch (err) {
        const failed = answerFor(err);
        if (!failed) throw err;
        await finishIdempotent(tx, scope, key, failed.status, failed.body);
        return { kind: "failed" as const, ...failed, error: err };
      }
    }),
  );
}

function sqlState(err: unknown): string | undefined {
  for (const e of causeChain(err)) if (typeof e.code === "string") return e.code;
  return undefined;
}

/** A request that failed unexpectedly leaves nothing behind, so the client may retry it. */
export async function abandonIdempotent(db: Db, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
}

/** Records past their 24 hours, in bounded batches (db/delete-in-batches.ts). */
export async function purgeExpiredIdempotencyRecords(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const t = idempotencyRecords;
  return deleteInBatches(db, t, [t.scope, t.key], t.expiresAt, opts.now ?? new Date(), opts);
}
