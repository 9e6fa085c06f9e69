// npm test: the vitest suites, then the Playwright suites. They share nothing but the machine (their
// own databases, ports and servers). Run at once on two cores they slowed each other down by about
// half (measured: the same ten e2e tests took 4.9 min beside vitest, 2.4 min alone; vitest took 34
// min beside e2e), so one after the other finishes sooner. Each line is prefixed with its suite; the
// exit code is the first failure's, or 0 (the second suite runs whatever the first answered).
import { spawn } from "node:child_process";

const suites = [
  ["vitest", ["vitest", "run"]],
  ["e2e", ["playwright", "test"]],
];

const started = Date.now();
const results = [];
for (const [name, args] of suites) {
  results.push(
    await new Promise((resolve) => {
      const child = spawn("npx", args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
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
    }),
  );
}
process.exit(results.find((c) => c !== 0) ?? 0);
