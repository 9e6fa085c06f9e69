import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Sql } from "postgres";
import { postgresClient } from "@/db/postgres-url";
import { AppError } from "@/lib/core/errors";
import { isNoTransaction, statementsOf, withoutConcurrently } from "@/db/migrate/sql";
import { printable } from "@/lib/core/text";
import { eachLine, libpq, runTool, type Running, startTool, toolFailed } from "./pg-tools";

// `npm run admin -- restore <file>` on PostgreSQL. A pg_dump archive is SQL: every entry of its table
// of contents carries the statement pg_restore would run, whatever its name says (a TABLE entry can
// hold `COPY … TO PROGRAM`, a FUNCTION entry any body, a table any default). So no statement of the
// archive runs here. The archive is read for its data only:
//
// 1. its table of contents must list nothing but the kinds of objects our schema has (tables, their
//    data, indexes, constraints, enums, our functions and triggers, …), in schemas public and drizzle;
// 2. its drizzle.__drizzle_migrations rows say which of our migrations made it: they must be the
//    first N of this version's (same names, same hashes);
// 3. our own first N migrations are applied to the empty database in a transaction that is rolled
//    back, to read the objects they make: every entry of the table of contents must name one of them;
// 4. then, in one transaction (psql, fed a script written here): the same migrations, and the
//    archive's rows, each table's through a COPY statement written here for its checked columns, the
//    sequences set to the archive's values, the foreign keys added back (checking every row) and the
//    triggers enabled again after the load. Only then COMMIT: a failure anywhere leaves the database empty.
//
// Run as a superuser, a restore would make the superuser own every object; it is refused: the
// service's own role restores into the empty database it owns.

/** An entry of `pg_restore --list`. */
type TocEntry = { desc: string; schema: string; tag: string; line: string };

/** The kinds of entries a backup of our schema holds: anything else is refused. */
const KINDS = [
  "SEQUENCE OWNED BY",
  "STDSTRINGS",
  "SEARCHPATH",
  "EXTENSION",
  "ENCODING",
  "CHECK CONSTRAINT",
  "FK CONSTRAINT",
  "SEQUENCE SET",
  "TABLE DATA",
  "CONSTRAINT",
  "STATISTICS",
  "FUNCTION",
  "SEQUENCE",
  "TRIGGER",
  "COMMENT",
  "DEFAULT",
  "SCHEMA",
  "INDEX",
  "TABLE",
  "TYPE",
  "ACL",
];
const SCHEMAS = ["public", "drizzle"];
const MIGRATIONS = { schema: "drizzle", table: "__drizzle_migrations" };

const SHOWN = 8;
const listOf = (lines: string[]) =>
  lines
    .slice(0, SHOWN)
    .map((l) => `\n  ${printable(l)}`)
    .join("") + (lines.length > SHOWN ? `\n  … and ${lines.length - SHOWN} more` : "");

export const notOurs = (file: string, why: string, lines: string[]) =>
  new AppError("VALIDATION_FAILED", `${file} is not a backup of this service: ${why}; nothing was changed${listOf(lines)}`);

/** The archive's table of contents, each entry's kind, schema and name. */
export function parseToc(text: string): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith(";")) continue;
    const m = /^\d+; \d+ \d+ (.*)$/.exec(line);
    if (!m) {
      entries.push({ desc: "", schema: "", tag: "", line });
      continue;
    }
    const rest = m[1]!;
    const desc = KINDS.find((k) => rest.startsWith(`${k} `)) ?? "";
    const after = desc ? rest.slice(desc.length + 1) : "";
    const space = after.indexOf(" ");
    const schema = space < 0 ? after : after.slice(0, space);
    // the owner is the last word (or nothing, then the line ends with a space)
    const named = space < 0 ? "" : after.slice(space + 1);
    const tag = named.slice(0, Math.max(named.lastIndexOf(" "), 0)) || named;
    entries.push({ desc, schema, tag, line });
  }
  return entries;
}

/** Entries some pg_dump versions write for any database, which say nothing of the schema. */
const ANY_DATABASE = new Set(["ENCODING\t-\tENCODING", "STDSTRINGS\t-\tSTDSTRINGS", "SEARCHPATH\t-\tSEARCHPATH", "EXTENSION\t-\tplpgsql"]);

/** The refusals that need no database: kinds of objects and schemas our schema never has, or an entry twice. */
function checkKinds(file: string, entries: TocEntry[]) {
  const foreign = entries.filter((e) => {
    if (!e.desc) return true;
    if (["ENCODING", "STDSTRINGS", "SEARCHPATH", "EXTENSION"].includes(e.desc))
      return !ANY_DATABASE.has(`${e.desc}\t${e.schema}\t${e.tag}`);
    if (e.desc === "SCHEMA" || e.desc === "COMMENT" || e.desc === "ACL") return e.schema !== "-" && !SCHEMAS.includes(e.schema);
    return !SCHEMAS.includes(e.schema);
  });
  if (foreign.length) {
    throw notOurs(
      file,
      "it holds kinds of objects, or schemas, that this service's database does not have",
      foreign.map((e) => e.line),
    );
  }
  const seen = new Set<string>();
  const twice = entries.filter((e) => {
    const key = `${e.desc}\t${e.schema}\t${e.tag}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  if (twice.length)
    throw notOurs(
      file,
      "its table of contents names an object twice",
      twice.map((e) => e.line),
    );
  if (!entries.some((e) => e.desc === "TABLE DATA" && e.schema === MIGRATIONS.schema && e.tag === MIGRATIONS.table)) {
    throw notOurs(file, "it has no drizzle.__drizzle_migrations, the record of the migrations that made its schema", []);
  }
}

// ---------------------------------------------------------------- our migrations

export type Migration = { tag: string; hash: string; folderMillis: number; sql: string[] };

export function ourMigrations(folder: string): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    tag: journal.entries[i]!.tag,
    hash: m.hash,
    folderMillis: m.folderMillis,
    // the database is empty and nobody uses it: no index needs building CONCURRENTLY, outside the transaction
    sql: isNoTransaction(m.sql[0] ?? "") ? m.sql.map(withoutConcurrently) : m.sql,
  }));
}

/** The statements that make our schema as the first `level` migrations leave it, as drizzle applies them. */
export function schemaStatements(migrations: Migration[]): string[] {
  const out = [
    `CREATE SCHEMA IF NOT EXISTS "drizzle"`,
    `CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  ];
  for (const m of migrations) {
    out.push(...m.sql.filter((s) => statementsOf(s).length));
    out.push(`INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES ('${m.hash}', ${m.folderMillis})`);
  }
  return out;
}

/** Which of our migrations made the archive: its migration records must be the first N of ours. */
async function migrationsOf(file: string, ours: Migration[]): Promise<Migration[]> {
  const rows: Array<{ hash: string; createdAt: number }> = [];
  let columns: string[] | null = null;
  await eachLine(
    "pg_restore",
    ["--data-only", `--schema=${MIGRATIONS.schema}`, `--table=${MIGRATIONS.table}`, "--file=-", file],
    {},
    (buf) => {
      const line = buf.toString("utf8");
      if (columns === null) {
        const copy = parseCopy(line);
        if (copy) columns = copy.columns;
        return;
      }
      if (line === "\\.") {
        columns = [];
        return;
      }
      if (!columns.length) return;
      const values = line.split("\t");
      const hash = values[columns.indexOf("hash")];
      const createdAt = Number(values[columns.indexOf("created_at")]);
      if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !Number.isSafeInteger(createdAt)) {
        throw notOurs(file, "a record of drizzle.__drizzle_migrations is not one drizzle writes", [line.slice(0, 200)]);
      }
      rows.push({ hash, createdAt });
    },
  );
  return firstMigrations(file, rows, ours);
}

/** The migrations a backup's records of drizzle.__drizzle_migrations name: the first N of ours, or it is refused. */
export function firstMigrations(file: string, rows: Array<{ hash: string; createdAt: number }>, ours: Migration[]): Migration[] {
  rows.sort((a, b) => a.createdAt - b.createdAt);
  if (!rows.length) throw notOurs(file, "its drizzle.__drizzle_migrations is empty", []);
  if (rows.length > ours.length || rows.some((r, i) => r.createdAt > ours[i]!.folderMillis)) {
    throw new AppError(
      "CONFLICT",
      `${file} was made by a newer version of the service (its schema has migrations this version does not know): restore it with that version; nothing was changed`,
    );
  }
  const differs = rows.findIndex((r, i) => r.createdAt !== ours[i]!.folderMillis || r.hash !== ours[i]!.hash);
  if (differs >= 0) throw notOurs(file, `its migration ${ours[differs]!.tag} is not this version's`, []);
  return ours.slice(0, rows.length);
}

// ---------------------------------------------------------------- the schema the migrations make

type Catalog = {
  /** "schema.table": the columns a COPY may fill */
  tables: Map<string, Set<string>>;
  sequences: Set<string>;
  foreignKeys: Array<{ table: string; name: string; def: string }>;
  /** the enabled triggers, switched off while the rows load (the archive holds what they would write) */
  triggers: Array<{ table: string; name: string }>;
  /** what its table of contents may list: `kind\tschema\tname` (COMMENT and ACL: `kind\t*\tname`) */
  allowed: Set<string>;
};

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

class RolledBack extends Error {}

/** Applies the migrations in a transaction, reads what they made, and rolls back. */
async function catalogOf(sql: Sql, migrations: Migration[]): Promise<Catalog> {
  let catalog: Catalog | undefined;
  try {
    await sql.begin(async (tx) => {
      for (const statement of schemaStatements(migrations)) await tx.unsafe(statement);
      catalog = await readCatalog(tx as unknown as Sql);
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return catalog!;
}

async function readCatalog(sql: Sql): Promise<Catalog> {
  const allowed = new Set<string>(ANY_DATABASE);
  const allow = (desc: string, schema: string, tag: string) => allowed.add(`${desc}\t${schema}\t${tag}`);
  const described = (what: string) => (allowed.add(`COMMENT\t*\t${what}`), allowed.add(`ACL\t*\t${what}`));
  for (const s of SCHEMAS) (allow("SCHEMA", "-", s), described(`SCHEMA ${s}`));
  described("EXTENSION plpgsql");

  const relations = await sql<Array<{ schema: string; name: string; kind: string }>>`
    select n.nspname as schema, c.relname as name, c.relkind::text as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${sql(SCHEMAS)} and c.relkind in ('r', 'p', 'S', 'i', 'I')`;
  const tables = new Map<string, Set<string>>();
  const sequences = new Set<string>();
  for (const r of relations) {
    if (r.kind === "r" || r.kind === "p") {
      tables.set(`${r.schema}.${r.name}`, new Set());
      (allow("TABLE", r.schema, r.name), allow("TABLE DATA", r.schema, r.name), described(`TABLE ${r.name}`));
    } else if (r.kind === "S") {
      sequences.add(`${r.schema}.${r.name}`);
      for (const d of ["SEQUENCE", "SEQUENCE OWNED BY", "SEQUENCE SET"]) allow(d, r.schema, r.name);
      described(`SEQUENCE ${r.name}`);
    } else (allow("INDEX", r.schema, r.name), described(`INDEX ${r.name}`));
  }

  const columns = await sql<Array<{ schema: string; table: string; column: string; generated: boolean; hasDefault: boolean }>>`
    select n.nspname as schema, c.relname as table, a.attname as column,
           a.attgenerated <> '' as generated, a.atthasdef as "hasDefault"
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${sql(SCHEMAS)} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`;
  for (const c of columns) {
    if (!c.generated) tables.get(`${c.schema}.${c.table}`)!.add(c.column);
    if (c.hasDefault && !c.generated) allow("DEFAULT", c.schema, `${c.table} ${c.column}`);
    described(`COLUMN ${c.table}.${c.column}`);
  }

  const constraints = await sql<Array<{ schema: string; table: string; name: string; type: string; def: string }>>`
    select n.nspname as schema, c.relname as table, k.conname as name, k.contype::text as type, pg_get_constraintdef(k.oid) as def
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${sql(SCHEMAS)}`;
  const foreignKeys: Catalog["foreignKeys"] = [];
  for (const k of constraints) {
    const tag = `${k.table} ${k.name}`;
    if (k.type === "f") {
      allow("FK CONSTRAINT", k.schema, tag);
      foreignKeys.push({ table: qualified(k.schema, k.table), name: k.name, def: k.def });
    } else if (k.type === "c") (allow("CHECK CONSTRAINT", k.schema, tag), allow("CONSTRAINT", k.schema, tag));
    else allow("CONSTRAINT", k.schema, tag);
    described(`CONSTRAINT ${k.name} ON ${k.table}`);
  }

  const triggerRows = await sql<Array<{ schema: string; table: string; name: string; enabled: boolean }>>`
    select n.nspname as schema, c.relname as table, t.tgname as name, t.tgenabled <> 'D' as enabled
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ${sql(SCHEMAS)} and not t.tgisinternal`;
  const triggers: Catalog["triggers"] = [];
  for (const t of triggerRows) {
    allow("TRIGGER", t.schema, `${t.table} ${t.name}`);
    described(`TRIGGER ${t.name} ON ${t.table}`);
    if (t.enabled) triggers.push({ table: qualified(t.schema, t.table), name: t.name });
  }

  const types = await sql<Array<{ schema: string; name: string }>>`
    select n.nspname as schema, t.typname as name
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ${sql(SCHEMAS)}
      and (t.typtype in ('e', 'r', 'm') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`;
  for (const t of types) (allow("TYPE", t.schema, t.name), described(`TYPE ${t.name}`));

  const functions = await sql<Array<{ schema: string; tag: string }>>`
    select n.nspname as schema, p.proname || '(' || pg_catalog.oidvectortypes(p.proargtypes) || ')' as tag
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ${sql(SCHEMAS)} and p.prokind = 'f'`;
  for (const f of functions) (allow("FUNCTION", f.schema, f.tag), described(`FUNCTION ${f.tag}`));

  const statistics = await sql<Array<{ schema: string; name: string }>>`
    select n.nspname as schema, s.stxname as name
    from pg_statistic_ext s join pg_namespace n on n.oid = s.stxnamespace
    where n.nspname in ${sql(SCHEMAS)}`;
  for (const s of statistics) (allow("STATISTICS", s.schema, s.name), described(`STATISTICS ${s.name}`));

  return { tables, sequences, foreignKeys, triggers, allowed };
}

function checkNames(file: string, entries: TocEntry[], catalog: Catalog) {
  const foreign = entries.filter((e) => {
    const key = e.desc === "COMMENT" || e.desc === "ACL" ? `${e.desc}\t*\t${e.tag}` : `${e.desc}\t${e.schema}\t${e.tag}`;
    return !catalog.allowed.has(key);
  });
  if (foreign.length) {
    throw notOurs(
      file,
      "it holds objects that the migrations of its schema do not make",
      foreign.map((e) => e.line),
    );
  }
}

// ---------------------------------------------------------------- the archive's data

const IDENT = String.raw`(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")`;
const COPY_LINE = new RegExp(String.raw`^COPY (${IDENT})\.(${IDENT}) \((.*)\) FROM stdin;$`);
const SETVAL_LINE = /^SELECT pg_catalog\.setval\('((?:[^']|'')+)', (\d{1,19}), (true|false)\);$/;

const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);

/** A COPY line of pg_restore's script: its table and columns, or null when the line is not one. */
function parseCopy(line: string): { schema: string; table: string; columns: string[] } | null {
  const m = COPY_LINE.exec(line);
  if (!m) return null;
  const columns: string[] = [];
  const list = new RegExp(String.raw`(${IDENT})(?:, |$)`, "y");
  let at = 0;
  while (at < m[3]!.length) {
    list.lastIndex = at;
    const c = list.exec(m[3]!);
    if (!c) return null;
    columns.push(unquote(c[1]!));
    at = list.lastIndex;
  }
  return { schema: unquote(m[1]!), table: unquote(m[2]!), columns };
}

/** `schema.name` as pg_dump writes it in setval's text: each part bare or double-quoted. */
function parseQualified(text: string): { schema: string; name: string } | null {
  const m = new RegExp(`^(${IDENT})\\.(${IDENT})$`).exec(text);
  return m ? { schema: unquote(m[1]!), name: unquote(m[2]!) } : null;
}

/** Feeds psql, waiting while its input is full; fails as soon as psql has ended (an error of the load). */
class Feed {
  private chunks: Buffer[] = [];
  private size = 0;
  private ended = false;
  constructor(private readonly psql: Running) {
    psql.child.stdin!.on("error", () => {}); // psql ended: its end says why
    void psql.ended.then(() => (this.ended = true));
  }
  /** Queues the parts; past 64 kB, sends them (a promise then, to wait for). */
  push(...parts: Array<string | Buffer>) {
    for (const part of parts) {
      const buf = typeof part === "string" ? Buffer.from(part, "utf8") : part;
      this.chunks.push(buf);
      this.size += buf.length;
    }
    return this.size >= 1 << 16 ? this.flush() : undefined;
  }
  async flush() {
    if (this.ended) throw new PsqlEnded();
    if (!this.size) return;
    const data = Buffer.concat(this.chunks);
    this.chunks = [];
    this.size = 0;
    const stdin = this.psql.child.stdin!;
    if (stdin.write(data)) return;
    await Promise.race([new Promise((resolve) => stdin.once("drain", resolve)), this.psql.ended]);
    if (this.ended) throw new PsqlEnded();
  }
}

class PsqlEnded extends Error {}

const NEWLINE = Buffer.from("\n");

/**
 * The archive's rows and sequence values through psql, in one transaction with the schema: the
 * script is written here, and the only text of the archive in it is the rows of a COPY.
 */
async function load(databaseUrl: string, file: string, migrations: Migration[], catalog: Catalog): Promise<void> {
  const db = libpq(databaseUrl);
  // -X: no ~/.psqlrc; the transaction is ours (BEGIN … COMMIT below): psql reaching the end of its
  // input without our COMMIT, killed or not, leaves nothing behind
  const psql = await startTool("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--no-password", `--dbname=${db.dbname}`, "-f", "-"], {
    env: db.env,
    stdin: "pipe",
    stdout: "ignore",
  });
  const feed = new Feed(psql);
  const statement = async (text: string) => {
    await feed.push(`${text}\n;\n`);
  };
  try {
    await statement("SET client_encoding = 'UTF8'");
    for (const s of ["statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"]) await statement(`SET ${s} = 0`);
    await statement("BEGIN");
    for (const s of schemaStatements(migrations)) await statement(s);
    for (const k of catalog.foreignKeys) await statement(`ALTER TABLE ${k.table} DROP CONSTRAINT ${ident(k.name)}`);
    for (const t of catalog.triggers) await statement(`ALTER TABLE ${t.table} DISABLE TRIGGER ${ident(t.name)}`);
    await feed.flush();

    const setvals: string[] = [];
    const loaded = new Set<string>();
    let copying: "rows" | "skip" | null = null;
    let lineNo = 0;
    const refuse = (why: string, line: string) => notOurs(file, `${why} (line ${lineNo} of its data)`, [line.slice(0, 200)]);
    await eachLine("pg_restore", ["--data-only", "--file=-", file], {}, (buf) => {
      lineNo++;
      if (copying) {
        if (buf.length === 2 && buf[0] === 0x5c && buf[1] === 0x2e) {
          const was = copying;
          copying = null;
          return was === "rows" ? feed.push("\\.\n") : undefined;
        }
        // psql also ends a COPY at `\.` followed by a carriage return: no row of COPY's text starts so
        if ((buf[0] === 0x5c && buf[1] === 0x2e) || buf.includes(0x0d))
          throw refuse("a row is not in COPY's text format", buf.toString("utf8"));
        if (copying === "skip") return;
        return feed.push(buf, NEWLINE);
      }
      const line = buf.toString("utf8");
      if (line === "" || line.startsWith("--") || /^\\(un)?restrict [A-Za-z0-9]+$/.test(line)) return;
      if (line === "SELECT pg_catalog.set_config('search_path', '', false);") return;
      const set = /^SET ([a-z_]+) = (.*);$/.exec(line);
      if (set) {
        if (set[1] === "client_encoding" && set[2] !== "'UTF8'") throw refuse("its data is not in UTF8", line);
        return;
      }
      const copy = parseCopy(line);
      if (copy) {
        const name = `${copy.schema}.${copy.table}`;
        const columns = catalog.tables.get(name);
        if (!columns || loaded.has(name))
          throw refuse(columns ? `the rows of ${name} come twice` : `${name} is not a table of its schema`, line);
        loaded.add(name);
        const unknown = copy.columns.filter((c, i) => !columns.has(c) || copy.columns.indexOf(c) !== i);
        if (unknown.length || !copy.columns.length) throw refuse(`the columns of ${name} are not its schema's`, line);
        // the migration records are the ones the script wrote, checked equal to these
        if (copy.schema === MIGRATIONS.schema && copy.table === MIGRATIONS.table) {
          copying = "skip";
          return;
        }
        copying = "rows";
        return feed.push(`COPY ${qualified(copy.schema, copy.table)} (${copy.columns.map(ident).join(", ")}) FROM STDIN;\n`);
      }
      const setval = SETVAL_LINE.exec(line);
      if (setval) {
        const seq = parseQualified(setval[1]!.replace(/''/g, "'"));
        if (!seq || !catalog.sequences.has(`${seq.schema}.${seq.name}`)) throw refuse("it sets a sequence its schema does not have", line);
        if (seq.schema !== MIGRATIONS.schema) {
          const value = BigInt(setval[2]!);
          if (value > 9223372036854775807n) throw refuse("a sequence's value is out of range", line);
          const target = qualified(seq.schema, seq.name).replace(/'/g, "''");
          setvals.push(`SELECT pg_catalog.setval('${target}', ${value}, ${setval[3]})`);
        }
        return;
      }
      throw refuse("its data holds a statement a backup's data does not", line);
    });
    if (copying) throw notOurs(file, "its data ends inside a table's rows", []);

    for (const s of setvals) await statement(s);
    // added back as pg_dump would after the data: each checks every row
    for (const k of catalog.foreignKeys) await statement(`ALTER TABLE ${k.table} ADD CONSTRAINT ${ident(k.name)} ${k.def}`);
    for (const t of catalog.triggers) await statement(`ALTER TABLE ${t.table} ENABLE TRIGGER ${ident(t.name)}`);
    await statement("COMMIT");
    await feed.flush();
    psql.child.stdin!.end();
  } catch (err) {
    psql.child.kill("SIGKILL");
    const end = await psql.ended;
    // psql stopped at an error of the load: that is the reason, not the pipe it closed
    if (err instanceof PsqlEnded || (end.code !== 0 && !(err instanceof AppError) && psql.stderr().trim()))
      throw toolFailed("psql", psql, end);
    throw err;
  }
  const end = await psql.ended;
  if (end.code !== 0) throw toolFailed("psql", psql, end);
}

// ---------------------------------------------------------------- the restore

/** What a restore would collide with: tables, views, sequences and enum types of the service's two schemas. */
async function objectsIn(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f'))::int
         + (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace
             where n.nspname = 'public' and t.typtype in ('e', 'd'))::int
         + (select count(*) from pg_namespace where nspname = 'drizzle')::int as n`;
  return row!.n;
}

export async function restorePostgres(databaseUrl: string, file: string, migrationsFolder: string): Promise<{ into: string }> {
  const db = libpq(databaseUrl);
  let toc: string;
  try {
    toc = await runTool("pg_restore", ["--list", file]);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("VALIDATION_FAILED", `${file} is not a readable pg_dump archive (${(err as Error).message}); nothing was changed`);
  }
  const entries = parseToc(toc);
  checkKinds(file, entries);

  const sql = await postgresClient(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [me] = await sql<{ name: string; superuser: boolean }[]>`
      select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user`;
    if (me!.superuser) {
      throw new AppError(
        "FORBIDDEN",
        `DATABASE_URL connects as "${me!.name}", a superuser: restore as the service's own role, the owner of the new database ` +
          `(createdb --owner=<role> <database>), so that what is restored belongs to the role the service runs as; nothing was changed`,
      );
    }
    if ((await objectsIn(sql)) > 0) {
      throw new AppError(
        "CONFLICT",
        `The ${db.label} is not empty (it has tables in schema public or drizzle): restore into a new, empty database; nothing was changed`,
      );
    }
    const migrations = await migrationsOf(file, ourMigrations(migrationsFolder));
    const catalog = await catalogOf(sql, migrations).catch((err: { code?: string; message?: string }) => {
      throw new AppError(
        "CONFLICT",
        `The schema could not be made in the ${db.label} (${err.message})` +
          (err.code === "42501" ? ": restore as the owner of the new database, the service's own role" : "") +
          "; nothing was changed",
      );
    });
    checkNames(file, entries, catalog);
    try {
      await load(databaseUrl, file, migrations, catalog);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new Error(`${(err as Error).message}\nNothing was restored: the restore runs in one transaction.`);
    }
    return { into: db.label };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
