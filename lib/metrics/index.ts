import client from "prom-client";
import { routeTemplates } from "./routes";

// The service's Prometheus metrics (prom-client). Label values are bounded by construction: route
// templates from the build's own route list (never a raw path), methods from a fixed list, status
// codes, and names from the code's own tables (machines and their triggers, rate-limit rules, rail
// transaction kinds). No id, merchant or anything a caller chooses is ever a label value.

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The database pool as the app sees it: statements and transactions under way, against the pool's size. */
export const dbPool = { size: 0, active: 0 };

function create() {
  const registry = new client.Registry();
  // process metrics (CPU, memory, file descriptors) and Node's (heap, GC, event-loop lag)
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const templates = routeTemplates();

  const httpRequests = new client.Counter({
    name: "checkout_http_requests_total",
    help: "HTTP requests answered, by route template, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const httpDuration = new client.Histogram({
    name: "checkout_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route template and method",
    labelNames: ["route", "method"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const webhookAttempts = new client.Counter({
    name: "checkout_webhook_attempts_total",
    help: "Webhook delivery attempts by outcome: delivered, retrying (failed, another attempt is planned), failed (given up), skipped (webhook deleted or inactive)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const webhookDuration = new client.Histogram({
    name: "checkout_webhook_attempt_duration_seconds",
    help: "Duration of webhook delivery attempts (the POST to the merchant's endpoint)",
    labelNames: ["outcome"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const dispatchLag = new client.Histogram({
    name: "checkout_webhook_dispatch_lag_seconds",
    help: "How long after it was due a delivery attempt started",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers,
  });
  const dispatcherTick = new client.Gauge({
    name: "checkout_dispatcher_last_tick_timestamp_seconds",
    help: "When this process's dispatcher last finished looking for due work (Unix time); absent where no dispatcher runs",
    registers,
  });
  const transitions = new client.Counter({
    name: "checkout_state_transitions_total",
    help: "Sessions, orders and deliveries moved by the state machines' transitions (create is a row's insert)",
    labelNames: ["machine", "trigger", "to"] as const,
    registers,
  });
  const proofAttempts = new client.Counter({
    name: "checkout_proof_attempts_total",
    help: "Payment proofs submitted, by outcome (success, or the rail's error code)",
    labelNames: ["outcome"] as const,
    registers,
  });
  const rateLimited = new client.Counter({
    name: "checkout_rate_limit_refusals_total",
    help: "Requests refused by a rate limit, by the limit's name",
    labelNames: ["limit"] as const,
    registers,
  });
  new client.Gauge({
    name: "checkout_db_pool_size",
    help: "Connections the requests' PostgreSQL pool may open (0 on the embedded database; the background work has up to 4 more of its own)",
    registers,
    collect() {
      this.set(dbPool.size);
    },
  });
  new client.Gauge({
    name: "checkout_db_pool_in_use",
    help: "PostgreSQL connections busy with a statement or a transaction",
    registers,
    collect() {
      this.set(Math.min(dbPool.active, dbPool.size));
    },
  });
  new client.Gauge({
    name: "checkout_db_pool_waiting",
    help: "Statements and transactions waiting for a free PostgreSQL connection",
    registers,
    collect() {
      this.set(Math.max(0, dbPool.active - dbPool.size));
    },
  });
  const walletBalance = new client.Gauge({
    name: "checkout_rail_wallet_balance_eth",
    help: "ETH held by each taker wallet of the real rail (the operator's configured addresses), as last read",
    labelNames: ["wallet"] as const,
    registers,
  });
  const walletLow = new client.Gauge({
    name: "checkout_rail_wallet_low_threshold_eth",
    help: "ZKP2P_MIN_WALLET_ETH: below it a taker wallet is low on gas",
    registers,
  });

  return {
    registry,
    /** Every series these counters can have, at zero: the transitions of the machines' tables, the rate limits by name. */
    zero(all: { transitions: { machine: string; trigger: string; to: string }[]; limits: string[] }) {
      for (const outcome of ["delivered", "retrying", "failed", "skipped"]) webhookAttempts.inc({ outcome }, 0);
      for (const labels of all.transitions) transitions.inc(labels, 0);
      for (const limit of all.limits) rateLimited.inc({ limit }, 0);
      proofAttempts.inc({ outcome: "success" }, 0);
    },
    /** One answered HTTP request (scripts/server.mjs calls this for every request it serves). */
    observeHttp(method: string, pathname: string, status: number, seconds: number) {
      const route = templates(pathname);
      const m = METHODS.has(method) ? method : "OTHER";
      httpRequests.inc({ route, method: m, status: String(status) });
      httpDuration.observe({ route, method: m }, seconds);
      return route;
    },
    webhookAttempt(outcome: "delivered" | "retrying" | "failed" | "skipped", seconds: number | null, lagSeconds: number | null) {
      webhookAttempts.inc({ outcome });
      if (seconds !== null) webhookDuration.observe({ outcome }, seconds);
      if (lagSeconds !== null) dispatchLag.observe(Math.max(0, lagSeconds));
    },
    dispatcherTicked() {
      dispatcherTick.setToCurrentTime();
    },
    transition(machine: string, trigger: string, to: string, n = 1) {
      transitions.inc({ machine, trigger, to }, n);
    },
    proofAttempt(outcome: string) {
      proofAttempts.inc({ outcome });
    },
    rateLimited(limit: string) {
      rateLimited.inc({ limit });
    },
    walletBalance(wallet: string, eth: number, thresholdEth: number) {
      walletBalance.set({ wallet }, eth);
      walletLow.set(thresholdEth);
    },
  };
}

export type Metrics = ReturnType<typeof create>;
const holder = globalThis as { __checkoutMetrics?: Metrics };

/**
 * The process's metrics, made once. On globalThis so that the server script (scripts/server.mjs),
 * which records each request, and the app's bundle share one registry.
 */
export function metrics(): Metrics {
  return (holder.__checkoutMetrics ??= create());
}

/** The text Prometheus scrapes. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
