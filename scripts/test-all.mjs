// npm test: the whole suite in two phases.
// 1. vitest beside the Playwright "direct" project (`npm start` on the embedded database). Neither
//    keeps both cores busy alone: vitest waits on PostgreSQL and servers, the browser tests on pages,
//    timers and webhooks. Side by side they finish sooner than one after the other (2026-11-28, two
//    cores: vitest 4.7 min and the direct project 6.3 min alone, 9.3 min side by side). A test's
//    own deadline must leave room for that load: a few that did not were fixed when this began.
// 2. the Playwright "prod" project: the production topology (Caddy, two instances, PostgreSQL, a
//    worker) with its fault tests, on a machine left to it, as faults under load need.
// They share nothing but the machine (their own databases, ports and servers). Each line is prefixed
// with its suite; the exit code is the first failure's, or 0 (every suite runs whatever the others
// answered). PROD_LIKE=off leaves the second phase out (a machine without Caddy).
import { spawn } from "node:child_process";

const phases = [
  [
    ["vitest", ["vitest", "run"], {}],
    ["e2e direct", ["playwright", "test"], { PROD_LIKE: "off" }],
  ],
  ...(process.env.PROD_LIKE === "off" ? [] : [[["e2e prod", ["playwright", "test"], { E2E_DIRECT: "off" }]]]),
];

const started = Date.now();
const results = [];
for (const phase of phases) results.push(...(await Promise.all(phase.map(([name, args, env]) => run(name, args, env)))));
process.exit(results.find((c) => c !== 0) ?? 0);

/** Runs one suite with its lines prefixed; resolves to its exit code. */
function run(name, args, env) {
  return new Promise((resolve) => {
    const child = spawn("npx", args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...env } });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      from.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop();
        for (const line of lines) to.write(`[${name}] ${line}\n`);
      });
      from.on("end", () => rest && to.write(`[${name}] ${rest}\n`));
    }
    child.on("exit", (code, signal) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      process.stdout.write(`[${name}] finished after ${minutes} min: ${signal ?? `exit ${code}`}\n`);
      resolve(code ?? 1);
    });
  });
}
