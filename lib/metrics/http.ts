import { logger } from "@/lib/core/logger";
import { metrics } from "./index";

export type RequestEnded = { method?: string; url: string; status: number; seconds: number; requestId: string; ended: boolean };

/**
 * What the service's server (scripts/server.mjs) reports of each request once its answer has gone
 * (or its client went away): the HTTP metrics, and one access-log line with the request's id, its
 * route template, status and duration. Never the raw path or the query, which carry ids and tokens.
 */
export function requestEnded(r: RequestEnded) {
  const pathname = r.url.split("?")[0] ?? "/";
  const m = metrics();
  // a client that went away before the answer ended: 499, as nginx counts it
  const status = r.ended ? r.status : 499;
  const route = m.observeHttp(r.method ?? "OTHER", pathname, status, r.seconds);
  logger.info("request", {
    requestId: r.requestId,
    method: r.method,
    route,
    status,
    ms: Math.round(r.seconds * 10_000) / 10,
  });
}

/** Lets the service's server report to this bundle's metrics and log (they share the process, not the modules). */
export function installRequestReporting() {
  (globalThis as { __checkoutRequestEnded?: (r: RequestEnded) => void }).__checkoutRequestEnded = requestEnded;
}
