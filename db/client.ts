import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from "drizzle-orm/pg-core";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/logger";
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

type Opened = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), "db", "migrations");
/** pg_advisory_lock key held while migrations are applied ("checkout" in ASCII). */
const MIGRATION_LOCK = "7163086685011408244";

export async function openPglite(dataDir: string): Promise<Opened> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const target = dataDir.startsWith("memory://") ? dataDir : path.join(dataDir, "pglite");
  if (!target.startsWith("memory://")) fs.mkdirSync(target, { recursive: true }); // PGlite won't create parents
  const client = new PGlite(target);
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}

export async function openPostgres(url: string, poolSize: number): Promise<Opened> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  await preparePostgresStatements();
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Several instances may start at once (a rolling upgrade): one applies the migrations while the
  // others wait on an advisory lock, then find nothing left to do. One connection, so the lock and
  // the migrations share a session.
  const migrator = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK}::bigint)`;
    await migrate(drizzle({ client: migrator, schema }) as never, { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK}::bigint)`;
  } finally {
    await migrator.end({ timeout: 5 });
  }
  const client = postgres(url, { max: poolSize, onnotice: () => {}, connect_timeout: 10 });
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

/**
 * drizzle sends every query through postgres.js unprepared unless it was given a name, and an
 * unprepared query with parameters costs two round trips (describe, then execute). Named, cached
 * statements cost one. postgres.js keys its statement cache by query text per connection, which is
 * safe here: the schema only changes through the migrations applied before the first query.
 */
async function preparePostgresStatements() {
  const { PostgresJsSession } = await import("drizzle-orm/postgres-js/session");
  const proto = PostgresJsSession.prototype as unknown as { prepareQuery: (...args: unknown[]) => unknown; __prepared?: boolean };
  if (proto.__prepared) return;
  const original = proto.prepareQuery;
  proto.prepareQuery = function (this: unknown, query: unknown, fields: unknown, name: unknown, ...rest: unknown[]) {
    return original.call(this, query, fields, name ?? "", ...rest);
  };
  proto.__prepared = true;
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
