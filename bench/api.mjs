#!/usr/bin/env node
// API benchmark: our Next.js service against the framework's floor (a no-SQL route of the same
// server) and a bare node:http + postgres baseline, same database, same SQL essentials, same load
// from wrk. Also our server's RSS over 200,000 requests. See bench/README.md. `npm run bench:api`
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
// the servers take turns: ROUNDS rounds of SECONDS / ROUNDS each per scenario and server, so that
// drift in the machine (steal, a neighbour) falls on all of them alike; the ratios are the rounds' median
const SECONDS = knob("BENCH_SECONDS", 10);
const ROUNDS = Math.floor(knob("BENCH_ROUNDS", 5));
// every scenario on every server first serves this many requests unmeasured: a Node.js server is not
// warm (its JIT done) after a couple of seconds, and one measured colder than another loses (the
// minimal app cost 0.58 ms a request cold, 0.44 after 2 s of load and 0.33 after 3 s more on the
// machine of 2026-11-29)
const WARMUP_REQUESTS = Math.floor(knob("BENCH_WARMUP_REQUESTS", 20_000));
const GET_IDS = 300;
const ADMIN_URL = env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const MEMORY_FROM = Math.floor(knob("BENCH_MEMORY_FROM", 10_000));
const MEMORY_REQUESTS = Math.floor(knob("BENCH_MEMORY_REQUESTS", 200_000));
const WRK = env.BENCH_WRK || "wrk";
// at each memory step, seconds of GET session and of the floor, for the server's CPU per request as the phase goes on
const PROBE_SECONDS = env.BENCH_MEMORY_PROBE_SECONDS === "0" ? 0 : knob("BENCH_MEMORY_PROBE_SECONDS", 3);
// ours against the no-SQL route of the same server (the framework's floor)
// ours against the framework's real floor: a minimal Next.js app of the same version (bench/next-floor)
const TARGETS = { get: 0.8, post: 0.7, p99: 2 }; // issue 45
// flat: the server's RSS grows by less than this between MEMORY_FROM and MEMORY_REQUESTS requests
const MEMORY_GROWTH_MAX = 0.1;
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

/**
 * The framework's real floor: bench/next-floor (one route handler; no proxy, no instrumentation, no
 * logging) built with the service's own Next.js and bundler (Turbopack) in a folder of its own, with
 * this checkout's node_modules hard-linked into it (Turbopack compiles nothing outside its root, and
 * hard links cost no space). Where hard links cannot be made (another filesystem), node_modules is a
 * symlink and the build uses webpack (`next build --webpack`). Rebuilt when its sources or Next's
 * version change.
 */
async function buildNextFloor() {
  const version = JSON.parse(fs.readFileSync(path.join(root, "node_modules/next/package.json"), "utf8")).version;
  const src = path.join(import.meta.dirname, "next-floor");
  const dir = path.join(os.tmpdir(), `bench-next-floor-${version}`);
  // the framework's settings that change what every answer costs are ours (next.config.ts): no
  // compression (the proxy in front compresses), no X-Powered-By
  const config = "export default { compress: false, poweredByHeader: false };\n";
  const routes = ["app/api/floor/route.js", "app/api/floor/[id]/route.js"].map((f) => fs.readFileSync(path.join(src, f), "utf8"));
  const stamp = `${version}\n${config}${routes.join("\n")}`;
  const stampFile = path.join(dir, ".bench-stamp");
  const copyServer = () => fs.copyFileSync(path.join(src, "serve.mjs"), path.join(dir, "serve.mjs"));
  if (fs.existsSync(path.join(dir, ".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp) {
    copyServer();
    return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(src, "app"), path.join(dir, "app"), { recursive: true });
  fs.writeFileSync(path.join(dir, "next.config.mjs"), config);
  const linked = spawnSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]).status === 0;
  if (!linked) {
    fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  }
  log(`building the minimal Next.js ${version} app in ${dir} (${linked ? "Turbopack" : "webpack: node_modules could not be hard-linked"})`);
  const r = spawnSync(path.join(dir, "node_modules/.bin/next"), ["build", ...(linked ? [] : ["--webpack"])], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`the minimal app's next build failed (${r.status ?? r.signal})`);
  fs.writeFileSync(stampFile, stamp);
  copyServer();
  return dir;
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
const treeCpuMs = (pid) => treePids(pid).reduce((sum, p) => sum + procCpuMs(p), 0);
async function cpuSnapshot(admin, dbName, serverPid) {
  const backends = await admin`select pid from pg_stat_activity where datname = ${dbName}`;
  const pg = new Map(backends.map((b) => [b.pid, procCpuMs(b.pid)]));
  return { server: treeCpuMs(serverPid), pg };
}
function cpuDelta(before, after) {
  let pg = 0;
  for (const [pid, ms] of after.pg) pg += ms - (before.pg.get(pid) ?? 0); // new backends started at ~0
  return { server: after.server - before.server, pg };
}

// ---------------------------------------------------------------- load

// CPU of reaped children (wrk), from /proc/self/stat: cutime + cstime.
function childrenCpuMs() {
  const stat = readOr("/proc/self/stat");
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

/**
 * Closed-loop load from wrk (C, one thread, CONCURRENCY keep-alive connections), so the load
 * generator costs a fraction of what it measures. `mix` picks the requests (bench/api-load.lua);
 * `stopAfter` ends the run after that many responses instead of after `seconds`.
 */
async function load(base, { mix, key = "", body = "", paths = [], seconds, stopAfter = 0, url = "/api/checkout/sessions" }) {
  if (stopAfter < 0) throw new Error(`a counted run needs a positive count, got ${stopAfter}`);
  const cpuBefore = childrenCpuMs();
  const duration = stopAfter ? 3600 : seconds;
  const args = [
    "-t1",
    `-c${CONCURRENCY}`,
    `-d${duration}s`,
    "--timeout",
    "10s",
    "-s",
    path.join(import.meta.dirname, "api-load.lua"),
    base + url,
  ];
  const child = spawn(WRK, args, {
    env: {
      ...env,
      LOAD_MIX: mix,
      LOAD_KEY: key,
      LOAD_BODY: body,
      LOAD_GET_PATHS: paths.join("\n"),
      LOAD_STOP_AFTER: String(stopAfter),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const code = await new Promise((resolve, reject) => child.once("error", reject).once("exit", (c, sig) => resolve(c ?? sig)));
  const line = out.split("\n").find((l) => l.startsWith("WRK_RESULT "));
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err || out}`);
  const r = {
    durationUs: 0,
    connect: 0,
    read: 0,
    write: 0,
    timeout: 0,
    p50Us: NaN,
    p99Us: NaN,
    maxUs: NaN,
    ...JSON.parse(line.slice("WRK_RESULT ".length)),
  };
  const errors = r.connect + r.read + r.write + r.status + r.timeout;
  const elapsed = r.durationUs / 1e6;
  const errorKinds = new Map(
    Object.entries({ connect: r.connect, read: r.read, write: r.write, "HTTP status >= 400": r.status, timeout: r.timeout }).filter(
      ([, n]) => n > 0,
    ),
  );
  return {
    ok: r.requests - r.status,
    errors,
    errorKinds,
    elapsed,
    rps: (r.requests - r.status) / elapsed,
    p50: r.p50Us / 1000,
    p99: r.p99Us / 1000,
    max: r.maxUs / 1000,
    loadGenCpuMs: childrenCpuMs() - cpuBefore,
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Resident memory of a process tree (kB → MB), from /proc/<pid>/status. */
function rssMb(pid) {
  return (
    treePids(pid).reduce((sum, p) => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readOr(`/proc/${p}/status`));
      return sum + (m ? Number(m[1]) : 0);
    }, 0) / 1024
  );
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
    `concurrency ${CONCURRENCY}, ${WARMUP_REQUESTS} requests of warm-up + ${SECONDS} s measured per scenario, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  if (spawnSync(WRK, ["-v"]).error) throw new Error(`the load generator ${WRK} is not installed: apt-get install wrk (or set BENCH_WRK)`);
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
  // as `npm start` runs it (scripts/server.mjs: request ids, the access log, HTTP metrics), with the
  // log at info (a line per request, to a file) and /metrics on: what an operator runs
  const ours = await startServer(
    "ours",
    process.execPath,
    [path.join(root, "scripts", "server.mjs"), "-p", String(oursPort), "-H", "127.0.0.1"],
    {
      DATABASE_URL: dbUrl.href,
      APP_SECRET: "OeG0184reIaWpMgrDPlnRG7cRB-PknELT1SBLgpxZK0",
      NEXTAUTH_SECRET: "_GX6plEkfWnX4ExfGf7vP7ZPsWzeWcfCxEctPtMRK7w",
      // required with DATABASE_URL; the benchmark sends no mail (nothing listens there)
      SMTP_URL: "smtp://127.0.0.1:9",
      RATE_LIMIT_MULTIPLIER: "1000",
      LOG_LEVEL: env.BENCH_LOG_LEVEL || "info",
      METRICS_TOKEN: "bench-metrics-token-0123456789",
      NEXT_TELEMETRY_DISABLED: "1",
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
  // The minimal app, each way in a process of its own that serves one route only, as the floor is
  // meant (one route handler): through the framework's own server, `next start` (the floor); its
  // route with a parameter, also through `next start`; and through a server like ours (Node's HTTP
  // server handing each request to Next's request handler), for comparison. One process serving
  // both the static and the dynamic route cost twice as much per request in long runs as one
  // serving either (the framework's code sees several kinds of route; ours always does).
  const floorDir = await buildNextFloor();
  /** A process of the minimal app: `next start`, or a server like ours (serve.mjs); its pid and address. */
  const startMinimalApp = async (name, how) => {
    const port = await freePort();
    const args =
      how === "next start"
        ? [path.join(floorDir, "node_modules/next/dist/bin/next"), "start", floorDir, "-p", String(port), "-H", "127.0.0.1"]
        : [path.join(floorDir, "serve.mjs"), String(port)];
    const base = `http://127.0.0.1:${port}`;
    const child = await startServer(name, process.execPath, args, { NEXT_TELEMETRY_DISABLED: "1" }, `${base}/api/floor`);
    return { pid: child.pid, base };
  };
  const nextFloor = await startMinimalApp("next-floor", "next start");
  const nextDynamic = await startMinimalApp("next-dynamic", "next start");
  const nextCustom = await startMinimalApp("next-custom", "a server like ours");

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
  const getPaths = ids.map((id) => `/api/checkout/sessions/${id}`);
  const scenarios = [
    { name: "POST /api/checkout/sessions", kind: "post", only: ["ours", "baseline"], load: { mix: "post", key, body: postBody } },
    { name: "GET /api/checkout/sessions/:id", kind: "get", only: ["ours", "baseline"], load: { mix: "get", key, paths: getPaths } },
    // what Next.js itself costs: a route through the same proxy and wrapper with no database work at all
    { name: "GET /api/health/live (no SQL)", kind: "live", only: ["ours"], load: { mix: "plain", url: "/api/health/live" } },
    // the framework alone: a minimal Next.js app of the same version answering the same envelope
    { name: "GET /api/floor (minimal Next.js app)", kind: "floor", only: ["next-floor"], load: { mix: "plain", url: "/api/floor" } },
    // the same app's route with a parameter, as GET session has
    {
      name: "GET /api/floor/:id (the same, a dynamic route)",
      kind: "floor-dynamic",
      only: ["next-dynamic"],
      load: { mix: "get", paths: getPaths.map((p) => p.replace("/api/checkout/sessions/", "/api/floor/")) },
    },
    // the same app through a server like ours
    {
      name: "GET /api/floor (the same, a server like ours)",
      kind: "floor-custom",
      only: ["next-custom"],
      load: { mix: "plain", url: "/api/floor" },
    },
  ];
  const servers = [
    { name: "ours", base: oursBase, pid: ours.pid },
    { name: "baseline", base: baseBase, pid: baseline.pid },
    { name: "next-floor", ...nextFloor },
    { name: "next-dynamic", ...nextDynamic },
    { name: "next-custom", ...nextCustom },
  ];

  // Memory first, on the fresh server: RSS after MEMORY_FROM requests (counting the set-up's), then
  // at steps up to MEMORY_REQUESTS, each after a second's rest. POSTs and GETs in turn.
  let served = ids.length + 3;
  const memory = [];
  const memoryLoad = { mix: "mixed", key, body: postBody, paths: getPaths };
  const memoryCpuBefore = treeCpuMs(ours.pid);
  const memoryStarted = Date.now();
  // ascending, each above the last: a step at or below the requests already sent would never stop wrk
  const steps = [MEMORY_FROM, ...[0.25, 0.5, 0.75, 1].map((f) => Math.round(f * MEMORY_REQUESTS))].filter(
    (n, i, all) => n > served && n >= MEMORY_FROM && all.indexOf(n) === i && n <= Math.max(MEMORY_FROM, MEMORY_REQUESTS),
  );
  log(`memory: ${MEMORY_REQUESTS} requests (POST and GET in turn), RSS of our server at ${steps.join(", ")}`);
  let memoryErrors = 0;
  let probeCpuMs = 0;
  let mixedServed = 0; // the phase's own requests, without the probes
  for (const step of steps) {
    const r = await load(oursBase, { ...memoryLoad, stopAfter: Math.max(1, step - served) });
    served += r.ok + r.errors;
    mixedServed += r.ok + r.errors;
    memoryErrors += r.errors;
    await sleep(1000);
    const reading = { requests: served, rss: rssMb(ours.pid), probes: [] };
    memory.push(reading);
    if (!PROBE_SECONDS) continue;
    // does a request cost more as the phase goes on? the same GETs and the floor, on the same server
    const probeStarted = treeCpuMs(ours.pid);
    for (const [kind, probe] of [
      ["get", { mix: "get", key, paths: getPaths }],
      ["live", { mix: "plain", url: "/api/health/live" }],
    ]) {
      const before = await cpuSnapshot(admin, dbName, ours.pid);
      const monoStart = process.hrtime.bigint() / 1000n;
      const p = await load(oursBase, { ...probe, seconds: PROBE_SECONDS });
      // CLOCK_MONOTONIC in µs, the clock of V8's profile timestamps: to slice NEXT_CPU_PROF's profile by probe
      if (env.NEXT_CPU_PROF) log(`probe ${kind} after ${served} requests: monotonic µs ${monoStart}–${process.hrtime.bigint() / 1000n}`);
      const cpu = cpuDelta(before, await cpuSnapshot(admin, dbName, ours.pid));
      served += p.ok + p.errors;
      memoryErrors += p.errors;
      reading.probes.push({ kind, rps: p.rps, serverMs: cpu.server / p.ok, pgMs: cpu.pg / p.ok });
    }
    probeCpuMs += treeCpuMs(ours.pid) - probeStarted;
  }
  const memoryCpuMs = treeCpuMs(ours.pid) - memoryCpuBefore - probeCpuMs;
  log(`memory phase: ${served} requests in ${((Date.now() - memoryStarted) / 1000).toFixed(0)} s, ${memoryErrors} errors`);

  // warm each up once, then the rounds: every scenario on every server in each, the servers in turn
  for (const scenario of scenarios)
    for (const server of servers) {
      if (!scenario.only.includes(server.name)) continue;
      log(`${scenario.name} → ${server.name}: warm-up, ${WARMUP_REQUESTS} requests`);
      await load(server.base, { ...scenario.load, stopAfter: WARMUP_REQUESTS });
    }
  const roundSeconds = Math.max(1, Math.round(SECONDS / ROUNDS)); // wrk takes whole seconds
  log(`${ROUNDS} rounds of ${roundSeconds} s per scenario and server, the scenarios' order turning and the servers' alternating`);
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    // the scenarios' order turns each round too, so that none always runs right after the POSTs and
    // what they leave the database to do (autovacuum, a checkpoint)
    for (const scenario of scenarios.map((_, i) => scenarios[(i + round) % scenarios.length])) {
      const order = round % 2 ? [...servers].reverse() : servers;
      for (const server of order) {
        if (!scenario.only.includes(server.name)) continue;
        const before = await cpuSnapshot(admin, dbName, server.pid);
        const r = await load(server.base, { ...scenario.load, seconds: roundSeconds });
        const cpu = cpuDelta(before, await cpuSnapshot(admin, dbName, server.pid));
        cpu.client = r.loadGenCpuMs;
        runs.push({ round, scenario: scenario.name, kind: scenario.kind, server: server.name, ...r, cpu });
      }
    }
  }
  // each scenario and server over its rounds: requests and CPU summed, rates and latencies their median
  const results = [];
  for (const scenario of scenarios)
    for (const server of servers) {
      const mine = runs.filter((r) => r.scenario === scenario.name && r.server === server.name);
      if (!mine.length) continue;
      const sum = (k) => mine.reduce((a, r) => a + r[k], 0);
      const cpu = Object.fromEntries(Object.keys(mine[0].cpu).map((k) => [k, mine.reduce((a, r) => a + r.cpu[k], 0)]));
      results.push({
        scenario: scenario.name,
        kind: scenario.kind,
        server: server.name,
        ok: sum("ok"),
        errors: sum("errors"),
        elapsed: sum("elapsed"),
        rps: median(mine.map((r) => r.rps)),
        p50: median(mine.map((r) => r.p50)),
        p99: median(mine.map((r) => r.p99)),
        max: Math.max(...mine.map((r) => r.max)),
        cpu,
        rounds: mine,
      });
    }
  report(results, memory, { memoryCpuMs, memoryErrors, mixedServed });
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

function report(results, memory, { memoryCpuMs, memoryErrors, mixedServed }) {
  const f = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
  const mark = (ok) => (ok ? "met" : "NOT MET");
  console.log(
    `\nResults (wrk, 1 thread, ${CONCURRENCY} connections, ${ROUNDS} rounds; req/s counts only answers below 400; req/s and latencies are the rounds' median)\n`,
  );
  table(
    ["scenario", "server", "requests", "req/s", "p50 ms", "p99 ms", "max ms", "errors"],
    results.map((r) => [r.scenario, r.server, r.ok + r.errors, f(r.rps), f(r.p50, 2), f(r.p99, 2), f(r.max, 1), r.errors]),
  );

  console.log("\nCPU per successful request (ms): server process tree, its Postgres backends, the load generator (wrk)\n");
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

  const of = (kind, server = "ours") => results.find((r) => r.kind === kind && r.server === server);
  const floor = of("floor", "next-floor");
  const live = of("live");
  const rows = [];
  // a ratio of two servers, round by round (each round measures both within seconds): its median and spread
  const perRound = (a, b) => a.rounds.map((r, i) => r.rps / b.rounds[i].rps);
  const spread = (xs) => `median ${f(median(xs), 2)} (${f(Math.min(...xs), 2)}–${f(Math.max(...xs), 2)} over ${xs.length} rounds)`;
  for (const [kind, target] of [
    ["get", TARGETS.get],
    ["post", TARGETS.post],
  ]) {
    const ours = of(kind);
    const base = of(kind, "baseline");
    const ratios = perRound(ours, floor);
    rows.push([
      `${ours.scenario}: req/s ours / the framework's floor`,
      `${f(ours.rps, 0)} / ${f(floor.rps, 0)}: ${spread(ratios)}`,
      `>= ${target}`,
      mark(median(ratios) >= target),
    ]);
    rows.push([
      `${ours.scenario}: p99 ours / the framework's floor`,
      `${f(ours.p99, 2)} / ${f(floor.p99, 2)} ms = ${f(ours.p99 / floor.p99, 2)}`,
      `< ${TARGETS.p99}`,
      mark(ours.p99 < TARGETS.p99 * floor.p99),
    ]);
    rows.push([
      `${ours.scenario}: req/s ours / our liveness route`,
      `${f(ours.rps, 0)} / ${f(live.rps, 0)}: ${spread(perRound(ours, live))}`,
      "",
      "(information)",
    ]);
    if (base)
      rows.push([
        `${ours.scenario}: req/s ours / baseline`,
        `${f(ours.rps, 0)} / ${f(base.rps, 0)}: ${spread(perRound(ours, base))}`,
        "",
        "(information)",
      ]);
  }
  rows.push([
    `GET /api/health/live: req/s / the framework's floor`,
    `${f(live.rps, 0)} / ${f(floor.rps, 0)}: ${spread(perRound(live, floor))}`,
    "",
    "(information)",
  ]);
  const floorDynamic = of("floor-dynamic", "next-dynamic");
  rows.push([
    "GET /api/checkout/sessions/:id: req/s ours / the minimal app's dynamic route",
    `${f(of("get").rps, 0)} / ${f(floorDynamic.rps, 0)}: ${spread(perRound(of("get"), floorDynamic))}`,
    "",
    "(information)",
  ]);
  const floorCustom = of("floor-custom", "next-custom");
  rows.push([
    "the minimal app through a server like ours / through next start (the floor)",
    `${f(floorCustom.rps, 0)} / ${f(floor.rps, 0)}: ${spread(perRound(floorCustom, floor))}`,
    "",
    "(information)",
  ]);
  const first = memory[0];
  const last = memory.at(-1);
  if (first && last) {
    const growth = last.rss - first.rss;
    rows.push([
      `RSS after ${last.requests} vs ${first.requests} requests`,
      `${f(last.rss, 1)} vs ${f(first.rss, 1)} MB: ${growth >= 0 ? "+" : ""}${f(growth, 1)} MB (${f((100 * growth) / first.rss, 1)} %)`,
      `< +${MEMORY_GROWTH_MAX * 100} %`,
      mark(growth < MEMORY_GROWTH_MAX * first.rss && memoryErrors === 0),
    ]);
  }
  console.log(
    `\nTargets (at ${CONCURRENCY} concurrent requests; the framework's floor is a minimal Next.js app of the same version with our framework settings, bench/next-floor, served by next start)\n`,
  );
  table(["", "measured", "target", ""], rows, 1);

  // where a request's CPU goes, each layer the difference between two measured routes
  const cpuOf = (r, k = "server") => r.cpu[k] / r.ok;
  console.log("\nWhere a request's CPU goes (ms per request; each line the difference between two of the routes measured)\n");
  table(
    ["", "GET session", "POST session"],
    [
      ["the framework (the minimal app's route, server CPU)", f(cpuOf(floor), 3), f(cpuOf(floor), 3)],
      [
        "(of which a route with a parameter: the minimal app's dynamic route − its static one)",
        f(cpuOf(floorDynamic) - cpuOf(floor), 3),
        "",
      ],
      [
        "(a server like ours instead of next start: the minimal app through it − the framework)",
        f(cpuOf(floorCustom) - cpuOf(floor), 3),
        f(cpuOf(floorCustom) - cpuOf(floor), 3),
      ],
      [
        "our log, metrics and a many-route app (our liveness route − the framework)",
        f(cpuOf(live) - cpuOf(floor), 3),
        f(cpuOf(live) - cpuOf(floor), 3),
      ],
      [
        "our route: auth, limits, validation, service, answer (ours − our liveness route)",
        f(cpuOf(of("get")) - cpuOf(live), 3),
        f(cpuOf(of("post")) - cpuOf(live), 3),
      ],
      ["the database (PostgreSQL backends)", f(cpuOf(of("get"), "pg"), 3), f(cpuOf(of("post"), "pg"), 3)],
      [
        "the limit: the bare node:http server with the same SQL (server + PostgreSQL)",
        f(cpuOf(of("get", "baseline")) + cpuOf(of("get", "baseline"), "pg"), 3),
        f(cpuOf(of("post", "baseline")) + cpuOf(of("post", "baseline"), "pg"), 3),
      ],
    ],
    1,
  );

  console.log(
    `\nMemory: our server's RSS (process tree) after N requests, POST and GET in turn; ${f(memoryCpuMs / Math.max(1, mixedServed), 3)} ms of server CPU per request over the phase (the probes below not counted)${memoryErrors ? `, ${memoryErrors} errors` : ""}`,
  );
  console.log("  " + memory.map((m) => `${m.requests}: ${f(m.rss, 1)} MB`).join(", "));
  if (memory.some((m) => m.probes.length)) {
    console.log(
      `\nCost per request as the phase goes on: ${PROBE_SECONDS} s of each at every step (server / PostgreSQL CPU ms per request, req/s)\n`,
    );
    const cell = (m, kind) => {
      const p = m.probes.find((x) => x.kind === kind);
      return p ? `${f(p.serverMs, 3)} / ${f(p.pgMs, 3)}, ${f(p.rps, 0)}` : "n/a";
    };
    table(
      ["after requests", "GET session", "liveness (no SQL)"],
      memory.map((m) => [m.requests, cell(m, "get"), cell(m, "live")]),
      1,
    );
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
