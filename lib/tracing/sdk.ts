import { context, diag, DiagLogLevel } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { Config } from "@/lib/core/config";
import { logger } from "@/lib/core/logger";
import { withoutForbiddenAttributes } from "./export";

// The OpenTelemetry SDK, loaded by startTracing only when OTEL_EXPORTER_OTLP_ENDPOINT is set.

const WARN_EVERY_MS = 60_000;
const SHUTDOWN_WAIT_MS = 5_000;

/** The SDK's own complaints (an export that failed: the collector is down) as warnings, at most one a minute. */
function diagnostics() {
  let last = 0;
  let suppressed = 0;
  const warn = (message: string) => {
    if (Date.now() - last < WARN_EVERY_MS) {
      suppressed++;
      return;
    }
    last = Date.now();
    // the message only, shortened: never the request the exporter made (its headers hold credentials)
    logger.warn("tracing: the OpenTelemetry SDK reports a problem", { problem: String(message).slice(0, 300), suppressed });
    suppressed = 0;
  };
  const ignore = () => {};
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}

export function createTracing(settings: NonNullable<Config["tracing"]>) {
  const exporter = new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers });
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName })),
    // a long statement's SQL is cut, not the span dropped
    spanLimits: { attributeValueLengthLimit: 4096 },
    // batches in the background; beyond its queue (2048 spans) new spans are dropped, never buffered without bound
    spanProcessors: [new BatchSpanProcessor(withoutForbiddenAttributes(exporter))],
  });
  // parents follow the work through awaits (AsyncLocalStorage); if something registered a context
  // manager already, that one is used
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const ownsContext = context.setGlobalContextManager(contextManager);
  if (!ownsContext) contextManager.disable();
  diag.setLogger(diagnostics(), { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  return {
    tracer: provider.getTracer("checkout-service"),
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      try {
        // a collector that is away does not hold up the process's exit for longer than this
        await Promise.race([provider.shutdown(), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
      } finally {
        if (ownsContext) context.disable();
        diag.disable();
      }
    },
  };
}
