import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { busyHandler, claimAdminSocket, dumpPglite, requestPgliteDump } from "./admin-socket";
import { restorePostgres } from "./pg-restore";
import { checkPgliteSchema } from "./pglite-check";
import { libpq, runTool } from "./pg-tools";

// `npm run admin -- backup <file>` and `restore <file>`: a consistent copy of the database taken while
// the service runs, and its restore into an empty target.
//
// PostgreSQL (DATABASE_URL): the file is pg_dump's own custom format (pg_dump runs in one
// repeatable-read transaction, so the copy is one snapshot however long it takes), restorable by
// hand with pg_restore too. It does not hold APP_SECRET: the operator keeps that in the secret store.
// Its restore runs none of the archive's SQL and refuses a superuser (./pg-restore.ts).
//
// Embedded (PGlite in DATA_DIR/pglite): PGlite's own dump of its data folder, made by the process
// that has the folder open (the running service, through DATA_DIR/admin.sock, or this command when
// no service runs), in a small container with DATA_DIR/secrets.json, without which the webhook
// signing secrets sealed with APP_SECRET cannot be read:
//
//   checkout-backup 1\n
//   {"kind":"pglite","createdAt":"…","bytes":N,"sha256":"…","secrets":{…}|null}\n
//   N bytes: the gzip tarball
//
// Both kinds of backup file are written 0600 (the PGlite one holds the secrets), to a temporary file
// renamed into place when complete: an interrupted backup never leaves a truncated file under the name.
//
// Restoring a PGlite backup makes its secrets the target's only when the operator says so
// (--adopt-secrets): whoever made the file knows them, and they unseal what the database keeps sealed
// (webhook signing secrets, custom header values, second-factor secrets) and sign dashboard sessions.

export type Target = { databaseUrl?: string; dataDir: string };

export type BackupResult = {
  kind: "pglite" | "postgres";
  file: string;
  bytes: number;
  ms: number;
  /** PGlite: whether the running service made the dump, or this process (no service was running) */
  madeBy?: "service" | "admin";
  /** whether the backup holds APP_SECRET and NEXTAUTH_SECRET (DATA_DIR/secrets.json) */
  secretsIncluded: boolean;
};

export type RestoreResult = {
  kind: "pglite" | "postgres";
  file: string;
  into: string;
  ms: number;
  /**
   * The backup's APP_SECRET and NEXTAUTH_SECRET (a PGlite backup's DATA_DIR/secrets.json): "adopted",
   * written to the target's secrets.json (--adopt-secrets); "same", already the target's; "none", the
   * backup holds none (the deployment's own come from its environment or secret store).
   */
  secrets: "adopted" | "same" | "none";
  /** whether the target's secrets.json is now the backup's (adopted or same) */
  secretsRestored: boolean;
};

export type RestoreOptions = {
  /** A PGlite backup holding secrets may make them the target's (its secrets.json) only with this. */
  adoptSecrets?: boolean;
};

const FORMAT = 1;
/** Our migrations: what a restored database must have been made by. */
const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
const MAGIC = "checkout-backup ";
const PG_DUMP_MAGIC = "PGDMP";

const secretsSchema = z.object({ APP_SECRET: z.string().min(1), NEXTAUTH_SECRET: z.string().min(1) });
type Secrets = z.infer<typeof secretsSchema>;

const headerSchema = z.object({
  kind: z.literal("pglite"),
  createdAt: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  secrets: secretsSchema.nullable(),
});
type Header = z.infer<typeof headerSchema>;

const inMemory = () => new AppError("CONFLICT", "DATA_DIR is memory://: a database in memory lives and dies with its process");

export async function backup(target: Target, file: string): Promise<BackupResult> {
  if (!target.databaseUrl && target.dataDir.startsWith("memory://")) throw inMemory();
  checkWritable(file);
  return target.databaseUrl ? backupPostgres(target.databaseUrl, file) : backupPglite(target.dataDir, file);
}

export async function restore(target: Target, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const kind = kindOf(file);
  if (target.databaseUrl) {
    if (kind === "pglite") {
      throw new AppError(
        "CONFLICT",
        `${file} is a backup of the embedded database: restore it with DATABASE_URL unset, into an empty DATA_DIR`,
      );
    }
    const started = Date.now();
    const { into } = await restorePostgres(target.databaseUrl, file, MIGRATIONS_FOLDER);
    return { kind: "postgres", file, into, ms: Date.now() - started, secrets: "none", secretsRestored: false };
  }
  if (kind === "postgres") {
    throw new AppError("CONFLICT", `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty database`);
  }
  if (target.dataDir.startsWith("memory://")) throw inMemory();
  return restorePglite(target.dataDir, file, options);
}

// ---------------------------------------------------------------- files

function checkWritable(file: string) {
  const dir = path.dirname(path.resolve(file));
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new AppError("NOT_FOUND", `The folder ${dir} does not exist`);
  if (fs.existsSync(file) && !fs.statSync(file).isFile()) throw new AppError("CONFLICT", `${file} exists and is not a file`);
}

/** Writes a file through `write(fd)` to a temporary 0600 file beside it, renamed into place once complete. */
async function writeNew(file: string, write: (fd: number) => Promise<void>): Promise<number> {
  const tmp = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${crypto.randomBytes(4).toString("hex")}.partial`);
  const fd = fs.openSync(tmp, "wx", 0o600);
  try {
    await write(fd);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.renameSync(tmp, file);
  return fs.statSync(file).size;
}

function readHead(file: string, bytes: number): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new AppError("NOT_FOUND", `No such file: ${file}`);
    throw err;
  }
  try {
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, fs.readSync(fd, buf, 0, bytes, 0));
  } finally {
    fs.closeSync(fd);
  }
}

const notABackup = (file: string, why: string) =>
  new AppError("VALIDATION_FAILED", `${file} is not a backup made by \`npm run admin -- backup\` (${why}); nothing was changed`);

function kindOf(file: string): "pglite" | "postgres" {
  if (fs.existsSync(file) && fs.statSync(file).isDirectory())
    throw new AppError("VALIDATION_FAILED", `${file} is a folder, not a backup file`);
  const head = readHead(file, 32).toString("latin1");
  if (head.startsWith(PG_DUMP_MAGIC)) return "postgres";
  if (head.startsWith(MAGIC)) return "pglite";
  throw notABackup(file, head.length ? "unknown format" : "empty file");
}

/** The PGlite container, checked whole: its format, its header, its length and its checksum. */
export function decodePgliteBackup(file: string, buf: Buffer): { header: Header; tarball: Buffer } {
  const firstNl = buf.indexOf(10);
  const secondNl = firstNl < 0 ? -1 : buf.indexOf(10, firstNl + 1);
  const first = buf.subarray(0, firstNl < 0 ? Math.min(buf.length, 40) : firstNl).toString("latin1");
  if (!first.startsWith(MAGIC)) throw notABackup(file, "unknown format");
  const format = first.slice(MAGIC.length);
  if (format !== String(FORMAT)) {
    throw new AppError("VALIDATION_FAILED", `${file} has backup format ${format}; this version reads format ${FORMAT}`);
  }
  if (secondNl < 0) throw new AppError("VALIDATION_FAILED", `${file} is truncated: its header is incomplete; nothing was changed`);
  let header: Header;
  try {
    header = headerSchema.parse(JSON.parse(buf.subarray(firstNl + 1, secondNl).toString("utf8")));
  } catch {
    throw new AppError("VALIDATION_FAILED", `${file} is corrupt: its header is not valid; nothing was changed`);
  }
  const tarball = buf.subarray(secondNl + 1);
  if (tarball.length !== header.bytes) {
    throw new AppError(
      "VALIDATION_FAILED",
      `${file} is ${tarball.length < header.bytes ? "truncated" : "corrupt"}: ${tarball.length} bytes of data, its header says ${header.bytes}; nothing was changed`,
    );
  }
  if (crypto.createHash("sha256").update(tarball).digest("hex") !== header.sha256) {
    throw new AppError("VALIDATION_FAILED", `${file} is corrupt: its checksum does not match; nothing was changed`);
  }
  return { header, tarball };
}

// ---------------------------------------------------------------- PGlite

const secretsFile = (dataDir: string) => path.join(dataDir, "secrets.json");

/** DATA_DIR/secrets.json as lib/core/config/ keeps it, or null when the secrets come from the environment. */
function readSecrets(dataDir: string): Secrets | null {
  let text: string;
  try {
    text = fs.readFileSync(secretsFile(dataDir), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    return secretsSchema.parse(JSON.parse(text));
  } catch {
    throw new AppError("CONFLICT", `${secretsFile(dataDir)} is not valid: it should hold APP_SECRET and NEXTAUTH_SECRET`);
  }
}

/** The dump from the running service, or, when none runs, from the folder opened here under its claim. */
async function pgliteDump(dataDir: string): Promise<{ tarball: Buffer; madeBy: "service" | "admin" }> {
  const dir = path.join(dataDir, "pglite");
  const noDatabase = () => new AppError("NOT_FOUND", `No embedded database in ${dir}: nothing to back up`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const fromService = await requestPgliteDump(dataDir);
    if (fromService) return { tarball: fromService, madeBy: "service" };
    if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw noDatabase();
    const claim = await claimAdminSocket(dataDir, busyHandler);
    if (claim === "held") continue; // a service started between the two: ask it
    try {
      if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw noDatabase(); // removed meanwhile
      const { PGlite } = await import("@electric-sql/pglite");
      const client = new PGlite(dir);
      try {
        await client.waitReady;
        return { tarball: await dumpPglite(client), madeBy: "admin" };
      } finally {
        await client.close();
      }
    } finally {
      await claim.close();
    }
  }
  throw new AppError("CONFLICT", "Could not reach the service that holds DATA_DIR; try again");
}

async function backupPglite(dataDir: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const { tarball, madeBy } = await pgliteDump(dataDir);
  // read after the dump: the service writes the file at start-up, before it serves anything
  const secrets = readSecrets(dataDir);
  const header: Header = {
    kind: "pglite",
    createdAt: new Date(started).toISOString(),
    bytes: tarball.length,
    sha256: crypto.createHash("sha256").update(tarball).digest("hex"),
    secrets,
  };
  const bytes = await writeNew(file, async (fd) => {
    fs.writeSync(fd, `${MAGIC}${FORMAT}\n${JSON.stringify(header)}\n`);
    fs.writeSync(fd, tarball);
  });
  return { kind: "pglite", file, bytes, ms: Date.now() - started, madeBy, secretsIncluded: Boolean(secrets) };
}

async function restorePglite(dataDir: string, file: string, options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const { header, tarball } = decodePgliteBackup(file, fs.readFileSync(file));
  const dir = path.join(dataDir, "pglite");
  const claim = await claimAdminSocket(dataDir, busyHandler);
  if (claim === "held") {
    throw new AppError("CONFLICT", `The service (or another admin command) is using ${dataDir}: a restore goes into an empty DATA_DIR`);
  }
  try {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
      throw new AppError("CONFLICT", `${dir} is not empty: restore into a new DATA_DIR, or move this one away first; nothing was changed`);
    }
    const kept = readSecrets(dataDir);
    const same = Boolean(
      kept && header.secrets && kept.APP_SECRET === header.secrets.APP_SECRET && kept.NEXTAUTH_SECRET === header.secrets.NEXTAUTH_SECRET,
    );
    if (kept && header.secrets && !same) {
      throw new AppError(
        "CONFLICT",
        `${secretsFile(dataDir)} differs from the backup's: the backup was made by another instance, whose sealed secrets this APP_SECRET ` +
          `cannot read. Restore into a new DATA_DIR, or move secrets.json away first; nothing was changed`,
      );
    }
    if (header.secrets && !kept && !options.adoptSecrets) {
      throw new AppError(
        "CONFLICT",
        `${file} holds the APP_SECRET and NEXTAUTH_SECRET of the instance that made it. Restored, they become this DATA_DIR's ` +
          `(${secretsFile(dataDir)}): whoever has the file could then sign dashboard sessions (NEXTAUTH_SECRET) and unseal the ` +
          `webhook signing secrets, custom header values and second-factor secrets (APP_SECRET). If it is your own backup, restore ` +
          `it with --adopt-secrets; nothing was changed`,
      );
    }
    // restored beside the target and renamed into place once PGlite has opened it: a failed restore
    // leaves DATA_DIR/pglite as it was
    const tmp = path.join(dataDir, `.pglite-restore-${crypto.randomBytes(4).toString("hex")}`);
    try {
      await loadPglite(tmp, tarball, file, MIGRATIONS_FOLDER);
    } catch (err) {
      fs.rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
    if (fs.existsSync(dir)) fs.rmdirSync(dir);
    fs.renameSync(tmp, dir);
    if (header.secrets && !kept) {
      fs.writeFileSync(secretsFile(dataDir), JSON.stringify(header.secrets, null, 2), { mode: 0o600, flag: "wx" });
    }
    const secrets = !header.secrets ? "none" : same ? "same" : "adopted";
    return { kind: "pglite", file, into: dir, ms: Date.now() - started, secrets, secretsRestored: secrets !== "none" };
  } finally {
    await claim.close();
  }
}

/**
 * PGlite loads the tarball into `dir`; the database is then checked to be this service's, down to
 * what can run in it (./pglite-check.ts).
 */
async function loadPglite(dir: string, tarball: Buffer, file: string, migrationsFolder: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  let client: InstanceType<typeof PGlite> | undefined;
  try {
    client = new PGlite(dir, { loadDataDir: new Blob([new Uint8Array(tarball)]) });
    await client.waitReady;
  } catch (err) {
    await client?.close().catch(() => {});
    throw new AppError("VALIDATION_FAILED", `The backup's database could not be opened: ${(err as Error).message}; nothing was changed`);
  }
  try {
    await checkPgliteSchema(client, file, migrationsFolder);
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------- PostgreSQL

async function backupPostgres(databaseUrl: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const db = libpq(databaseUrl);
  // --no-password: fail rather than wait for a prompt under cron
  const bytes = await writeNew(file, async (fd) => {
    await runTool("pg_dump", ["--format=custom", "--no-password", `--dbname=${db.dbname}`], { env: db.env, stdout: fd });
  });
  return { kind: "postgres", file, bytes, ms: Date.now() - started, secretsIncluded: false };
}
