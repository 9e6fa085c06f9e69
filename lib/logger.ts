type Level = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
let threshold: Level = "info";

export function setLogLevel(level: Level) {
  threshold = level;
}

function write(level: Exclude<Level, "silent">, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

/** One-line JSON logs. Never pass secrets, API keys or request bodies. */
export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

/**
 * What a log line may say about an error. A driver's or drizzle's message quotes the query's
 * parameters (session ids, metadata, secrets) and PostgreSQL's own message may quote a value, so
 * neither is logged: only the error's class, its code (SQLSTATE, or Node's such as ECONNREFUSED), the
 * constraint it names, and the stack frames without the message line.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { errorClass: typeof err };
  const fields: Record<string, unknown> = { errorClass: err.constructor?.name || err.name };
  const seen = new Set<unknown>();
  for (let e: any = err; e && typeof e === "object" && !seen.has(e); e = e.cause) {
    seen.add(e);
    if (e !== err && !fields.causeClass) fields.causeClass = e.constructor?.name ?? "Object";
    if (typeof e.code === "string" && /^[0-9A-Z_]{2,60}$/.test(e.code) && !fields.code) fields.code = e.code;
    const constraint = e.constraint_name ?? e.constraint;
    if (typeof constraint === "string" && !fields.constraint) fields.constraint = constraint.slice(0, 100);
  }
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  if (frames.length)
    fields.stack = frames
      .slice(0, 12)
      .map((f) => f.trim())
      .join("\n");
  return fields;
}

const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/** An error (or a message) as it may be printed: drizzle's "params: …" part blanked out. */
export function redactQueryParams(value: unknown): unknown {
  if (typeof value === "string") return PARAMS.test(value) ? value.replace(PARAMS, "\nparams: [redacted]") : value;
  if (!(value instanceof Error) || !PARAMS.test(value.message)) return value;
  const copy = new Error(value.message.replace(PARAMS, "\nparams: [redacted]"));
  copy.name = value.name;
  copy.stack = (value.stack ?? "").replace(PARAMS, "\nparams: [redacted]");
  const code = (value as { cause?: { code?: unknown } }).cause?.code;
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}

/**
 * Next.js prints errors from pages and actions itself, with console.error: those go through the
 * redaction too, so a failed query never puts its parameters in the server's log.
 */
export function redactConsoleErrors() {
  const holder = console as Console & { __redacted?: boolean };
  if (holder.__redacted) return;
  holder.__redacted = true;
  for (const method of ["error", "warn"] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => original(...args.map(redactQueryParams));
  }
}
