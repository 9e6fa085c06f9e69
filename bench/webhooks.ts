// Webhook delivery benchmark: events produced through the lib services, delivered by the local
// Dispatcher to a receiver in a child process; against two queue peers (graphile-worker on the
// same PostgreSQL, BullMQ on redis-server; each doing the same work per delivery) and a plain loop posting the same signed bodies
// with the same HTTP client (the floor). See bench/README.md. `npm run bench:webhooks`
import { Session } from "node:inspector/promises";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Sql } from "postgres";
import { postgresClient } from "../db/postgres-url";
import { type Rec, startDispatcherProcess as startDispatcherChild, startReceiver as startReceiverChild, withTimeout } from "./children";
import { createBullmqPeer, startRedis } from "./bullmq-peer";
import type { Peer } from "./peer-store";
import { createGraphilePeer } from "./webhook-peer";

const env = process.env;

function knob(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
  return value;
}
const EVENTS = Math.floor(knob("BENCH_EVENTS", 1000));
const CONCURRENCY = Math.floor(knob("BENCH_CONCURRENCY", 64)); // the dispatcher's default
const PRODUCERS = Math.floor(knob("BENCH_PRODUCERS", 8));
const WAIT_SECONDS = knob("BENCH_WAIT_SECONDS", 120);
const CPU_PROF = env.BENCH_CPU_PROF === "1";
const ADMIN_URL = env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PATHS = ["/hooks/a", "/hooks/b", "/hooks/c"];
const SESSIONS = Math.ceil(EVENTS / 2); // startSession emits session.started and order.created
const PACED = Math.floor(Number(env.BENCH_PACED_SESSIONS ?? 30)); // 0 skips the paced phase
if (!Number.isFinite(PACED) || PACED < 0) throw new Error(`BENCH_PACED_SESSIONS must be 0 or more, got "${env.BENCH_PACED_SESSIONS}"`);
const BACKLOG = env.BENCH_BACKLOG !== "0"; // the backlog phase: draining already-queued deliveries
const PEER = env.BENCH_PEER !== "0"; // graphile-worker
const BULLMQ = env.BENCH_BULLMQ !== "0"; // BullMQ on redis-server
/** The peers, what each promises when the machine dies, and the targets: ours/peer deliveries/s under the burst and draining a backlog (issues 27 and 45). */
const PEERS = {
  graphile: {
    name: "graphile-worker",
    promise: "a job is committed with its event, in one transaction",
    loses: "nothing",
    target: { burst: 2.0, backlog: 1.3 },
  },
  bullmq: {
    name: "BullMQ",
    promise:
      "a job is written to Redis's append-only file, flushed to disk once a second (appendfsync everysec); it is added after its event commits",
    loses: "≤ 1 s of jobs; jobs not yet added",
    target: { burst: 1.0, backlog: 1.0 },
  },
} as const;
type NamedPeer = (typeof PEERS)[keyof typeof PEERS] & { result: PeerResult };
const OURS = { promise: "a delivery is committed with its event, in one transaction", loses: "nothing" };
// the target of issue 27: ours/the floor under the burst
const TARGET_FLOOR_RATIO = 0.3;
const COMPETING = env.BENCH_COMPETING !== "0"; // one dispatcher process against three on the same table
const NEIGHBOUR = env.BENCH_NEIGHBOUR !== "0"; // healthy tenants alone, then beside a tenant whose endpoints never answer
const NEIGHBOUR_TENANTS = 4; // healthy merchants, one webhook each
const NEIGHBOUR_SESSIONS = Math.floor(knob("BENCH_NEIGHBOUR_SESSIONS", 80)); // healthy sessions per run, one every NEIGHBOUR_PACE_MS
const NEIGHBOUR_PACE_MS = 50;
const STUCK_HOOKS = 20; // the most a merchant may have
const STUCK_SESSIONS = 40; // 80 events × 20 endpoints queued before the run
const SESSION_INPUT = {
  amountUsdc: "50.00",
  destinationChainId: 8453,
  destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
};

// Undone last-in first-out, on success, failure and Ctrl-C alike; once, whoever asks first.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;
function cleanUp() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (err) {
        console.error(`cleanup: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: cleaning up…`);
    cleanUp().finally(() => process.exit(130));
  });
}

const log = (msg: string) => console.log(`· ${msg}`);
const now = () => performance.timeOrigin + performance.now(); // ms since the epoch, sub-ms precision

// ---------------------------------------------------------------- CPU accounting (Linux /proc)

const TICK_MS = 10; // USER_HZ is 100 on every Linux we target
function procCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return 0; // gone, or not Linux
  }
}
type Snapshot = { at: number; self: NodeJS.CpuUsage; pg: Map<number, number>; receiver: number; redis: number };
/** The queue stores' own processes besides PostgreSQL (redis-server while BullMQ runs): their CPU counts too. */
const storePids: number[] = [];
async function cpuSnapshot(admin: Sql, dbName: string, receiverPid: number): Promise<Snapshot> {
  const backends = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName}`;
  return {
    at: now(),
    self: process.cpuUsage(),
    pg: new Map(backends.map((b) => [b.pid, procCpuMs(b.pid)])),
    receiver: procCpuMs(receiverPid),
    redis: storePids.reduce((a, pid) => a + procCpuMs(pid), 0),
  };
}
function cpuDelta(before: Snapshot, after: Snapshot) {
  let pg = 0;
  for (const [pid, ms] of after.pg) pg += ms - (before.pg.get(pid) ?? 0); // new backends started at ~0
  const self = after.self.user + after.self.system - before.self.user - before.self.system;
  return {
    bench: self / 1000,
    pg,
    redis: after.redis - before.redis,
    receiver: after.receiver - before.receiver,
    wallMs: after.at - before.at,
  };
}

// ---------------------------------------------------------------- statistics

function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}
function summary(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s.length ? s[s.length - 1]! : NaN, min: s.length ? s[0]! : NaN };
}
/** Requests received more than once for the same event on the same path. */
function duplicates(records: Rec[]) {
  const seen = new Set<string>();
  let dup = 0;
  for (const [, p, id] of records) {
    const key = `${p}|${id}`;
    if (seen.has(key)) dup++;
    else seen.add(key);
  }
  return { dup, keys: seen };
}

// ---------------------------------------------------------------- main

async function main() {
  const cores = os.cpus();
  const loadStart = os.loadavg();
  console.log(
    `Webhook delivery benchmark — ${cores.length} cores (${cores[0]?.model.trim() ?? "?"}), node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(
    `${SESSIONS * 2} events (${SESSIONS} sessions started × 2, after ${PACED} paced) × ${PATHS.length} webhooks, dispatcher concurrency ${CONCURRENCY}, ${PRODUCERS} producers, load average at start ${loadStart.map((l) => l.toFixed(2)).join(" ")}`,
  );

  // BENCH_DATABASE_URL may name the Unix socket (?host=<folder>)
  const admin = await postgresClient(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  cleanups.push(() => admin.end({ timeout: 5 }));
  const [{ version }] = await admin<{ version: string }[]>`select current_setting('server_version') as version`;
  const dbName = `checkout_bench_wh_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${dbName}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    log(`dropped database ${dbName}`);
  });
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  log(`created database ${dbName} (PostgreSQL ${version})`);

  // The service reads its settings once, on first use: they must be in place before any app module loads.
  Object.assign(env, {
    DATABASE_URL: dbUrl.href,
    APP_SECRET: "OeG0184reIaWpMgrDPlnRG7cRB-PknELT1SBLgpxZK0",
    NEXTAUTH_SECRET: "_GX6plEkfWnX4ExfGf7vP7ZPsWzeWcfCxEctPtMRK7w",
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "1000",
  });
  delete env.INNGEST_EVENT_KEY; // the local dispatcher does the work, not Inngest
  delete env.INNGEST_DEV;
  const { getDb, getWorkDb, closeDb } = await import("@/db/client");
  const { getConfig } = await import("@/lib/core/config");
  const { LocalDispatcher: Dispatcher } = await import("@/lib/start");
  const { registerLocalDispatcher } = await import("@/lib/jobs");
  const { createMerchant } = await import("@/lib/merchants/service");
  const { dashboardMerchant } = await import("@/lib/core/actor");
  const { createWebhook } = await import("@/lib/webhooks/service");
  const { createSession } = await import("@/lib/sessions/create");
  const { startSession } = await import("@/lib/sessions/transitions");
  const { postWebhook } = await import("@/lib/webhooks/http-post");
  const { signatureHeaders } = await import("@/lib/webhooks/signing");
  const { checkoutSessions, deliveries, deliveryAttempts, events, webhooks: webhooksTable } = await import("@/db/schema");
  const { and, asc, count, eq, inArray, isNotNull } = await import("drizzle-orm");

  const migrateStarted = Date.now();
  const db = await getDb();
  // the dispatcher's own pool, as lib/start gives it one in the service
  const workDb = await getWorkDb();
  cleanups.push(() => closeDb());
  log(`migrated in ${((Date.now() - migrateStarted) / 1000).toFixed(1)} s; service pool DB_POOL_SIZE=${getConfig().dbPoolSize}`);

  const receiver = await startReceiverChild(cleanups);
  log(`receiver (child pid ${receiver.pid}) on ${receiver.base}`);

  const merchant = await createMerchant(db, { name: `bench-${crypto.randomBytes(6).toString("hex")}` });
  const hooks: Awaited<ReturnType<typeof createWebhook>>[] = [];
  for (const p of PATHS) hooks.push(await createWebhook(db, { url: receiver.base + p }, { actor: dashboardMerchant(merchant.id) }));
  const pathOfHook = new Map(hooks.map((h) => [h.id, new URL(h.url).pathname]));

  // The receiver must answer the client the deliveries use before its speed means anything.
  const probe = await postWebhook(`${receiver.base}/probe`, "{}", {}, { timeoutMs: 5_000, allowPrivate: true });
  if (probe.status !== 200) throw new Error(`receiver probe: ${probe.status ?? probe.error}`);
  await receiver.take();

  // Sessions are created before anything is timed: the measured part is the starts (the events) and
  // the deliveries. The first 2 × PACED sessions are for the one-at-a-time phase (half of them its warm-up).
  const sessionIds: string[] = [];
  let asked = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (asked < 2 * PACED + SESSIONS * (1 + (BACKLOG ? 1 : 0) + (COMPETING ? 2 : 0))) {
        asked++;
        const { session } = await createSession(
          db,
          { merchantId: merchant.id, ...SESSION_INPUT },
          { actor: dashboardMerchant(merchant.id) },
        );
        sessionIds.push(session.id);
      }
    }),
  );
  log(`merchant ${merchant.id}, ${hooks.length} webhooks → ${PATHS.join(", ")}, ${sessionIds.length} sessions created`);
  // Rows get strictly increasing millisecond timestamps per process, so creating sessions faster than
  // one per ms pushes the service's clock ahead of the wall clock. Events (and their deliveries' due
  // time) would then be stamped in the future: wait until the wall clock has caught up.
  const newestSession = Math.max(
    ...(await db.select({ at: checkoutSessions.createdAt }).from(checkoutSessions)).map((r) => r.at.getTime()),
  );
  const clockLead = newestSession - Date.now();
  if (clockLead > 0) {
    log(`creating them stamped the newest ${clockLead} ms ahead of the clock; waiting that out`);
    await sleep(Math.min(clockLead + 5, 10_000));
  }
  const pacedIds = sessionIds.slice(0, 2 * PACED);
  const burstIds = sessionIds.slice(2 * PACED, 2 * PACED + SESSIONS);
  const backlogIds = BACKLOG ? sessionIds.slice(2 * PACED + SESSIONS, 2 * PACED + 2 * SESSIONS) : [];
  const competingIds = sessionIds.slice(2 * PACED + SESSIONS + backlogIds.length);

  const dispatcher = new Dispatcher(workDb, { concurrency: CONCURRENCY });
  registerLocalDispatcher(dispatcher);
  dispatcher.start();
  let dispatcherStopped = false;
  const stopDispatcher = async () => {
    if (dispatcherStopped) return;
    dispatcherStopped = true;
    await withTimeout(dispatcher.stop(), 40_000, "dispatcher.stop()");
    registerLocalDispatcher(undefined);
  };
  cleanups.push(stopDispatcher);
  await sleep(200); // its first tick (an expiry sweep, nothing due) is not part of any measurement

  const start = (id: string) =>
    startSession(db, id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: dashboardMerchant(merchant.id) });
  const deliveryCount = async () => (await db.select({ n: count() }).from(deliveries))[0]!.n;
  // the v0 events: each v0 event here also records its v1 counterparts, which go to no webhook
  const eventCount = async () => (await db.select({ n: count() }).from(events).where(eq(events.apiVersion, 0)))[0]!.n;
  const statusCounts = () => db.select({ status: deliveries.status, n: count() }).from(deliveries).groupBy(deliveries.status);

  // waits until the receiver has n requests and `settled` holds; every phase polls alike (ours and the peers')
  const waitReceived = async (n: number, settled: () => Promise<boolean>, what: string, ms = WAIT_SECONDS * 1000) => {
    for (const until = now() + ms; ;) {
      const received = await receiver.count();
      if (received >= n && (await settled())) return;
      if (now() > until) throw new Error(`${what}: the receiver has ${received} of ${n} requests after ${ms / 1000} s`);
      await sleep(received >= n ? 20 : 50);
    }
  };

  // ------------------------------------------------ paced: one session at a time, nothing queued
  // What an event costs to deliver when the dispatcher is idle. The first PACED sessions warm the
  // code paths up and are not measured; each peer gets the same warm-up before its own.
  let paced = summary([]);
  let pacedParts: { commit: Summary; claim: Summary; send: Summary } | undefined;
  const committedAt = new Map<string, number>(); // when each startSession returned, by session id
  if (PACED) {
    log(
      `paced: ${PACED} sessions started one at a time (${PACED * 2} events), each once the previous one's deliveries arrived, after as many unmeasured`,
    );
    for (let i = 0; i < 2 * PACED; i++) {
      if (i === PACED) await receiver.take(); // the warm-up's
      await start(pacedIds[i]!);
      committedAt.set(pacedIds[i]!, Date.now());
      await waitReceived(((i % PACED) + 1) * 2 * PATHS.length, async () => true, `paced, session ${i + 1}`, 10_000);
      await sleep(50);
    }
    const pacedRecords = await receiver.take();
    paced = summary(pacedRecords.map((r) => r[0] - (r[3] ?? NaN)).filter(Number.isFinite));
    for (const until = now() + 10_000; (await statusCounts()).some((c) => c.status !== "DELIVERED"); await sleep(20)) {
      if (now() > until) throw new Error("paced phase: deliveries not all DELIVERED within 10 s");
    }
    // where one event's time goes: its transaction after it was stamped, the wait for a claim, the send
    const pacedEventRows = await db
      .select({ id: events.id, sessionId: events.sessionId, createdAt: events.createdAt })
      .from(events)
      .where(eq(events.apiVersion, 0));
    const stampOf = new Map(pacedEventRows.map((e) => [e.id, { at: e.createdAt.getTime(), committed: committedAt.get(e.sessionId!)! }]));
    const receiptAt = new Map(pacedRecords.map((r) => [`${r[1]}|${r[2]}`, r[0]]));
    const rows = await db
      .select({ eventId: deliveries.eventId, webhookId: deliveries.webhookId, lastAttemptAt: deliveries.lastAttemptAt })
      .from(deliveries);
    const parts = { commit: [] as number[], claim: [] as number[], send: [] as number[] };
    for (const d of rows) {
      const stamp = stampOf.get(d.eventId);
      const receipt = receiptAt.get(`${pathOfHook.get(d.webhookId)}|${d.eventId}`);
      if (!stamp || !d.lastAttemptAt || receipt === undefined) continue;
      parts.commit.push(stamp.committed - stamp.at);
      parts.claim.push(d.lastAttemptAt.getTime() - stamp.committed);
      parts.send.push(receipt - d.lastAttemptAt.getTime());
    }
    pacedParts = { commit: summary(parts.commit), claim: summary(parts.claim), send: summary(parts.send) };
  }
  const pacedDeliveries = await deliveryCount();
  const pacedEvents = await eventCount();

  // ------------------------------------------------ ours: produce events, let the dispatcher deliver
  log(`burst: starting ${SESSIONS} sessions (${SESSIONS * 2} events) with ${PRODUCERS} producers; the dispatcher delivers as they commit`);
  const profiler = CPU_PROF ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const before = await cpuSnapshot(admin, dbName, receiver.pid);
  const produceStarted = now();
  const produceErrors = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (next < burstIds.length) {
        const id = burstIds[next++]!;
        try {
          await start(id);
          committedAt.set(id, Date.now());
        } catch (err) {
          const kind = (err as Error).message.slice(0, 160);
          produceErrors.set(kind, (produceErrors.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  const produceEnded = now();
  const mid = await cpuSnapshot(admin, dbName, receiver.pid);
  if (produceErrors.size) throw new Error(`startSession failed: ${[...produceErrors].map(([k, n]) => `${n}× ${k}`).join("; ")}`);
  const burstSet = new Set(burstIds);
  // (cheap counts only while the dispatcher works; the rows are read once it is done)
  const producedEvents = (await eventCount()) - pacedEvents;
  const expected = (await deliveryCount()) - pacedDeliveries;
  log(
    `produced ${producedEvents} events / ${expected} deliveries in ${((produceEnded - produceStarted) / 1000).toFixed(2)} s; waiting for delivery (at most ${WAIT_SECONDS} s)`,
  );
  if (expected !== producedEvents * PATHS.length)
    throw new Error(`expected ${producedEvents * PATHS.length} deliveries, the fan-out made ${expected}`);

  const deadline = produceStarted + WAIT_SECONDS * 1000;
  for (;;) {
    const received = await receiver.count();
    if (received >= expected && (await statusCounts()).every((c) => c.status === "DELIVERED")) break;
    if (now() > deadline) {
      const counts = await statusCounts();
      const { keys } = duplicates(await receiver.take());
      const rows = await db
        .select({ webhookId: deliveries.webhookId, eventId: deliveries.eventId, lastError: deliveries.lastError })
        .from(deliveries);
      const burstEvents = new Set(
        (await db.select({ id: events.id, sessionId: events.sessionId }).from(events))
          .filter((e) => burstSet.has(e.sessionId!))
          .map((e) => e.id),
      );
      const missing = rows.filter((r) => burstEvents.has(r.eventId) && !keys.has(`${pathOfHook.get(r.webhookId)}|${r.eventId}`));
      const errors = new Map<string, number>();
      for (const r of rows) if (r.lastError) errors.set(r.lastError, (errors.get(r.lastError) ?? 0) + 1);
      throw new Error(
        `not all delivered after ${WAIT_SECONDS} s: the receiver has ${received} of ${expected} requests (${missing.length} deliveries never arrived); ` +
          `delivery rows by status (the ${pacedDeliveries} paced ones included): ${counts.map((c) => `${c.status} ${c.n}`).join(", ")}` +
          (errors.size ? `; errors: ${[...errors].map(([e, n]) => `${n}× ${e}`).join("; ")}` : ""),
      );
    }
    await sleep(received >= expected ? 20 : 50);
  }
  const after = await cpuSnapshot(admin, dbName, receiver.pid);
  const oursCpu = cpuDelta(before, after);
  const drainCpu = cpuDelta(mid, after);
  const producing = cpuDelta(before, mid);
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    const file = path.join(os.tmpdir(), `bench-webhooks-${process.pid}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    log(`CPU profile of the bench process during the burst: ${file} (profiling slows the run down)`);
  }
  const oursRecords = await receiver.take();
  await stopDispatcher(); // nothing of ours runs during the baseline

  const allEvents = await db
    .select({ id: events.id, sessionId: events.sessionId, payload: events.payload, createdAt: events.createdAt })
    .from(events)
    .where(eq(events.apiVersion, 0))
    .orderBy(asc(events.createdAt), asc(events.id));
  const eventRows = allEvents.filter((e) => burstSet.has(e.sessionId!));
  // an event stamped after its transaction returned was stamped ahead of the clock (see above)
  const lead = (rows: typeof allEvents) => Math.max(0, ...rows.map((e) => e.createdAt.getTime() - committedAt.get(e.sessionId!)!));
  const pacedLead = lead(allEvents.filter((e) => !burstSet.has(e.sessionId!)));
  const burstLead = lead(eventRows);
  if (eventRows.length !== producedEvents) throw new Error(`counted ${producedEvents} burst events, read ${eventRows.length}`);
  const burstEvents = new Set(eventRows.map((e) => e.id));

  const deliveryRows = (
    await db
      .select({
        id: deliveries.id,
        webhookId: deliveries.webhookId,
        eventId: deliveries.eventId,
        attempts: deliveries.attempts,
        lastAttemptAt: deliveries.lastAttemptAt,
        durationMs: deliveries.durationMs,
      })
      .from(deliveries)
  ).filter((d) => burstEvents.has(d.eventId));
  const burstDeliveries = new Set(deliveryRows.map((d) => d.id));
  const attemptRows = (await db.select({ deliveryId: deliveryAttempts.deliveryId }).from(deliveryAttempts)).filter((a) =>
    burstDeliveries.has(a.deliveryId),
  ).length;

  const oursDup = duplicates(oursRecords);
  const expectedKeys = new Set(deliveryRows.map((d) => `${pathOfHook.get(d.webhookId)}|${d.eventId}`));
  const missing = [...expectedKeys].filter((k) => !oursDup.keys.has(k)).length;
  const unexpected = [...oursDup.keys].filter((k) => !expectedKeys.has(k)).length;
  const firstEventTs = Math.min(...eventRows.map((e) => e.createdAt.getTime()));
  const lastReceipt = Math.max(...oursRecords.map((r) => r[0]));
  const noTimestamp = oursRecords.filter((r) => r[3] === null).length;
  // where a delivery's latency goes: until its attempt starts (the row's last_attempt_at: a slot, the
  // claim or the hand-off at commit, the reads), then the attempt itself to the receipt
  const receiptOf = new Map(oursRecords.map((r) => [`${r[1]}|${r[2]}`, r[0]]));
  const eventTs = new Map(eventRows.map((e) => [e.id, e.createdAt.getTime()]));
  const waits: number[] = [];
  const sends: number[] = [];
  for (const d of deliveryRows) {
    const receipt = receiptOf.get(`${pathOfHook.get(d.webhookId)}|${d.eventId}`);
    if (!d.lastAttemptAt || receipt === undefined) continue;
    waits.push(d.lastAttemptAt.getTime() - eventTs.get(d.eventId)!);
    sends.push(receipt - d.lastAttemptAt.getTime());
  }
  // After the last event committed the dispatcher works alone: its own rate and CPU per delivery.
  // The producing window's CPU less its deliveries at that cost estimates the CPU per event.
  const drained = oursRecords.filter((x) => x[0] > produceEnded).length;
  const deliveredWhileProducing = oursRecords.length - drained;
  const perEvent = (k: "bench" | "pg") => (producing[k] - (deliveredWhileProducing * drainCpu[k]) / drained) / producedEvents;
  const ours = {
    n: oursRecords.length,
    windowMs: lastReceipt - firstEventTs,
    rate: oursRecords.length / ((lastReceipt - firstEventTs) / 1000),
    latency: summary(oursRecords.filter((r) => r[3] !== null).map((r) => r[0] - r[3]!)),
    dup: oursDup.dup,
    missing,
    unexpected,
    attemptsPerDelivery: deliveryRows.reduce((s, d) => s + d.attempts, 0) / deliveryRows.length,
    attemptRows,
    cpu: oursCpu,
    wait: summary(waits),
    send: summary(sends),
    http: summary(deliveryRows.map((d) => d.durationMs ?? NaN).filter(Number.isFinite)),
  };
  const drain = { n: drained, rate: drained / ((lastReceipt - produceEnded) / 1000), cpu: drainCpu };

  // Waits until the receiver holds `n` requests and `settled()` says the queue is done; fails after `ms`.

  // ------------------------------------------------ backlog (ours): the same work already queued
  // The queue machinery alone: events produced with no dispatcher running, then one drains them.
  let oursBacklog: Backlog | undefined;
  if (BACKLOG) {
    const queuedBefore = await deliveryCount();
    log(`backlog: starting ${backlogIds.length} more sessions with no dispatcher running, then one dispatcher drains their deliveries`);
    let k = 0;
    await Promise.all(
      Array.from({ length: PRODUCERS }, async () => {
        while (k < backlogIds.length) await start(backlogIds[k++]!);
      }),
    );
    const queued = (await deliveryCount()) - queuedBefore;
    const drainer = new Dispatcher(workDb, { concurrency: CONCURRENCY });
    registerLocalDispatcher(drainer);
    cleanups.push(() => drainer.stop());
    const b0 = await cpuSnapshot(admin, dbName, receiver.pid);
    const t0 = now();
    drainer.start();
    await waitReceived(queued, async () => (await statusCounts()).every((c) => c.status === "DELIVERED"), "backlog (ours)");
    const b1 = await cpuSnapshot(admin, dbName, receiver.pid);
    await withTimeout(drainer.stop(), 40_000, "dispatcher.stop()");
    registerLocalDispatcher(undefined);
    const recs = await receiver.take();
    const d = duplicates(recs);
    oursBacklog = {
      expected: queued,
      n: recs.length,
      rate: recs.length / ((Math.max(...recs.map((r) => r[0])) - t0) / 1000),
      cpu: cpuDelta(b0, b1),
      dup: d.dup,
      lost: queued - d.keys.size,
    };
  }

  // ------------------------------------------------ competing: one dispatcher process against three
  // The production topology's claims: two app instances and the worker each run a dispatcher with its
  // own pool on the same table. The same backlog is queued twice (no dispatcher running), then drained
  // once by one dispatcher process and once by three started together; every delivery must arrive
  // once, and three must not be slower than one.
  const competing: Competing[] = [];
  if (COMPETING) {
    await stopDispatcher();
    for (const [i, processes] of [1, 3].entries()) {
      const ids = competingIds.slice(i * SESSIONS, (i + 1) * SESSIONS);
      const queuedBefore = await deliveryCount();
      let k = 0;
      await Promise.all(
        Array.from({ length: PRODUCERS }, async () => {
          while (k < ids.length) await start(ids[k++]!);
        }),
      );
      const queued = (await deliveryCount()) - queuedBefore;
      log(`competing: ${queued} deliveries queued; ${processes} dispatcher process(es) (concurrency ${CONCURRENCY} each) drain them`);
      const children = await Promise.all(Array.from({ length: processes }, () => startDispatcherChild(cleanups, CONCURRENCY)));
      const before = await cpuSnapshot(admin, dbName, receiver.pid);
      const t0 = now();
      for (const c of children) c.start();
      await waitReceived(queued, async () => (await statusCounts()).every((c) => c.status === "DELIVERED"), `competing (${processes})`);
      const after = await cpuSnapshot(admin, dbName, receiver.pid);
      const childCpuMs = (await Promise.all(children.map((c) => c.stop()))).reduce((a, b) => a + b, 0);
      const recs = await receiver.take();
      const d = duplicates(recs);
      const [attempts] = await db
        .select({ n: count() })
        .from(deliveryAttempts)
        .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
        .innerJoin(events, eq(events.id, deliveries.eventId))
        .where(inArray(events.sessionId, ids));
      competing.push({
        processes,
        expected: queued,
        n: recs.length,
        rate: recs.length / ((Math.max(...recs.map((r) => r[0])) - t0) / 1000),
        dup: d.dup,
        lost: queued - d.keys.size,
        attempts: attempts!.n,
        cpu: { ...cpuDelta(before, after), children: childCpuMs },
      });
    }
  }

  // ------------------------------------------------ baseline: the same signed bodies, a plain loop
  const secretOf = new Map(hooks.map((h) => [h.id, h.secret]));
  const jobs = eventRows.flatMap((e) =>
    hooks.map((h) => ({
      url: h.url,
      path: pathOfHook.get(h.id)!,
      eventId: e.id,
      body: JSON.stringify(e.payload),
      secret: secretOf.get(h.id)!,
    })),
  );
  log(`baseline: posting the same ${jobs.length} signed bodies with ${CONCURRENCY} workers (postWebhook + signatureHeaders, no database)`);
  const sentAt = new Map<string, number>();
  const baseErrors = new Map<string, number>();
  const baseBefore = await cpuSnapshot(admin, dbName, receiver.pid);
  const baseStarted = now();
  let j = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (j < jobs.length) {
        const job = jobs[j++]!;
        sentAt.set(`${job.path}|${job.eventId}`, now());
        const timestamp = Math.floor(Date.now() / 1000);
        const result = await postWebhook(job.url, job.body, signatureHeaders([job.secret], job.eventId, timestamp, job.body), {
          timeoutMs: 30_000,
          allowPrivate: true,
        });
        if (result.status !== 200) {
          const kind = result.error ?? `HTTP ${result.status}`;
          baseErrors.set(kind, (baseErrors.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  const baseCpu = cpuDelta(baseBefore, await cpuSnapshot(admin, dbName, receiver.pid));
  for (const until = now() + 10_000; (await receiver.count()) < jobs.length - sumValues(baseErrors) && now() < until;) await sleep(20);
  const baseRecords = await receiver.take();
  const baseLast = Math.max(...baseRecords.map((r) => r[0]));
  const base = {
    n: baseRecords.length,
    windowMs: baseLast - baseStarted,
    rate: baseRecords.length / ((baseLast - baseStarted) / 1000),
    latency: summary(baseRecords.map((r) => r[0] - (sentAt.get(`${r[1]}|${r[2]}`) ?? NaN)).filter(Number.isFinite)),
    dup: duplicates(baseRecords).dup,
    cpu: baseCpu,
    errors: baseErrors,
  };

  // ------------------------------------------------ the peers: graphile-worker and BullMQ, the same events and work
  // the burst's payloads, per started session (the same bodies; fresh ids and timestamps)
  const bySession = new Map<string, Record<string, unknown>[]>();
  for (const e of eventRows) bySession.set(e.sessionId!, [...(bySession.get(e.sessionId!) ?? []), e.payload as Record<string, unknown>]);
  const groups = [...bySession.values()];
  const peerOptions = {
    dbUrl: dbUrl.href,
    hooks: hooks.map((h) => ({ id: h.id, url: h.url, secret: h.secret })),
    concurrency: CONCURRENCY,
    poolSize: getConfig().dbPoolSize,
    timeoutMs: getConfig().webhookTimeoutMs,
    postWebhook,
    signatureHeaders,
  };

  /** The paced, burst and backlog phases of one peer, as ours ran them. */
  const measurePeer = async (name: string, q: Peer): Promise<PeerResult> => {
    const perGroup = groups[0]!.length * PATHS.length;
    const settled = async () => (await q.counts()).jobs === 0;
    const keysOf = (ids: string[]) => new Set(ids.flatMap((id) => PATHS.map((p) => `${p}|${id}`)));
    const produce = async (all: Record<string, unknown>[][], ids: string[]) => {
      let k = 0;
      await Promise.all(
        Array.from({ length: PRODUCERS }, async () => {
          while (k < all.length) ids.push(...(await q.record(all[k++]!)));
        }),
      );
    };
    await q.start();
    let peerPaced = summary([]);
    if (PACED) {
      for (let i = 0; i < 2 * PACED; i++) {
        if (i === PACED) await receiver.take(); // the warm-up's, as ours
        await q.record(groups[i % groups.length]!);
        await waitReceived(((i % PACED) + 1) * perGroup, async () => true, `${name}, paced`, 10_000);
        await sleep(50);
      }
      peerPaced = summary((await receiver.take()).map((r) => r[0] - (r[3] ?? NaN)).filter(Number.isFinite));
      await waitReceived(0, settled, `${name}, paced: jobs left`, 10_000);
    }
    log(`${name} burst: ${groups.length} sessions' events and jobs with ${PRODUCERS} producers; the worker delivers as they are queued`);
    const attemptsBefore = (await q.counts()).attempts;
    const p0 = await cpuSnapshot(admin, dbName, receiver.pid);
    const pStarted = now();
    const burstIdsPeer: string[] = [];
    await produce(groups, burstIdsPeer);
    const pEnded = now();
    const pMid = await cpuSnapshot(admin, dbName, receiver.pid);
    const pExpected = burstIdsPeer.length * PATHS.length;
    await waitReceived(pExpected, settled, `${name} burst`);
    const p1 = await cpuSnapshot(admin, dbName, receiver.pid);
    const recs = await receiver.take();
    const pd = duplicates(recs);
    const pKeys = keysOf(burstIdsPeer);
    const pLast = Math.max(...recs.map((r) => r[0]));
    const pFirst = Math.min(...recs.map((r) => r[3] ?? Infinity));
    const pDrained = recs.filter((r) => r[0] > pEnded).length;
    const pProducing = cpuDelta(p0, pMid);
    const pDrainCpu = cpuDelta(pMid, p1);
    const pPerEvent = (k2: "bench" | "pg" | "redis") =>
      (pProducing[k2] - ((recs.length - pDrained) * pDrainCpu[k2]) / pDrained) / burstIdsPeer.length;
    const result: PeerResult = {
      expected: pExpected,
      n: recs.length,
      rate: recs.length / ((pLast - pFirst) / 1000),
      windowMs: pLast - pFirst,
      latency: summary(recs.filter((r) => r[3] !== null).map((r) => r[0] - r[3]!)),
      dup: pd.dup,
      lost: [...pKeys].filter((key) => !pd.keys.has(key)).length,
      attempts: (await q.counts()).attempts - attemptsBefore,
      cpu: cpuDelta(p0, p1),
      produceMs: pEnded - pStarted,
      paced: peerPaced,
      perEvent: { bench: pPerEvent("bench"), pg: pPerEvent("pg") + pPerEvent("redis") },
    };
    if (BACKLOG) {
      await q.stop();
      log(`${name} backlog: the same ${groups.length} sessions' events and jobs with no worker running, then one worker drains them`);
      const backlogIdsPeer: string[] = [];
      await produce(groups, backlogIdsPeer);
      const b0 = await cpuSnapshot(admin, dbName, receiver.pid);
      const t0 = now();
      await q.start();
      const queued = backlogIdsPeer.length * PATHS.length;
      await waitReceived(queued, settled, `${name} backlog`);
      const b1 = await cpuSnapshot(admin, dbName, receiver.pid);
      const brecs = await receiver.take();
      const bd = duplicates(brecs);
      const bKeys = keysOf(backlogIdsPeer);
      result.backlog = {
        expected: queued,
        n: brecs.length,
        rate: brecs.length / ((Math.max(...brecs.map((r) => r[0])) - t0) / 1000),
        cpu: cpuDelta(b0, b1),
        dup: bd.dup,
        lost: [...bKeys].filter((key) => !bd.keys.has(key)).length,
      };
    }
    await q.close();
    return result;
  };

  const peers: NamedPeer[] = [];
  if (PEER) {
    log(`peer: graphile-worker (concurrency ${CONCURRENCY}, pool ${peerOptions.poolSize}) in schema graphile_worker of the bench database`);
    const gw = await createGraphilePeer(peerOptions);
    cleanups.push(() => gw.close());
    peers.push({ ...PEERS.graphile, result: await measurePeer("graphile-worker", gw) });
  }
  if (BULLMQ) {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    storePids.push(redis.pid);
    log(`peer: BullMQ (concurrency ${CONCURRENCY}) on redis-server :${redis.port}, appendonly yes, appendfsync everysec`);
    const bq = await createBullmqPeer({ ...peerOptions, redisPort: redis.port });
    cleanups.push(() => bq.close());
    peers.push({ ...PEERS.bullmq, result: await measurePeer("BullMQ", bq) });
    storePids.length = 0;
  }

  // ------------------------------------------------ noisy neighbour: healthy tenants beside a stuck one
  // Healthy merchants (one webhook each) start sessions at a steady pace while the dispatcher runs;
  // once alone, once beside a merchant with 20 webhooks whose endpoint never answers and a backlog
  // for each queued before the run. The same run, the same dispatcher settings (the service's
  // WEBHOOK_TIMEOUT): what the stuck tenant costs the others is the difference.
  const neighbourRun = async (withStuck: boolean): Promise<NeighbourRun> => {
    const label = withStuck ? "beside" : "alone";
    const tenants: { id: string; sessions: string[] }[] = [];
    for (let i = 0; i < NEIGHBOUR_TENANTS; i++) {
      const m = await createMerchant(db, { name: `bench-${label}-${i}-${crypto.randomBytes(4).toString("hex")}` });
      await createWebhook(db, { url: `${receiver.base}/healthy/${label}/${i}` }, { actor: dashboardMerchant(m.id) });
      tenants.push({ id: m.id, sessions: [] });
    }
    for (let k = 0; k < NEIGHBOUR_SESSIONS; k++) {
      const t = tenants[k % tenants.length]!;
      const { session } = await createSession(db, { merchantId: t.id, ...SESSION_INPUT }, { actor: dashboardMerchant(t.id) });
      t.sessions.push(session.id);
    }
    let stuckId: string | undefined;
    if (withStuck) {
      const m = await createMerchant(db, { name: `bench-stuck-${crypto.randomBytes(4).toString("hex")}` });
      stuckId = m.id;
      for (let j = 0; j < STUCK_HOOKS; j++) {
        await createWebhook(db, { url: `${receiver.stuckBase}/stuck/${j}` }, { actor: dashboardMerchant(m.id) });
      }
      // queued with no dispatcher running: every one of them is due when the run starts
      for (let k = 0; k < STUCK_SESSIONS; k++) {
        const { session } = await createSession(db, { merchantId: m.id, ...SESSION_INPUT }, { actor: dashboardMerchant(m.id) });
        await startSession(db, session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: dashboardMerchant(m.id) });
      }
    }
    await receiver.take();
    const d = new Dispatcher(workDb, { concurrency: CONCURRENCY });
    registerLocalDispatcher(d);
    d.start();
    if (withStuck) await sleep(1_000); // the stuck endpoints take what the dispatcher gives them
    const t0 = now();
    for (let k = 0; k < NEIGHBOUR_SESSIONS; k++) {
      const t = tenants[k % tenants.length]!;
      await startSession(
        db,
        t.sessions[Math.floor(k / tenants.length)]!,
        { paymentPlatform: "venmo", fiatCurrency: "USD" },
        { actor: dashboardMerchant(t.id) },
      );
      await sleep(NEIGHBOUR_PACE_MS);
    }
    const expectedHealthy = NEIGHBOUR_SESSIONS * 2;
    await waitReceived(expectedHealthy, async () => true, `noisy neighbour (${label})`);
    const windowMs = now() - t0;
    await withTimeout(d.stop(), 60_000, "dispatcher.stop()");
    registerLocalDispatcher(undefined);
    const recs = (await receiver.take()).filter((r) => r[1].startsWith(`/healthy/${label}/`));
    const run: NeighbourRun = {
      n: recs.length,
      expected: expectedHealthy,
      windowMs,
      latency: summary(recs.filter((r) => r[3] !== null).map((r) => r[0] - r[3]!)),
      dup: duplicates(recs).dup,
    };
    if (stuckId) {
      const stuckAttempts = await db
        .select({ n: count() })
        .from(deliveryAttempts)
        .where(
          inArray(deliveryAttempts.deliveryId, db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.merchantId, stuckId))),
        );
      const open = await db
        .select({ n: count() })
        .from(webhooksTable)
        .where(and(eq(webhooksTable.merchantId, stuckId), isNotNull(webhooksTable.circuitOpenUntil)));
      const pending = await db
        .select({ n: count() })
        .from(deliveries)
        .where(and(eq(deliveries.merchantId, stuckId), eq(deliveries.status, "PENDING")));
      run.stuck = {
        deliveries: STUCK_SESSIONS * 2 * STUCK_HOOKS,
        attempts: stuckAttempts[0]!.n,
        circuitsOpen: open[0]!.n,
        pending: pending[0]!.n,
      };
    }
    return run;
  };
  let neighbour: { alone: NeighbourRun; beside: NeighbourRun } | undefined;
  if (NEIGHBOUR) {
    log(
      `noisy neighbour: ${NEIGHBOUR_TENANTS} healthy merchants start ${NEIGHBOUR_SESSIONS} sessions, one every ${NEIGHBOUR_PACE_MS} ms; alone, then beside one with ${STUCK_HOOKS} webhooks that never answer (WEBHOOK_TIMEOUT ${getConfig().webhookTimeoutMs / 1000} s)`,
    );
    const alone = await neighbourRun(false);
    const beside = await neighbourRun(true);
    neighbour = { alone, beside };
  }

  report({
    neighbour,
    ours,
    oursBacklog,
    competing,
    peers,
    base,
    drain,
    paced,
    pacedParts,
    deliveredWhileProducing,
    perEvent: { bench: perEvent("bench"), pg: perEvent("pg") },
    expected,
    producedEvents,
    produceMs: produceEnded - produceStarted,
    noTimestamp,
    clockLead,
    pacedLead,
    burstLead,
    version,
    loadStart,
  });
  const failures = [
    ours.missing && `ours: ${ours.missing} deliveries never arrived`,
    oursBacklog?.lost && `ours, backlog: ${oursBacklog.lost} deliveries never arrived`,
    ...competing.map((c) => (c.lost || c.dup) && `competing (${c.processes}): ${c.lost} lost, ${c.dup} duplicates`),
    ...peers.map((p) => p.result.lost && `${p.name}: ${p.result.lost} deliveries never arrived`),
    ...peers.map((p) => p.result.backlog?.lost && `${p.name}, backlog: ${p.result.backlog.lost} deliveries never arrived`),
    ours.unexpected && `ours: ${ours.unexpected} requests the run did not produce`,
    base.errors.size && `baseline errors: ${[...base.errors].map(([k, n]) => `${n}× ${k}`).join("; ")}`,
  ].filter(Boolean);
  if (failures.length) throw new Error(failures.join("; "));
}

const sumValues = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------- report

function table(header: string[], rows: (string | number)[][], textColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i < textColumns ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

type Summary = ReturnType<typeof summary>;
type NeighbourRun = {
  n: number;
  expected: number;
  windowMs: number;
  latency: Summary;
  dup: number;
  stuck?: { deliveries: number; attempts: number; circuitsOpen: number; pending: number };
};
type Cpu = ReturnType<typeof cpuDelta>;
type Backlog = { expected: number; n: number; rate: number; cpu: Cpu; dup: number; lost: number };
type Competing = Backlog & { processes: number; attempts: number; cpu: Cpu & { children: number } };
type PeerResult = {
  expected: number;
  n: number;
  rate: number;
  windowMs: number;
  latency: Summary;
  dup: number;
  lost: number;
  attempts: number;
  cpu: Cpu;
  produceMs: number;
  paced: Summary;
  perEvent: { bench: number; pg: number };
  backlog?: Backlog;
};
function report(r: {
  neighbour?: { alone: NeighbourRun; beside: NeighbourRun };
  competing: Competing[];
  oursBacklog?: Backlog;
  peers: NamedPeer[];
  ours: {
    n: number;
    windowMs: number;
    rate: number;
    latency: Summary;
    dup: number;
    missing: number;
    unexpected: number;
    attemptsPerDelivery: number;
    attemptRows: number;
    cpu: Cpu;
    wait: Summary;
    send: Summary;
    http: Summary;
  };
  base: { n: number; windowMs: number; rate: number; latency: Summary; dup: number; cpu: Cpu; errors: Map<string, number> };
  drain: { n: number; rate: number; cpu: Cpu };
  paced: Summary;
  pacedParts?: { commit: Summary; claim: Summary; send: Summary };
  deliveredWhileProducing: number;
  perEvent: { bench: number; pg: number };
  expected: number;
  producedEvents: number;
  produceMs: number;
  noTimestamp: number;
  clockLead: number;
  pacedLead: number;
  burstLead: number;
  version: string;
  loadStart: number[];
}) {
  const { ours, base, peers, oursBacklog } = r;
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
  const mark = (ok: boolean) => (ok ? "met" : "NOT MET");
  const q = (a: number | undefined, b: number | undefined, d = 2) => (a === undefined || b === undefined ? "—" : f(a / b, d));

  console.log(
    `\nResults: ${r.producedEvents} events → ${r.expected} deliveries; ours produced them in ${f(r.produceMs / 1000, 2)} s (${f(r.producedEvents / (r.produceMs / 1000), 0)} events/s)` +
      peers
        .map(
          (p) => `, ${p.name} in ${f(p.result.produceMs / 1000, 2)} s (${f(r.producedEvents / (p.result.produceMs / 1000), 0)} events/s)`,
        )
        .join("") +
      "\n",
  );
  const perDelivery = (cpu: Cpu | undefined, n: number | undefined) =>
    cpu && n ? `${f(cpu.bench / n, 3)} + ${f((cpu.pg + cpu.redis) / n, 3)}` : "—";
  // one column per peer, then ours/each peer; the targets name the peer they are for
  const row = (
    label: string,
    oursCell: string | number,
    peerCell: (p: PeerResult) => string | number,
    floorCell: string | number,
    ratio?: (p: PeerResult) => string,
    target?: (p: NamedPeer) => string,
    targetAlone = "",
  ) => [
    label,
    oursCell,
    ...peers.map((p) => peerCell(p.result)),
    floorCell,
    ...peers.map((p) => (ratio ? ratio(p.result) : "")),
    target ? peers.map(target).filter(Boolean).join("; ") : targetAlone,
  ];
  table(
    ["", "ours (dispatcher)", ...peers.map((p) => `${p.name}`), "floor (plain loop)", ...peers.map((p) => `ours/${p.name}`), "target"],
    [
      ["if the machine dies, it may lose", OURS.loses, ...peers.map((p) => p.loses), "—", ...peers.map(() => ""), ""],
      row("burst: deliveries received", `${ours.n} of ${r.expected}`, (p) => `${p.n} of ${p.expected}`, `${base.n} of ${r.expected}`),
      row(
        "burst: deliveries/s",
        f(ours.rate, 0),
        (p) => f(p.rate, 0),
        f(base.rate, 0),
        (p) => q(ours.rate, p.rate),
        (p) => `${p.name} >= ${p.target.burst}: ${mark(ours.rate / p.result.rate >= p.target.burst)}`,
      ),
      row(
        "burst: event → receipt p50 ms",
        f(ours.latency.p50, 1),
        (p) => f(p.latency.p50, 1),
        `(${f(base.latency.p50, 1)})`,
        (p) => q(ours.latency.p50, p.latency.p50),
      ),
      row(
        "burst: event → receipt p99 ms",
        f(ours.latency.p99, 1),
        (p) => f(p.latency.p99, 1),
        `(${f(base.latency.p99, 1)})`,
        (p) => q(ours.latency.p99, p.latency.p99),
      ),
      row(
        "burst: CPU ms/delivery, bench + stores",
        perDelivery(ours.cpu, ours.n),
        (p) => perDelivery(p.cpu, p.n),
        perDelivery(base.cpu, base.n),
      ),
      row("burst: duplicates", ours.dup, (p) => p.dup, base.dup, undefined, undefined, "0"),
      row("burst: lost deliveries", ours.missing + ours.unexpected, (p) => p.lost, sumValues(base.errors), undefined, undefined, "0"),
      row("burst: attempts per delivery", f(ours.attemptsPerDelivery, 3), (p) => f(p.attempts / p.n, 3), "—", undefined, undefined, "1"),
      row(
        "paced: event → receipt p50 ms",
        f(r.paced.p50, 1),
        (p) => f(p.paced.p50, 1),
        "",
        (p) => q(r.paced.p50, p.paced.p50),
        (p) => `<= ${p.name}: ${mark(r.paced.p50 <= p.result.paced.p50)}`,
      ),
      row(
        "producing: CPU ms/event, bench + stores",
        `${f(r.perEvent.bench, 3)} + ${f(r.perEvent.pg, 3)}`,
        (p) => `${f(p.perEvent.bench, 3)} + ${f(p.perEvent.pg, 3)}`,
        "",
      ),
      row(
        "backlog: deliveries/s",
        oursBacklog ? f(oursBacklog.rate, 0) : "—",
        (p) => (p.backlog ? f(p.backlog.rate, 0) : "—"),
        "",
        (p) => q(oursBacklog?.rate, p.backlog?.rate),
        (p) =>
          oursBacklog && p.result.backlog
            ? `${p.name} >= ${p.target.backlog}: ${mark(oursBacklog.rate / p.result.backlog.rate >= p.target.backlog)}`
            : "",
      ),
      row(
        "backlog: CPU ms/delivery, bench + stores",
        perDelivery(oursBacklog?.cpu, oursBacklog?.n),
        (p) => perDelivery(p.backlog?.cpu, p.backlog?.n),
        "",
      ),
      row(
        "backlog: duplicates / lost",
        oursBacklog ? `${oursBacklog.dup} / ${oursBacklog.lost}` : "—",
        (p) => (p.backlog ? `${p.backlog.dup} / ${p.backlog.lost}` : "—"),
        "",
        undefined,
        undefined,
        "0 / 0",
      ),
    ],
  );
  console.log(`\nwhat each promises: ours, ${OURS.promise}; ${peers.map((p) => `${p.name}, ${p.promise}`).join("; ")}`);
  console.log(
    `\nratio ours/floor, burst deliveries/s: ${f(ours.rate / base.rate, 2)} (target >= ${TARGET_FLOOR_RATIO}: ${mark(ours.rate / base.rate >= TARGET_FLOOR_RATIO)})`,
  );
  if (r.competing.length) {
    console.log("\nCompeting dispatchers: the same backlog drained by dispatcher processes on one table (the production topology)\n");
    const one = r.competing.find((c) => c.processes === 1);
    table(
      [
        "processes",
        "deliveries",
        "deliveries/s",
        "vs one",
        "duplicates / lost",
        "attempts per delivery",
        "CPU ms/delivery, dispatchers + postgres",
      ],
      r.competing.map((c) => [
        c.processes,
        `${c.n} of ${c.expected}`,
        f(c.rate, 0),
        one ? f(c.rate / one.rate, 2) : "—",
        `${c.dup} / ${c.lost}`,
        f(c.attempts / c.expected, 3),
        `${f(c.cpu.children / c.n, 3)} + ${f(c.cpu.pg / c.n, 3)}`,
      ]),
    );
    console.log("window = the start message to the processes → the last receipt; 0 duplicates, 1.000 attempts: no claim collided");
  }
  console.log(`
ours, peer: window = the first event's timestamp → the last receipt; latency = receipt − the event's \`timestamp\`
          (set when the event is recorded, inside the producing transaction): commit, queueing and sending.
          Our producers start sessions (the session and order rows, 2 events, 6 deliveries); the peer's
          record the same 2 events and enqueue 6 jobs, one transaction per session, as many producers.
backlog:  every delivery queued first (no dispatcher / worker running); rate = deliveries over start → last receipt.
floor:    every body exists up front; window = first send → last receipt; latency (in brackets) = receipt − the
          moment that request was picked up (signed and posted): no queueing in it, so not comparable.`);
  if (r.noTimestamp) console.log(`          ${r.noTimestamp} of our requests had no parseable body timestamp (left out of the latencies)`);
  if (r.clockLead > 0)
    console.log(
      `note: creating the sessions pushed the service's row clock ${r.clockLead} ms ahead of the wall clock (waited out before timing)`,
    );
  for (const [phase, ms] of [
    ["burst", r.burstLead],
    ["paced", r.pacedLead],
  ] as const) {
    if (ms > 0)
      console.log(
        `note: ${phase} events were stamped up to ${ms} ms after their transaction returned (ahead of the clock); those latencies are understated by up to that`,
      );
  }

  console.log("\nOur latency in parts (ms)\n");
  table(
    ["", "p50", "p99", "max"],
    [
      ["burst: event → attempt starts (a slot, the claim or hand-off, reads)", f(r.ours.wait.p50), f(r.ours.wait.p99), f(r.ours.wait.max)],
      ["burst: attempt starts → receipt (sign, POST)", f(r.ours.send.p50), f(r.ours.send.p99), f(r.ours.send.max)],
      ["burst: the POST alone (delivery durationMs)", f(r.ours.http.p50), f(r.ours.http.p99), f(r.ours.http.max)],
      [`paced: event → receipt, one session at a time (${r.paced.n} deliveries)`, f(r.paced.p50), f(r.paced.p99), f(r.paced.max)],
      ...(r.pacedParts
        ? [
            [
              "paced: event stamped → its transaction returned",
              f(r.pacedParts.commit.p50),
              f(r.pacedParts.commit.p99),
              f(r.pacedParts.commit.max),
            ],
            [
              "paced: transaction returned → attempt starts (hand-off or claim, reads)",
              f(r.pacedParts.claim.p50),
              f(r.pacedParts.claim.p99),
              f(r.pacedParts.claim.max),
            ],
            ["paced: attempt starts → receipt (sign, POST)", f(r.pacedParts.send.p50), f(r.pacedParts.send.p99), f(r.pacedParts.send.max)],
          ]
        : []),
    ],
  );
  console.log(
    `\nOur throughput alone: ${f(r.drain.rate, 0)} deliveries/s over the ${r.drain.n} delivered after the last event was produced (${r.deliveredWhileProducing} arrived while producing)`,
  );

  console.log(
    "\nCPU per delivery (ms): the bench process (ours: producing events + dispatcher; baseline: the loop), PostgreSQL backends, receiver\n",
  );
  const cpuRow = (name: string, cpu: Cpu, n: number) => [
    name,
    f(cpu.bench / n, 3),
    f(cpu.pg / n, 3),
    f(cpu.redis / n, 3),
    f(cpu.receiver / n, 3),
    f((cpu.bench + cpu.pg + cpu.redis + cpu.receiver) / n, 3),
    `${f((100 * cpu.bench) / cpu.wallMs, 0)}%`,
    `${f((100 * cpu.pg) / cpu.wallMs, 0)}%`,
  ];
  table(
    ["", "bench", "postgres", "redis", "receiver", "total", "bench busy", "postgres busy"],
    [
      cpuRow("ours, whole burst", ours.cpu, ours.n),
      cpuRow("ours, after production", r.drain.cpu, r.drain.n),
      ...(r.oursBacklog ? [cpuRow("ours, backlog", r.oursBacklog.cpu, r.oursBacklog.n)] : []),
      ...r.peers.flatMap((p) => [
        cpuRow(`${p.name}, whole burst`, p.result.cpu, p.result.n),
        ...(p.result.backlog ? [cpuRow(`${p.name}, backlog`, p.result.backlog.cpu, p.result.backlog.n)] : []),
      ]),
      cpuRow("floor", base.cpu, base.n),
    ],
  );
  console.log(`busy = CPU over the window's wall time, 100 % = one core (the machine has ${os.cpus().length})`);
  console.log(
    `producing an event costs about ${f(r.perEvent.bench, 3)} ms in the bench process + ${f(r.perEvent.pg, 3)} ms in PostgreSQL (estimate: the producing window's CPU less its deliveries at the after-production cost)`,
  );

  if (base.errors.size) {
    console.log("\nBaseline errors");
    for (const [kind, n] of base.errors) console.log(`  ×${n}: ${kind}`);
  }
  if (r.neighbour) {
    const { alone, beside } = r.neighbour;
    console.log("\nNoisy neighbour: the healthy merchants' deliveries, alone and beside a merchant whose endpoints never answer\n");
    table(
      ["healthy merchants", "deliveries", "event → receipt p50 ms", "p99 ms", "max ms", "duplicates"],
      [
        ["alone", `${alone.n} of ${alone.expected}`, f(alone.latency.p50), f(alone.latency.p99), f(alone.latency.max), alone.dup],
        [
          "beside the stuck one",
          `${beside.n} of ${beside.expected}`,
          f(beside.latency.p50),
          f(beside.latency.p99),
          f(beside.latency.max),
          beside.dup,
        ],
        ["beside / alone", "", q(beside.latency.p50, alone.latency.p50), q(beside.latency.p99, alone.latency.p99), "", ""],
      ],
    );
    if (beside.stuck)
      console.log(
        `the stuck merchant: ${beside.stuck.deliveries} deliveries queued to ${STUCK_HOOKS} endpoints; ${beside.stuck.attempts} attempts made during the run, ${beside.stuck.circuitsOpen} circuits open at its end, ${beside.stuck.pending} deliveries waiting (PENDING, none dropped)`,
      );
  }
  console.log(
    `\nPostgreSQL ${r.version}; load average at start ${r.loadStart.map((l) => l.toFixed(2)).join(" ")}, at end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  if (!interrupted) console.error(`\nbenchmark failed: ${(err as Error).stack ?? err}`);
  exitCode = interrupted ? 130 : 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
