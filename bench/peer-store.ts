// What both queue peers of bench/webhooks.ts keep in PostgreSQL, as a team using a job queue would:
// the events (recorded in the producer's transaction), the webhooks, and a log of every attempt.
// A job names an event and a webhook; running it reads both, signs with our signatureHeaders, POSTs
// with our postWebhook, logs the attempt, and fails on anything but a 2xx so that its queue retries it.
import type { Sql, TransactionSql } from "postgres";

export type Post = (
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
) => Promise<{ status: number | null; error: string | null; durationMs: number }>;

export type PeerOptions = {
  dbUrl: string;
  hooks: { id: string; url: string; secret: string }[];
  concurrency: number;
  /** connections for the worker and for the producers, each: the service's DB_POOL_SIZE */
  poolSize: number;
  timeoutMs: number;
  postWebhook: Post;
  signatureHeaders: (secrets: string[], eventId: string, timestamp: number, body: string) => Record<string, string>;
};

/** A queue peer as the bench drives it: record a session's events with their jobs; run, stop, count, close. */
export type Peer = {
  record(payloads: Record<string, unknown>[]): Promise<string[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** attempts logged so far; jobs not yet done (queued, running or waiting for a retry) */
  counts(): Promise<{ attempts: number; jobs: number }>;
  close(): Promise<void>;
};

/** Attempts per delivery before giving up: as our deliveries. */
export const MAX_ATTEMPTS = 8;

/** A SQL runner: graphile-worker's job client (pg), or the peer's own pool (postgres). */
type Query = <R>(text: string, params: unknown[]) => Promise<R[]>;

/** Creates the peer's tables in `schema`, with the webhooks. */
export async function createPeerTables(sql: Sql, schema: string, hooks: PeerOptions["hooks"]) {
  await sql.unsafe(`
    create schema ${schema};
    create table ${schema}.webhooks (id text primary key, url text not null, secret text not null);
    create table ${schema}.events (id text primary key, payload jsonb not null, created_at timestamptz not null);
    create table ${schema}.attempts (
      id bigserial primary key, job_id text not null, event_id text not null, webhook_id text not null,
      attempt_no int not null, started_at timestamptz not null, response_code int, error text, duration_ms int not null
    );`);
  for (const h of hooks) await sql`insert into ${sql(schema)}.webhooks ${sql(h)}`;
}

/**
 * Records a session's events in `tx` (fresh ids, `timestamp` = now, as ours stamps an event when it
 * is recorded) and answers their ids.
 */
export async function recordEvents(
  tx: Sql | TransactionSql,
  schema: string,
  prefix: string,
  payloads: Record<string, unknown>[],
  next: () => number,
) {
  const rows = payloads.map((p) => ({ ...p, id: `evt_${prefix}_${next()}`, timestamp: new Date().toISOString() }));
  await tx`
    insert into ${tx(schema)}.events (id, payload, created_at)
    select x->>'id', x, (x->>'timestamp')::timestamptz from jsonb_array_elements(${tx.json(rows)}) x`;
  return rows.map((r) => r.id);
}

/** One attempt of one delivery job: read, sign, POST, log; throws when the endpoint did not answer 2xx. */
export async function deliverJob(
  o: PeerOptions,
  query: Query,
  schema: string,
  job: { id: string; attempt: number; eventId: string; webhookId: string },
) {
  const [row] = await query<{ payload: unknown; url: string; secret: string }>(
    `select e.payload, w.url, w.secret from ${schema}.events e, ${schema}.webhooks w where e.id = $1 and w.id = $2`,
    [job.eventId, job.webhookId],
  );
  if (!row) throw new Error(`event ${job.eventId} or webhook ${job.webhookId} not found`);
  const startedAt = new Date();
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const result = await o.postWebhook(row.url, body, o.signatureHeaders([row.secret], job.eventId, timestamp, body), {
    timeoutMs: o.timeoutMs,
    allowPrivate: true,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const error = ok ? null : (result.error ?? `HTTP ${result.status}`).slice(0, 500);
  await query(
    `insert into ${schema}.attempts (job_id, event_id, webhook_id, attempt_no, started_at, response_code, error, duration_ms) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [job.id, job.eventId, job.webhookId, job.attempt, startedAt, result.status, error, Math.round(result.durationMs)],
  );
  if (!ok) throw new Error(error!);
}

/** Attempts logged in `schema` so far. */
export async function attemptCount(sql: Sql, schema: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(schema)}.attempts`;
  return row!.n;
}
