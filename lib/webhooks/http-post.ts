import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPublicAddress } from "./address-policy";

export type PostResult = {
  /** the HTTP status, when the endpoint answered */
  status: number | null;
  /** the first KiB of the answer */
  excerpt: string | null;
  retryAfterMs: number | null;
  error: string | null;
  durationMs: number;
};

const EXCERPT_BYTES = 1024;

class RefusedAddress extends Error {}

// Keep-alive pools: a socket is checked once, when it connects, and then reused.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
};

/**
 * POSTs a webhook body. Redirects are not followed. Unless private addresses are allowed, the
 * address actually connected to must be public: it is checked when the name resolves and again on
 * the connected socket, so a name that re-resolves to a private address (DNS rebinding) is refused.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const first = await postOnce(url, body, headers, opts, true);
  // a pooled connection the endpoint had already closed is not the endpoint failing: go again, fresh
  if (first.staleSocket) return postOnce(url, body, headers, opts, false);
  return first;
}

async function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
  pooled: boolean,
): Promise<PostResult & { staleSocket?: boolean }> {
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs">): PostResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({ status: null, excerpt: null, retryAfterMs: null, error: "invalid URL" });
  }
  if (target.protocol !== "https:" && !(opts.allowPrivate && target.protocol === "http:")) {
    return done({ status: null, excerpt: null, retryAfterMs: null, error: `refused: ${target.protocol} URLs are not allowed` });
  }
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!opts.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    return done({ status: null, excerpt: null, retryAfterMs: null, error: `refused: ${host} is not a public address` });
  }

  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, address, family);
      if (!opts.allowPrivate && !isPublicAddress(address as string)) {
        return callback(new RefusedAddress(`refused: ${hostname} resolves to ${address}, which is not a public address`), address, family);
      }
      callback(null, address, family);
    });
  };

  return new Promise<PostResult & { staleSocket?: boolean }>((resolve) => {
    const client = target.protocol === "https:" ? https : http;
    const payload = Buffer.from(body, "utf8");
    let settled = false;
    const finish = (r: Omit<PostResult, "durationMs"> & { staleSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "checkout-webhooks/1", "content-length": payload.length, ...headers },
        lookup,
        agent: pooled ? agents[target.protocol as "http:" | "https:"] : false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = res.statusCode ?? 0;
        const retryAfterMs = parseRetryAfter(res.headers["retry-after"]);
        const close = () => finish({ status, excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"), retryAfterMs, error: null });
        res.on("data", (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) {
            close(); // the rest is not needed
            res.destroy();
          }
        });
        res.on("end", close);
        res.on("error", close);
      },
    );
    req.on("socket", (socket) => {
      if (!socket.connecting) return; // a pooled socket, checked when it connected
      socket.once("connect", () => {
        const remote = socket.remoteAddress;
        if (!opts.allowPrivate && remote && !isPublicAddress(remote)) {
          req.destroy(new RefusedAddress(`refused: connected to ${remote}, which is not a public address`));
        }
      });
    });
    req.on("error", (err: Error & { code?: string }) =>
      finish({
        status: null,
        excerpt: null,
        retryAfterMs: null,
        error: describe(err),
        staleSocket: req.reusedSocket && (err.code === "ECONNRESET" || err.code === "EPIPE"),
      }),
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.end(payload);
  });
}

function describe(err: Error & { code?: string }): string {
  if (err instanceof RefusedAddress) return err.message;
  if (err.code) return `${err.code}: ${err.message}`.slice(0, 500);
  return err.message.slice(0, 500);
}

function parseRetryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
