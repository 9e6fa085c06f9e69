import crypto from "node:crypto";
import http from "node:http";
import { getConfig } from "@/lib/core/config";
import { logger } from "@/lib/core/logger";
import { renderMetrics } from "./index";

/** Whether a request may read the metrics: with METRICS_TOKEN set, only with `Authorization: Bearer <token>`. */
export function metricsAllowed(authorization: string | null | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/**
 * The metrics on a port of their own (METRICS_PORT, on METRICS_HOST: loopback unless told), for a
 * Prometheus on the same host or network namespace; the worker serves its metrics only this way.
 * With METRICS_TOKEN set, this port asks for it too. Returns a function that closes the listener.
 */
export async function startMetricsServer(): Promise<(() => Promise<void>) | undefined> {
  const { port, host, token } = getConfig().metrics;
  if (!port) return undefined;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://metrics");
    if (url.pathname !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found: the metrics are at GET /metrics\n");
      return;
    }
    if (token && !metricsAllowed(req.headers.authorization, token)) {
      res
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" })
        .end("Send Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
    try {
      const { body, contentType } = await renderMetrics();
      res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(500, { "content-type": "text/plain" }).end("The metrics could not be collected\n");
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  logger.info("metrics listening", { host, port });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
