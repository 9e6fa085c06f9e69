// checkout-cli (npx checkout-cli, npm run cli --): a merchant developer's webhooks on a laptop.
//   listen   follows GET /api/events/feed and POSTs each event, signed like a real delivery, to a local URL
//   trigger  drives a sandbox session through the public API so that a named event really happens
// Exit codes: 0 done (or Ctrl-C), 1 failed (the API refused, the server is unreachable), 2 bad arguments.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { signatureHeaders } from "../lib/webhooks/signing";

const DEFAULT_BASE_URL = "http://localhost:3000";
const TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"; // USDC on Base
const SANDBOX_RECIPIENT = "0x52908400098527886E0F7030069857D2E4169EE7";

const USAGE = `Usage: checkout-cli <command> [options]

Commands:
  listen    forward your events to a local URL, signed like real webhook deliveries
  trigger   make an event happen on a sandbox session

Run checkout-cli <command> --help for its options.`;

const COMMON = `  --api-key KEY      the merchant API key (default: $CHECKOUT_API_KEY)
  --base-url URL     the checkout service (default: $CHECKOUT_BASE_URL or ${DEFAULT_BASE_URL})`;

const LISTEN_USAGE = `Usage: checkout-cli listen --forward-to URL [options]

Follows your events and POSTs each one to URL with the body and the signature headers
(X-Webhook-*, webhook-*) of a real delivery, signed with a local secret whsec_… that is made once
and kept in the state file. Resumes after a restart from where it stopped; an event the local
endpoint refuses is retried until it is accepted (none is skipped). Ctrl-C stops it.

Options:
  --forward-to URL   where to POST: localhost:4000/hook, http://… or https://…
  --events a,b       forward only these event types (the others are passed over)
  --state FILE       the state file (default: ~/.config/checkout-cli/listen-<hash>.json)
${COMMON}
  -h, --help         this help`;

/** What each triggerable event needs done to a new sandbox session. */
const TRIGGERS = {
  "session.started": ["start"],
  "order.created": ["start"],
  "order.payment_sent": ["start", "payment-sent"],
  "order.fulfilled": ["start", "payment-sent", "fulfill"],
  "session.completed": ["start", "payment-sent", "fulfill"],
  "order.failed": ["start", "payment-sent", "fulfill-reverted"],
  "session.abandoned": ["start", "cancel"],
  cancel: ["start", "cancel"],
} as const satisfies Record<string, readonly Step[]>;
type Step = "start" | "payment-sent" | "fulfill" | "fulfill-reverted" | "cancel";
const TRIGGER_NAMES = Object.keys(TRIGGERS);

const TRIGGER_USAGE = `Usage: checkout-cli trigger <event> [options]

Creates a session in the sandbox with your API key and drives it through the public API so that
<event> happens, then prints the session id and the events it produced.

Events: ${TRIGGER_NAMES.join(", ")}
  (cancel is session.abandoned by the merchant; order.failed submits a proof whose release reverts)

Options:
  --amount USDC      the session's amount (default 10.00)
${COMMON}
  -h, --help         this help`;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

type Out = { log: (line: string) => void; error: (line: string) => void };
const stdio: Out = { log: (l) => process.stdout.write(l + "\n"), error: (l) => process.stderr.write(l + "\n") };

export async function main(argv: string[], out: Out = stdio): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === "-h" || command === "--help" || command === "help") {
      out.log(USAGE);
      return command ? 0 : 2;
    }
    if (command === "listen") return await listen(rest, out);
    if (command === "trigger") return await trigger(rest, out);
    out.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  } catch (err) {
    if (err instanceof CliError) {
      out.error(err.message);
      return err.exitCode;
    }
    throw err;
  }
}

function parse<T extends Record<string, { type: "string" | "boolean"; short?: string }>>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ args, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${usage}`, 2);
  }
}

// ---------------------------------------------------------------- the API

type Api = { baseUrl: string; apiKey: string };

function apiOf(values: { "api-key"?: string; "base-url"?: string }, usage: string): Api {
  const apiKey = values["api-key"] ?? process.env.CHECKOUT_API_KEY;
  if (!apiKey) throw new CliError(`An API key is needed: --api-key KEY or CHECKOUT_API_KEY.\n\n${usage}`, 2);
  const baseUrl = (values["base-url"] ?? process.env.CHECKOUT_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CliError(`--base-url: "${baseUrl}" is not a URL`, 2);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new CliError(`--base-url: "${baseUrl}" is not an http(s) URL`, 2);
  // the API key would cross the network in the clear
  if (url.protocol === "http:" && !isLoopback(url.hostname)) {
    throw new CliError(
      `--base-url: ${baseUrl} is plain http, which would send your API key unencrypted; use https (plain http is for localhost only)`,
      2,
    );
  }
  return { baseUrl, apiKey };
}

/** localhost, 127.0.0.0/8 and ::1: the machine itself, where plain http never leaves it. */
function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Whether a failed request is worth repeating: the network, 429 and 5xx. */
class ApiError extends CliError {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message, 1);
  }
}

async function request<T>(api: Api, method: string, pathname: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(api.baseUrl + pathname, {
      method,
      signal,
      // a redirect would take the API key to wherever it points
      redirect: "manual",
      headers: { "x-api-key": api.apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(`${api.baseUrl} is unreachable: ${causeOf(err)}`, true);
  }
  if (res.status >= 300 && res.status < 400) {
    const where = res.headers.get("location") ?? "(no Location)";
    throw new ApiError(
      `${method} ${pathname}: ${res.status} redirects to ${where}; not followed, since it would carry your API key. Set --base-url to the address the service answers at.`,
      false,
    );
  }
  const text = await res.text();
  let json: { message?: string; responseObject?: T } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not the API's envelope: the message below says so
  }
  if (!res.ok) {
    const why = json.message ?? (text.slice(0, 200) || res.statusText);
    throw new ApiError(`${method} ${pathname}: ${res.status} ${why}`, res.status === 429 || res.status >= 500);
  }
  return json.responseObject as T;
}

const causeOf = (err: unknown): string => {
  const e = err as { cause?: { code?: string; message?: string }; message?: string };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

// ---------------------------------------------------------------- listen

type FeedEvent = { id: string; type: string; createdAt: string; payload: unknown; cursor: string };
type Feed = { events: FeedEvent[]; cursor: string };
type State = { baseUrl: string; merchantId: string; secret: string; cursor: string | null };

/** localhost:4000/hook, http://… or https://…; a bare host:port/path is http. */
export function forwardUrl(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError(`--forward-to: "${text}" is not a URL (localhost:4000/hook, http://… or https://…)`, 2);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`--forward-to: only http and https URLs are forwarded to`, 2);
  return url.toString();
}

export function defaultStateFile(baseUrl: string, merchantId: string): string {
  const hash = crypto.createHash("sha256").update(`${baseUrl}\n${merchantId}`).digest("hex").slice(0, 16);
  const configHome = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(configHome, "checkout-cli", `listen-${hash}.json`);
}

function readState(file: string): State | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as State;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new CliError(`The state file ${file} cannot be read: ${(err as Error).message}`);
  }
}

/** Written whole to a temporary file, then renamed over the old one: a crash never leaves half a state. */
function writeState(file: string, state: State) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });
  fs.renameSync(tmp, file);
}

const newSecret = () => `whsec_${crypto.randomBytes(32).toString("base64")}`;
const clock = () => new Date().toISOString().slice(11, 19);

/** Backoff between attempts at the local endpoint (and at the API): 1, 2, 4, 8, 16, then every 30 s. */
const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5));

async function listen(args: string[], out: Out): Promise<number> {
  const { values } = parse(
    args,
    {
      "forward-to": { type: "string" },
      events: { type: "string" },
      state: { type: "string" },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
    },
    LISTEN_USAGE,
  );
  if (values.help) {
    out.log(LISTEN_USAGE);
    return 0;
  }
  if (!values["forward-to"]) throw new CliError(`--forward-to is required.\n\n${LISTEN_USAGE}`, 2);
  const target = forwardUrl(values["forward-to"]);
  const only = values.events
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const api = apiOf(values, LISTEN_USAGE);

  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const me = await withRetries(() => request<{ id: string }>(api, "GET", "/api/merchants/me", undefined, stop.signal), out, stop.signal);
    if (!me) return 0;
    const file = values.state ?? defaultStateFile(api.baseUrl, me.id);
    const saved = readState(file);
    if (saved && (saved.merchantId !== me.id || saved.baseUrl !== api.baseUrl)) {
      throw new CliError(`The state file ${file} belongs to ${saved.merchantId} at ${saved.baseUrl}; use another --state.`);
    }
    const state: State = saved ?? { baseUrl: api.baseUrl, merchantId: me.id, secret: newSecret(), cursor: null };
    if (!state.cursor) {
      // the first run starts at the present, not at the merchant's whole history
      const now = await withRetries(
        () => request<Feed>(api, "GET", "/api/events/feed?after=now", undefined, stop.signal),
        out,
        stop.signal,
      );
      if (!now) return 0;
      state.cursor = now.cursor;
    }
    writeState(file, state);
    out.log(`Ready. Signing with ${state.secret}`);
    out.log(`Forwarding events of ${me.id} from ${api.baseUrl} to ${target}${only ? ` (only ${only.join(", ")})` : ""}; state in ${file}`);

    while (!stop.signal.aborted) {
      const query = new URLSearchParams({ after: state.cursor!, limit: "100", waitMs: "25000" });
      const feed = await withRetries(
        () => request<Feed>(api, "GET", `/api/events/feed?${query}`, undefined, stop.signal),
        out,
        stop.signal,
      ).catch((err) => {
        if (stop.signal.aborted) return undefined;
        throw err;
      });
      if (!feed) break;
      for (const event of feed.events) {
        if (!only || only.includes(event.type)) {
          const delivered = await forward(target, state.secret, event, out, stop.signal);
          if (!delivered) break; // stopped while retrying: the cursor stays before this event
        }
        state.cursor = event.cursor;
        writeState(file, state);
      }
      if (stop.signal.aborted) break;
      if (state.cursor !== feed.cursor) {
        state.cursor = feed.cursor;
        writeState(file, state);
      }
    }
    out.log("Stopped.");
    return 0;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** Calls fn until it succeeds, waiting between tries while the error is a passing one; undefined when stopped. */
async function withRetries<T>(fn: () => Promise<T>, out: Out, signal: AbortSignal): Promise<T | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (signal.aborted) return undefined;
      if (!(err instanceof ApiError) || !err.retryable) throw err;
      const wait = backoffMs(attempt);
      out.error(`${clock()}  ${err.message}; retrying in ${wait / 1000} s`);
      await sleep(wait, signal);
      if (signal.aborted) return undefined;
    }
  }
}

/** POSTs one event until the local endpoint answers 2xx; false if stopped first. */
async function forward(target: string, secret: string, event: FeedEvent, out: Out, signal: AbortSignal): Promise<boolean> {
  const body = JSON.stringify(event.payload);
  for (let attempt = 1; ; attempt++) {
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    let outcome: string;
    let ok = false;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "checkout-cli",
          ...signatureHeaders([secret], event.id, timestamp, body),
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(15_000)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      ok = res.ok;
      outcome = `[${res.status}]`;
    } catch (err) {
      if (signal.aborted) return false;
      outcome = `[error] ${causeOf(err)}`;
    }
    const ms = Math.round(performance.now() - started);
    const line = `${clock()}  ${event.type.padEnd(18)}  ${event.id}  ${outcome} ${ms} ms`;
    if (ok) {
      out.log(attempt > 1 ? `${line} (attempt ${attempt})` : line);
      return true;
    }
    const wait = backoffMs(attempt);
    out.log(`${line}; retrying in ${wait / 1000} s`);
    await sleep(wait, signal);
    if (signal.aborted) return false;
  }
}

// ---------------------------------------------------------------- trigger

type Started = { intentHash: string; order: { id: string } };
type ListedEvent = { id: string; type: string; createdAt: string };

async function trigger(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parse(
    args,
    { amount: { type: "string" }, "api-key": { type: "string" }, "base-url": { type: "string" } },
    TRIGGER_USAGE,
  );
  if (values.help) {
    out.log(TRIGGER_USAGE);
    return 0;
  }
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new CliError(`Name one event.\n\n${TRIGGER_USAGE}`, 2);
  if (!Object.hasOwn(TRIGGERS, name)) {
    throw new CliError(`Unknown event "${name}". Events that can be triggered: ${TRIGGER_NAMES.join(", ")}`, 2);
  }
  const steps: readonly Step[] = TRIGGERS[name as keyof typeof TRIGGERS];
  const api = apiOf(values, TRIGGER_USAGE);

  const me = await request<{ id: string }>(api, "GET", "/api/merchants/me");
  const { session } = await request<{ session: { id: string } }>(api, "POST", "/api/checkout/sessions", {
    merchantId: me.id,
    amountUsdc: values.amount ?? "10.00",
    destinationChainId: 8453,
    destinationToken: TOKEN,
    recipientAddress: SANDBOX_RECIPIENT,
  });
  out.log(`Session ${session.id}`);
  const base = `/api/checkout/sessions/${session.id}`;
  let started: Started | undefined;
  for (const step of steps) {
    if (step === "start") started = await request<Started>(api, "POST", `${base}/start`, { paymentPlatform: "venmo", fiatCurrency: "USD" });
    else if (step === "payment-sent") await request(api, "POST", `${base}/payment-sent`, {});
    else if (step === "cancel") await request(api, "POST", `${base}/cancel`, {});
    else {
      const outcome = step === "fulfill" ? "success" : "reverted";
      await request(api, "POST", "/api/orders/fulfill", { intentHash: started!.intentHash, proof: { sandbox: true, outcome } }).catch(
        (err: unknown) => {
          // a reverted release is refused with an error, and the order.failed event is the point
          if (outcome === "success") throw err;
        },
      );
    }
  }
  const wanted = name === "cancel" ? "session.abandoned" : name;
  const { events } = await request<{ events: ListedEvent[] }>(
    api,
    "GET",
    `/api/events?sessionId=${encodeURIComponent(session.id)}&limit=100`,
  );
  const produced = [...events].reverse();
  for (const e of produced) out.log(`  ${e.type.padEnd(18)}  ${e.id}`);
  if (!produced.some((e) => e.type === wanted)) throw new CliError(`The session did not produce ${wanted}.`);
  return 0;
}
