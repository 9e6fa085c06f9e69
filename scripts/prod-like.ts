// npm run prod-like -- start|stop|status|kill <name>|restart <name>|pg-restart
//
// The service as it runs in production, on one machine: Caddy (deploy/Caddyfile) terminating TLS at
// https://localhost:<PROD_LIKE_PORT> → two app instances (scripts/server.mjs) → one PostgreSQL
// cluster of its own, plus `npm run worker`. The e2e suite runs through it; an operator can use it
// to try a deployment. Everything lives in PROD_LIKE_DIR (default: a folder under the system's
// temporary folder) and is removed by `stop`.
//
// Certificates: a local CA and a certificate for `localhost` (tests/support/tls.ts). Every process
// started here trusts that CA through NODE_EXTRA_CA_CERTS, so webhooks to https://localhost work
// with the certificate verified.
//
// Mail: a deployment needs SMTP_URL. The caller's SMTP_URL (or the one `start` is given) is used;
// without one, the topology runs a mailbox of its own (tests/support/mailbox.ts, on
// PROD_LIKE_SMTP_PORT) that keeps each message as a JSON file in <PROD_LIKE_DIR>/mailbox.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { extraCaCerts, testCertificates } from "../tests/support/tls";

/** this checkout: the code every process runs unless a topology says otherwise */
const here = path.resolve(import.meta.dirname, "..");

export type Topology = {
  dir: string;
  /** the public address, through the proxy */
  url: string;
  httpsPort: number;
  pgPort: number;
  databaseUrl: string;
  instances: { name: string; port: number }[];
  caFile: string;
  pids: Record<string, number>;
  /** the environment every app process was started with */
  env: Record<string, string>;
  /** where the topology's own mailbox keeps messages, when no SMTP_URL was given */
  mailDir?: string;
  /** the worker's METRICS_PORT (the instances serve /metrics on their own port, with env.METRICS_TOKEN) */
  workerMetricsPort: number;
  /** the Prometheus that scrapes every process with deploy/prometheus/prometheus.yml (none: undefined) */
  prometheusUrl?: string;
  /** the code each process runs (its checkout's root), when not this one: a rolling upgrade's previous release */
  roots?: Record<string, string>;
};

/** Where a topology lives: its folder and its ports (defaults: PROD_LIKE_* or the usual ones). */
export type Layout = {
  dir: string;
  httpsPort: number;
  pgPort: number;
  smtpPort: number;
  appPorts: number[];
  workerMetricsPort: number;
  /** 0: no Prometheus */
  prometheusPort: number;
};

const APP_PORT = Number(process.env.PROD_LIKE_APP_PORT ?? 3301);
export const DEFAULT_LAYOUT: Layout = {
  dir: process.env.PROD_LIKE_DIR ?? path.join(os.tmpdir(), "checkout-prod-like"),
  httpsPort: Number(process.env.PROD_LIKE_PORT ?? 8443),
  pgPort: Number(process.env.PROD_LIKE_PG_PORT ?? 5544),
  smtpPort: Number(process.env.PROD_LIKE_SMTP_PORT ?? 2525),
  appPorts: [APP_PORT, APP_PORT + 1],
  workerMetricsPort: Number(process.env.PROD_LIKE_WORKER_METRICS_PORT ?? 3309),
  prometheusPort: Number(process.env.PROD_LIKE_PROMETHEUS_PORT ?? 9099),
};
const stateFile = (dir: string) => path.join(dir, "state.json");

const log = (msg: string) => process.stderr.write(`[prod-like] ${msg}\n`);

function pgBin(name: string): string {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  throw new Error(`PostgreSQL's ${name} was not found (apt-get install postgresql)`);
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asPostgres(cmd: string, args: string[], opts: { stdio?: "ignore" | "inherit" } = {}) {
  const [bin, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  return execFileSync(bin, argv, { stdio: opts.stdio ?? "ignore" });
}

const pgData = (dir: string) => path.join(dir, "pg");

function pgCtl(at: { dir: string; pgPort: number }, action: "start" | "stop" | "restart", mode = "fast") {
  const { dir } = at;
  const args = ["-D", pgData(dir), "-w", "-t", "60"];
  if (action !== "start") args.push("-m", mode);
  if (action !== "stop") args.push("-l", path.join(dir, "postgres.log"), "-o", `-p ${at.pgPort} -k ${dir} -c listen_addresses=127.0.0.1`);
  asPostgres(pgBin("pg_ctl"), [action, ...args]);
}

function readState(dir = DEFAULT_LAYOUT.dir): Topology | undefined {
  try {
    return JSON.parse(fs.readFileSync(stateFile(dir), "utf8"));
  } catch {
    return undefined;
  }
}

function writeState(t: Topology) {
  fs.writeFileSync(stateFile(t.dir), JSON.stringify(t, null, 2));
}

export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function launch(t: Topology, name: string): number {
  const out = fs.openSync(path.join(t.dir, `${name}.log`), "a");
  // the checkout this process runs: this one, or (during a rolling upgrade) the previous release's
  const root = t.roots?.[name] ?? here;
  let cmd: string[];
  const env: NodeJS.ProcessEnv = { ...process.env, ...t.env };
  if (name === "caddy") {
    cmd = ["caddy", "run", "--config", path.join(root, "deploy", "Caddyfile"), "--adapter", "caddyfile"];
    const certs = testCertificates();
    Object.assign(env, {
      SITE_ADDRESS: `localhost:${t.httpsPort}`,
      TLS: `${certs.certFile} ${certs.keyFile}`,
      UPSTREAMS: t.instances.map((i) => `127.0.0.1:${i.port}`).join(" "),
      CADDY_DATA: path.join(t.dir, "caddy"),
      HOME: t.dir,
    });
  } else if (name === "worker") {
    cmd = [process.execPath, "--import", "tsx", path.join(root, "scripts", "worker.ts")];
    env.METRICS_PORT = String(t.workerMetricsPort);
  } else if (name === "prometheus") {
    const config = prometheusConfig(t);
    cmd = [
      "prometheus",
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(path.dirname(config), "data")}`,
      `--web.listen-address=127.0.0.1:${new URL(t.prometheusUrl!).port}`,
      "--log.level=warn",
    ];
  } else if (name === "mailbox") {
    if (!t.mailDir) throw new Error("this topology has no mailbox of its own: it sends through the SMTP_URL it was given");
    const port = new URL(t.env.SMTP_URL!).port;
    const script = path.join(root, "tests", "support", "mailbox.ts");
    cmd = [process.execPath, "--import", "tsx", script, "--dir", t.mailDir, "--port", port, "--host", "127.0.0.1"];
  } else {
    const instance = t.instances.find((i) => i.name === name);
    if (!instance) throw new Error(`no process named ${name}`);
    // on loopback only: with TRUSTED_PROXIES=1 an instance believes X-Forwarded-For, so nothing but
    // the proxy may reach it
    cmd = [process.execPath, path.join(root, "scripts", "server.mjs"), "-p", String(instance.port), "-H", "127.0.0.1"];
  }
  const child = spawn(cmd[0]!, cmd.slice(1), { cwd: root, env, stdio: ["ignore", out, out] as const, detached: true });
  child.unref();
  t.pids[name] = child.pid!;
  writeState(t);
  return child.pid!;
}

/**
 * deploy/prometheus/ as shipped, in a folder of the topology's: the scrape configuration with this
 * topology's targets and token (the same as the shipped ones with the default ports), scraped every
 * two seconds so that a test sees a change within seconds, and the alert rules beside it.
 */
function prometheusConfig(t: Topology): string {
  const dir = path.join(t.dir, "prometheus");
  fs.mkdirSync(dir, { recursive: true });
  const shipped = fs.readFileSync(path.join(here, "deploy", "prometheus", "prometheus.yml"), "utf8");
  const apps = t.instances.map((i) => `"127.0.0.1:${i.port}"`).join(", ");
  const config = shipped
    .replace(/scrape_interval: 15s/, "scrape_interval: 2s")
    .replace(/evaluation_interval: 15s/, "evaluation_interval: 2s")
    .replace(/targets: \["127\.0\.0\.1:3301", "127\.0\.0\.1:3302"\]/, `targets: [${apps}]`)
    .replace(/targets: \["127\.0\.0\.1:3309"\]/, `targets: ["127.0.0.1:${t.workerMetricsPort}"]`);
  if (!config.includes("scrape_interval: 2s") || (t.instances[0]!.port !== 3301 && !config.includes(apps)))
    throw new Error("deploy/prometheus/prometheus.yml no longer has the shape this topology rewrites");
  fs.writeFileSync(path.join(dir, "prometheus.yml"), config);
  fs.copyFileSync(path.join(here, "deploy", "prometheus", "alerts.yml"), path.join(dir, "alerts.yml"));
  fs.writeFileSync(path.join(dir, "metrics-token"), t.env.METRICS_TOKEN!, { mode: 0o600 });
  return path.join(dir, "prometheus.yml");
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what} did not become ready (see the topology's logs)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** GET over https, trusting the test CA explicitly (this process may not have NODE_EXTRA_CA_CERTS). */
function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca: fs.readFileSync(ca), timeout: 2_000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject)
      .on("timeout", function (this: { destroy(e: Error): void }) {
        this.destroy(new Error("timeout"));
      });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: 2_000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

const httpStatus = (url: string) => fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status);

export async function instanceReady(t: Topology, name: string) {
  const port = t.instances.find((i) => i.name === name)!.port;
  await waitFor(name, async () => (await httpStatus(`http://127.0.0.1:${port}/api/health`)) === 200);
}

/** Everything the topology needs from the machine, with the way to get it. */
function checkPrerequisites() {
  const missing: string[] = [];
  for (const [cmd, pkg] of [
    ["caddy", "caddy"],
    ["openssl", "openssl"],
    ["prometheus", "prometheus"],
  ] as const) {
    try {
      execFileSync(cmd, ["version"], { stdio: "ignore" });
    } catch (err) {
      if ((err as { code?: string }).code === "ENOENT") missing.push(pkg);
    }
  }
  try {
    pgBin("initdb");
  } catch {
    missing.push("postgresql");
  }
  if (missing.length) {
    throw new Error(
      `the production topology needs ${missing.join(", ")}: apt-get install ${missing.join(" ")} (.ci/run does), or set PROD_LIKE=off to run the e2e suite without it`,
    );
  }
}

/**
 * Starts a topology. `layout` moves it (a second one beside the first); `roots` runs some of its
 * processes from another checkout (built beforehand), as during a rolling upgrade.
 */
export async function start(
  extraEnv: Record<string, string> = {},
  options: { layout?: Partial<Layout>; roots?: Record<string, string> } = {},
): Promise<Topology> {
  const layout = { ...DEFAULT_LAYOUT, ...options.layout };
  const DIR = layout.dir;
  const existing = readState(DIR);
  if (existing && Object.values(existing.pids).some(alive)) {
    log("already running: stopping it first");
    await stop(DIR);
  }
  if (fs.existsSync(path.join(pgData(DIR), "postmaster.pid"))) {
    try {
      pgCtl(layout, "stop", "immediate"); // left running by a run that was killed
    } catch {
      // not running after all
    }
  }
  checkPrerequisites();
  // a deployment refuses to start without SMTP_URL (lib/mail): the caller's, or a mailbox of our own
  const givenSmtpUrl = extraEnv.SMTP_URL || process.env.SMTP_URL;
  const mailDir = givenSmtpUrl ? undefined : path.join(DIR, "mailbox");
  if (mailDir && (await portOpen(layout.smtpPort))) {
    throw new Error(
      `port ${layout.smtpPort} is taken: set PROD_LIKE_SMTP_PORT for the topology's own mailbox, or SMTP_URL to use a server of your own`,
    );
  }
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  if (isRoot) execFileSync("chown", ["postgres", DIR]); // the cluster's socket is written here
  fs.chmodSync(DIR, 0o755);

  // the build the instances serve (scripts/start.mjs builds when there is none or it is stale)
  execFileSync(process.execPath, [path.join(here, "scripts", "start.mjs"), "--build-only"], { cwd: here, stdio: "inherit" });

  log("PostgreSQL: a cluster of its own");
  fs.mkdirSync(pgData(DIR));
  if (isRoot) execFileSync("chown", ["postgres", pgData(DIR)]);
  asPostgres(pgBin("initdb"), ["-D", pgData(DIR), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  pgCtl(layout, "start");
  const psql = (sql: string) =>
    asPostgres(pgBin("psql"), ["-h", "127.0.0.1", "-p", String(layout.pgPort), "-U", "postgres", "-d", "postgres", "-c", sql]);
  psql("create database checkout");

  const certs = testCertificates();
  const t: Topology = {
    dir: DIR,
    url: `https://localhost:${layout.httpsPort}`,
    httpsPort: layout.httpsPort,
    pgPort: layout.pgPort,
    databaseUrl: `postgres://postgres@127.0.0.1:${layout.pgPort}/checkout`,
    instances: layout.appPorts.map((port, i) => ({ name: `app${i + 1}`, port })),
    caFile: certs.caFile,
    pids: {},
    env: {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${layout.pgPort}/checkout`,
      APP_SECRET: crypto.randomBytes(32).toString("base64url"),
      NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
      APP_URL: `https://localhost:${layout.httpsPort}`,
      TRUSTED_PROXIES: "1",
      NODE_EXTRA_CA_CERTS: extraCaCerts(),
      NEXT_TELEMETRY_DISABLED: "1",
      // info: a request's lines and its deliveries' (the tests follow a request id through them)
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      // every instance's /metrics, for the topology's Prometheus
      METRICS_TOKEN: crypto.randomBytes(24).toString("base64url"),
      // webhook receivers in the tests listen on this machine
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      // as README recommends behind deploy/Caddyfile: on SIGTERM, fail the health check and keep
      // serving for longer than Caddy's health interval (2 s) before closing
      SHUTDOWN_DELAY_MS: "3000",
      ...extraEnv,
      SMTP_URL: givenSmtpUrl || `smtp://mailbox:mailbox@localhost:${layout.smtpPort}`,
    },
    mailDir,
    workerMetricsPort: layout.workerMetricsPort,
    prometheusUrl: layout.prometheusPort ? `http://127.0.0.1:${layout.prometheusPort}` : undefined,
    roots: options.roots,
  };
  writeState(t);

  if (mailDir) {
    log(`no SMTP_URL given: mail goes to a mailbox of its own on port ${layout.smtpPort}, kept as JSON files in ${mailDir}`);
    launch(t, "mailbox");
    await waitFor("mailbox", () => portOpen(layout.smtpPort));
  }

  log("app instances, worker, Caddy");
  // the first instance applies the migrations before the second starts (see README: upgrades)
  launch(t, "app1");
  await instanceReady(t, "app1");
  launch(t, "app2");
  launch(t, "worker");
  await instanceReady(t, "app2");
  launch(t, "caddy");
  if (t.prometheusUrl) launch(t, "prometheus");
  // /api/health: readiness in every release (a previous release has no /api/health/ready)
  await waitFor("caddy", async () => (await httpsStatus(`${t.url}/api/health`, t.caFile)) === 200);
  if (t.prometheusUrl) await waitFor("prometheus", async () => (await httpStatus(`${t.prometheusUrl}/-/ready`)) === 200);
  log(`ready: ${t.url}`);
  return t;
}

export async function stop(dir = DEFAULT_LAYOUT.dir): Promise<void> {
  const t = readState(dir);
  if (!t) return;
  // a process already gone exited on its own (a crash), or was stopped and never started again: its
  // log goes with the folder below, so its end is shown now
  for (const [name, pid] of Object.entries(t.pids)) {
    if (!alive(pid)) log(`${name} (pid ${pid}) had already exited; the end of its log:\n${logTail(path.join(dir, `${name}.log`), 40)}`);
  }
  await Promise.all(Object.keys(t.pids).map((name) => kill(t, name, "SIGTERM")));
  try {
    pgCtl(t, "stop");
  } catch {
    // not running
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The last `lines` lines of a log file, or a note that there is none. */
function logTail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Sends a signal to one process (app1, app2, worker, caddy) and waits until it has exited. */
export async function kill(t: Topology, name: string, signal: NodeJS.Signals = "SIGTERM", ms = 30_000): Promise<void> {
  const pid = t.pids[name];
  if (!alive(pid)) return;
  process.kill(pid!, signal);
  await waitFor(`${name} exit`, async () => !alive(pid), ms);
}

/** Starts one process again and waits until it serves. */
export async function restart(t: Topology, name: string): Promise<void> {
  await kill(t, name);
  launch(t, name);
  if (name.startsWith("app")) await instanceReady(t, name);
}

/** The default topology's PostgreSQL, stopped, started or restarted (a fault). */
export const postgresCtl = {
  stop: () => pgCtl(DEFAULT_LAYOUT, "stop"),
  start: () => pgCtl(DEFAULT_LAYOUT, "start"),
  restart: () => pgCtl(DEFAULT_LAYOUT, "restart"),
};

export function state(): Topology | undefined {
  return readState();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, arg] = process.argv.slice(2);
  const t = readState();
  const need = () => {
    if (!t) throw new Error("not running: npm run prod-like -- start");
    return t;
  };
  try {
    if (cmd === "start") {
      const started = await start();
      process.stdout.write(
        `${started.url}\nCA: ${started.caFile}  (curl --cacert ${started.caFile} ${started.url}/api/health)\nlogs: ${started.dir}\n`,
      );
      if (started.mailDir) process.stdout.write(`mail: ${started.mailDir}  (set SMTP_URL to send through a server of your own)\n`);
    } else if (cmd === "stop") await stop();
    else if (cmd === "status") {
      if (!t) process.stdout.write("not running\n");
      else
        for (const [name, pid] of Object.entries(t.pids)) process.stdout.write(`${name}\t${pid}\t${alive(pid) ? "running" : "stopped"}\n`);
    } else if (cmd === "kill" && arg) await kill(need(), arg, "SIGKILL");
    else if (cmd === "restart" && arg) await restart(need(), arg);
    else if (cmd === "pg-restart") postgresCtl.restart();
    else {
      process.stderr.write("usage: npm run prod-like -- start|stop|status|kill <name>|restart <name>|pg-restart\n");
      process.exit(2);
    }
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}
