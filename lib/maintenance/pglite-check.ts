import type { PGlite } from "@electric-sql/pglite";
import { firstMigrations, notOurs, ourMigrations, schemaStatements } from "./pg-restore";

// A PGlite backup is a data folder: restored, everything in it is what the service then runs on,
// including code. A folder tampered with could carry a trigger that rewrites a session's payout
// address, a function our triggers call with another body, a column default, a rule or an event
// trigger. So before a restored folder is put in place, what can run in it is compared with what our
// own migrations make: the migrations it records must be the first N of this version's, and its
// schemas, functions (by body), triggers, rules, column defaults, check constraints, policies,
// extensions and event triggers must be exactly those the same N migrations make in an empty
// database. Anything more, less or different is refused.

/** Every object that can run code or change a written value, one line each, comparable across databases. */
const CODE_OBJECTS = `
  with ours as (select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
                  and nspname not like 'pg_toast%' and nspname not like 'pg_temp%')
  select 'schema ' || nspname::text as line from pg_namespace where oid in (select oid from ours)
  union all
  select 'function ' || p.oid::regprocedure::text || ' ' ||
         case when p.prokind in ('f', 'p') then md5(pg_get_functiondef(p.oid)) else p.prokind::text end
    from pg_proc p where p.pronamespace in (select oid from ours)
  union all
  select 'trigger ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text from pg_trigger t where not t.tgisinternal
  union all
  select 'rule ' || pg_get_ruledef(r.oid) from pg_rewrite r join pg_class c on c.oid = r.ev_class
   where c.relnamespace in (select oid from ours)
  union all
  select 'default ' || d.adrelid::regclass::text || '.' || a.attname::text || ' ' || pg_get_expr(d.adbin, d.adrelid)
    from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
  union all
  select 'check ' || c.conrelid::regclass::text || ' ' || pg_get_constraintdef(c.oid) from pg_constraint c
   where c.contype = 'c' and c.connamespace in (select oid from ours)
  union all
  select 'policy ' || polrelid::regclass::text || ' ' || polname::text from pg_policy
  union all
  select 'extension ' || extname::text from pg_extension
  union all
  select 'event trigger ' || evtname::text from pg_event_trigger
`;

async function codeObjects(db: PGlite): Promise<Set<string>> {
  return new Set((await db.query<{ line: string }>(CODE_OBJECTS)).rows.map((r) => r.line));
}

/**
 * Refuses a restored PGlite database (`restored`, opened from the backup `file`) unless its migrations
 * are the first N of those in `migrationsFolder` and what can run in it is exactly what they make.
 */
export async function checkPgliteSchema(restored: PGlite, file: string, migrationsFolder: string): Promise<void> {
  let rows: Array<{ hash: string; createdAt: number }>;
  try {
    rows = (
      await restored.query<{ hash: string; created_at: string }>("select hash, created_at::text from drizzle.__drizzle_migrations")
    ).rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
  } catch {
    throw notOurs(file, "it holds no database of this service (no migrations table)", []);
  }
  const migrations = firstMigrations(file, rows, ourMigrations(migrationsFolder));
  const [theirs, expected] = [await codeObjects(restored), await referenceCodeObjects(schemaStatements(migrations))];
  const differences = [
    ...[...theirs].filter((line) => !expected.has(line)).map((line) => `not ours: ${line}`),
    ...[...expected].filter((line) => !theirs.has(line)).map((line) => `missing: ${line}`),
  ];
  if (differences.length) throw notOurs(file, "what can run in its database is not what this version's migrations make", differences);
}

/** What the same migrations make in an empty database, built once per process for each list of statements. */
const references = new Map<string, Promise<Set<string>>>();

function referenceCodeObjects(statements: string[]): Promise<Set<string>> {
  const key = statements.join("\n;\n");
  let made = references.get(key);
  if (!made) {
    made = (async () => {
      const { PGlite } = await import("@electric-sql/pglite");
      const reference = new PGlite();
      try {
        // as drizzle applies them: in one transaction (a migration may LOCK TABLE)
        await reference.transaction(async (tx) => {
          for (const statement of statements) await tx.exec(statement);
        });
        return await codeObjects(reference);
      } finally {
        await reference.close();
      }
    })();
    // a reference that could not be made is made again next time
    made.catch(() => references.delete(key));
    references.set(key, made);
  }
  return made;
}
