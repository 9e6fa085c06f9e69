// npm test: the whole suite, three runs on one machine.
// - vitest, and beside it the Playwright "direct" project (`npm start` on the embedded database). Side
//   by side they keep both cores busy (2026-12-03: 95-100 % busy until the direct project ends), where
//   either alone leaves a part idle while it waits on PostgreSQL, servers, timers, pages and webhooks.
//   A test's own deadline must leave room for that load.
// - the Playwright "prod" project: the production topology (Caddy, two instances, PostgreSQL, a
//   worker) with its fault tests. It starts when the direct project ends (the two Playwright runs
//   share the mailbox's port), beside what is left of vitest: alone, the topology kept 20-80 % of the
//   two cores busy, and after it had waited for both, vitest's last minutes ran with no browser beside
//   them (2026-12-03: npm test 24.4 min, of which 7.1 the topology alone).
// They share nothing but the machine (their own databases, ports and servers). Each line is prefixed
// with its suite; the exit code is the first failure's, or 0 (every suite runs whatever the others
// answered). PROD_LIKE=off leaves the topology out (a machine without Caddy).
import { spawn } from "node:child_process";

const started = Date.now();
const direct = run("e2e direct", ["playwright", "test"], { PROD_LIKE: "off" });
const suites = [
  run("vitest", ["vitest", "run"], {}),
  direct,
  ...(process.env.PROD_LIKE === "off" ? [] : [direct.then(() => run("e2e prod", ["playwright", "test"], { E2E_DIRECT: "off" }))]),
];
const results = await Promise.all(suites);
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
