#!/usr/bin/env node
// npm start: builds when there is no build (or the sources are newer than it), then serves it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildId = path.join(root, ".next", "BUILD_ID");
const next = path.join(root, "node_modules", ".bin", "next");
const SOURCES = ["app", "components", "lib", "db", "inngest", "instrumentation.ts", "instrumentation-node.ts", "next.config.ts", "package.json"];

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

const child = spawn(next, ["start", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  // the app closes its embedded database itself on SIGTERM/SIGINT instead of Next exiting under it
  env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env, NEXT_MANUAL_SIG_HANDLE: "1" },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
