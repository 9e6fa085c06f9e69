import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import pino from "pino";
import { causeChain } from "@/lib/core/errors";

type Level = "debug" | "info" | "warn" | "error" | "silent";
type Fields = Record<string, unknown>;

/**
 * What every log line caused by the same piece of work shares: the request id (set by the service's
 * server, scripts/server.mjs, and by route()), or a job's ids (a delivery, its event, the request that
 * made the event). The store lives on globalThis so that the server script and the app's bundle, which
 * load this module separately, share it.
 */
const holder = globalThis as { __checkoutLogContext?: AsyncLocalStorage<Fields> };
export const logContext: AsyncLocalStorage<Fields> = (holder.__checkoutLogContext ??= new AsyncLocalStorage<Fields>());

/** Runs `fn` with these fields added to every log line it causes, beside those of the work around it. */
export function withLogContext<T>(fields: Fields, fn: () => T): T {
  const outer = logContext.getStore();
  return logContext.run(outer ? { ...outer, ...fields } : fields, fn);
}

/** The id of the request whose work is running, if any. */
export function currentRequestId(): string | undefined {
  const id = logContext.getStore()?.requestId;
  return typeof id === "string" ? id : undefined;
}

/**
 * Field names whose values never reach a log line, at any depth, whatever a caller passes: keys,
 * secrets, passwords, tokens, proof material, query parameters, people's addresses and mail. A field
 * named `code` is kept when it is an error's code (ECONNREFUSED, SIGNAL_FAILED) and redacted otherwise
 * (a second factor's code, a recovery code).
 */
export const REDACTED_FIELDS = [
  "apiKey",
  "key",
  "secret",
  "signingSecret",
  "password",
  "token",
  "authorization",
  "cookie",
  "privateKey",
  "takerKeys",
  "proof",
  "paymentProof",
  "attestation",
  "encryptedSessionMaterial",
  "params",
  "query",
  "body",
  "email",
  "to",
  "text",
  "html",
  "recoveryCode",
  "recoveryCodes",
];
const REDACTED = new Set(REDACTED_FIELDS.map((f) => f.toLowerCase()));

/**
 * Field names whose values are logged as a hash: a session id is the payer's bearer credential (a v0
 * checkout link is the id), so a log line names the session by `logHash(id)` instead, which an
 * operator can still match: `printf %s sess_… | sha256sum | cut -c1-16`.
 */
export const HASHED_FIELDS = ["sessionId"];
const HASHED = new Set(HASHED_FIELDS.map((f) => f.toLowerCase()));

/** How a log line names a credential-like id: "sha256:" and the first 16 hex digits of its SHA-256. */
export const logHash = (value: string) => `sha256:${createHash("sha256").update(value).digest("hex").slice(0, 16)}`;
// an error's code: a name (ECONNREFUSED, SIGNAL_FAILED) or PostgreSQL's five-character SQLSTATE
const ERROR_CODE = /^(?:[A-Z][A-Z0-9_]*|[0-9A-Z]{5})$/;
/** Deeper than this, a value is cut rather than read: a log line is not a place for whole objects. */
const MAX_DEPTH = 8;

/** A copy of a log line's fields with every redacted field's value replaced, at any depth. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  // an Error, a Date or a Buffer is serialised as pino would; only plain objects are walked
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const name = k.toLowerCase();
    if (name === "code") out[k] = typeof v === "string" && ERROR_CODE.test(v) ? v : typeof v === "number" ? v : "[redacted]";
    else if (HASHED.has(name) && typeof v === "string") out[k] = logHash(v);
    else out[k] = REDACTED.has(name) ? "[redacted]" : redactFields(v, depth + 1);
  }
  return out;
}

// one line per event: warnings and errors on stderr, the rest on stdout (a process supervisor keeps
// both); each write looks the stream up when it happens, so a test can capture it.
// Under the service's own server (the settings say so: batchStdout) the lines for stdout, one per
// request at least, are written once per turn of the event loop instead of one system call each.
// Warnings and errors are written at once, after whatever is waiting (so the order holds), and what
// is waiting is written when the process exits.
let batched = false;
let waiting = "";
function flushStdout() {
  if (!waiting) return;
  const lines = waiting;
  waiting = "";
  process.stdout.write(lines);
}

/** Writes stdout's lines once per turn of the event loop (on), or each at once (off, the default). */
export function batchStdout(on: boolean) {
  if (on && !batched) process.once("exit", flushStdout);
  if (!on) flushStdout();
  batched = on;
}
const toStdout = {
  write: (line: string) => {
    if (!batched) return process.stdout.write(line);
    if (!waiting) setImmediate(flushStdout);
    waiting += line;
    if (waiting.length >= 64 * 1024) flushStdout();
  },
};
const toStderr = {
  write: (line: string) => {
    flushStdout();
    process.stderr.write(line);
  },
};

const base = pino(
  {
    level: "info",
    base: undefined,
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }), log: (fields) => redactFields(fields) as Record<string, unknown> },
    mixin: () => logContext.getStore() ?? {},
  },
  pino.multistream(
    [
      { level: "debug", stream: toStdout },
      { level: "warn", stream: toStderr },
    ],
    { dedupe: true },
  ),
);

export function setLogLevel(level: Level) {
  base.level = level;
}

/** One JSON line per event (pino), with the work's context. Never pass secrets, API keys or request bodies. */
export const logger = {
  debug: (msg: string, fields?: Fields) => (fields ? base.debug(fields, msg) : base.debug(msg)),
  info: (msg: string, fields?: Fields) => (fields ? base.info(fields, msg) : base.info(msg)),
  warn: (msg: string, fields?: Fields) => (fields ? base.warn(fields, msg) : base.warn(msg)),
  error: (msg: string, fields?: Fields) => (fields ? base.error(fields, msg) : base.error(msg)),
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
  for (const e of causeChain(err)) {
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
