#!/usr/bin/env node
// API benchmark: our Next.js service against a bare node:http + postgres baseline, same database,
// same SQL essentials, same load. See bench/README.md. `npm run bench:api`
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const env = process.env;

function knob(name, fallback) {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${env[name]}"`);
  return value;
}
const CONCURRENCY = Math.floor(knob("BENCH_CONCURRENCY", 32));
const SECONDS = knob("BENCH_SECONDS", 10);
const WARMUP_SECONDS = knob("BENCH_WARMUP_SECONDS", 2);
const GET_IDS = 300;
const ADMIN_URL = env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const SESSION_BODY = {
  amountUsdc: "50.00",
  destinationChainId: 8453,
  destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  recipientAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
};

// Undone last-in first-out, on success, failure and Ctrl-C alike.
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    cleanUp().finally(() => process.exit(130));
  });
}

const log = (msg) => console.log(`· ${msg}`);

// ---------------------------------------------------------------- build, database, servers

// Someone else's `next build` (e2e, a teammate) deletes BUILD_ID while it runs; building over it would
// clean .next under their server, so wait for theirs instead.
function otherBuildRunning() {
  try {
    return fs.readdirSync("/proc").some((pid) => /^\d+$/.test(pid) && readOr(`/proc/${pid}/cmdline`).startsWith("next-build"));
  } catch {
    return false; // no /proc
  }
}
const readOr = (file) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

async function ensureBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  for (let waited = 0; !fs.existsSync(buildId) && otherBuildRunning() && waited < 900; waited += 2) {
    if (waited % 30 === 0) log("another next build is running; waiting for it to finish");
    await sleep(2000);
  }
  if (!fs.existsSync(buildId)) {
    log("no production build (.next/BUILD_ID): running next build");
    const r = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status !== 0) throw new Error(`next build failed (${r.status ?? r.signal})`);
    return;
  }
  // Rebuilding here could pull .next out from under someone else, so a stale build is only reported.
  const built = fs.statSync(buildId).mtimeMs;
  const newest = (p) => {
    if (!fs.existsSync(p)) return 0;
    const st = fs.statSync(p);
    return st.isDirectory() ? Math.max(st.mtimeMs, ...fs.readdirSync(p).map((e) => newest(path.join(p, e)))) : st.mtimeMs;
  };
  const sources = ["app", "components", "lib", "db", "inngest", "instrumentation.ts", "instrumentation-node.ts", "next.config.ts"];
  if (sources.some((s) => newest(path.join(root, s)) > built)) {
    log("WARNING: sources changed since the last build; measuring the existing build (run `npm run build` to refresh)");
  }
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const tail = (file) => fs.readFileSync(file, "utf8").split("\n").slice(-30).join("\n");

async function startServer(name, command, args, extraEnv, healthUrl) {
  const logFile = path.join(os.tmpdir(), `bench-${name}-${process.pid}.log`);
  const out = fs.openSync(logFile, "w");
  const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited during start-up; ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`${name} not healthy after 120 s; ${logFile}:\n${tail(logFile)}`);
    await sleep(200);
  }
  log(`${name} up on ${new URL(healthUrl).host} in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${logFile})`);
  return child;
}

// ---------------------------------------------------------------- CPU accounting (Linux /proc)

// Where the time goes: CPU seconds of the server's process tree and of the Postgres backends
// serving the bench database, sampled around each measured window.
const TICK_MS = 10; // USER_HZ is 100 on every Linux we target
function procCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
  } catch {
    return 0; // gone, or not Linux
  }
}
function treePids(pid) {
  const kids = [];
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      kids.push(...fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number));
    }
  } catch {
    // no /proc
  }
  return [pid, ...kids.flatMap(treePids)];
}
async function cpuSnapshot(admin, dbName, serverPid) {
  const backends = await admin`select pid from pg_stat_activity where datname = ${dbName}`;
  const pg = new Map(backends.map((b) => [b.pid, procCpuMs(b.pid)]));
  return { server: treePids(serverPid).reduce((sum, p) => sum + procCpuMs(p), 0), pg, self: process.cpuUsage() };
}
function cpuDelta(before, after) {
  let pg = 0;
  for (const [pid, ms] of after.pg) pg += ms - (before.pg.get(pid) ?? 0); // new backends started at ~0
  const self = process.cpuUsage(before.self);
  return { server: after.server - before.server, pg, client: (self.user + self.system) / 1000 };
}

// ---------------------------------------------------------------- load

/** Closed-loop load: CONCURRENCY workers, each issuing its next request as soon as the last one answered. */
async function load(makeRequest, expectStatus, seconds) {
  const latencies = [];
  const errors = new Map();
  const t0 = process.hrtime.bigint();
  const deadline = t0 + BigInt(Math.round(seconds * 1e9));
  let seq = 0;
  const worker = async () => {
    while (process.hrtime.bigint() < deadline) {
      const { url, init } = makeRequest(seq++);
      const start = process.hrtime.bigint();
      let outcome;
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
        const text = await res.text();
        outcome = res.status === expectStatus ? null : `HTTP ${res.status} ${text.slice(0, 120)}`;
      } catch (err) {
        outcome = `${err.name}: ${err.cause?.code ?? err.message}`;
      }
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (outcome === null) latencies.push(ms);
      else errors.set(outcome, (errors.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // the window ends when the last in-flight request has answered, not at the deadline
  const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : NaN);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return {
    ok: latencies.length,
    errors: errorCount,
    errorKinds: errors,
    elapsed,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
  };
}

// ---------------------------------------------------------------- main

async function api(base, method, pathname, { key, body } = {}) {
  const res = await fetch(base + pathname, {
    method,
    headers: { ...(key && { "x-api-key": key }), ...(body && { "content-type": "application/json" }) },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}
function expect(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json;
}

async function main() {
  const cores = os.cpus();
  console.log(
    `API benchmark — ${cores.length} cores (${cores[0]?.model.trim() ?? "?"}), node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(
    `concurrency ${CONCURRENCY}, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per scenario, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await ensureBuild();

  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  cleanups.push(() => admin.end({ timeout: 5 }));
  const [{ version }] = await admin`select current_setting('server_version') as version`;
  const dbName = `checkout_bench_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${dbName}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    log(`dropped database ${dbName}`);
  });
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  log(`created database ${dbName} (PostgreSQL ${version})`);

  const oursPort = await freePort();
  const ours = await startServer(
    "ours",
    path.join(root, "node_modules/.bin/next"),
    ["start", "-p", String(oursPort), "-H", "127.0.0.1"],
    {
      DATABASE_URL: dbUrl.href,
      APP_SECRET: "bench-secret",
      NEXTAUTH_SECRET: "bench-secret",
      RATE_LIMIT_MULTIPLIER: "1000",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "1",
      DB_POOL_SIZE: "20",
    },
    `http://127.0.0.1:${oursPort}/api/health`,
  );
  const oursBase = `http://127.0.0.1:${oursPort}`;

  // The schema comes from our service's migrations, so the baseline starts only after it is up.
  const basePort = await freePort();
  const baseline = await startServer(
    "baseline",
    process.execPath,
    [path.join(import.meta.dirname, "baseline-server.mjs")],
    { DATABASE_URL: dbUrl.href, PORT: String(basePort), DB_POOL_SIZE: "20" },
    `http://127.0.0.1:${basePort}/health`,
  );
  const baseBase = `http://127.0.0.1:${basePort}`;

  const merchant = expect(
    await api(oursBase, "POST", "/api/merchants", { body: { name: `bench-${crypto.randomBytes(6).toString("hex")}` } }),
    201,
    "POST /api/merchants",
  ).responseObject;
  const key = merchant.apiKey;
  const sessionBody = { merchantId: merchant.id, ...SESSION_BODY };
  const ids = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (ids.length < GET_IDS) {
        const created = expect(
          await api(oursBase, "POST", "/api/checkout/sessions", { key, body: sessionBody }),
          201,
          "POST /api/checkout/sessions",
        );
        ids.push(created.responseObject.session.id);
      }
    }),
  );
  // Both servers must answer the same requests correctly before their speed means anything.
  const probe = expect(await api(oursBase, "GET", `/api/checkout/sessions/${ids[0]}`, { key }), 200, "GET session (ours)");
  if (probe.responseObject.id !== ids[0]) throw new Error("GET session (ours) returned another session");
  expect(await api(baseBase, "POST", "/api/checkout/sessions", { key, body: sessionBody }), 201, "POST session (baseline)");
  const baseProbe = expect(await api(baseBase, "GET", `/api/checkout/sessions/${ids[0]}`, { key }), 200, "GET session (baseline)");
  if (baseProbe.responseObject.id !== ids[0]) throw new Error("GET session (baseline) returned another session");
  log(`merchant ${merchant.id}, ${ids.length} sessions pre-created; both servers answer correctly`);

  const postBody = JSON.stringify(sessionBody);
  const scenarios = [
    {
      name: "POST /api/checkout/sessions",
      expect: 201,
      request: (base) => () => ({
        url: `${base}/api/checkout/sessions`,
        init: { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: postBody },
      }),
    },
    {
      name: "GET /api/checkout/sessions/:id",
      expect: 200,
      request: (base) => (i) => ({ url: `${base}/api/checkout/sessions/${ids[i % ids.length]}`, init: { headers: { "x-api-key": key } } }),
    },
    // what Next.js itself costs: a route through the same wrapper with no database work at all
    { name: "GET /api/health (no SQL)", expect: 200, only: "ours", request: (base) => () => ({ url: `${base}/api/health`, init: {} }) },
  ];
  const servers = [
    { name: "ours", base: oursBase, pid: ours.pid },
    { name: "baseline", base: baseBase, pid: baseline.pid },
  ];
  const results = [];
  for (const scenario of scenarios) {
    for (const server of servers) {
      if (scenario.only && scenario.only !== server.name) continue;
      const makeRequest = scenario.request(server.base);
      log(`${scenario.name} → ${server.name}: warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s`);
      await load(makeRequest, scenario.expect, WARMUP_SECONDS);
      const before = await cpuSnapshot(admin, dbName, server.pid);
      const r = await load(makeRequest, scenario.expect, SECONDS);
      const cpu = cpuDelta(before, await cpuSnapshot(admin, dbName, server.pid));
      results.push({ scenario: scenario.name, server: server.name, ...r, cpu });
    }
  }
  report(results);
  console.log(
    `load average at end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

// ---------------------------------------------------------------- report

function table(header, rows, textColumns = 2) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i < textColumns ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

function report(results) {
  const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
  console.log("\nResults (req/s and latencies count only responses with the expected status)\n");
  table(
    ["scenario", "server", "requests", "req/s", "p50 ms", "p99 ms", "errors"],
    results.map((r) => [r.scenario, r.server, r.ok + r.errors, f(r.rps), f(r.p50, 2), f(r.p99, 2), r.errors]),
  );

  console.log("\nCPU per successful request (ms): server process tree, its Postgres backends, the load generator\n");
  table(
    ["scenario", "server", "server", "postgres", "load-gen", "server CPU busy"],
    results.map((r) => [
      r.scenario,
      r.server,
      f(r.cpu.server / r.ok, 3),
      f(r.cpu.pg / r.ok, 3),
      f(r.cpu.client / r.ok, 3),
      `${f((100 * r.cpu.server) / (r.elapsed * 1000), 0)}%`,
    ]),
  );

  console.log(`\nTargets: throughput ours/baseline >= ${TARGET_RATIO}, our p99 < ${TARGET_P99_MS} ms\n`);
  const rows = [];
  for (const scenario of new Set(results.map((r) => r.scenario))) {
    const ours = results.find((r) => r.scenario === scenario && r.server === "ours");
    const base = results.find((r) => r.scenario === scenario && r.server === "baseline");
    if (!base) continue;
    const ratio = ours.rps / base.rps;
    const mark = (ok) => (ok ? "met" : "NOT MET");
    rows.push([scenario, f(ratio, 2), mark(ratio >= TARGET_RATIO), f(ours.p99, 2), mark(ours.p99 < TARGET_P99_MS)]);
  }
  table(["scenario", "ours/baseline req/s", `>= ${TARGET_RATIO}`, "our p99 ms", `< ${TARGET_P99_MS} ms`], rows, 1);
  const floor = results.find((r) => r.scenario.startsWith("GET /api/health"));
  if (floor) {
    console.log(`\nFramework floor: our route with no SQL answers ${f(floor.rps)} req/s (p99 ${f(floor.p99, 2)} ms), that is`);
    for (const r of results.filter((x) => x.server === "baseline"))
      console.log(`  ${f(floor.rps / r.rps, 2)} of the baseline's ${r.scenario}`);
  }

  const failures = results.filter((r) => r.errors);
  if (failures.length) {
    console.log("\nErrors");
    for (const r of failures) for (const [kind, n] of r.errorKinds) console.log(`  ${r.scenario} (${r.server}) ×${n}: ${kind}`);
  }
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(`\nbenchmark failed: ${err.stack ?? err}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
