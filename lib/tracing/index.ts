import { type Attributes, type Span, SpanKind, SpanStatusCode, type Tracer } from "@opentelemetry/api";
import { getConfig } from "@/lib/core/config";
import { errorFields, logger } from "@/lib/core/logger";
import { routeTemplates, UNMATCHED } from "@/lib/metrics/routes";
import { instrumentQueries } from "./database";

// OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set: a span for each API request and
// server action, one for each database query made inside one of those, and one for each webhook
// delivery attempt and rail step, sent over OTLP/HTTP. Unset, the SDK is never loaded and every
// function here is one property check before the work itself.
//
// The service's tracer provider is its own, not registered as the global one: Next.js and other
// libraries create spans through the global provider, and Next's carry the raw URL (ids and tokens
// in the path and query), so only spans this code makes, with attributes it chose, leave the process.

type Tracing = { tracer: Tracer; flush: () => Promise<void>; shutdown: () => Promise<void> };

/** On globalThis: instrumentation and the route bundles may each load this module separately. */
const holder = globalThis as { __checkoutTracing?: Tracing };

let queriesInstrumented = false;

/** The tracer while tracing runs, else undefined: the check every traced path makes first. */
function activeTracer(): Tracer | undefined {
  const tracing = holder.__checkoutTracing;
  if (!tracing) return undefined;
  // per copy of this module: each copy patches the copy of drizzle that it loads (once per copy)
  if (!queriesInstrumented) {
    instrumentQueries(() => holder.__checkoutTracing?.tracer);
    queriesInstrumented = true;
  }
  return tracing.tracer;
}

/** Whether traces are being recorded (OTEL_EXPORTER_OTLP_ENDPOINT set and startTracing called). */
export const isTracing = (): boolean => holder.__checkoutTracing !== undefined;

/**
 * Starts tracing if OTEL_EXPORTER_OTLP_ENDPOINT is set (loading the SDK only then); true if it runs.
 * Called once at process start-up (instrumentation-node.ts, scripts/worker.ts).
 */
export async function startTracing(): Promise<boolean> {
  if (holder.__checkoutTracing) return true;
  const settings = getConfig().tracing;
  if (!settings) return false;
  const { createTracing } = await import("./sdk");
  if (holder.__checkoutTracing) return true; // started by a concurrent call while the SDK loaded
  holder.__checkoutTracing = createTracing(settings);
  activeTracer();
  // the origin only: a URL may carry credentials
  logger.info("tracing started", { collector: new URL(settings.tracesUrl).origin, serviceName: settings.serviceName });
  return true;
}

/** Sends the spans that have ended and wait in the batch (tests; a shutdown stops instead). */
export async function flushTracing(): Promise<void> {
  await holder.__checkoutTracing?.flush();
}

/** Sends what is left and stops tracing: a step of a graceful shutdown. */
export async function stopTracing(): Promise<void> {
  const tracing = holder.__checkoutTracing;
  holder.__checkoutTracing = undefined;
  await tracing?.shutdown();
}

/** Marks the span failed, with the error's type (a class, a code, a status). */
export function failSpan(span: Span, errorType: string) {
  // the type only: an error's message may quote a query's parameters or what a caller sent
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute("error.type", errorType);
}

const errorTypeOf = (err: unknown): string => {
  const fields = errorFields(err);
  return String(fields.code ?? fields.errorClass);
};

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The health checks a load balancer sends every few seconds: a trace each would drown the rest. */
const UNTRACED_ROUTES = new Set(["/api/health", "/api/health/live", "/api/health/ready"]);
let templateOf: ((pathname: string) => string) | undefined;

/**
 * Runs an API request's work in a SERVER span named by its method and route template
 * (`POST /api/checkout/sessions/[id]/start`), with the request id. Never the raw path or query (they
 * carry session ids and tokens), headers or bodies. The health checks are not traced.
 */
export function inRequestSpan(req: Request, requestId: string, serve: () => Promise<Response>): Promise<Response> {
  const tracer = activeTracer();
  if (!tracer) return serve();
  const method = HTTP_METHODS.has(req.method) ? req.method : "_OTHER";
  templateOf ??= routeTemplates();
  const route = templateOf(new URL(req.url).pathname);
  if (UNTRACED_ROUTES.has(route)) return serve();
  const attributes: Attributes = { "http.request.method": method, "checkout.request_id": requestId };
  if (route !== UNMATCHED) attributes["http.route"] = route;
  const name = route === UNMATCHED ? method : `${method} ${route}`;
  return tracer.startActiveSpan(name, { kind: SpanKind.SERVER, attributes }, async (span) => {
    try {
      const response = await serve();
      span.setAttribute("http.response.status_code", response.status);
      // a server error fails the span; a client error is the client's (OpenTelemetry's HTTP conventions)
      if (response.status >= 500) failSpan(span, String(response.status));
      return response;
    } catch (err) {
      failSpan(span, errorTypeOf(err));
      throw err;
    } finally {
      span.end();
    }
  });
}

export type SpanOptions = {
  kind?: SpanKind;
  /** ids and outcomes, never a secret, a body or anything a caller wrote; undefined ones are left out */
  attributes?: Attributes;
  /** Whether a thrown error fails the span (default: every one); false for control flow such as a redirect. */
  failsOn?: (err: unknown) => boolean;
};

/**
 * Runs `fn` in a span (a job's step, an action); `fn` gets the span to add its outcome to, or
 * undefined when tracing is off. A thrown error fails the span and is thrown on.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  const tracer = activeTracer();
  if (!tracer) return fn(undefined);
  return tracer.startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      if (options.failsOn?.(err) ?? true) failSpan(span, errorTypeOf(err));
      throw err;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
export type { Span };
