// Webhook delivery benchmark: events produced through the lib services, delivered by the local
// Dispatcher to a receiver in a child process; against a plain loop posting the same signed bodies
// with the same HTTP client. See bench/README.md. `npm run bench:webhooks`
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const env = process.env;

function knob(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
  return value;
}
const EVENTS = Math.floor(knob("BENCH_EVENTS", 1000));
const CONCURRENCY = Math.floor(knob("BENCH_CONCURRENCY", 16));
const PRODUCERS = Math.floor(knob("BENCH_PRODUCERS", 8));
const WAIT_SECONDS = knob("BENCH_WAIT_SECONDS", 120);
const ADMIN_URL = env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PATHS = ["/hooks/a", "/hooks/b", "/hooks/c"];
const SESSIONS = Math.ceil(EVENTS / 2); // startSession emits session.started and order.created
const TARGET_RATIO = 0.5;
const TARGET_P50_MS = 100;
const SESSION_INPUT = {
  amountUsdc: "50.00",
  destinationChainId: 8453,
  destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
};

// Undone last-in first-out, on success, failure and Ctrl-C alike.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error(`cleanup: ${(err as Error).message}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    cleanUp().finally(() => process.exit(130));
  });
}

const log = (msg: string) => console.log(`· ${msg}`);
const now = () => performance.timeOrigin + performance.now(); // ms since the epoch, sub-ms precision
const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, sleep(ms).then(() => Promise.reject(new Error(`${what}: no answer after ${ms} ms`)))]) as Promise<T>;

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
type Snapshot = { at: number; self: NodeJS.CpuUsage; pg: Map<number, number>; receiver: number };
async function cpuSnapshot(admin: postgres.Sql, dbName: string, receiverPid: number): Promise<Snapshot> {
  const backends = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName}`;
  return { at: now(), self: process.cpuUsage(), pg: new Map(backends.map((b) => [b.pid, procCpuMs(b.pid)])), receiver: procCpuMs(receiverPid) };
}
function cpuDelta(before: Snapshot, after: Snapshot) {
  let pg = 0;
  for (const [pid, ms] of after.pg) pg += ms - (before.pg.get(pid) ?? 0); // new backends started at ~0
  const self = process.cpuUsage(before.self);
  return { bench: (self.user + self.system) / 1000, pg, receiver: after.receiver - before.receiver, wallMs: after.at - before.at };
}

// ---------------------------------------------------------------- the receiver (child process)

type Rec = [receivedAt: number, path: string, webhookId: string | null, eventTs: number | null];

async function startReceiver() {
  const child = fork(path.join(import.meta.dirname, "webhook-receiver.mjs"), [], { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  });
  const pending = new Map<number, (msg: any) => void>();
  let port = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.on("message", (msg: any) => {
      if (msg?.ready) {
        port = msg.port;
        resolve();
      } else if (pending.has(msg?.id)) {
        pending.get(msg.id)!(msg);
        pending.delete(msg.id);
      }
    });
    child.once("exit", (code, signal) => reject(new Error(`receiver exited (${code ?? signal})`)));
  });
  await withTimeout(ready, 10_000, "receiver start-up");
  let seq = 0;
  const ask = (cmd: string) =>
    withTimeout(
      new Promise<any>((resolve) => {
        const id = ++seq;
        pending.set(id, resolve);
        child.send({ cmd, id });
      }),
      10_000,
      `receiver ${cmd}`,
    );
  return {
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    count: async () => (await ask("count")).count as number,
    take: async () => (await ask("take")).records as Rec[],
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
  console.log(`Webhook delivery benchmark — ${cores.length} cores (${cores[0]?.model.trim() ?? "?"}), node ${process.version}, ${os.platform()} ${os.release()}`);
  console.log(
    `${EVENTS} events (${SESSIONS} sessions started × 2) × ${PATHS.length} webhooks, dispatcher concurrency ${CONCURRENCY}, ${PRODUCERS} producers, load average at start ${loadStart.map((l) => l.toFixed(2)).join(" ")}`,
  );

  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 10 });
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
    APP_SECRET: "bench-secret",
    NEXTAUTH_SECRET: "bench-secret",
    ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "1000",
  });
  delete env.INNGEST_EVENT_KEY; // the local dispatcher does the work, not Inngest
  delete env.INNGEST_DEV;
  const { getDb, closeDb } = await import("@/db/client");
  const { getConfig } = await import("@/lib/config");
  const { Dispatcher } = await import("@/lib/jobs/dispatcher");
  const { registerLocalDispatcher } = await import("@/lib/jobs");
  const { createMerchant } = await import("@/lib/merchants/service");
  const { createWebhook } = await import("@/lib/webhooks/service");
  const { createSession, startSession } = await import("@/lib/sessions/service");
  const { postWebhook } = await import("@/lib/webhooks/http-post");
  const { signatureHeaders } = await import("@/lib/webhooks/signing");
  const { deliveries, deliveryAttempts, events } = await import("@/db/schema");
  const { asc, count } = await import("drizzle-orm");

  const migrateStarted = Date.now();
  const db = await getDb();
  cleanups.push(() => closeDb());
  log(`migrated in ${((Date.now() - migrateStarted) / 1000).toFixed(1)} s; service pool DB_POOL_SIZE=${getConfig().dbPoolSize}`);

  const receiver = await startReceiver();
  log(`receiver (child pid ${receiver.pid}) on ${receiver.base}`);

  const merchant = await createMerchant(db, { name: `bench-${crypto.randomBytes(6).toString("hex")}` });
  const hooks = [];
  for (const p of PATHS) hooks.push(await createWebhook(db, { url: receiver.base + p }, { merchantId: merchant.id }));
  const pathOfHook = new Map(hooks.map((h) => [h.id, new URL(h.url).pathname]));

  // The receiver must answer the client the deliveries use before its speed means anything.
  const probe = await postWebhook(`${receiver.base}/probe`, "{}", {}, { timeoutMs: 5_000, allowPrivate: true });
  if (probe.status !== 200) throw new Error(`receiver probe: ${probe.status ?? probe.error}`);
  await receiver.take();

  const sessionIds: string[] = [];
  let asked = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (asked < SESSIONS) {
        asked++;
        const { session } = await createSession(db, { merchantId: merchant.id, ...SESSION_INPUT }, { merchantId: merchant.id });
        sessionIds.push(session.id);
      }
    }),
  );
  log(`merchant ${merchant.id}, ${hooks.length} webhooks → ${PATHS.join(", ")}, ${sessionIds.length} sessions created`);

  const dispatcher = new Dispatcher(db, { concurrency: CONCURRENCY });
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
  await sleep(200); // its first tick (an expiry sweep, nothing due) is not part of the measurement

  // ------------------------------------------------ ours: produce events, let the dispatcher deliver
  log(`ours: starting ${SESSIONS} sessions (${SESSIONS * 2} events) with ${PRODUCERS} producers; the dispatcher delivers as they commit`);
  const before = await cpuSnapshot(admin, dbName, receiver.pid);
  const produceStarted = now();
  const committedAt = new Map<string, number>();
  const produceErrors = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (next < sessionIds.length) {
        const id = sessionIds[next++]!;
        try {
          await startSession(db, id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { kind: "merchant", merchantId: merchant.id });
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
  const producedEvents = (await db.select({ n: count() }).from(events))[0]!.n;
  const expected = (await db.select({ n: count() }).from(deliveries))[0]!.n;
  log(`produced ${producedEvents} events / ${expected} deliveries in ${((produceEnded - produceStarted) / 1000).toFixed(2)} s; waiting for delivery (at most ${WAIT_SECONDS} s)`);
  if (expected !== producedEvents * PATHS.length) throw new Error(`expected ${producedEvents * PATHS.length} deliveries, the fan-out made ${expected}`);

  const deadline = produceStarted + WAIT_SECONDS * 1000;
  let received = 0;
  let statusCounts: { status: string; n: number }[] = [];
  for (;;) {
    received = await receiver.count();
    if (received >= expected) {
      statusCounts = await db.select({ status: deliveries.status, n: count() }).from(deliveries).groupBy(deliveries.status);
      if (statusCounts.every((s) => s.status === "DELIVERED")) break;
    }
    if (now() > deadline) {
      if (received < expected) statusCounts = await db.select({ status: deliveries.status, n: count() }).from(deliveries).groupBy(deliveries.status);
      const records = await receiver.take();
      const { keys } = duplicates(records);
      const rows = await db.select({ webhookId: deliveries.webhookId, eventId: deliveries.eventId, status: deliveries.status, lastError: deliveries.lastError }).from(deliveries);
      const missing = rows.filter((r) => !keys.has(`${pathOfHook.get(r.webhookId)}|${r.eventId}`));
      const errors = new Map<string, number>();
      for (const r of rows) if (r.lastError) errors.set(r.lastError, (errors.get(r.lastError) ?? 0) + 1);
      throw new Error(
        `not all delivered after ${WAIT_SECONDS} s: receiver has ${records.length} of ${expected} requests (${missing.length} deliveries never arrived); ` +
          `delivery rows by status: ${statusCounts.map((s) => `${s.status} ${s.n}`).join(", ")}` +
          (errors.size ? `; last errors: ${[...errors].map(([e, n]) => `${n}× ${e}`).join("; ")}` : ""),
      );
    }
    await sleep(received >= expected ? 20 : 50);
  }
  const after = await cpuSnapshot(admin, dbName, receiver.pid);
  const oursCpu = cpuDelta(before, after);
  const drainCpu = cpuDelta(mid, after);
  const oursRecords = await receiver.take();
  await stopDispatcher(); // nothing of ours runs during the baseline

  const deliveryRows = await db
    .select({ id: deliveries.id, webhookId: deliveries.webhookId, eventId: deliveries.eventId, attempts: deliveries.attempts, lastAttemptAt: deliveries.lastAttemptAt, durationMs: deliveries.durationMs })
    .from(deliveries);
  const attemptRows = (await db.select({ n: count() }).from(deliveryAttempts))[0]!.n;
  const eventRows = await db.select({ id: events.id, sessionId: events.sessionId, payload: events.payload, createdAt: events.createdAt }).from(events).orderBy(asc(events.createdAt), asc(events.id));

  const oursDup = duplicates(oursRecords);
  const firstEventTs = Math.min(...eventRows.map((e) => e.createdAt.getTime()));
  const lastReceipt = Math.max(...oursRecords.map((r) => r[0]));
  const oursLatency = summary(oursRecords.filter((r) => r[3] !== null).map((r) => r[0] - r[3]!));
  const noTimestamp = oursRecords.filter((r) => r[3] === null).length;
  // where a delivery's latency goes: waiting for a dispatcher slot (event → claim), then claim → receipt
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
  // events get strictly increasing ms timestamps per process; a burst can push them past the clock
  let aheadMs = 0;
  for (const e of eventRows) aheadMs = Math.max(aheadMs, e.createdAt.getTime() - (committedAt.get(e.sessionId!) ?? Infinity));
  const ours = {
    n: oursRecords.length,
    windowMs: lastReceipt - firstEventTs,
    rate: oursRecords.length / ((lastReceipt - firstEventTs) / 1000),
    latency: oursLatency,
    dup: oursDup.dup,
    attemptsPerDelivery: deliveryRows.reduce((s, d) => s + d.attempts, 0) / deliveryRows.length,
    attemptRows,
    cpu: oursCpu,
    wait: summary(waits),
    send: summary(sends),
    http: summary(deliveryRows.map((d) => d.durationMs ?? NaN).filter(Number.isFinite)),
  };
  // After the last event committed the dispatcher works alone: its own rate and CPU per delivery.
  // The producing window's CPU minus its deliveries at that cost estimates the CPU per event.
  const drained = oursRecords.filter((x) => x[0] > produceEnded).length;
  const drain = { n: drained, rate: drained / ((lastReceipt - produceEnded) / 1000), cpu: drainCpu };
  const producing = cpuDelta(before, mid);
  const perDelivery = (k: "bench" | "pg" | "receiver") => drainCpu[k] / drained;
  const deliveredWhileProducing = oursRecords.length - drained;
  const perEvent = (k: "bench" | "pg") => (producing[k] - deliveredWhileProducing * perDelivery(k)) / producedEvents;

  // ------------------------------------------------ baseline: the same signed bodies, a plain loop
  const secretOf = new Map(hooks.map((h) => [h.id, h.secret]));
  const jobs = eventRows.flatMap((e) => hooks.map((h) => ({ url: h.url, path: pathOfHook.get(h.id)!, eventId: e.id, body: JSON.stringify(e.payload), secret: secretOf.get(h.id)! })));
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
        const result = await postWebhook(job.url, job.body, signatureHeaders([job.secret], job.eventId, timestamp, job.body), { timeoutMs: 30_000, allowPrivate: true });
        if (result.status !== 200) {
          const kind = result.error ?? `HTTP ${result.status}`;
          baseErrors.set(kind, (baseErrors.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  const baseCpu = cpuDelta(baseBefore, await cpuSnapshot(admin, dbName, receiver.pid));
  for (const until = now() + 10_000; (await receiver.count()) < jobs.length - sumValues(baseErrors) && now() < until; ) await sleep(20);
  const baseRecords = await receiver.take();
  const baseDup = duplicates(baseRecords);
  const baseLatency = summary(baseRecords.map((r) => r[0] - (sentAt.get(`${r[1]}|${r[2]}`) ?? NaN)).filter(Number.isFinite));
  const baseLast = Math.max(...baseRecords.map((r) => r[0]));
  const base = { n: baseRecords.length, windowMs: baseLast - baseStarted, rate: baseRecords.length / ((baseLast - baseStarted) / 1000), latency: baseLatency, dup: baseDup.dup, cpu: baseCpu, errors: baseErrors };

  report({ ours, base, drain, deliveredWhileProducing, perEvent: { bench: perEvent("bench"), pg: perEvent("pg") }, expected, producedEvents, produceMs: produceEnded - produceStarted, noTimestamp, aheadMs, version, loadStart });
  const failures = [ours.n < expected && `ours: ${expected - ours.n} deliveries missing`, base.errors.size && `baseline errors: ${[...base.errors].map(([k, n]) => `${n}× ${k}`).join("; ")}`].filter(Boolean);
  if (failures.length) throw new Error(failures.join("; "));
}

const sumValues = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------- report

function table(header: string[], rows: (string | number)[][], textColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) => cells.map((c, i) => (i < textColumns ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

function report(r: {
  ours: any;
  drain: any;
  deliveredWhileProducing: number;
  perEvent: { bench: number; pg: number };
  base: any;
  expected: number;
  producedEvents: number;
  produceMs: number;
  noTimestamp: number;
  aheadMs: number;
  version: string;
  loadStart: number[];
}) {
  const { ours, base } = r;
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
  const mark = (ok: boolean) => (ok ? "met" : "NOT MET");
  const ratio = ours.rate / base.rate;

  console.log(`\nResults: ${r.producedEvents} events → ${r.expected} deliveries (events produced in ${f(r.produceMs / 1000, 2)} s = ${f(r.producedEvents / (r.produceMs / 1000), 0)} events/s)\n`);
  table(
    ["", "ours (dispatcher)", "baseline (plain loop)", "target"],
    [
      ["deliveries received", `${ours.n} of ${r.expected}`, `${base.n} of ${r.expected}`, ""],
      ["window s", f(ours.windowMs / 1000, 2), f(base.windowMs / 1000, 2), ""],
      ["deliveries/s", f(ours.rate, 0), f(base.rate, 0), ""],
      ["ratio ours/baseline", f(ratio, 2), "", `>= ${TARGET_RATIO}: ${mark(ratio >= TARGET_RATIO)}`],
      ["drain-only deliveries/s", `${f(r.drain.rate, 0)} (${r.drain.n} after production)`, "", ""],
      ["latency p50 ms", f(ours.latency.p50, 1), f(base.latency.p50, 1), `ours < ${TARGET_P50_MS}: ${mark(ours.latency.p50 < TARGET_P50_MS)}`],
      ["latency p99 ms", f(ours.latency.p99, 1), f(base.latency.p99, 1), ""],
      ["latency max ms", f(ours.latency.max, 1), f(base.latency.max, 1), ""],
      ["duplicates", ours.dup, base.dup, "0"],
      ["attempts per delivery", `${f(ours.attemptsPerDelivery, 3)} (${ours.attemptRows} attempt rows)`, "—", "1"],
      ["errors", 0, sumValues(base.errors), ""],
    ],
  );
  console.log(`
ours: window = first event's timestamp → last receipt; latency = receipt − the event's \`timestamp\` (set when
      the event is recorded, inside the producing transaction), so it includes commit, queueing and sending.
baseline: all bodies exist up front; window = first send → last receipt; latency = receipt − the moment
      that request was picked up (signed and posted), so it has no queueing in it.`);
  if (r.noTimestamp) console.log(`      ${r.noTimestamp} of our requests had no parseable body timestamp (left out of the latencies)`);
  if (r.aheadMs > 0) console.log(`WARNING: event timestamps ran up to ${f(r.aheadMs, 0)} ms ahead of the clock (strictly increasing ms per process); our latencies are understated by up to that`);

  console.log("\nWhere our latency goes (ms): event → claim = waiting for a dispatcher slot; claim → receipt = claim, reads, sign, POST\n");
  table(
    ["", "p50", "p99", "max"],
    [
      ["event → claim", f(ours.wait.p50), f(ours.wait.p99), f(ours.wait.max)],
      ["claim → receipt", f(ours.send.p50), f(ours.send.p99), f(ours.send.max)],
      ["HTTP POST (durationMs)", f(ours.http.p50), f(ours.http.p99), f(ours.http.max)],
    ],
  );

  console.log("\nCPU per delivery (ms): bench process (ours: producing events + dispatcher; baseline: the loop), PostgreSQL backends, receiver\n");
  const cpuRow = (name: string, x: any, n: number) => [
    name,
    f(x.cpu.bench / n, 3),
    f(x.cpu.pg / n, 3),
    f(x.cpu.receiver / n, 3),
    f((x.cpu.bench + x.cpu.pg + x.cpu.receiver) / n, 3),
    `${f((100 * x.cpu.bench) / x.cpu.wallMs, 0)}%`,
    `${f((100 * x.cpu.pg) / x.cpu.wallMs, 0)}%`,
  ];
  table(
    ["", "bench", "postgres", "receiver", "total", "bench busy", "postgres busy"],
    [cpuRow("ours, whole run", ours, ours.n), cpuRow("ours, draining only", r.drain, r.drain.n), cpuRow("baseline", base, base.n)],
  );
  console.log(
    `ours, producing: about ${f(r.perEvent.bench, 3)} ms bench + ${f(r.perEvent.pg, 3)} ms postgres per event (estimated: the producing window's CPU less its ${r.deliveredWhileProducing} deliveries at the draining cost)`,
  );
  console.log("(busy: CPU over the measured wall time, 100 % = one core; the machine has", os.cpus().length, "cores)");

  if (base.errors.size) {
    console.log("\nBaseline errors");
    for (const [kind, n] of base.errors) console.log(`  ×${n}: ${kind}`);
  }
  console.log(`\nPostgreSQL ${r.version}; load average at start ${r.loadStart.map((l: number) => l.toFixed(2)).join(" ")}, at end ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(`\nbenchmark failed: ${(err as Error).stack ?? err}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
