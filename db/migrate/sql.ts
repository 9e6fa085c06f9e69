// Reading migration SQL: enough of PostgreSQL's lexical rules to tell code from comments and string
// literals, split statements, and pick out names. Shared by the migration check (db/migrate/check.ts)
// and the code that applies migrations (db/client.ts).

/**
 * The first line of a migration that must run outside a transaction (CREATE INDEX CONCURRENTLY cannot
 * run inside one, and drizzle applies its pending migrations in one). db/client.ts applies such a
 * migration statement by statement, on its own, between the migrations before and after it.
 */
export const NO_TRANSACTION_MARKER = "-- checkout:no-transaction";

/** drizzle's separator between the statements of a migration file. */
export const BREAKPOINT = "--> statement-breakpoint";

export type Statement = {
  /** The code, comments removed, string literals and dollar-quoted bodies emptied, whitespace collapsed. */
  code: string;
  /** The comments between the previous statement and this one (without `--`), in order. */
  comments: string[];
  /** 1-based line of the statement's first character of code. */
  line: number;
  /** Which `--> statement-breakpoint` segment of the file the statement starts in, from 0. */
  segment: number;
};

/** Whether a migration file begins with the no-transaction marker. */
export function isNoTransaction(text: string): boolean {
  return (
    text
      .replace(/^\uFEFF/, "")
      .trimStart()
      .split("\n", 1)[0]!
      .trim() === NO_TRANSACTION_MARKER
  );
}

const identChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_$]/.test(c);

/** The statements of a migration file, in order. A trailing statement without `;` counts too. */
export function statementsOf(text: string): Statement[] {
  const out: Statement[] = [];
  let code = "";
  let comments: string[] = [];
  let line = 1;
  let startLine = 0;
  let segment = 0;
  let startSegment = 0;
  const emit = (s: string) => {
    if (!code.trim() && /\S/.test(s)) ((startLine = line), (startSegment = segment));
    code += s;
  };
  const finish = () => {
    const collapsed = code.replace(/\s+/g, " ").trim();
    if (collapsed) out.push({ code: collapsed, comments, line: startLine, segment: startSegment });
    code = "";
    comments = [];
  };
  const advance = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (text[k] === "\n") line++;
    return to;
  };

  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "-" && next === "-") {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      const body = text.slice(i, stop);
      if (body.startsWith(BREAKPOINT)) segment++;
      else comments.push(body.slice(2).trim());
      emit(" ");
      i = stop;
      continue;
    }
    if (c === "/" && next === "*") {
      // block comments nest in PostgreSQL
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth > 0) {
        if (text[j] === "/" && text[j + 1] === "*") ((depth += 1), (j += 2));
        else if (text[j] === "*" && text[j + 1] === "/") ((depth -= 1), (j += 2));
        else j++;
      }
      comments.push(text.slice(i + 2, depth === 0 ? j - 2 : j).trim());
      emit(" ");
      i = advance(i, j);
      continue;
    }
    if (c === "'") {
      // E'…' strings take backslash escapes; in every string '' is a quote
      const escapes = (text[i - 1] === "E" || text[i - 1] === "e") && !identChar(text[i - 2]);
      let j = i + 1;
      while (j < text.length) {
        if (escapes && text[j] === "\\") j += 2;
        else if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") break;
        else j++;
      }
      emit("''");
      i = advance(i, j + 1);
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && !(text[j] === '"' && text[j + 1] !== '"')) j += text[j] === '"' ? 2 : 1;
      emit(text.slice(i, j + 1));
      i = advance(i, j + 1);
      continue;
    }
    if (c === "$" && !identChar(text[i - 1])) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        const stop = end < 0 ? text.length : end + tag[0].length;
        emit("$$ $$");
        i = advance(i, stop);
        continue;
      }
    }
    if (c === ";") {
      finish();
      i++;
      continue;
    }
    if (c === "\n") line++;
    emit(c);
    i++;
  }
  finish();
  return out;
}

/** An identifier as written in SQL (`"Name"` or `name`), as PostgreSQL stores it. */
export function unquote(ident: string): string {
  return ident.startsWith('"') ? ident.slice(1, -1).replace(/""/g, '"') : ident.toLowerCase();
}

/** A (possibly schema-qualified) name as written: its parts, unquoted; the last one is the object's. */
export function nameParts(qualified: string): string[] {
  return [...qualified.matchAll(new RegExp(IDENT, "g"))].map((m) => unquote(m[0]));
}

/** An identifier, quoted or not, as a regular expression source. */
export const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
/** A name with an optional schema. */
export const QNAME = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

const CONCURRENT_INDEX = new RegExp(
  String.raw`^CREATE (?:UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS (${IDENT}) ON (?:ONLY )?(${QNAME})`,
  "i",
);

/**
 * The index a `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS` statement builds: its name, and its
 * table as written (an index lives in its table's schema); null for any other statement.
 */
export function concurrentIndexOf(statementText: string): { name: string; table: string } | null {
  const [statement] = statementsOf(statementText);
  const m = statement && CONCURRENT_INDEX.exec(statement.code);
  return m ? { name: unquote(m[1]!), table: m[2]! } : null;
}

/**
 * The statement without CONCURRENTLY, for PGlite: one process, so nothing else writes while it
 * builds, and it applies every migration in a transaction, where CONCURRENTLY is refused.
 */
export function withoutConcurrently(statementText: string): string {
  return statementText.replace(/^((?:\s|--[^\n]*\n)*(?:CREATE\s+(?:UNIQUE\s+)?INDEX|DROP\s+INDEX)\s+)CONCURRENTLY\s+/i, "$1");
}
