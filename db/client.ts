import fs from "node:fs";
import path from "node:path";
import { type Column, type SQL, sql } from "drizzle-orm";
import type { MigrationMeta } from "drizzle-orm/migrator";
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/logger";
import { concurrentIndexOf, isNoTransaction, statementsOf, withoutConcurrently } from "@/db/migrate/sql";
import { dbPool } from "@/lib/metrics";
import { postgresClient } from "./postgres-url";
import { gates, inPoolTransaction, PoolGate, poolStatementInTransaction } from "./pool-gate";
import * as schema from "./schema";

/** A database handle or a transaction: every service takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql…)`: postgres-js answers an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * A raw statement whose SQL is built once and then prepared on whichever handle runs it, the
 * database or a transaction: drizzle would build the query again for every call (a transaction is a
 * new handle for `prepared()`), which costs more CPU than sending it. Values go by placeholder name,
 * as the driver takes them (map column values with the column's `mapToDriverValue`).
 */
export function preparedStatement<T>(name: string, build: () => SQL) {
  let query: ReturnType<PgDialect["sqlToQuery"]> | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    const handle = db as unknown as { dialect: PgDialect; session: PgSession };
    query ??= handle.dialect.sqlToQuery(build());
    return rowsOf<T>(await handle.session.prepareQuery(query, undefined, name, false).execute(values));
  };
}

/**
 * A placeholder that says its column's type (`$1::timestamp with time zone`): a value selected rather
 * than inserted with VALUES has no column to take its type from.
 */
export const typedPlaceholder = (name: string, column: Column) => sql`${sql.placeholder(name)}::${sql.raw(column.getSQLType())}`;

/**
 * A row's values for a prepared statement's placeholders named `${prefix}.${key}`, one per column
 * given, each mapped as the driver takes it (null stays null).
 */
export function columnValues<R>(
  prefix: string,
  columns: readonly (readonly [keyof R & string, Column])[],
  row: R,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of columns) values[`${prefix}.${key}`] = row[key] === null ? null : column.mapToDriverValue(row[key]);
  return values;
}

type Opened = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void>; work?: Db };

/** Marks the background work's pool, which the pool metrics leave out. */
const BACKGROUND = Symbol("background pool");
/** The requests' pool's gate (pool-gate.ts). */
const GATE = Symbol("pool gate");

/** The most connections the background work's own pool opens (getWorkDb), beside DB_POOL_SIZE. */
export const WORK_POOL_MAX = 4;

const migrationsFolder = path.join(process.cwd(), "db", "migrations");
/** pg_advisory_lock key held while migrations are applied ("checkout" in ASCII). */
const MIGRATION_LOCK = "7163086685011408244";

/** Where the migrations are read from: db/migrations, or a test's own folder. */
export type MigrateOptions = { migrationsFolder?: string };

type Migration = MigrationMeta & { tag: string; noTransaction: boolean };

/**
 * The migrations of a folder as drizzle's migrator reads them (the journal's order, each file's
 * hash and statements), each marked whether it begins with `-- checkout:no-transaction`.
 */
async function readMigrations(folder: string): Promise<Migration[]> {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    ...m,
    tag: journal.entries[i]!.tag,
    noTransaction: isNoTransaction(m.sql[0] ?? ""),
  }));
}

/** drizzle's own migration step (what its migrate() calls): applies the pending ones of `migrations` in one transaction. */
function drizzleMigrate(db: unknown, migrations: MigrationMeta[], folder: string): Promise<void> {
  const { dialect, session } = db as { dialect: PgDialect; session: PgSession };
  return dialect.migrate(migrations, session, { migrationsFolder: folder });
}

/**
 * Applies the migrations on PostgreSQL, as drizzle would (same journal, same record in
 * drizzle.__drizzle_migrations, a migration is pending when it is dated after the last one
 * recorded), except a no-transaction migration: it is applied between the ones before and after it,
 * one statement at a time outside any transaction, since CREATE INDEX CONCURRENTLY (which builds an
 * index while the previous release keeps writing to the table) refuses to run inside one. Its
 * statements are idempotent (db/migrate/check.ts allows only CREATE INDEX CONCURRENTLY IF NOT
 * EXISTS and DROP INDEX CONCURRENTLY IF EXISTS), so a start interrupted halfway runs it again from
 * the top; an index whose build was interrupted is left INVALID, and is dropped and built again.
 */
async function migratePostgres(sql: Sql, db: unknown, folder: string): Promise<void> {
  let batch: Migration[] = [];
  // the first call also creates drizzle's schema and table
  const flush = async () => {
    await yieldingToTraffic(sql, () => drizzleMigrate(db, batch, folder));
    batch = [];
  };
  for (const migration of await readMigrations(folder)) {
    if (!migration.noTransaction) {
      batch.push(migration);
      continue;
    }
    await flush();
    const [lastApplied] = await sql<Array<{ created_at: string }>>`
      select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    if (lastApplied && Number(lastApplied.created_at) >= migration.folderMillis) continue;
    const started = Date.now();
    logger.info("migration outside a transaction: started", { migration: migration.tag });
    for (const statement of migration.sql) {
      if (!statementsOf(statement).length) continue; // comments only
      const index = concurrentIndexOf(statement);
      if (index) await dropInvalidIndex(sql, index);
      await sql.unsafe(statement);
    }
    await sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`;
    logger.info("migration outside a transaction: applied", { migration: migration.tag, ms: Date.now() - started });
  }
  await flush();
}

/** How long a migration's statement waits for a lock held by live traffic before the migration gives way and tries again. */
export const MIGRATION_LOCK_TIMEOUT_MS = 100;

/**
 * Runs migrations that take table locks (an ALTER TABLE, a foreign key) in a way that never fails a
 * request of the instances still serving. A migration holds each lock it took until it commits; if
 * it then waits for a table a request holds while that request waits for one the migration holds,
 * PostgreSQL ends one of them as a deadlock after a second, and it may be the request (seen in the
 * rolling-upgrade test: session creations answered 500 with 40P01). So the migration waits at most
 * MIGRATION_LOCK_TIMEOUT_MS for any lock: it is the one that gives way (55P03), rolls back, releasing
 * everything, and tries again a moment later; a request waits at most that long behind it.
 */
async function yieldingToTraffic(sql: Sql, migrate: () => Promise<void>): Promise<void> {
  const until = Date.now() + 10 * 60_000;
  await sql.unsafe(`set lock_timeout = ${MIGRATION_LOCK_TIMEOUT_MS}`);
  try {
    for (let tries = 1; ; tries++) {
      try {
        return await migrate();
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
        if ((code !== "55P03" && code !== "40P01") || Date.now() > until) throw err;
        if (tries % 20 === 1) logger.info("a migration gave way to live traffic holding a lock; trying again", { tries });
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  } finally {
    await sql.unsafe("set lock_timeout = 0");
  }
}

/** Drops the index if a build that was interrupted (or failed) left it INVALID: IF NOT EXISTS would keep it. */
async function dropInvalidIndex(sql: Sql, index: { name: string; table: string }): Promise<void> {
  const invalid = await sql<Array<{ qualified: string }>>`
    select format('%I.%I', n.nspname, c.relname) as qualified
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where i.indrelid = to_regclass(${index.table}) and c.relname = ${index.name} and not i.indisvalid`;
  for (const { qualified } of invalid) {
    logger.warn("dropping an index an interrupted build left invalid, to build it again", { index: qualified });
    await sql.unsafe(`drop index concurrently if exists ${qualified}`);
  }
}

/**
 * Takes the migration lock, asking again until it is free rather than waiting in pg_advisory_lock: a
 * session waiting there holds a snapshot, and CREATE INDEX CONCURRENTLY waits until every older
 * snapshot is gone, so the instance building an index and one waiting for the lock would wait on
 * each other (PostgreSQL then fails one of them as a deadlock).
 */
async function lockMigrations(sql: Sql): Promise<void> {
  for (;;) {
    const [row] = await sql<Array<{ locked: boolean }>>`select pg_try_advisory_lock(${MIGRATION_LOCK}::bigint) as locked`;
    if (row!.locked) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The embedded database in `dataDir` (`memory://…` for one in memory), migrated. `loadDataDir`
 * starts it from a copy of another's data folder (PGlite's `dumpDataDir`) instead of an empty one: a
 * test run copies one migrated database into each test file, which skips the 2–3 s of creating it.
 */
export async function openPglite(dataDir: string, options: MigrateOptions & { loadDataDir?: Blob } = {}): Promise<Opened> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const target = dataDir.startsWith("memory://") ? dataDir : path.join(dataDir, "pglite");
  if (!target.startsWith("memory://")) fs.mkdirSync(target, { recursive: true }); // PGlite won't create parents
  const client = new PGlite(target, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await markPgliteTransactions();
  const db = drizzle({ client, schema }) as unknown as Db;
  // one process: nothing else writes while an index is built, so a no-transaction migration is
  // applied in the one transaction with the rest, without CONCURRENTLY (which a transaction refuses)
  const folder = options.migrationsFolder ?? migrationsFolder;
  const migrations = (await readMigrations(folder)).map((m) => (m.noTransaction ? { ...m, sql: m.sql.map(withoutConcurrently) } : m));
  await drizzleMigrate(db, migrations, folder);
  return { db, kind: "pglite", close: () => client.close() };
}

export async function openPostgres(url: string, poolSize: number, options: MigrateOptions = {}): Promise<Opened> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  await preparePostgresStatements();
  // Several instances may start at once (a rolling upgrade): one applies the migrations while the
  // others wait on an advisory lock, then find nothing left to do. One connection, so the lock and
  // the migrations share a session.
  const migrator = await postgresClient(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await lockMigrations(migrator);
    await migratePostgres(migrator, drizzle({ client: migrator, schema }), options.migrationsFolder ?? migrationsFolder);
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK}::bigint)`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  // a statement that runs too long, or a transaction left open between statements, is ended by the
  // server (DB_STATEMENT_TIMEOUT, DB_IDLE_IN_TRANSACTION_TIMEOUT): neither holds a connection for ever
  const config = getConfig();
  const limits = {
    statement_timeout: config.dbStatementTimeoutMs,
    idle_in_transaction_session_timeout: config.dbIdleInTransactionTimeoutMs,
  };
  const client = await postgresClient(url, { max: poolSize, onnotice: () => {}, connect_timeout: 10, connection: limits });
  const gate = new PoolGate(poolSize, () => getConfig().dbPoolWaitMs);
  Object.assign(client, { [GATE]: gate });
  gates.add(gate);
  const db = drizzle({ client, schema }) as unknown as Db;
  // The background work (the dispatcher's claims and attempts, expiries, purges) has a pool of its
  // own whose statements are planned for their values each time. With a cached generic plan, a
  // statement planned while the deliveries table was small kept its sequential scan as the table grew
  // (until the next ANALYZE): a backlog drained at a third of the rate, its PostgreSQL CPU five times
  // higher. Its statements are few and batched, so planning them each time costs little; the API's
  // pool keeps its cached plans. Connections open on first use: with Inngest this pool stays empty.
  const workSize = Math.min(poolSize, WORK_POOL_MAX);
  const workClient = await postgresClient(url, {
    max: workSize,
    onnotice: () => {},
    connect_timeout: 10,
    connection: { plan_cache_mode: "force_custom_plan", ...limits },
  });
  // the pool metrics are the requests' pool's: a busy background never reads as requests waiting
  Object.assign(workClient, { [BACKGROUND]: true });
  const work = drizzle({ client: workClient, schema }) as unknown as Db;
  dbPool.size += poolSize;
  return {
    db,
    work,
    kind: "postgres",
    close: async () => {
      dbPool.size -= poolSize;
      gates.delete(gate);
      await Promise.all([client.end({ timeout: 5 }), workClient.end({ timeout: 5 })]);
    },
  };
}

/**
 * drizzle sends every query through postgres.js unprepared unless it was given a name, and an
 * unprepared query with parameters costs two round trips (describe, then execute). Named, cached
 * statements cost one. postgres.js keys its statement cache by query text per connection, which is
 * safe here: the schema only changes through the migrations applied before the first query.
 */
async function preparePostgresStatements() {
  const { PostgresJsPreparedQuery, PostgresJsSession } = await import("drizzle-orm/postgres-js/session");
  type Method = (...args: unknown[]) => Promise<unknown>;
  const proto = PostgresJsSession.prototype as unknown as {
    prepareQuery: (...args: unknown[]) => unknown;
    transaction: Method;
    __prepared?: boolean;
  };
  if (proto.__prepared) return;
  const original = proto.prepareQuery;
  proto.prepareQuery = function (this: unknown, query: unknown, fields: unknown, name: unknown, ...rest: unknown[]) {
    return original.call(this, query, fields, name ?? "", ...rest);
  };
  // the pool's use, for /metrics: a statement outside a transaction, or a transaction, holds one
  // connection while it runs (statements inside a transaction run on the transaction's); beyond the
  // pool's size the rest wait (postgres.js keeps no count of its own that it shows). The pool's gate
  // (pool-gate.ts) hands the connections out, each waited for at most DB_POOL_WAIT.
  type Self = { client?: { begin?: unknown; [BACKGROUND]?: boolean; [GATE]?: PoolGate } };
  const counted = (method: Method, kind: "statement" | "transaction"): Method =>
    async function (this: Self, ...args: unknown[]) {
      const client = this.client;
      if (typeof client?.begin !== "function" || client[BACKGROUND]) return method.apply(this, args);
      if (kind === "statement") poolStatementInTransaction();
      const gate = client[GATE];
      dbPool.active++;
      try {
        if (gate) await gate.acquire();
        try {
          return await (kind === "transaction" ? inPoolTransaction(() => method.apply(this, args)) : method.apply(this, args));
        } finally {
          gate?.release();
        }
      } finally {
        dbPool.active--;
      }
    };
  const query = PostgresJsPreparedQuery.prototype as unknown as { execute: Method; all: Method };
  query.execute = counted(query.execute, "statement");
  query.all = counted(query.all, "statement");
  proto.transaction = counted(proto.transaction, "transaction");
  proto.__prepared = true;
}

/**
 * The embedded database has one connection: a statement sent to it by work inside one of its
 * transactions waits for that transaction, which waits for the statement. Such statements are
 * logged (pool-gate.ts), as on PostgreSQL, where they wait for a second connection.
 */
async function markPgliteTransactions() {
  const { PglitePreparedQuery, PgliteSession } = await import("drizzle-orm/pglite/session");
  type Method = (...args: unknown[]) => Promise<unknown>;
  const proto = PgliteSession.prototype as unknown as { transaction: Method; __marked?: boolean };
  if (proto.__marked) return;
  type Self = { client?: { transaction?: unknown } };
  const isRoot = (self: Self) => typeof self.client?.transaction === "function";
  const query = PglitePreparedQuery.prototype as unknown as { execute: Method; all: Method };
  for (const name of ["execute", "all"] as const) {
    const original = query[name];
    query[name] = function (this: Self, ...args: unknown[]) {
      if (isRoot(this)) poolStatementInTransaction();
      return original.apply(this, args);
    };
  }
  const transaction = proto.transaction;
  proto.transaction = function (this: Self, ...args: unknown[]) {
    return isRoot(this) ? inPoolTransaction(() => transaction.apply(this, args)) : transaction.apply(this, args);
  };
  proto.__marked = true;
}

const holder = globalThis as unknown as { __checkoutDb?: Promise<Opened> };

function open(): Promise<Opened> {
  const config = getConfig();
  const started = Date.now();
  const p = (config.databaseUrl ? openPostgres(config.databaseUrl, config.dbPoolSize) : openPglite(config.dataDir)).then((o) => {
    logger.info("database ready", { kind: o.kind, ms: Date.now() - started });
    return o;
  });
  // a failed start must not poison every later request
  p.catch(() => {
    if (holder.__checkoutDb === p) holder.__checkoutDb = undefined;
  });
  return p;
}

/** The process's database, opened (and migrated) once. */
export async function getDb(): Promise<Db> {
  holder.__checkoutDb ??= open();
  return (await holder.__checkoutDb).db;
}

/**
 * The database handle of the background work: on PostgreSQL a small pool of its own whose statements
 * are always planned for their values (see openPostgres); on PGlite the one database.
 */
export async function getWorkDb(): Promise<Db> {
  holder.__checkoutDb ??= open();
  const opened = await holder.__checkoutDb;
  return opened.work ?? opened.db;
}

export async function getDbKind(): Promise<"pglite" | "postgres"> {
  holder.__checkoutDb ??= open();
  return (await holder.__checkoutDb).kind;
}

export async function closeDb(): Promise<void> {
  const p = holder.__checkoutDb;
  holder.__checkoutDb = undefined;
  if (p) await (await p).close();
}

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and reused with placeholders: the hottest reads skip
 * drizzle's per-call SQL building. Kept per handle, so a service given a transaction handle builds
 * the query for that transaction and runs it there (correct, only not reused across transactions).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) preparedByDb.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) byName.set(name, (query = build(db)));
  return query;
}
