// The child processes of the webhook benchmarks (bench/webhooks.ts, bench/dashboard.ts): the
// receiver every delivery goes to, and a dispatcher process as `npm run worker` runs one.
import { fork, type ForkOptions } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** What the bench undoes at the end, last in first out: each child adds its own stop. */
export type Cleanups = (() => Promise<unknown> | unknown)[];

const root = path.resolve(import.meta.dirname, "..");

export const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, sleep(ms).then(() => Promise.reject(new Error(`${what}: no answer after ${ms} ms`)))]) as Promise<T>;

/**
 * Forks a script of bench/ with an IPC channel; the cleanup stops it (SIGTERM, SIGKILL after 5 s).
 * A closed channel is no crash: the caller's next message fails instead.
 */
function forkChild(cleanups: Cleanups, file: string, opts: Pick<ForkOptions, "execArgv" | "env"> = {}) {
  const child = fork(path.join(import.meta.dirname, file), [], { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"], ...opts });
  child.on("error", () => {});
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  });
  return { child, exited };
}

// ---------------------------------------------------------------- a dispatcher process (child)

/** Forks bench/dispatcher-process.ts with the bench's environment; resolves once its pool is open. */
export async function startDispatcherProcess(cleanups: Cleanups, concurrency: number) {
  const { child, exited } = forkChild(cleanups, "dispatcher-process.ts", {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_CONCURRENCY: String(concurrency) },
  });
  const message = (want: string) =>
    new Promise<any>((resolve, reject) => {
      const onMessage = (msg: any) => {
        if (!msg?.[want]) return;
        child.off("message", onMessage);
        resolve(msg);
      };
      child.on("message", onMessage);
      child.once("exit", (code, signal) => reject(new Error(`dispatcher process exited (${code ?? signal})`)));
    });
  await message("ready");
  return {
    start: () => child.send({ cmd: "start" }),
    /** Stops it; resolves with the CPU ms it used since start. */
    stop: async (): Promise<number> => {
      const stopped = message("stopped");
      child.send({ cmd: "stop" });
      const msg = await withTimeout(stopped, 40_000, "dispatcher process stop");
      await exited;
      return msg.cpuMs;
    },
  };
}

// ---------------------------------------------------------------- the receiver (child process)

export type Rec = [receivedAt: number, path: string, webhookId: string | null, eventTs: number | null];

export async function startReceiver(cleanups: Cleanups) {
  const { child } = forkChild(cleanups, "webhook-receiver.mjs");
  const pending = new Map<number, (msg: any) => void>();
  let port = 0;
  let stuckPort = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.on("message", (msg: any) => {
      if (msg?.ready) {
        port = msg.port;
        stuckPort = msg.stuckPort;
        resolve();
      } else if (pending.has(msg?.id)) {
        pending.get(msg.id)!(msg);
        pending.delete(msg.id);
      }
    });
    child.once("exit", (code, signal) => reject(new Error(`receiver exited (${code ?? signal})`)));
  });
  await withTimeout(ready, 10_000, "receiver start-up");
  let seq = 0;
  const ask = (cmd: string) =>
    withTimeout(
      new Promise<any>((resolve, reject) => {
        if (!child.connected) return reject(new Error(`receiver ${cmd}: the receiver is gone`));
        const id = ++seq;
        pending.set(id, resolve);
        child.send({ cmd, id }, (err) => err && reject(new Error(`receiver ${cmd}: ${err.message}`)));
      }),
      10_000,
      `receiver ${cmd}`,
    );
  return {
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    /** an endpoint that never answers (a stuck tenant's) */
    stuckBase: `http://127.0.0.1:${stuckPort}`,
    count: async () => (await ask("count")).count as number,
    take: async () => (await ask("take")).records as Rec[],
  };
}
