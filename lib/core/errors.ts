// One error type for the whole domain; lib/http maps its code to an HTTP status.

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PROOF_INVALID: 400,
  PROOF_EXPIRED: 400,
  FULFILL_REVERTED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  NAME_TAKEN: 409,
  IDEMPOTENCY_CONFLICT: 409,
  FEE_THRESHOLD_EXCEEDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  TOO_MANY_OPEN_PAYMENTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const forbidden = (what: string) => new AppError("FORBIDDEN", `This API key has no access to this ${what}`);
export const conflict = (message: string, details?: Record<string, unknown>) => new AppError("CONFLICT", message, details);
export const invalid = (field: string, message: string) =>
  new AppError("VALIDATION_FAILED", `${field}: ${message}`, { fields: { [field]: message } });

/** The fields of an error (or of one it wraps) that the code reads: drivers put them on plain properties. */
export type ErrorLink = {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  message?: unknown;
  errors?: unknown;
  constructor?: { name?: string };
};

/** An error and each error it wraps (`cause`), outermost first: never one twice, and at most 8. */
export function* causeChain(err: unknown): Generator<ErrorLink> {
  const seen = new Set<unknown>();
  for (let e = err; e && typeof e === "object" && !seen.has(e) && seen.size < 8; e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e as ErrorLink;
  }
}

/** Postgres unique violation (23505), from postgres-js or PGlite, optionally on one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of causeChain(err)) {
    if (e.code === "23505")
      return !constraint || e.constraint_name === constraint || e.constraint === constraint || String(e.message).includes(constraint);
  }
  return false;
}

// Connection-level failures: the database is down, restarting or unreachable. The request is
// answered 503 and can be retried (with its Idempotency-Key, if it may have committed).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03", // admin_shutdown, crash_shutdown, cannot_connect_now
  // a statement past DB_STATEMENT_TIMEOUT, a transaction idle past DB_IDLE_IN_TRANSACTION_TIMEOUT:
  // ended by the server, rolled back whole, and as retryable as a restart
  "57014",
  "25P03",
]);

/** Whether an error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causeChain(err)) {
    if (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith("08"))) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner: unknown) => isDatabaseUnavailable(inner))) return true; // AggregateError from a dual-stack connect
  }
  return false;
}
