import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";

/**
 * Attributes that never leave the process, whoever set them: drizzle-orm's span code (dormant in its
 * current release, see database.ts) puts each query's parameters, as JSON, in `drizzle.query.params`:
 * session ids, keys' hashes, a merchant's metadata.
 */
export const FORBIDDEN_ATTRIBUTES = ["drizzle.query.params"] as const;

const forbidden = (span: ReadableSpan) => FORBIDDEN_ATTRIBUTES.some((key) => key in span.attributes);

/** The span as exported: a copy without the forbidden attributes (an ended span's own are read-only). */
function cleaned(span: ReadableSpan): ReadableSpan {
  if (!forbidden(span)) return span;
  const attributes = { ...span.attributes };
  for (const key of FORBIDDEN_ATTRIBUTES) delete attributes[key];
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status,
    attributes,
    links: span.links,
    events: span.events,
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** An exporter that hands `exporter` every span without the forbidden attributes. */
export function withoutForbiddenAttributes(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => exporter.export(spans.map(cleaned), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
