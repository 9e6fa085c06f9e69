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
import { testCertificates } from "../tests/support/tls";

const root = path.resolve(import.meta.dirname, "..");

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
};

const DIR = process.env.PROD_LIKE_DIR ?? path.join(os.tmpdir(), "checkout-prod-like");
const STATE = path.join(DIR, "state.json");
const HTTPS_PORT = Number(process.env.PROD_LIKE_PORT ?? 8443);
const PG_PORT = Number(process.env.PROD_LIKE_PG_PORT ?? 5544);
const SMTP_PORT = Number(process.env.PROD_LIKE_SMTP_PORT ?? 2525);
const APP_PORTS = [Number(process.env.PROD_LIKE_APP_PORT ?? 3301), Number(process.env.PROD_LIKE_APP_PORT ?? 3301) + 1];

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

const pgData = () => path.join(DIR, "pg");

function pgCtl(action: "start" | "stop" | "restart", mode = "fast") {
  const args = ["-D", pgData(), "-w", "-t", "60"];
  if (action !== "start") args.push("-m", mode);
  if (action !== "stop") args.push("-l", path.join(DIR, "postgres.log"), "-o", `-p ${PG_PORT} -k ${DIR} -c listen_addresses=127.0.0.1`);
  asPostgres(pgBin("pg_ctl"), [action, ...args]);
}

function readState(): Topology | undefined {
  try {
    return JSON.parse(fs.readFileSync(STATE, "utf8"));
  } catch {
    return undefined;
  }
}

function writeState(t: Topology) {
  fs.writeFileSync(STATE, JSON.stringify(t, null, 2));
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
  const out = fs.openSync(path.join(DIR, `${name}.log`), "a");
  let cmd: string[];
  const env: NodeJS.ProcessEnv = { ...process.env, ...t.env };
  if (name === "caddy") {
    cmd = ["caddy", "run", "--config", path.join(root, "deploy", "Caddyfile"), "--adapter", "caddyfile"];
    const certs = testCertificates();
    Object.assign(env, {
      SITE_ADDRESS: `localhost:${t.httpsPort}`,
      TLS: `${certs.certFile} ${certs.keyFile}`,
      UPSTREAMS: t.instances.map((i) => `127.0.0.1:${i.port}`).join(" "),
      CADDY_DATA: path.join(DIR, "caddy"),
      HOME: DIR,
    });
  } else if (name === "worker") {
    cmd = [process.execPath, "--import", "tsx", path.join(root, "scripts", "worker.ts")];
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

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what} did not become ready (logs in ${DIR})`);
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

export async function start(extraEnv: Record<string, string> = {}): Promise<Topology> {
  const existing = readState();
  if (existing && Object.values(existing.pids).some(alive)) {
    log("already running: stopping it first");
    await stop();
  }
  if (fs.existsSync(path.join(pgData(), "postmaster.pid"))) {
    try {
      pgCtl("stop", "immediate"); // left running by a run that was killed
    } catch {
      // not running after all
    }
  }
  checkPrerequisites();
  // a deployment refuses to start without SMTP_URL (lib/mail): the caller's, or a mailbox of our own
  const givenSmtpUrl = extraEnv.SMTP_URL || process.env.SMTP_URL;
  const mailDir = givenSmtpUrl ? undefined : path.join(DIR, "mailbox");
  if (mailDir && (await portOpen(SMTP_PORT))) {
    throw new Error(
      `port ${SMTP_PORT} is taken: set PROD_LIKE_SMTP_PORT for the topology's own mailbox, or SMTP_URL to use a server of your own`,
    );
  }
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  if (isRoot) execFileSync("chown", ["postgres", DIR]); // the cluster's socket is written here
  fs.chmodSync(DIR, 0o755);

  // the build the instances serve (scripts/start.mjs builds when there is none or it is stale)
  execFileSync(process.execPath, [path.join(root, "scripts", "start.mjs"), "--build-only"], { cwd: root, stdio: "inherit" });

  log("PostgreSQL: a cluster of its own");
  fs.mkdirSync(pgData());
  if (isRoot) execFileSync("chown", ["postgres", pgData()]);
  asPostgres(pgBin("initdb"), ["-D", pgData(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  pgCtl("start");
  const psql = (sql: string) =>
    asPostgres(pgBin("psql"), ["-h", "127.0.0.1", "-p", String(PG_PORT), "-U", "postgres", "-d", "postgres", "-c", sql]);
  psql("create database checkout");

  const certs = testCertificates();
  const t: Topology = {
    dir: DIR,
    url: `https://localhost:${HTTPS_PORT}`,
    httpsPort: HTTPS_PORT,
    pgPort: PG_PORT,
    databaseUrl: `postgres://postgres@127.0.0.1:${PG_PORT}/checkout`,
    instances: APP_PORTS.map((port, i) => ({ name: `app${i + 1}`, port })),
    caFile: certs.caFile,
    pids: {},
    env: {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${PG_PORT}/checkout`,
      APP_SECRET: crypto.randomBytes(32).toString("base64url"),
      NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
      APP_URL: `https://localhost:${HTTPS_PORT}`,
      TRUSTED_PROXIES: "1",
      NODE_EXTRA_CA_CERTS: certs.caFile,
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // webhook receivers in the tests listen on this machine
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      // as README recommends behind deploy/Caddyfile: on SIGTERM, fail the health check and keep
      // serving for longer than Caddy's health interval (2 s) before closing
      SHUTDOWN_DELAY_MS: "3000",
      ...extraEnv,
      SMTP_URL: givenSmtpUrl || `smtp://mailbox:mailbox@localhost:${SMTP_PORT}`,
    },
    mailDir,
  };
  writeState(t);

  if (mailDir) {
    log(`no SMTP_URL given: mail goes to a mailbox of its own on port ${SMTP_PORT}, kept as JSON files in ${mailDir}`);
    launch(t, "mailbox");
    await waitFor("mailbox", () => portOpen(SMTP_PORT));
  }

  log("app instances, worker, Caddy");
  // the first instance applies the migrations before the second starts (see README: upgrades)
  launch(t, "app1");
  await instanceReady(t, "app1");
  launch(t, "app2");
  launch(t, "worker");
  await instanceReady(t, "app2");
  launch(t, "caddy");
  await waitFor("caddy", async () => (await httpsStatus(`${t.url}/api/health`, t.caFile)) === 200);
  log(`ready: ${t.url}`);
  return t;
}

export async function stop(): Promise<void> {
  const t = readState();
  if (!t) return;
  await Promise.all(Object.keys(t.pids).map((name) => kill(t, name, "SIGTERM")));
  try {
    pgCtl("stop");
  } catch {
    // not running
  }
  fs.rmSync(DIR, { recursive: true, force: true });
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

export const postgresCtl = { stop: () => pgCtl("stop"), start: () => pgCtl("start"), restart: () => pgCtl("restart") };

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
