import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

// `npm run worker` (the local dispatcher as a process of its own) for tests that need real separate
// processes on one database: two of them at once, one killed, one behind a slow node.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A worker process on this test file's database (DATABASE_URL), with `env` on top of the file's own. */
export function spawnWorker(env: Record<string, string | undefined> = {}): ChildProcess {
  // node itself, not the tsx wrapper, so that a kill reaches the worker and not only its parent
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Stops the processes (SIGTERM) and waits for each to exit; the list is emptied. */
export async function stopProcesses(children: ChildProcess[]) {
  await Promise.all(
    children.splice(0).map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.exitCode !== null || w.signalCode !== null) return resolve();
          w.once("exit", () => resolve());
          w.kill("SIGTERM");
        }),
    ),
  );
}
