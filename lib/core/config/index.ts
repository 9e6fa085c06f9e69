import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseDuration } from "@/lib/core/duration";
import { batchStdout, logger, setLogLevel } from "@/lib/core/logger";
import { parseUsdc } from "@/lib/core/money";
import { parseLiveRailSettings } from "./live-rail";
import { assertStrongSecrets, secretWeakness } from "./secrets";

// Every setting of the service, parsed once. Nothing else reads process.env.

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const duration = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseDuration(v && v.trim() ? v : fallback);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

const usdc = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseUsdc(v && v.trim() ? v : fallback);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const isHttpUrl = (v: string) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** A retention period: a duration of at least a day (90d when unset), or "off" (null: kept for ever). */
const retention = (kept: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v?.trim() || "90d";
      if (text === "off") return null;
      try {
        const ms = parseDuration(text);
        if (ms < 86_400_000) throw new Error(`"${text}" is shorter than a day (use 90d, or off to keep ${kept})`);
        return ms;
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

export const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // PostgreSQL: the longest a request waits for a pooled connection (then 503 with Retry-After), and
  // what the server ends: a statement running longer, a transaction idle between statements longer
  DB_POOL_WAIT: duration("5s"),
  DB_STATEMENT_TIMEOUT: duration("30s"),
  DB_IDLE_IN_TRANSACTION_TIMEOUT: duration("60s"),
  APP_URL: z.url().default("http://localhost:3000"),
  CHECKOUT_URL: z.url().optional(),
  APP_SECRET: optionalString,
  NEXTAUTH_SECRET: optionalString,
  SESSION_TTL: duration("24h"),
  ORDER_TTL: duration("1h"),
  // payment links: how long a started session that has no payment in flight holds one of the link's
  // places, and how many places one payer address may hold on a link (lib/links/places.ts)
  LINK_HOLD: duration("10m"),
  LINK_MAX_HELD_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(2),
  // how long an endpoint has to answer an attempt; an attempt holds one of a dispatcher's slots meanwhile
  WEBHOOK_TIMEOUT: duration("10s"),
  // attempts in flight at once to one webhook, per dispatcher: one endpoint cannot take every slot
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  // how long an endpoint's deliveries wait once its circuit opens (attempts in a row without an
  // answer), before one is tried again; doubled at each opening in a row, up to 32 times
  WEBHOOK_CIRCUIT_COOLDOWN: duration("30s"),
  // how long a new owner's changes of where the money goes wait, during which an earlier owner can
  // cancel them (lib/accounts/payout-holds.ts); a new owner is one for this long after becoming one
  NEW_OWNER_PAYOUT_HOLD: duration("24h"),
  // how long a refund waits for its payer's claim before it expires and its amount is refundable again (lib/refunds)
  REFUND_CLAIM_TTL: duration("30d"),
  // how long events, their deliveries and the deliveries' attempts are kept ("off": for ever);
  // sessions and orders are always kept. At least a day: a delivery still retrying is never purged
  EVENT_RETENTION: retention("every event"),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        const list = (v && v.trim() ? v : "1m,5m,30m,2h,8h,24h,24h").split(",").map((d) => parseDuration(d.trim()));
        if (list.length < 1 || list.length > 20) throw new Error("between 1 and 20 delays");
        return list;
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  ALLOW_PRIVATE_WEBHOOK_URLS: bool,
  MIN_AMOUNT_USDC: usdc("1.00"),
  MAX_AMOUNT_USDC: usdc("100000.00"),
  SUPPORTED_CHAIN_IDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ids = (v && v.trim() ? v : "8453,84532").split(",").map((s) => Number(s.trim()));
      if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
        ctx.addIssue({ code: "custom", message: "a comma-separated list of positive integers" });
        return z.NEVER;
      }
      return ids;
    }),
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  // set by scripts/server.mjs: only then does the connection's address header come from the socket
  CHECKOUT_OWN_SERVER: bool,
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(1_000_000).default(1),
  // audited changes (settings, keys, webhooks, payment links, payout addresses) one merchant account
  // may make an hour: the audit trail is append-only, so this bounds how fast it grows (lib/audit)
  AUDIT_WRITES_PER_HOUR: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(1_000_000).default(1000),
  // how long the audit trail of an account nobody has claimed (made with POST /api/merchants, no
  // person ever its owner) is kept ("off": for ever); a claimed account's is kept for ever
  UNCLAIMED_AUDIT_RETENTION: retention("the trail"),
  SANDBOX_RATES: optionalString,
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_DEV: optionalString,
  // outgoing mail (lib/mail): required when DATABASE_URL is set, checked at start-up
  SMTP_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || !v.trim()) return undefined;
      let url: URL | undefined;
      try {
        url = new URL(v.trim());
      } catch {
        // the value holds a password: it is never quoted back
      }
      if (!url || (url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
        ctx.addIssue({ code: "custom", message: "must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465" });
        return z.NEVER;
      }
      return v.trim();
    }),
  MAIL_FROM: optionalString.refine((v) => v === undefined || /@[^\s@>]+>?$/.test(v), {
    message: "must be an address such as Checkout <no-reply@example.com>",
  }),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // GET /metrics (Prometheus): on the service's port with this bearer token, and/or on a port of its own
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" }),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  // OpenTelemetry traces (lib/tracing), the standard variables: off unless the endpoint is set
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.refine((v) => v === undefined || isHttpUrl(v), {
    message: "must be the collector's base URL, such as http://otel-collector:4318",
  }),
  OTEL_SERVICE_NAME: optionalString,
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const headers: Record<string, string> = {};
      for (const pair of (v ?? "").split(",")) {
        if (!pair.trim()) continue;
        const at = pair.indexOf("=");
        const name = at > 0 ? pair.slice(0, at).trim() : "";
        let value: string | undefined;
        try {
          value = decodeURIComponent(pair.slice(at + 1).trim());
        } catch {
          // not percent-encoded properly: refused below
        }
        if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || value === undefined) {
          // the values are credentials: never quoted back
          ctx.addIssue({ code: "custom", message: "must be name=value pairs separated by commas (values percent-encoded)" });
          return z.NEVER;
        }
        headers[name.toLowerCase()] = value;
      }
      return headers;
    }),
  // the real ZKP2P rail (lib/core/config/live-rail.ts checks them together)
  ZKP2P_NETWORK: optionalString,
  ZKP2P_RPC_URL: optionalString,
  ZKP2P_API_URL: optionalString,
  ZKP2P_ATTESTATION_URL: optionalString,
  ZKP2P_TAKER_KEYS: optionalString,
  ZKP2P_TAKER_KEYS_FILE: optionalString,
  ZKP2P_SIGNER_URL: optionalString,
  ZKP2P_TAKER_ADDRESSES: optionalString,
  ZKP2P_SIGNER_TOKEN: optionalString,
  ZKP2P_SIGNER_CA_FILE: optionalString,
  ZKP2P_SIGNER_CERT_FILE: optionalString,
  ZKP2P_SIGNER_KEY_FILE: optionalString,
  ZKP2P_CONFIRMATIONS: optionalString,
  ZKP2P_CODE_HASHES: optionalString,
  ZKP2P_MIN_WALLET_ETH: optionalString,
  ZKP2P_STUCK_AFTER: optionalString,
  ZKP2P_STEP_LEASE: optionalString,
  ZKP2P_SERVICE_TIMEOUT: optionalString,
  ZKP2P_SERVICE_CONCURRENCY: optionalString,
  ZKP2P_SERVICE_RATE: optionalString,
  ZKP2P_SERVICE_QUEUE_WAIT: optionalString,
  ZKP2P_LOCK_TIMEOUT: optionalString,
  ZKP2P_LOCK_CONFIRM_WINDOW: optionalString,
  ZKP2P_FEED_MAX_AGE: optionalString,
  ZKP2P_MAX_FEE_GWEI: optionalString,
  ZKP2P_MAX_REPLACEMENTS: optionalString,
  ZKP2P_MAX_OPEN_PER_MERCHANT: optionalString,
  ZKP2P_MAX_OPEN_PER_ADDRESS: optionalString,
  ZKP2P_MAX_OPEN_PER_LINK: optionalString,
  ZKP2P_MAX_STARTS: optionalString,
  ZKP2P_MAX_UNPROVEN_PER_ADDRESS: optionalString,
  ZKP2P_PAYMENT_SENT_GRACE: optionalString,
  ZKP2P_PROOF_OF_WORK: optionalString,
  ZKP2P_TIER_FALLBACK: optionalString,
});

export type Config = ReturnType<typeof buildConfig>;

/** Whether a listen address is this host's alone: 127.0.0.0/8, ::1, localhost. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

function buildConfig(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  if (e.MIN_AMOUNT_USDC > e.MAX_AMOUNT_USDC) throw new Error("Invalid settings: MIN_AMOUNT_USDC exceeds MAX_AMOUNT_USDC");
  // a metrics port reachable beyond this host, with nothing asked of who reads it, would serve the
  // service's internals (its backlog, its wallets' balances) to anyone who can reach it
  if (e.METRICS_PORT && !isLoopback(e.METRICS_HOST) && !e.METRICS_TOKEN)
    throw new Error(
      `Invalid settings: METRICS_HOST ${e.METRICS_HOST} is reachable beyond this host: set METRICS_TOKEN, or serve the metrics on loopback (127.0.0.1)`,
    );

  // Inngest's dev mode serves /api/inngest without checking signatures: anyone who reaches a
  // deployment could run its functions (deliveries, expiries, rail steps) at will
  const inngestDev = e.INNGEST_DEV !== undefined && e.INNGEST_DEV !== "0" && e.INNGEST_DEV !== "false";
  if (inngestDev && e.DATABASE_URL)
    throw new Error(
      "Invalid settings: INNGEST_DEV is for a laptop (Inngest's dev mode runs functions for any caller, unsigned) and DATABASE_URL is set: " +
        "remove INNGEST_DEV and set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY, or leave all three unset for the local dispatcher",
    );

  const dataDir = e.DATA_DIR ?? path.resolve(process.cwd(), ".data");
  const embedded = !e.DATABASE_URL;
  const inMemory = dataDir.startsWith("memory://");
  const liveRail = parseLiveRailSettings(e);

  // Secrets are resolved on first use, so that merely loading a module (as `next build` does) never
  // writes a secrets file; the server touches them at start-up and refuses to start without them.
  let secrets: { APP_SECRET: string; NEXTAUTH_SECRET: string } | undefined;
  const resolveSecrets = () => {
    if (secrets) return secrets;
    if (!embedded) {
      const missing = [!e.APP_SECRET && "APP_SECRET", !e.NEXTAUTH_SECRET && "NEXTAUTH_SECRET"].filter(Boolean);
      if (missing.length) throw new Error(`Missing settings: ${missing.join(", ")} must be set when DATABASE_URL is set`);
      secrets = { APP_SECRET: e.APP_SECRET!, NEXTAUTH_SECRET: e.NEXTAUTH_SECRET! };
    } else if (e.APP_SECRET && e.NEXTAUTH_SECRET) {
      secrets = { APP_SECRET: e.APP_SECRET, NEXTAUTH_SECRET: e.NEXTAUTH_SECRET };
    } else {
      const kept = inMemory ? generatedSecrets() : keptSecrets(dataDir);
      secrets = { APP_SECRET: e.APP_SECRET ?? kept.APP_SECRET, NEXTAUTH_SECRET: e.NEXTAUTH_SECRET ?? kept.NEXTAUTH_SECRET };
    }
    // where others can reach what the secrets key (a deployment, or a laptop on the real rail, whose
    // payer pages show signed challenges), they must be random: refused before anything is served
    if (!embedded || liveRail) assertStrongSecrets(secrets, embedded ? "the real rail is on" : "DATABASE_URL is set");
    return secrets;
  };

  // next-auth reads its own variable for the absolute URLs it redirects to: derive it from APP_URL
  process.env.NEXTAUTH_URL ??= e.APP_URL;

  return {
    databaseUrl: e.DATABASE_URL,
    dataDir,
    dbPoolSize: e.DB_POOL_SIZE,
    dbPoolWaitMs: e.DB_POOL_WAIT,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT,
    dbIdleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT,
    appUrl: e.APP_URL.replace(/\/+$/, ""),
    // `next dev`: development builds need looser headers (React's dev build evaluates code)
    dev: e.NODE_ENV === "development",
    checkoutUrl: (e.CHECKOUT_URL ?? e.APP_URL).replace(/\/+$/, ""),
    get appSecret() {
      return resolveSecrets().APP_SECRET;
    },
    get nextAuthSecret() {
      return resolveSecrets().NEXTAUTH_SECRET;
    },
    sessionTtlMs: e.SESSION_TTL,
    orderTtlMs: e.ORDER_TTL,
    links: { holdMs: e.LINK_HOLD, maxHeldPerAddress: e.LINK_MAX_HELD_PER_ADDRESS },
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT,
    webhookEndpointConcurrency: e.WEBHOOK_ENDPOINT_CONCURRENCY,
    webhookCircuitCooldownMs: e.WEBHOOK_CIRCUIT_COOLDOWN,
    newOwnerPayoutHoldMs: e.NEW_OWNER_PAYOUT_HOLD,
    refundClaimTtlMs: e.REFUND_CLAIM_TTL,
    eventRetentionMs: e.EVENT_RETENTION,
    webhookRetryDelaysMs: e.WEBHOOK_RETRY_DELAYS,
    allowPrivateWebhookUrls: e.ALLOW_PRIVATE_WEBHOOK_URLS,
    minAmountMicro: e.MIN_AMOUNT_USDC,
    maxAmountMicro: e.MAX_AMOUNT_USDC,
    supportedChainIds: e.SUPPORTED_CHAIN_IDS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    auditWritesPerHour: e.AUDIT_WRITES_PER_HOUR,
    unclaimedAuditRetentionMs: e.UNCLAIMED_AUDIT_RETENTION,
    trustedProxies: e.TRUSTED_PROXIES,
    ownServer: e.CHECKOUT_OWN_SERVER,
    sandboxRates: e.SANDBOX_RATES,
    inngest: {
      eventKey: e.INNGEST_EVENT_KEY,
      signingKey: e.INNGEST_SIGNING_KEY,
      dev: e.INNGEST_DEV,
      enabled: Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_DEV),
    },
    logLevel: e.LOG_LEVEL,
    metrics: {
      /** /metrics on the service's own port answers only with `Authorization: Bearer <token>`; unset: 404 */
      token: e.METRICS_TOKEN,
      /** a listener of its own for /metrics (the worker's only way to serve it), on METRICS_HOST */
      port: e.METRICS_PORT,
      host: e.METRICS_HOST,
    },
    /** OpenTelemetry traces (lib/tracing): null, the default, when OTEL_EXPORTER_OTLP_ENDPOINT is unset */
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          /** OTLP/HTTP (JSON): the collector's base URL with /v1/traces, as the standard variable means */
          tracesUrl: `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`,
          serviceName: e.OTEL_SERVICE_NAME ?? "checkout-service",
          /** sent with every export (a collector's API key): never logged */
          headers: e.OTEL_EXPORTER_OTLP_HEADERS,
        }
      : null,
    mail: {
      /** unset on a laptop (mail is written to the log); lib/mail refuses that when DATABASE_URL is set */
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Checkout <no-reply@${new URL(e.APP_URL).hostname}>`,
    },
    /** the real rail, or null: then every merchant is in the sandbox and none can go live */
    liveRail,
  };
}

function generatedSecrets() {
  return { APP_SECRET: randomSecret(), NEXTAUTH_SECRET: randomSecret() };
}

/** 32 random bytes in base64url; drawn again in the (one in billions) case one fails the strength rule's look. */
function randomSecret(): string {
  for (;;) {
    const secret = crypto.randomBytes(32).toString("base64url");
    if (!secretWeakness(secret)) return secret;
  }
}

// The embedded database is for laptops: missing secrets are made once and kept beside the data,
// so restarts keep webhook secrets decryptable and dashboard sessions valid.
function keptSecrets(dataDir: string): { APP_SECRET: string; NEXTAUTH_SECRET: string } {
  const file = path.join(dataDir, "secrets.json");
  try {
    const kept = JSON.parse(fs.readFileSync(file, "utf8"));
    if (typeof kept.APP_SECRET === "string" && typeof kept.NEXTAUTH_SECRET === "string") return kept;
  } catch {
    // not there yet
  }
  const fresh = generatedSecrets();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: "wx" });
    logger.warn("generated APP_SECRET and NEXTAUTH_SECRET and kept them in the data folder; set them for a real deployment", { file });
    return fresh;
  } catch {
    // another process wrote it first: use theirs
    return JSON.parse(fs.readFileSync(file, "utf8"));
  }
}

let cached: Config | undefined;

export function getConfig(): Config {
  if (!cached) {
    cached = buildConfig(process.env);
    setLogLevel(cached.logLevel);
    // the service's own server writes a line per request: batched (lib/core/logger.ts)
    batchStdout(cached.ownServer);
  }
  return cached;
}

/** Tests only: forget the parsed settings so a changed environment is read again. */
export function resetConfigForTests() {
  cached = undefined;
}
