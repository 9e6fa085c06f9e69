#!/usr/bin/env node
// The service's own HTTP server around Next's request handler (what `npm start` runs). It exists for
// two things `next start` does not do:
// - it hands the connection's own address to the app (x-checkout-peer, overwritten on every request,
//   so a client cannot forge it); lib/limits/client-ip.ts combines it with X-Forwarded-For and the
//   TRUSTED_PROXIES setting;
// - it shuts down gracefully: on SIGTERM/SIGINT its health check fails at once, it keeps serving for
//   SHUTDOWN_DELAY_MS (default 0; set it above the proxy's health interval), then stops accepting
//   connections, lets the requests in flight finish (up to SHUTDOWN_GRACE_MS, default 25 s), and
//   stops background work and closes the database, so nothing is half-written.
// It also gives every request its id (the client's or the proxy's X-Request-Id, else a new one), runs
// the request's work with it in the log context (lib/core/logger.ts), and reports each answered request to
// the app's metrics and access log (lib/metrics/http.ts) by its route template, never its raw path.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (short, long) => {
  const i = args.findIndex((a) => a === short || a === long);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(flag("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = flag("-H", "--hostname");
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 25_000);
// behind a load balancer: how long to keep serving, with the health check failing, before closing,
// so that the balancer has stopped sending new requests here (longer than its health interval)
const delayMs = Number(process.env.SHUTDOWN_DELAY_MS ?? 0);

process.env.NODE_ENV = "production";
// tells the app that the connection's address header comes from this server, and that this server
// drives the shutdown (instrumentation-node.ts)
process.env.CHECKOUT_OWN_SERVER = "1";
// shared with lib/core/logger.ts, which the app's bundle loads separately
const logContext = (globalThis.__checkoutLogContext ??= new AsyncLocalStorage());
const REQUEST_ID = /^[\x21-\x7e]{1,100}$/;
// imported only now: Next reads NODE_ENV as it loads
const { default: next } = await import("next");

const app = next({ dev: false, dir: root, port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

let inFlight = 0;
let draining = false;
let drained;

const server = http.createServer((req, res) => {
  inFlight++;
  const started = process.hrtime.bigint();
  const given = req.headers["x-request-id"];
  const requestId = typeof given === "string" && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  res.once("close", () => {
    inFlight--;
    if (draining && inFlight === 0) drained?.();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    globalThis.__checkoutRequestEnded?.({
      method: req.method,
      url: req.url ?? "/",
      status: res.statusCode,
      seconds,
      requestId,
      ended: res.writableFinished,
    });
  });
  req.headers["x-checkout-peer"] = req.socket.remoteAddress ?? "";
  if (draining) {
    // a connection kept alive past the start of the shutdown is closed after its current answer
    res.setHeader("connection", "close");
    // readiness fails at once (the proxy stops sending requests here); liveness still answers
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname === "/api/health" || pathname === "/api/health/ready") {
      res.writeHead(503, { "content-type": "application/json; charset=utf-8", "retry-after": "5" });
      res.end(
        JSON.stringify({ success: false, message: "Shutting down", responseObject: null, statusCode: 503, error: { code: "UNAVAILABLE" } }),
      );
      return;
    }
  }
  logContext
    .run({ requestId }, () => handle(req, res))
    .catch((err) => {
      process.stderr.write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "error",
          msg: "request handler failed",
          requestId,
          errorClass: err?.name,
        }) + "\n",
      );
      if (!res.headersSent) {
        res.writeHead(500, {
          "content-type": "application/json; charset=utf-8",
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        });
        res.end(
          JSON.stringify({
            success: false,
            message: "Internal server error",
            responseObject: null,
            statusCode: 500,
            error: { code: "INTERNAL" },
          }),
        );
      } else res.end();
    });
});
server.keepAliveTimeout = 65_000; // longer than a proxy's idle timeout, so the proxy closes first
server.headersTimeout = 66_000;

await new Promise((resolve) => server.listen(port, hostname, resolve));
process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "listening", port, pid: process.pid }) + "\n");

async function shutdown(signal) {
  if (draining) return;
  draining = true;
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "shutting down", signal, inFlight }) + "\n");
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "closing", inFlight }) + "\n");
  server.close();
  server.closeIdleConnections();
  if (inFlight > 0) {
    await Promise.race([new Promise((r) => (drained = r)), new Promise((r) => setTimeout(r, graceMs))]);
  }
  server.closeAllConnections();
  await globalThis.__checkoutShutdown?.().catch(() => {});
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
