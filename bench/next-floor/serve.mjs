// The minimal app served the way our service is (scripts/server.mjs): Node's own HTTP server handing
// each request to Next.js's request handler, and nothing else (no request ids, no access log, no
// metrics, no drain), for comparison with the floor, which is the same app through `next start`. Copied
// by bench/api.mjs next to the minimal app it builds; run there as `node serve.mjs <port>`.
import http from "node:http";

const port = Number(process.argv[2]);
process.env.NODE_ENV = "production";
// imported only now: Next reads NODE_ENV as it loads
const { default: next } = await import("next");
const app = next({ dev: false, dir: import.meta.dirname, port, hostname: "127.0.0.1" });
const handle = app.getRequestHandler();
await app.prepare();
http.createServer((req, res) => handle(req, res)).listen(port, "127.0.0.1");
