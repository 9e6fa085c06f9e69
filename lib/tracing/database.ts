import { context, SpanKind, SpanStatusCode, trace, type Tracer } from "@opentelemetry/api";
import { PgPreparedQuery } from "drizzle-orm/pg-core/session";
import { errorFields } from "@/lib/core/logger";

// Database spans. drizzle-orm has span code in its sessions, but its release never loads
// @opentelemetry/api (its `otel` stays unset), so it makes none. Every query of every driver
// (PGlite, postgres.js) goes through PgPreparedQuery.queryWithCache with its SQL and parameters
// apart: a span around it times the driver's round trip, and carries the SQL with its placeholders
// ($1, $2) only. The parameters (ids, keys' hashes, metadata) are never read.

type QueryWithCache = (this: unknown, queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;

const STATEMENT =
  /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release|lock|create|alter|drop|set|show|values)\b/i;
const TABLE: Record<string, RegExp> = {
  SELECT: /\bfrom\s+"([A-Za-z0-9_]+)"/i,
  INSERT: /^\s*insert\s+into\s+"([A-Za-z0-9_]+)"/i,
  UPDATE: /^\s*update\s+"([A-Za-z0-9_]+)"/i,
  DELETE: /^\s*delete\s+from\s+"([A-Za-z0-9_]+)"/i,
};

/** "SELECT", "UPDATE" …: the statement's kind; its table when the statement names one plainly. */
export function describeQuery(queryString: string): { operation: string; table?: string } {
  const operation = STATEMENT.exec(queryString)?.[1]?.toUpperCase() ?? "QUERY";
  const table = TABLE[operation]?.exec(queryString)?.[1];
  return table ? { operation, table } : { operation };
}

/**
 * Wraps the drizzle copy this module loads (once; a mark on the prototype says so). A query gets a
 * span only inside traced work (a request, an action, a job): the dispatcher's polling, outside any,
 * would otherwise be several traces a second of nothing.
 */
export function instrumentQueries(currentTracer: () => Tracer | undefined) {
  const proto = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache; __checkoutTraced?: boolean };
  if (proto.__checkoutTraced) return;
  proto.__checkoutTraced = true;
  const original = proto.queryWithCache;
  proto.queryWithCache = function (queryString, params, query) {
    const tracer = currentTracer();
    if (!tracer || !trace.getSpan(context.active())?.isRecording()) return original.call(this, queryString, params, query);
    const { operation, table } = describeQuery(queryString);
    const attributes = {
      "db.system.name": "postgresql",
      "db.operation.name": operation,
      "db.collection.name": table,
      "db.query.text": queryString,
    };
    return tracer.startActiveSpan(table ? `${operation} ${table}` : operation, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await original.call(this, queryString, params, query);
      } catch (err) {
        // the SQLSTATE (or the class): drizzle's message quotes the parameters, PostgreSQL's may quote a value
        const fields = errorFields(err);
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute("error.type", String(fields.code ?? fields.errorClass));
        throw err;
      } finally {
        span.end();
      }
    });
  };
}
