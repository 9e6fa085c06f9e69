// The durable-queue peer of bench/webhooks.ts: graphile-worker doing the same durable work per
// delivery as our dispatcher. One job per delivery, enqueued in the transaction that records the
// event; the job reads the event and the webhook, signs with our signatureHeaders, POSTs with our
// postWebhook, records the attempt in a table, and fails (so graphile-worker retries it, with its own
// backoff, up to 8 attempts as ours) on anything but a 2xx. See bench/README.md.
import { Logger, run, runMigrations, type Runner } from "graphile-worker";
import { postgresClient } from "../db/postgres-url";

type Post = (
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

const silent = new Logger(() => () => {});
const MAX_ATTEMPTS = 8; // as our deliveries

export async function createGraphilePeer(o: PeerOptions) {
  const sql = await postgresClient(o.dbUrl, { max: o.poolSize, onnotice: () => {} }); // graphile-worker's pg reads ?host= itself
  await runMigrations({ connectionString: o.dbUrl, logger: silent });
  await sql.unsafe(`
    create schema bench_peer;
    create table bench_peer.webhooks (id text primary key, url text not null, secret text not null);
    create table bench_peer.events (id text primary key, payload jsonb not null, created_at timestamptz not null);
    create table bench_peer.attempts (
      id bigserial primary key, job_id bigint not null, event_id text not null, webhook_id text not null,
      attempt_no int not null, started_at timestamptz not null, response_code int, error text, duration_ms int not null
    );`);
  for (const h of o.hooks) await sql`insert into bench_peer.webhooks ${sql(h)}`;

  let seq = 0;
  /**
   * One producer transaction: the events of one started session (fresh ids, `timestamp` = now, as
   * ours stamps an event when it is recorded) and a job per event and webhook, committed together.
   */
  async function record(payloads: Record<string, unknown>[]): Promise<string[]> {
    return sql.begin(async (tx) => {
      const rows = payloads.map((p) => ({ ...p, id: `evt_gw_${++seq}`, timestamp: new Date().toISOString() }));
      await tx`
        insert into bench_peer.events (id, payload, created_at)
        select x->>'id', x, (x->>'timestamp')::timestamptz from jsonb_array_elements(${tx.json(rows)}) x`;
      const ids = rows.map((r) => r.id);
      await tx`
        select graphile_worker.add_job('deliver', json_build_object('eventId', e.id, 'webhookId', w.id), max_attempts => ${MAX_ATTEMPTS})
        from unnest(${ids}::text[]) e(id) cross join bench_peer.webhooks w`;
      return ids;
    });
  }

  let runner: Runner | undefined;
  async function start() {
    runner = await run({
      connectionString: o.dbUrl,
      concurrency: o.concurrency,
      maxPoolSize: o.poolSize,
      pollInterval: 1_000, // as our dispatcher's; new jobs wake it through LISTEN/NOTIFY
      noHandleSignals: true,
      logger: silent,
      taskList: {
        deliver: async (payload, helpers) => {
          const { eventId, webhookId } = payload as { eventId: string; webhookId: string };
          const {
            rows: [row],
          } = await helpers.query<{ payload: unknown; url: string; secret: string }>(
            "select e.payload, w.url, w.secret from bench_peer.events e, bench_peer.webhooks w where e.id = $1 and w.id = $2",
            [eventId, webhookId],
          );
          if (!row) throw new Error(`event ${eventId} or webhook ${webhookId} not found`);
          const startedAt = new Date();
          const body = JSON.stringify(row.payload);
          const timestamp = Math.floor(startedAt.getTime() / 1000);
          const result = await o.postWebhook(row.url, body, o.signatureHeaders([row.secret], eventId, timestamp, body), {
            timeoutMs: o.timeoutMs,
            allowPrivate: true,
          });
          const ok = result.status !== null && result.status >= 200 && result.status < 300;
          const error = ok ? null : (result.error ?? `HTTP ${result.status}`).slice(0, 500);
          await helpers.query(
            "insert into bench_peer.attempts (job_id, event_id, webhook_id, attempt_no, started_at, response_code, error, duration_ms) values ($1, $2, $3, $4, $5, $6, $7, $8)",
            [helpers.job.id, eventId, webhookId, helpers.job.attempts, startedAt, result.status, error, Math.round(result.durationMs)],
          );
          if (!ok) throw new Error(error!);
        },
      },
    });
  }
  async function stop() {
    const r = runner;
    runner = undefined;
    await r?.stop();
  }
  const counts = async () => {
    const [row] = await sql<{ attempts: number; jobs: number; failed: number }[]>`
      select (select count(*)::int from bench_peer.attempts) as attempts,
             (select count(*)::int from graphile_worker.jobs) as jobs,
             (select count(*)::int from bench_peer.attempts where error is not null) as failed`;
    return row!;
  };
  return {
    record,
    start,
    stop,
    counts,
    async close() {
      await stop();
      await sql.end({ timeout: 5 });
    },
  };
}
