import http from "node:http";
import https from "node:https";
import net from "node:net";
import { isPublicAddress, isSingleLabel, RefusedAddress, type Resolver, webhookLookup } from "./address-policy";

export type PostResult = {
  /** the HTTP status, when the endpoint answered within the timeout */
  status: number | null;
  /** the first KiB of the answer, as text a database column can hold */
  excerpt: string | null;
  retryAfterMs: number | null;
  error: string | null;
  durationMs: number;
  /** the endpoint did not answer within the timeout (what its circuit counts) */
  timedOut?: true;
};

export type PostOptions = {
  /** the whole attempt, both tries included, ends within this */
  timeoutMs: number;
  allowPrivate: boolean;
  /** how names resolve; the system resolver unless a test stands in for DNS */
  resolve?: Resolver;
};

type Try = Omit<PostResult, "durationMs"> & { staleSocket?: boolean };

const EXCERPT_BYTES = 1024;
const ERROR_CHARS = 500;

// Keep-alive pools: a socket is checked once, when it connects, and then reused. Certificates are
// verified against the system's authorities, as any client of the merchant's endpoint would.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
};

/**
 * POSTs a webhook body. Redirects are not followed. Unless private addresses are allowed, every
 * address a name resolves to must be public, and so must the address the socket actually connected
 * to, so a name that re-resolves to a private address (DNS rebinding) is refused.
 * The attempt, including the retry on a stale pooled socket, has one deadline of `timeoutMs`
 * covering the connection, the headers and the body: the delivery's lease counts on that.
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  const done = ({ staleSocket: _, ...r }: Try): PostResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  const first = await postOnce(url, body, headers, opts, deadline, true);
  if (!first.staleSocket) return done(first);
  // a pooled connection the endpoint had already closed is not the endpoint failing: go again, fresh
  if (performance.now() >= deadline) return done(timedOut(opts.timeoutMs));
  return done(await postOnce(url, body, headers, opts, deadline, false));
}

async function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: PostOptions,
  deadline: number,
  pooled: boolean,
): Promise<Try> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { status: null, excerpt: null, retryAfterMs: null, error: "invalid URL" };
  }
  if (target.protocol !== "https:" && !(opts.allowPrivate && target.protocol === "http:")) {
    return { status: null, excerpt: null, retryAfterMs: null, error: `refused: ${target.protocol} URLs are not allowed` };
  }
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!opts.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    return { status: null, excerpt: null, retryAfterMs: null, error: `refused: ${host} is not a public address` };
  }
  // a webhook stored before such names were refused at registration: never looked up
  if (!opts.allowPrivate && isSingleLabel(host)) {
    return { status: null, excerpt: null, retryAfterMs: null, error: `refused: ${host} has no domain, so it is not a public address` };
  }

  return new Promise<Try>((resolve) => {
    const client = target.protocol === "https:" ? https : http;
    const payload = Buffer.from(body, "utf8");
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let answer: http.IncomingMessage | undefined;
    const finish = (r: Try) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const options: https.RequestOptions & Pick<net.TcpSocketConnectOpts, "autoSelectFamily"> = {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "checkout-webhooks/1", "content-length": payload.length, ...headers },
      lookup: webhookLookup({ allowPrivate: opts.allowPrivate, resolve: opts.resolve }),
      // a name with both IPv6 and IPv4 addresses is reached on whichever family answers
      autoSelectFamily: true,
      agent: pooled ? agents[target.protocol as "http:" | "https:"] : false,
    };
    const req = client.request(target, options, (res) => {
      answer = res;
      const chunks: Buffer[] = [];
      let size = 0;
      const status = res.statusCode ?? 0;
      const retryAfterMs = parseRetryAfter(res.headers["retry-after"]);
      const close = () => finish({ status, excerpt: excerptOf(Buffer.concat(chunks)), retryAfterMs, error: null });
      res.on("data", (chunk: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - size));
        size += chunk.length;
        if (size >= EXCERPT_BYTES) {
          close(); // the rest is not needed
          res.destroy();
        }
      });
      res.on("end", close);
      // the endpoint hung up part-way through its answer: the status it sent still stands
      res.on("error", close);
      res.on("aborted", close);
      res.on("close", close);
    });
    req.on("socket", (socket) => {
      if (!socket.connecting) return; // a pooled socket, checked when it connected
      socket.once("connect", () => {
        const remote = socket.remoteAddress;
        if (!opts.allowPrivate && remote && !isPublicAddress(remote)) {
          req.destroy(new RefusedAddress(`refused: ${host} is not a public address`));
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
    req.on("close", () => {
      if (!answer) finish({ status: null, excerpt: null, retryAfterMs: null, error: "the connection closed without an answer" });
    });
    // one timer for the whole exchange: an endpoint that sends its headers and then dribbles the
    // body is cut off at the same deadline as one that never answers
    timer = setTimeout(
      () => {
        finish(timedOut(opts.timeoutMs));
        req.destroy();
        answer?.destroy();
      },
      Math.max(0, deadline - performance.now()),
    );
    req.end(payload);
  });
}

function timedOut(timeoutMs: number): Try {
  return { status: null, excerpt: null, retryAfterMs: null, error: `timed out after ${timeoutMs} ms`, timedOut: true };
}

/**
 * Text a PostgreSQL `text` column accepts, whatever an endpoint or a library put in it: no NUL (which
 * PostgreSQL refuses), no unpaired surrogate (which is not UTF-8), at most `maxChars` characters, cut
 * between characters.
 */
export function safeText(text: string, maxChars: number): string {
  const clean = text.replace(/\u0000/g, "").replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  const chars = Array.from(clean);
  return chars.length > maxChars ? chars.slice(0, maxChars).join("") : clean;
}

/** The start of an answer as text: invalid UTF-8 becomes U+FFFD, a character cut by the byte limit is left out. */
export function excerptOf(bytes: Buffer): string {
  const text = new TextDecoder("utf-8").decode(bytes.subarray(0, EXCERPT_BYTES), { stream: true });
  return safeText(text, EXCERPT_BYTES);
}

function describe(err: Error & { code?: string }): string {
  const text = err.code && !(err instanceof RefusedAddress) ? `${err.code}: ${err.message}` : err.message;
  return safeText(text, ERROR_CHARS);
}

function parseRetryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
