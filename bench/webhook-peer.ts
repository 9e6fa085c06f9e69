// The PostgreSQL queue peer of bench/webhooks.ts: graphile-worker doing the same durable work per
// delivery as our dispatcher (bench/peer-store.ts). One job per delivery, enqueued in the transaction
// that records the event; graphile-worker retries a failed one with its own backoff, up to 8
// attempts as ours. See bench/README.md.
import { Logger, run, runMigrations, type Runner } from "graphile-worker";
import { postgresClient } from "../db/postgres-url";
import { attemptCount, createPeerTables, deliverJob, MAX_ATTEMPTS, type Peer, type PeerOptions, recordEvents } from "./peer-store";

const silent = new Logger(() => () => {});
const SCHEMA = "bench_peer";

export async function createGraphilePeer(o: PeerOptions): Promise<Peer> {
  const sql = await postgresClient(o.dbUrl, { max: o.poolSize, onnotice: () => {} }); // graphile-worker's pg reads ?host= itself
  await runMigrations({ connectionString: o.dbUrl, logger: silent });
  await createPeerTables(sql, SCHEMA, o.hooks);

  let seq = 0;
  /** One producer transaction: the events of one started session and a job per event and webhook, committed together. */
  async function record(payloads: Record<string, unknown>[]): Promise<string[]> {
    return sql.begin(async (tx) => {
      const ids = await recordEvents(tx, SCHEMA, "gw", payloads, () => ++seq);
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
          const query = async <R>(text: string, params: unknown[]) => (await helpers.query<R & object>(text, params)).rows as R[];
          await deliverJob(o, query, SCHEMA, { id: String(helpers.job.id), attempt: helpers.job.attempts, eventId, webhookId });
        },
      },
    });
  }
  async function stop() {
    const r = runner;
    runner = undefined;
    await r?.stop();
  }
  return {
    record,
    start,
    stop,
    async counts() {
      const [row] = await sql<{ jobs: number }[]>`select count(*)::int as jobs from graphile_worker.jobs`;
      return { attempts: await attemptCount(sql, SCHEMA), jobs: row!.jobs };
    },
    async close() {
      await stop();
      await sql.end({ timeout: 5 });
    },
  };
}
