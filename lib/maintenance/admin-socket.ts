import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";

// The embedded database (PGlite) belongs to one process: a second one must not open DATA_DIR/pglite
// while the service has it open. So the process that has it open listens on DATA_DIR/admin.sock
// (mode 0600: only the same user connects), and the socket doubles as the data folder's lock:
// - the service claims it at start-up, before it opens the database, and serves backups through it
//   (`npm run admin -- backup` asks it for PGlite's own dump instead of opening the folder);
// - `npm run admin -- backup` with no service running, and `restore`, claim it while they use the
//   folder, so a service started meanwhile waits for them.
// A socket left behind by a process that died (kill -9) answers nothing and is removed by the next claim.
//
// Protocol: the client sends one line, `backup`; the answer is one JSON line, {"ok":true,"bytes":N}
// followed by N bytes (PGlite's gzip tarball of its data folder), or {"ok":false,"error":"…"}.

export const ADMIN_SOCKET = "admin.sock";
/** sun_path is 108 bytes on Linux and 104 on macOS, with the terminating NUL */
const MAX_SOCKET_PATH = 103;
/** how long a starting service waits for an admin backup or restore to let go of the data folder */
const CLAIM_WAIT_MS = 30_000;

export const adminSocketPath = (dataDir: string) => path.resolve(dataDir, ADMIN_SOCKET);

/** The socket's path, or null when the data folder's path is too long for a Unix socket. */
function usablePath(dataDir: string): string | null {
  const p = adminSocketPath(dataDir);
  return Buffer.byteLength(p) <= MAX_SOCKET_PATH ? p : null;
}

export const socketPathTooLong = (dataDir: string) =>
  `DATA_DIR's path is too long for its admin socket (${Buffer.byteLength(adminSocketPath(dataDir))} bytes with /${ADMIN_SOCKET}, at most ${MAX_SOCKET_PATH})`;

/**
 * PGlite's dump of its data folder (a gzip tarball). It is taken between transactions: a plain query
 * waits for PGlite's transaction lock, and so does the dump, so no statement runs and no transaction
 * is open while the files are copied. Everything committed before the dump began is in it. (Even a
 * copy taken mid-transaction would restore consistently: PostgreSQL's crash recovery discards what
 * was not committed.)
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return Buffer.from(await dump.arrayBuffer());
}

type Handler = (request: string) => Promise<Buffer>;

function serve(conn: net.Socket, handle: Handler) {
  let line = "";
  conn.setEncoding("latin1");
  conn.on("error", () => {}); // a client that went away: nothing to answer
  const onData = (chunk: string) => {
    line += chunk;
    const end = line.indexOf("\n");
    if (end < 0) {
      if (line.length > 64) conn.destroy();
      return;
    }
    conn.off("data", onData);
    handle(line.slice(0, end).trim()).then(
      (data) => {
        conn.write(JSON.stringify({ ok: true, bytes: data.length }) + "\n");
        conn.end(data);
      },
      (err: unknown) => conn.end(JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) }) + "\n"),
    );
  };
  conn.on("data", onData);
}

/** Whether a live process listens on the socket (a socket file nobody listens on is stale). */
function answers(sockPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(sockPath);
    conn.once("connect", () => {
      conn.destroy();
      resolve(true);
    });
    conn.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED" || err.code === "ENOENT") resolve(false);
      else if (err.code === "EACCES")
        resolve(true); // another user's process holds it
      else reject(err);
    });
  });
}

function listen(server: net.Server, sockPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(sockPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

export type Claim = { path: string; close: () => Promise<void> };

/**
 * Listens on DATA_DIR/admin.sock, which claims the data folder for this process; "held" when a live
 * process already listens there. A stale socket is removed first. The socket is removed when the
 * claim is closed or the process exits; the server does not keep the process alive.
 */
export async function claimAdminSocket(dataDir: string, handle: Handler): Promise<Claim | "held"> {
  const sockPath = usablePath(dataDir);
  if (!sockPath) throw new AppError("CONFLICT", socketPathTooLong(dataDir));
  fs.mkdirSync(path.dirname(sockPath), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    const server = net.createServer((conn) => serve(conn, handle));
    // created owner-only: under the process's umask it would be open to others from the moment it
    // listens until a chmod, and any local user could connect in between
    const umask = process.umask(0o177);
    try {
      await listen(server, sockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt > 0) throw err;
      if (await answers(sockPath)) return "held";
      const stale = fs.lstatSync(sockPath, { throwIfNoEntry: false });
      if (stale && !stale.isSocket()) throw new AppError("CONFLICT", `${sockPath} exists and is not a socket: remove it`);
      if (stale) fs.unlinkSync(sockPath);
      continue;
    } finally {
      process.umask(umask);
    }
    // and narrowed again, whatever the platform did with the umask
    fs.chmodSync(sockPath, 0o600);
    server.unref();
    const { ino } = fs.statSync(sockPath);
    // only our own socket is removed: not one a later process put at the same path
    const remove = () => {
      try {
        if (fs.statSync(sockPath).ino === ino) fs.unlinkSync(sockPath);
      } catch {
        // already gone
      }
    };
    process.once("exit", remove);
    return {
      path: sockPath,
      close: () =>
        new Promise<void>((resolve) => {
          process.off("exit", remove);
          server.close(() => resolve());
          remove();
        }),
    };
  }
}

/** The answer a process that holds the folder for an admin command gives to anyone else. */
export const busyHandler: Handler = async () => {
  throw new Error("another `npm run admin -- backup` or `restore` is using DATA_DIR right now; try again when it has finished");
};

/**
 * Asks the process that holds DATA_DIR for a dump of its database: the tarball, or null when no
 * process listens (then nothing has the folder open).
 */
export function requestPgliteDump(dataDir: string): Promise<Buffer | null> {
  const sockPath = usablePath(dataDir);
  if (!sockPath) throw new AppError("CONFLICT", `${socketPathTooLong(dataDir)}: admin cannot tell whether the service is running`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const conn = net.connect(sockPath);
    conn.once("connect", () => {
      connected = true;
      conn.write("backup\n");
    });
    conn.on("data", (chunk: Buffer) => chunks.push(chunk));
    conn.once("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) resolve(null);
      else reject(err);
    });
    conn.once("end", () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(10);
      let head: { ok?: boolean; bytes?: number; error?: string } = {};
      try {
        head = JSON.parse(all.subarray(0, nl < 0 ? all.length : nl).toString("utf8"));
      } catch {
        // handled below
      }
      if (head.ok === false) return reject(new AppError("CONFLICT", `Could not back up: ${head.error}`));
      const data = all.subarray(nl + 1);
      if (head.ok !== true || nl < 0 || data.length !== head.bytes) {
        return reject(new Error("the service closed the connection before the backup was complete"));
      }
      resolve(data);
    });
  });
}

const holder = globalThis as { __checkoutAdminSocket?: Claim };

/**
 * The service's side, called from instrumentation-node.ts before the database is opened: when the
 * database is PGlite on disk, claims DATA_DIR (waiting up to 30 s for an admin backup or restore to
 * finish, then refusing to start) and serves backups from the process's own database handle.
 */
export async function serveAdminSocket(): Promise<void> {
  const config = getConfig();
  if (config.databaseUrl || config.dataDir.startsWith("memory://") || holder.__checkoutAdminSocket) return;
  if (!usablePath(config.dataDir)) {
    logger.warn(`${socketPathTooLong(config.dataDir)}: \`npm run admin -- backup\` cannot reach this service`);
    return;
  }
  // The database is opened only once the folder is claimed. The handler uses the same handle as the
  // service (getDb is memoized), taken once: never a new one after the shutdown has closed it.
  let opened: (db: Promise<PGlite>) => void;
  const client = new Promise<PGlite>((resolve) => (opened = resolve));
  const handle: Handler = async (request) => {
    if (request !== "backup") throw new Error(`unknown request: ${request.slice(0, 20)}`);
    const pg = await client;
    if (pg.closed) throw new Error("the service is shutting down");
    const started = Date.now();
    const dump = await dumpPglite(pg);
    logger.info("backup served", { bytes: dump.length, ms: Date.now() - started });
    return dump;
  };
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (let waiting = false; ; waiting = true) {
    const claim = await claimAdminSocket(config.dataDir, handle);
    if (claim !== "held") {
      holder.__checkoutAdminSocket = claim;
      const db = getDb().then((d) => (d as unknown as { $client: PGlite }).$client);
      db.catch(() => {}); // the service reports its own failure to open the database
      opened!(db);
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `another process is using the data folder ${config.dataDir} (its ${ADMIN_SOCKET} answers): another instance of the service, or an admin backup or restore`,
      );
    }
    if (!waiting) logger.info("waiting for another process to release the data folder", { socket: adminSocketPath(config.dataDir) });
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Tests only: stops serving, as a shutdown would. */
export async function stopAdminSocketForTests(): Promise<void> {
  const claim = holder.__checkoutAdminSocket;
  holder.__checkoutAdminSocket = undefined;
  await claim?.close();
}
