import fs from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "@/db/schema";
import { BREAKPOINT, IDENT, isNoTransaction, nameParts, NO_TRANSACTION_MARKER, QNAME, type Statement, statementsOf } from "./sql";

// The upgrade rule (docs/migrations.md): while a release's migration runs and its instances roll in,
// the previous release's instances keep serving on the new schema. So a migration only expands
// (nullable or defaulted columns, new tables, indexes built concurrently); what the previous release
// still reads is dropped only later, in a contract step marked `-- contract: <why nothing reads it>`.
// This check refuses the statements that break the previous release or block its writes, in every
// migration after the baseline.

/**
 * The migrations released before this check existed, in journal order: they are not checked (some
 * rebuild indexes under a lock, which was acceptable then). The baseline moves forward only by an
 * explicit, reviewed edit of this list, never to let a new migration through.
 */
export const BASELINE: readonly string[] = [
  "0000_init",
  "0001_list_indexes",
  "0002_merchant_disabled",
  "0003_fiat_checkout",
  "0004_v1_embed_theme",
  "0005_merchant_explorers",
  "0006_dashboard_indexes",
  "0007_overview_rollup",
  "0008_health_platform_stats",
  "0009_event_feed_xid",
  "0010_merchant_environment",
  "0011_real_rail",
  "0012_people",
];

export type Problem = { file: string; line: number; rule: string; message: string };

/** What this release's code reads, to verify that a contract step drops nothing it still uses. */
export type CheckContext = {
  /** The tables db/schema.ts declares, each with its columns (drizzle reads and writes all of them). */
  schema: ReadonlyMap<string, ReadonlySet<string>>;
  /** The code that may name columns in raw SQL (lib/, app/), by repository path. */
  sources: ReadonlyArray<{ path: string; text: string }>;
};

const CONTRACT = /^contract:\s*(.*)$/i;
const WRITE_BLOCKING_LOCKS = new Set(["SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"]);
const VOLATILE_DEFAULT =
  /\bDEFAULT\b.*\b(random|gen_random_uuid|gen_random_bytes|uuid_generate_v1|uuid_generate_v1mc|uuid_generate_v4|clock_timestamp|timeofday|nextval)\s*\(/i;
const NO_TX_HOWTO = `a migration of its own whose first line is \`${NO_TRANSACTION_MARKER}\``;

const re = (source: string) => new RegExp(source, "i");
const CREATE_TABLE = re(String.raw`^CREATE (?:(?:GLOBAL |LOCAL )?(?:TEMP|TEMPORARY|UNLOGGED) )?TABLE (?:IF NOT EXISTS )?(${QNAME})`);
const CREATE_INDEX = re(String.raw`^CREATE (UNIQUE )?INDEX (CONCURRENTLY )?(IF NOT EXISTS )?(?:(${QNAME}) )?ON (?:ONLY )?(${QNAME})`);
const DROP_INDEX = re(String.raw`^DROP INDEX (CONCURRENTLY )?(IF EXISTS )?(.+?)(?: (?:CASCADE|RESTRICT))?$`);
const DROP_TABLE = re(String.raw`^DROP TABLE (?:IF EXISTS )?(.+?)(?: (?:CASCADE|RESTRICT))?$`);
const ALTER_TABLE = re(String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(${QNAME})(?: \*)? (.+)$`);
const ALTER_TYPE_RENAME = re(String.raw`^ALTER TYPE (${QNAME}) RENAME (?:VALUE|TO)\b`);
const LOCK = re(String.raw`^LOCK (?:TABLE )?(?:ONLY )?(.+?)(?: IN (.+?) MODE)?(?: NOWAIT)?$`);
const MAINTENANCE = /^(VACUUM|CLUSTER|REINDEX)\b/i;
const NO_TX_ALLOWED = [
  re(String.raw`^CREATE (?:UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS ${IDENT} ON `),
  re(String.raw`^DROP INDEX CONCURRENTLY IF EXISTS ${QNAME}(?: (?:CASCADE|RESTRICT))?$`),
];

const last = (qualified: string) => nameParts(qualified).at(-1)!;
const abbreviate = (code: string) => (code.length > 90 ? `${code.slice(0, 87)}...` : code);

/** The comma-separated actions of an ALTER TABLE, split outside parentheses. */
function actionsOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth--;
    else if (text[i] === "," && depth === 0) (out.push(text.slice(start, i).trim()), (start = i + 1));
  }
  out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

/** Where the code names `word` as a whole word (file:line), for names that only SQL writes that way. */
function mentions(sources: CheckContext["sources"], word: string): string[] {
  if (!word.includes("_")) return []; // JavaScript names here are camelCase: a snake_case word is SQL
  const pattern = new RegExp(String.raw`(?<![A-Za-z0-9_$])${word.replace(/[$]/g, "\\$")}(?![A-Za-z0-9_$])`);
  const found: string[] = [];
  for (const source of sources) {
    source.text.split("\n").forEach((text, i) => {
      if (pattern.test(text)) found.push(`${source.path}:${i + 1}`);
    });
  }
  return found;
}

/**
 * The problems of one migration file (`file` names it in the messages): the statements that would
 * break the previous release's running code or block its writes, each with what to do instead.
 */
export function checkMigration(file: string, text: string, context: CheckContext): Problem[] {
  const problems: Problem[] = [];
  const statements = statementsOf(text);
  const noTransaction = isNoTransaction(text);
  const add = (st: Pick<Statement, "line">, rule: string, message: string) => problems.push({ file, line: st.line, rule, message });

  // tables and indexes created earlier in this migration: the previous release knows nothing of
  // them, and they are empty, so everything may be done to them
  const createdTables = new Set<string>();
  const createdIndexes = new Set<string>();

  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (!/^--\s*checkout:/i.test(line) || (i === 0 && line === NO_TRANSACTION_MARKER)) return;
    add(
      { line: i + 1 },
      "marker",
      `\`${line}\` is not a marker this project knows, or is not where it belongs: \`${NO_TRANSACTION_MARKER}\` must be the file's first line, exactly.`,
    );
  });

  if (noTransaction) {
    const perSegment = new Map<number, number>();
    for (const st of statements) perSegment.set(st.segment, (perSegment.get(st.segment) ?? 0) + 1);
    for (const st of statements) {
      if (!NO_TX_ALLOWED.some((r) => r.test(st.code))) {
        add(
          st,
          "no-transaction",
          `\`${abbreviate(st.code)}\` is in a no-transaction migration, which is applied one statement at a time and, after a start ` +
            `interrupted halfway, again from its first statement. Such a migration may hold only \`CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …\` ` +
            `and \`DROP INDEX CONCURRENTLY IF EXISTS <name>\`: put everything else in an ordinary migration before or after it.`,
        );
      } else if (perSegment.get(st.segment)! > 1) {
        add(
          st,
          "no-transaction",
          `\`${abbreviate(st.code)}\` shares its part of the file with another statement: in a no-transaction migration each statement ` +
            `is sent on its own, so separate them with \`${BREAKPOINT}\`.`,
        );
      }
    }
  }

  for (const st of statements) {
    const code = st.code;
    const createTable = CREATE_TABLE.exec(code);
    if (createTable) createdTables.add(last(createTable[1]!));
    const contractComment = st.comments.map((c) => CONTRACT.exec(c)).find((m) => m !== null);
    const contract = contractComment?.[1]?.trim();
    if (contractComment && !contract) {
      add(st, "contract", "`-- contract:` says nothing: write why no running release still needs what this statement removes.");
    }
    const contractStep = (rule: string, what: string, instead: string) => {
      if (contract) return true;
      add(
        st,
        rule,
        `${what} Instead: ${instead} Once no release that may still be running needs it, write the statement with ` +
          `\`-- contract: <why nothing needs it any more>\` on the line above, for review.`,
      );
      return false;
    };

    if (!noTransaction && /\bCONCURRENTLY\b/i.test(code)) {
      add(
        st,
        "concurrently-in-transaction",
        `\`${abbreviate(code)}\` cannot run inside a transaction, and drizzle applies this migration in one. ` +
          `Instead: move it to ${NO_TX_HOWTO}.`,
      );
      continue;
    }

    const index = CREATE_INDEX.exec(code);
    if (index) {
      const table = last(index[5]!);
      if (index[4]) createdIndexes.add(last(index[4]));
      if (!index[2] && !createdTables.has(table)) {
        const name = index[4] ? index[4] : "<name>";
        add(
          st,
          "index-without-concurrently",
          `builds an index on the existing table ${table} without CONCURRENTLY: every INSERT, UPDATE and DELETE on ${table} ` +
            `waits until the build ends (minutes on a large table). Instead: in ${NO_TX_HOWTO}, write ` +
            `\`CREATE ${index[1] ?? ""}INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${index[5]} …\`.`,
        );
      }
      continue;
    }

    const dropIndex = DROP_INDEX.exec(code);
    if (dropIndex) {
      const names = dropIndex[3]!.split(",").map((n) => last(n.trim()));
      if (!dropIndex[1] && !names.every((n) => createdIndexes.has(n))) {
        add(
          st,
          "drop-index-without-concurrently",
          `drops ${names.join(", ")} without CONCURRENTLY: that takes an ACCESS EXCLUSIVE lock on the table, which waits for ` +
            `every running query on it while every later query waits behind it. Instead: in ${NO_TX_HOWTO}, write ` +
            `\`DROP INDEX CONCURRENTLY IF EXISTS <name>\`, one index per statement, in a release after the one whose queries ` +
            `stopped needing it (to replace an index, build the new one under a new name first).`,
        );
      }
      continue;
    }

    const dropTable = DROP_TABLE.exec(code);
    if (dropTable) {
      for (const table of dropTable[1]!.split(",").map((n) => last(n.trim()))) {
        if (createdTables.has(table)) continue;
        const what = `drops the table ${table}, which the previous release may still read and write while this one rolls out.`;
        if (
          !contractStep(
            "drop-table",
            what,
            `stop using ${table} in one release (remove it from db/schema.ts and every query), and drop it in a later one.`,
          )
        ) {
          continue;
        }
        const users = [...(context.schema.has(table) ? ["db/schema.ts declares it"] : []), ...mentions(context.sources, table)];
        if (users.length) {
          add(
            st,
            "contract-still-read",
            `drops the table ${table}, but this release still uses it: ${users.join(", ")}. Remove every use in a release before the one that drops it.`,
          );
        }
      }
      continue;
    }

    const typeRename = ALTER_TYPE_RENAME.exec(code);
    if (typeRename) {
      add(
        st,
        "rename",
        `renames the type ${last(typeRename[1]!)} or one of its values: the previous release still writes the old name and fails. ` +
          `Instead: add the new value (ALTER TYPE … ADD VALUE), write it from one release on, convert the old rows in batches, and stop accepting the old one later.`,
      );
      continue;
    }

    const lock = LOCK.exec(code);
    if (lock) {
      const mode = (lock[2] ?? "ACCESS EXCLUSIVE").toUpperCase().replace(/\s+/g, " ");
      if (WRITE_BLOCKING_LOCKS.has(mode)) {
        add(
          st,
          "lock-table",
          `locks ${lock[1]} in ${mode} mode until the migration commits: the previous release's writes to it wait that long. ` +
            `Instead: backfill in batches after the release is out (the code handles both the old and the new rows meanwhile).`,
        );
      }
      continue;
    }

    const maintenance = MAINTENANCE.exec(code);
    if (maintenance) {
      add(
        st,
        "maintenance",
        `${maintenance[1]!.toUpperCase()} does not belong in a migration: it blocks writes to the table (or cannot run in a transaction). ` +
          `Instead: to rebuild an index, build a new one concurrently under another name and drop the old one concurrently, in ${NO_TX_HOWTO}.`,
      );
      continue;
    }

    const alter = ALTER_TABLE.exec(code);
    if (!alter) continue;
    const table = last(alter[1]!);
    if (createdTables.has(table)) continue;
    for (const action of actionsOf(alter[2]!)) {
      let m: RegExpExecArray | null;
      if ((m = re(String.raw`^RENAME TO (${IDENT})$`).exec(action))) {
        add(
          st,
          "rename",
          `renames the table ${table} to ${last(m[1]!)}: the previous release still queries ${table} and fails as soon as this migration commits. ` +
            `Instead: create the new table, write both and copy the rows in batches, move the reads, and drop the old table in a later release (a contract step).`,
        );
      } else if (/^RENAME CONSTRAINT\b/i.test(action)) {
        // a constraint's name is read by no query
      } else if ((m = re(String.raw`^RENAME (?:COLUMN )?(${IDENT}) TO (${IDENT})$`).exec(action))) {
        const [from, to] = [last(m[1]!), last(m[2]!)];
        add(
          st,
          "rename",
          `renames ${table}.${from} to ${to}: the previous release still reads and writes ${from} and fails as soon as this migration commits. ` +
            `Instead: add ${to} (nullable or with a default), write both from one release on and backfill ${to} in batches, read ${to} from the next, ` +
            `and drop ${from} in a later release (a contract step).`,
        );
      } else if (/^DROP CONSTRAINT\b/i.test(action)) {
        // dropping a constraint only allows more: every release's writes still pass
      } else if ((m = re(String.raw`^DROP (?:COLUMN )?(?:IF EXISTS )?(${IDENT})(?: (?:CASCADE|RESTRICT))?$`).exec(action))) {
        const column = last(m[1]!);
        const what = `drops ${table}.${column}, which the previous release still reads and writes while this one rolls out (its queries fail).`;
        if (
          !contractStep(
            "drop-column",
            what,
            `stop reading and writing ${column} in one release (remove it from db/schema.ts and every query), and drop it in a later release's migration.`,
          )
        ) {
          continue;
        }
        const users = [
          ...(context.schema.get(table)?.has(column) ? ["db/schema.ts declares it"] : []),
          ...mentions(context.sources, column),
        ];
        if (users.length) {
          add(
            st,
            "contract-still-read",
            `drops ${table}.${column}, but this release still uses it: ${users.join(", ")}. Its queries would fail once the column is gone: ` +
              `remove it from the schema and every query in a release before the one that drops it.`,
          );
        }
      } else if ((m = re(String.raw`^ALTER (?:COLUMN )?(${IDENT}) (?:SET DATA )?TYPE\b`).exec(action))) {
        const column = last(m[1]!);
        contractStep(
          "alter-type",
          `changes the type of ${table}.${column}: unless the old type converts without a rewrite (varchar(n) to text, a longer varchar), ` +
            `PostgreSQL rewrites the table under an ACCESS EXCLUSIVE lock, blocking reads and writes, and the previous release may write values the new type refuses.`,
          `add a column of the new type, write both from one release on and backfill it in batches, read the new column from the next release, ` +
            `and drop the old one in a later release. A change that needs no rewrite may go through as is.`,
        );
      } else if ((m = re(String.raw`^ALTER (?:COLUMN )?(${IDENT}) SET NOT NULL$`).exec(action))) {
        const column = last(m[1]!);
        contractStep(
          "set-not-null",
          `makes ${table}.${column} NOT NULL: the previous release's inserts that leave it out fail, and PostgreSQL reads the whole table ` +
            `under an ACCESS EXCLUSIVE lock to check it.`,
          `give it a default, or write it from every release; add \`CONSTRAINT ${table}_${column}_not_null CHECK (${column} IS NOT NULL) NOT VALID\`, ` +
            `then \`VALIDATE CONSTRAINT\` in a later migration (which blocks no writes); SET NOT NULL then uses the valid check instead of reading the table.`,
        );
      } else if ((m = re(String.raw`^ALTER (?:COLUMN )?(${IDENT}) DROP DEFAULT$`).exec(action))) {
        const column = last(m[1]!);
        contractStep(
          "drop-default",
          `drops the default of ${table}.${column}: the previous release's inserts that leave the column out get NULL instead (and fail if it is NOT NULL).`,
          `write the column from every release first.`,
        );
      } else if ((m = re(String.raw`^ADD (?:CONSTRAINT (${IDENT}) )?(FOREIGN KEY|CHECK|UNIQUE|PRIMARY KEY|EXCLUDE)\b(.*)$`).exec(action))) {
        const name = m[1] ? last(m[1]) : "<name>";
        const kind = m[2]!.toUpperCase().replace(/\s+/g, " ");
        const rest = m[3]!;
        if ((kind === "FOREIGN KEY" || kind === "CHECK") && !/\bNOT VALID\b/i.test(rest)) {
          add(
            st,
            "constraint-without-not-valid",
            `adds the ${kind} constraint ${name} to the existing table ${table} without NOT VALID: PostgreSQL checks every row while holding ` +
              `a lock that blocks writes to ${table}${kind === "FOREIGN KEY" ? " and to the table it references" : ""}. Instead: add it with NOT VALID ` +
              `(new and changed rows are checked at once), then \`ALTER TABLE ${table} VALIDATE CONSTRAINT ${name}\` in a later migration, which checks the old rows without blocking writes.`,
          );
        } else if ((kind === "UNIQUE" || kind === "PRIMARY KEY") && !/\bUSING INDEX\b/i.test(rest)) {
          add(
            st,
            "index-without-concurrently",
            `adds the ${kind} constraint ${name} to the existing table ${table}: its index is built under an ACCESS EXCLUSIVE lock, blocking reads and writes. ` +
              `Instead: build a unique index with CONCURRENTLY in ${NO_TX_HOWTO}, then \`ALTER TABLE ${table} ADD CONSTRAINT ${name} ${kind} USING INDEX <index>\` in the next migration.`,
          );
        } else if (kind === "EXCLUDE") {
          add(
            st,
            "index-without-concurrently",
            `adds the EXCLUDE constraint ${name} to the existing table ${table}: its index is built under an ACCESS EXCLUSIVE lock, blocking reads and writes. ` +
              `Instead: enforce the rule in a new table, or build it while the table is small.`,
          );
        }
      } else if ((m = re(String.raw`^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(${IDENT}) (.+)$`).exec(action))) {
        const column = last(m[1]!);
        const definition = m[2]!;
        const type = definition.split(" ", 1)[0]!;
        if (
          /^(?:small|big)?serial[248]?$/i.test(type) ||
          /\bGENERATED\b.*\bAS IDENTITY\b/i.test(definition) ||
          /\bSTORED\b/i.test(definition)
        ) {
          add(
            st,
            "table-rewrite",
            `adds ${table}.${column} as a serial, identity or stored generated column: PostgreSQL fills every existing row, rewriting ${table} ` +
              `under an ACCESS EXCLUSIVE lock. Instead: add a plain nullable column, set its default for new rows in a separate statement, and backfill the old rows in batches.`,
          );
        } else if (VOLATILE_DEFAULT.test(definition)) {
          add(
            st,
            "table-rewrite",
            `adds ${table}.${column} with a volatile default (${VOLATILE_DEFAULT.exec(definition)![1]}()): PostgreSQL computes it for every existing row, ` +
              `rewriting ${table} under an ACCESS EXCLUSIVE lock. Instead: add it without a default (or with a constant one), then ` +
              `\`ALTER TABLE ${table} ALTER COLUMN ${column} SET DEFAULT …\` (new rows only), and backfill the old rows in batches.`,
          );
        } else if (/(?<!\bIS )\bNOT NULL\b/i.test(definition) && !/\bDEFAULT\b/i.test(definition)) {
          add(
            st,
            "not-null-without-default",
            `adds ${table}.${column} NOT NULL without a DEFAULT: the migration fails on a table with rows, and the previous release's inserts, ` +
              `which know nothing of the column, would fail too. Instead: add it with a DEFAULT, or nullable; write it from this release on, ` +
              `backfill the old rows in batches, and make it NOT NULL in a later release.`,
          );
        }
        if (/\b(UNIQUE|PRIMARY KEY)\b/i.test(definition)) {
          add(
            st,
            "index-without-concurrently",
            `adds ${table}.${column} with a UNIQUE or PRIMARY KEY constraint: its index is built under an ACCESS EXCLUSIVE lock. ` +
              `Instead: add the column plain, build the unique index with CONCURRENTLY in ${NO_TX_HOWTO}, and add the constraint USING INDEX after it.`,
          );
        }
      }
    }
  }
  return problems;
}

type Journal = { entries: Array<{ idx: number; tag: string; when: number }> };

/** The tables of a schema module (db/schema.ts) and their columns, as drizzle declares them. */
export function declaredColumns(schemaModule: Record<string, unknown>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const value of Object.values(schemaModule)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    out.set(config.name, new Set(config.columns.map((c) => c.name)));
  }
  return out;
}

/** The TypeScript files under the given folders of `root`, by repository path. */
export function sourcesUnder(root: string, folders: readonly string[]): CheckContext["sources"] {
  return folders.flatMap((folder) => {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .map((abs) => ({ path: path.relative(root, abs).split(path.sep).join("/"), text: fs.readFileSync(abs, "utf8") }));
  });
}

/**
 * What this repository's code reads: the schema, and the code under lib/ and app/ (but this folder,
 * whose tests name made-up columns).
 */
export function projectContext(root: string): CheckContext {
  return {
    schema: declaredColumns(schema),
    sources: sourcesUnder(root, ["lib", "app"]).filter((s) => !s.path.startsWith("db/migrate/")),
  };
}

/**
 * The problems of a migrations folder: its journal (every migration has a file and every file is in
 * it; each is dated after the one before, since drizzle applies only migrations dated after the last
 * one applied; the baseline opens it, in order), then each migration after the baseline.
 */
export function checkMigrationsFolder(options: { folder: string; root: string; context: CheckContext; baseline?: readonly string[] }): {
  checked: string[];
  problems: Problem[];
} {
  const { folder, root, context, baseline = BASELINE } = options;
  const rel = (file: string) => path.relative(root, path.join(folder, file)).split(path.sep).join("/");
  const journalFile = rel("meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
  const problems: Problem[] = [];
  const journalProblem = (message: string) => problems.push({ file: journalFile, line: 0, rule: "journal", message });

  const tags = journal.entries.map((e) => e.tag);
  baseline.forEach((tag, i) => {
    if (tags[i] !== tag) {
      journalProblem(
        `the baseline's migration ${i + 1} is ${tag}, but the journal's is ${tags[i] ?? "missing"}: released migrations keep their place, and a new one goes after them.`,
      );
    }
  });
  journal.entries.forEach((entry, i) => {
    const before = journal.entries[i - 1];
    if (before && !(entry.when > before.when)) {
      journalProblem(
        `${entry.tag} is dated (\`when\`) no later than ${before.tag}: drizzle applies only migrations dated after the last one applied, ` +
          `so no database that has ${before.tag} would ever apply it. Regenerate it after ${before.tag}, or give it a later \`when\`.`,
      );
    }
    if (!fs.existsSync(path.join(folder, `${entry.tag}.sql`)))
      journalProblem(`${entry.tag} is in the journal, but ${rel(`${entry.tag}.sql`)} does not exist.`);
  });
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".sql"))) {
    if (!tags.includes(file.replace(/\.sql$/, ""))) {
      problems.push({
        file: rel(file),
        line: 0,
        rule: "journal",
        message: `is not in meta/_journal.json, so it is never applied: create migrations with \`npm run db:generate\` (\`-- --custom\` for hand-written SQL).`,
      });
    }
  }

  const checked = tags.filter((tag) => !baseline.includes(tag) && fs.existsSync(path.join(folder, `${tag}.sql`)));
  for (const tag of checked) {
    problems.push(...checkMigration(rel(`${tag}.sql`), fs.readFileSync(path.join(folder, `${tag}.sql`), "utf8"), context));
  }
  return { checked, problems };
}

/** A problem as one line: `file:line: message`. */
export function formatProblem(p: Problem): string {
  return `${p.file}${p.line ? `:${p.line}` : ""}: ${p.message} [${p.rule}]`;
}
