// The Redis queue peer of bench/webhooks.ts: BullMQ on Debian's redis-server, which the peer starts
// with the durability a careful BullMQ user runs (appendonly yes, appendfsync everysec,
// noeviction), doing the same durable work per delivery as our dispatcher (bench/peer-store.ts).
// The events are recorded in PostgreSQL in the producer's transaction; once it has committed, one
// job per delivery is added to the queue (addBulk). A failed job is retried with exponential backoff,
// up to 8 attempts as ours. See bench/README.md.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Queue, Worker } from "bullmq";
import IORedis from "ioredis";
import { postgresClient } from "../db/postgres-url";
import { attemptCount, createPeerTables, deliverJob, MAX_ATTEMPTS, type Peer, type PeerOptions, recordEvents } from "./peer-store";

const SCHEMA = "bench_bullmq";
const QUEUE = "deliver";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** redis-server on a free loopback port, its data in a fresh folder; what stops it, and its pid (for its CPU). */
export async function startRedis(): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-redis-"));
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--appendonly",
      "yes",
      "--appendfsync",
      "everysec",
      "--save",
      "",
      "--maxmemory-policy",
      "noeviction",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.once("error", () => {});
  const probe = new IORedis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {}); // refused until the server listens: the loop below tries again
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      if (i >= 100 || child.exitCode !== null) throw new Error("redis-server did not start (apt-get install redis-server)");
      probe.disconnect();
      await sleep(50);
    }
  }
  probe.disconnect();
  return {
    port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createBullmqPeer(o: PeerOptions & { redisPort: number }): Promise<Peer> {
  const sql = await postgresClient(o.dbUrl, { max: o.poolSize, onnotice: () => {} });
  await createPeerTables(sql, SCHEMA, o.hooks);
  // BullMQ's workers block on their connection: it wants no per-request retry limit
  const connection = { host: "127.0.0.1", port: o.redisPort, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE, { connection });
  await queue.waitUntilReady();

  let seq = 0;
  /**
   * One producer's work for a session: its events committed in PostgreSQL, then a job per event and
   * webhook added to the queue. The two writes are not one transaction: a crash between them loses
   * the jobs (a BullMQ user would need an outbox to close that gap, which is what ours is).
   */
  async function record(payloads: Record<string, unknown>[]): Promise<string[]> {
    const ids = await sql.begin((tx) => recordEvents(tx, SCHEMA, "bq", payloads, () => ++seq));
    await queue.addBulk(
      ids.flatMap((eventId) =>
        o.hooks.map((h) => ({
          name: QUEUE,
          data: { eventId, webhookId: h.id },
          opts: {
            jobId: `${eventId}.${h.id}`, // added twice, kept once
            attempts: MAX_ATTEMPTS,
            backoff: { type: "exponential", delay: 1_000 },
            removeOnComplete: true,
            removeOnFail: false,
          },
        })),
      ),
    );
    return ids;
  }

  let worker: Worker | undefined;
  const query = async <R>(text: string, params: unknown[]) => (await sql.unsafe(text, params as never[])) as unknown as R[];
  async function start() {
    worker = new Worker(
      QUEUE,
      async (job) => {
        const { eventId, webhookId } = job.data as { eventId: string; webhookId: string };
        await deliverJob(o, query, SCHEMA, { id: job.id!, attempt: job.attemptsMade + 1, eventId, webhookId });
      },
      { connection, concurrency: o.concurrency },
    );
    worker.on("error", () => {});
    await worker.waitUntilReady();
  }
  async function stop() {
    const w = worker;
    worker = undefined;
    await w?.close();
  }
  return {
    record,
    start,
    stop,
    async counts() {
      const jobs = await queue.getJobCountByTypes("waiting", "active", "delayed", "prioritized", "waiting-children");
      return { attempts: await attemptCount(sql, SCHEMA), jobs };
    },
    async close() {
      await stop();
      await queue.close();
      await sql.end({ timeout: 5 });
    },
  };
}
