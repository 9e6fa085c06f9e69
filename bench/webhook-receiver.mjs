// The webhook endpoint of bench/webhooks.ts, run as a child process (its CPU is not the sender's).
// Answers every POST 200 as soon as the body has arrived and records, per request, the receipt time
// (ms since the epoch, sub-ms precision), the path, X-Webhook-Id and the body's `timestamp` field.
// Talks to its parent over IPC: {cmd: "count"} → {count}, {cmd: "take"} → {records} (and forgets them).
// On a second port it is an endpoint that never answers.
import http from "node:http";

if (!process.send) {
  console.error("webhook-receiver.mjs is started by bench/webhooks.ts (needs an IPC channel)");
  process.exit(2);
}

const now = () => performance.timeOrigin + performance.now();
/** [receivedAt, path, webhookId, eventTimestamp (ms since the epoch, or null)] */
let records = [];

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const receivedAt = now();
    res.writeHead(200, { "content-type": "text/plain", "content-length": 2 });
    res.end("ok");
    let eventTs = null;
    try {
      const t = Date.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")).timestamp);
      if (Number.isFinite(t)) eventTs = t;
    } catch {
      // not JSON: recorded without an event timestamp
    }
    records.push([receivedAt, req.url, req.headers["x-webhook-id"] ?? null, eventTs]);
  });
});
// a receiver that keeps connections open longer than the sender's idle time, like most proxies do
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

process.on("message", (msg) => {
  if (msg?.cmd === "count") process.send({ id: msg.id, count: records.length });
  else if (msg?.cmd === "take") {
    process.send({ id: msg.id, records });
    records = [];
  }
});
process.on("disconnect", () => process.exit(0)); // the parent is gone
process.on("SIGINT", () => {}); // Ctrl-C reaches the whole group: the parent stops us once it has cleaned up

// a second endpoint that takes every request and never answers it (a stuck tenant's), on its own port:
// what it holds is neither answered nor recorded, and the sender's own timeout ends each attempt
const stuck = http.createServer(() => {});
stuck.keepAliveTimeout = 65_000;
stuck.headersTimeout = 0;
stuck.requestTimeout = 0;

server.listen(0, "127.0.0.1", () =>
  stuck.listen(0, "127.0.0.1", () => process.send({ ready: true, port: server.address().port, stuckPort: stuck.address().port })),
);
