import { execFile } from "node:child_process";
import path from "node:path";
import { admin } from "@/scripts/admin-commands";
import { call, sessionBody, type TestMerchant } from "./api";

// The operator's commands in tests: `npm run admin -- …` as the operator runs it (a process of its
// own), the same command in the test's process, and (for the backup tests) a client that keeps
// creating sessions through the real route handlers meanwhile.

const ROOT = path.resolve(import.meta.dirname, "../..");

export type Run = { code: number; stdout: string; stderr: string };

/** `node --import tsx scripts/admin.ts <args>` with this environment: its exit code and output. */
export function runAdmin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", ...args],
      { cwd: ROOT, env, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The same command run in this process, on this process's database: what it prints and its exit code,
 * without a process's start (a few seconds each on a busy machine). For what a command does; the
 * tests of how it runs as the operator's own process (exit codes, its key cache apart from the API's,
 * its mail) keep runAdmin.
 */
export async function runAdminHere(...args: string[]): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await admin(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

/** The writers' stops: a writer left running by a failed test would keep the worker busy forever. */
const writers = new Set<() => Promise<void>>();

/**
 * Creates sessions through the API, one after another, until stopped; an id is recorded once its
 * 201 is back. `yieldEach`: give the event loop a turn after each (PGlite answers in-process without
 * touching it, and the admin socket's connection and the test's timers must get through).
 */
export function writeContinuously(m: TestMerchant, opts: { yieldEach?: boolean } = {}) {
  const acknowledged: string[] = [];
  let stopping = false;
  const done = (async () => {
    while (!stopping) {
      const res = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m) });
      if (res.status !== 201) throw new Error(`session creation failed: ${res.text}`);
      acknowledged.push(res.body.responseObject.session.id);
      if (opts.yieldEach) await new Promise((r) => setImmediate(r));
    }
  })();
  const stop = async () => {
    stopping = true;
    await done;
  };
  writers.add(stop);
  return { acknowledged, stop };
}

/** Stops every writer still running (after a failed test). */
export const stopWriters = () => Promise.all([...writers].map((stop) => stop().catch(() => {})));
