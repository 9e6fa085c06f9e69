import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/core/errors";

// PostgreSQL's client tools (pg_dump, pg_restore, psql) as the backup and the restore run them.

/**
 * DATABASE_URL as libpq takes it: the password goes to the child's environment (PGPASSWORD), never
 * its arguments, which other users can see in `ps`; postgres.js's `ssl=` becomes libpq's `sslmode=`.
 */
export function libpq(databaseUrl: string): { dbname: string; env: Record<string, string>; label: string } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new AppError("VALIDATION_FAILED", "DATABASE_URL is not a URL");
  }
  const password = decodeURIComponent(url.password);
  url.password = "";
  const ssl = url.searchParams.get("ssl");
  if (ssl !== null && !url.searchParams.has("sslmode")) {
    url.searchParams.delete("ssl");
    url.searchParams.set("sslmode", ssl === "true" ? "require" : ssl === "false" ? "disable" : ssl);
  }
  const database = decodeURIComponent(url.pathname.slice(1));
  return {
    dbname: url.toString(),
    env: password ? { PGPASSWORD: password } : {},
    label: `database "${database}" on ${url.searchParams.get("host") ?? url.hostname}${url.port ? `:${url.port}` : ""}`,
  };
}

/** pg_dump/pg_restore/psql: from PATH first, else the newest under /usr/lib/postgresql (Debian's layout). */
function toolCandidates(name: string): string[] {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return [name, ...versions.map((v) => path.join(root, v, "bin", name)).filter((p) => fs.existsSync(p))];
}

/** The start of a tool's complaint: its error, not the whole statement (or rows) it quotes after. */
export function firstLines(text: string): string {
  const lines = text.trim().split("\n");
  const shown = lines.slice(0, 3).map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
  return shown.join("\n") + (lines.length > 3 ? "\n…" : "");
}

const notInstalled = (name: string) =>
  new AppError("NOT_FOUND", `PostgreSQL's ${name} was not found: install the PostgreSQL client tools (apt-get install postgresql-client)`);

type Stdio = "pipe" | "ignore" | number;

/** A running tool: the child, its last 4000 characters of stderr, and how it ended. */
export type Running = { child: ChildProcess; stderr: () => string; ended: Promise<{ code: number; signal: string | null }> };

/** Starts a PostgreSQL client tool, found as toolCandidates says; waits until it has started. */
export async function startTool(
  name: string,
  args: string[],
  opts: { env?: Record<string, string>; stdin?: Stdio; stdout?: Stdio } = {},
): Promise<Running> {
  for (const bin of toolCandidates(name)) {
    const child = spawn(bin, args, {
      // the child's own environment (PATH, locale, PGSSL* files) with the password of DATABASE_URL
      env: { ...process.env, PGCONNECT_TIMEOUT: "10", ...opts.env },
      stdio: [opts.stdin ?? "ignore", opts.stdout ?? "pipe", "pipe"],
    });
    const started = await new Promise<true | NodeJS.ErrnoException>((resolve) => {
      child.once("spawn", () => resolve(true));
      child.once("error", (e: NodeJS.ErrnoException) => resolve(e));
    });
    if (started !== true) {
      if (started.code === "ENOENT") continue;
      throw started;
    }
    let err = "";
    child.stderr!.on("data", (d: Buffer) => (err = (err + d.toString("utf8")).slice(-4000)));
    const ended = new Promise<{ code: number; signal: string | null }>((resolve) =>
      child.once("close", (code, signal) => resolve({ code: code ?? -1, signal })),
    );
    return { child, stderr: () => err, ended };
  }
  throw notInstalled(name);
}

/** The error of a tool that ended other than with exit code 0. */
export function toolFailed(name: string, r: Running, end: { code: number; signal: string | null }): Error {
  return new Error(`${name} failed: ${firstLines(r.stderr()) || (end.signal ? `killed by ${end.signal}` : `exit code ${end.code}`)}`);
}

/** Runs a PostgreSQL client tool; its stdout, unless it goes to `stdout` (a file descriptor). */
export async function runTool(name: string, args: string[], opts: { env?: Record<string, string>; stdout?: number } = {}): Promise<string> {
  const r = await startTool(name, args, opts);
  let out = "";
  r.child.stdout?.on("data", (d: Buffer) => (out += d.toString("utf8")));
  const end = await r.ended;
  if (end.code !== 0) throw toolFailed(name, r, end);
  return out;
}

/**
 * Runs a tool and hands each line of its stdout (without the newline, as bytes: a COPY's rows go on
 * as they came) to `onLine`, waiting for it when it answers a promise; a tool reading faster than
 * `onLine` takes the lines waits for it. If `onLine` throws, the tool is killed and the error thrown.
 */
export async function eachLine(
  name: string,
  args: string[],
  opts: { env?: Record<string, string> },
  onLine: (line: Buffer) => void | Promise<void>,
): Promise<void> {
  const r = await startTool(name, args, opts);
  let carry: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of r.child.stdout! as AsyncIterable<Buffer>) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl >= 0; nl = buf.indexOf(10, start)) {
        const pending = onLine(buf.subarray(start, nl));
        if (pending) await pending;
        start = nl + 1;
      }
      carry = Buffer.from(buf.subarray(start));
    }
    if (carry.length) {
      const pending = onLine(carry);
      if (pending) await pending;
    }
  } catch (err) {
    r.child.kill("SIGKILL");
    await r.ended;
    throw err;
  }
  const end = await r.ended;
  if (end.code !== 0) throw toolFailed(name, r, end);
}
