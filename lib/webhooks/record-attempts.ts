import { sql } from "drizzle-orm";
import { type Db, preparedStatement, rowsOf } from "@/db/client";
import { restingBatches } from "@/db/delete-in-batches";
import type { DeliveryStatus } from "@/lib/state";

/** One finished attempt: its row in delivery_attempts, and the state it moves its delivery to. */
export type AttemptWrite = {
  attemptId: string;
  deliveryId: string;
  /** its delivery's webhook */
  webhookId: string;
  merchantId: string;
  attemptNo: number;
  startedAt: Date;
  responseCode: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  finishedAt: Date;
  /** the statuses the delivery may move from (the trigger's `from`) */
  from: readonly DeliveryStatus[];
  /** the token of the claim the attempt was made under: the delivery moves only while it still holds it */
  claimToken: string | null;
};

/**
 * Every attempt of the batch and its delivery's new state in one statement: atomic, and one round
 * trip (and one commit) for all of them. A delivery moves only from a status its trigger allows, as
 * transition() would, and only while it still holds the token of the claim the attempt was made
 * under: a worker whose claim another worker took over (its lease had lapsed) writes nothing, neither
 * the delivery nor the attempt, whose number is the other worker's. The ids it returns are the
 * deliveries that moved. The deliveries are found by `id = any(array(…))`, which the planner answers
 * from the primary key; a join on the input alone (estimated at 100 rows) hashed the whole table.
 */
const recordAttemptsStatement = preparedStatement<{ id: string }>(
  "delivery_attempts_record",
  () => sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder("attempts")}::jsonb) as i(
        attempt_id text, delivery_id text, webhook_id text, merchant_id text, attempt_no int, started_at timestamptz, response_code int,
        excerpt text, error text, duration_ms int, status delivery_status, next_attempt_at timestamptz, finished_at timestamptz,
        from_statuses delivery_status[], claim_token text)
    ), moved as (
      update deliveries d
      set status = i.status, attempts = i.attempt_no, last_attempt_at = i.started_at, response_code = i.response_code,
          last_error = i.error, duration_ms = i.duration_ms, lease_until = null, claim_token = null, next_attempt_at = i.next_attempt_at,
          updated_at = i.finished_at
      from input i
      where d.id = any(array(select delivery_id from input)) and d.id = i.delivery_id and d.merchant_id = i.merchant_id
        and d.status = any(i.from_statuses) and d.claim_token = i.claim_token
      returning d.id
    ), attempt as (
      insert into delivery_attempts (id, delivery_id, webhook_id, attempt_no, started_at, response_code, response_excerpt, error, duration_ms)
      select attempt_id, delivery_id, webhook_id, attempt_no, started_at, response_code, excerpt, error, duration_ms
      from input where delivery_id in (select id from moved)
    )
    select id from moved`,
);

function attemptsJson(writes: readonly AttemptWrite[]): string {
  return JSON.stringify(
    writes.map((w) => ({
      attempt_id: w.attemptId,
      delivery_id: w.deliveryId,
      webhook_id: w.webhookId,
      merchant_id: w.merchantId,
      attempt_no: w.attemptNo,
      started_at: w.startedAt.toISOString(),
      response_code: w.responseCode,
      excerpt: w.excerpt,
      error: w.error,
      duration_ms: w.durationMs,
      status: w.status,
      next_attempt_at: w.nextAttemptAt?.toISOString() ?? null,
      finished_at: w.finishedAt.toISOString(),
      from_statuses: w.from,
      claim_token: w.claimToken,
    })),
  );
}

/** Writes the attempts in one statement; returns the ids of the deliveries that moved. */
export async function writeAttempts(db: Db, writes: readonly AttemptWrite[]): Promise<Set<string>> {
  if (!writes.length) return new Set();
  const rows = await recordAttemptsStatement(db, { attempts: attemptsJson(writes) });
  return new Set(rows.map((r) => r.id));
}

/** The largest batch one statement carries; more wait for the next one. */
export const MAX_ATTEMPT_BATCH = 256;

type Waiting = { write: AttemptWrite; resolve: (moved: boolean) => void; reject: (err: unknown) => void };
type Queue = { waiting: Waiting[]; flushing: boolean };

const queues = new WeakMap<Db, Queue>();

/**
 * Records a finished attempt together with the others that finish about the same time (a group
 * commit): the first attempt to arrive starts a write on the next turn of the event loop, and the
 * attempts that finish while a write is in flight go together in the next one. A lone attempt is
 * written at once, as before; under load, tens of attempts share a statement and a commit.
 * Resolves true when the delivery moved, false when another worker had taken it over or moved it on.
 * If the batch's statement fails, it rejects every attempt of that batch: the caller records each on
 * its own path.
 */
export function recordAttemptInBatch(db: Db, write: AttemptWrite): Promise<boolean> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], flushing: false }));
  const q = queue;
  return new Promise<boolean>((resolve, reject) => {
    q.waiting.push({ write, resolve, reject });
    if (!q.flushing) {
      q.flushing = true;
      setImmediate(() => void flush(db, q));
    }
  });
}

async function flush(db: Db, q: Queue): Promise<void> {
  while (q.waiting.length) {
    const batch = q.waiting.splice(0, MAX_ATTEMPT_BATCH);
    try {
      const moved = await writeAttempts(
        db,
        batch.map((w) => w.write),
      );
      for (const w of batch) w.resolve(moved.has(w.write.deliveryId));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
  q.flushing = false;
}

/**
 * Gives the attempts written without their webhook (before migration 0017, or by the release before
 * it during an upgrade) their delivery's webhook, so the webhook health reads them by index (until
 * then it reads them through their delivery). Not a purge, but it runs with the purges on the
 * maintenance schedule, newest first (the health's last day first), in batches found through
 * delivery_attempts_webhook_missing_idx (which only such attempts enter: once they are all filled, a
 * run costs one empty index read), resting as long as each batch took before the next. At 10 M
 * attempts a batch of 5,000 took 250 ms, so a run fills up to 500,000 in about 50 s. Returns the
 * attempts filled.
 */
export async function fillAttemptWebhooks(
  db: Db,
  { batchSize = 5000, maxBatches = 100, restFactor = 1 }: { batchSize?: number; maxBatches?: number; restFactor?: number } = {},
): Promise<number> {
  return restingBatches({ batchSize, maxBatches, restFactor }, async () => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with picked as (
          select id from delivery_attempts where webhook_id is null order by started_at desc limit ${batchSize} for update skip locked
        ), filled as (
          update delivery_attempts a set webhook_id = d.webhook_id from deliveries d
          where a.id = any(array(select id from picked)) and d.id = a.delivery_id
          returning 1
        )
        select count(*)::int as n from filled`),
    );
    return Number(row?.n ?? 0);
  });
}
