#!/usr/bin/env node
// npm start: builds when there is no build (or the sources are newer than it), then serves it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const next = path.join(root, "node_modules", ".bin", "next");
const SOURCES = [
  "app",
  "components",
  "lib",
  "db",
  "inngest",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "next.config.ts",
  "proxy.ts",
  "package.json",
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(buildId)) return "no build yet";
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built) ? "sources changed since the last build" : null;
}

const reason = needsBuild();
if (reason) {
  console.log(`Building first (${reason})…`);
  const r = spawnSync(next, ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (process.argv.includes("--build-only")) process.exit(0);

// The log is one JSON line per event. A person reading it in a terminal gets it through pino-pretty
// (LOG_FORMAT=json keeps the JSON; a pipe or a file always gets JSON).
const pretty = process.env.LOG_FORMAT !== "json" && (process.env.LOG_FORMAT === "pretty" || process.stdout.isTTY);
// the service's own server (scripts/server.mjs): the client's real address, and a graceful shutdown
const child = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: pretty ? ["inherit", "pipe", "pipe"] : "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
if (pretty) {
  const { default: prettyStream } = await import("pino-pretty");
  const options = { colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true };
  child.stdout.pipe(prettyStream({ ...options, destination: 1 }));
  child.stderr.pipe(prettyStream({ ...options, destination: 2 }));
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
