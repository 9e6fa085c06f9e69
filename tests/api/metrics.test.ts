// Databases: PostgreSQL only: the series are recorded in the process, whatever database answers.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { metrics, renderMetrics } from "@/lib/metrics";
import { LocalDispatcher as Dispatcher, startMetrics } from "@/lib/start";
import { eq } from "drizzle-orm";
import { call, newMerchant, newSession, sessionBody } from "../support/api";
import { Receiver } from "../support/receiver";
import { setEnv, withEnv } from "../support/env";

// The metrics a Prometheus scrapes, as the service's own code records them: every series there at
// zero from the start, counters moved by real requests and deliveries, and label values that are
// never an id or anything a caller chose.

const TOKEN = "metrics-token-for-tests-0123456789";
let stopMetrics: () => Promise<void>;
let port: number;
let restoreEnv: (() => void) | undefined;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Each series of the text format as [name, labels, value]. */
function series(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(l)!;
      const labels: Record<string, string> = {};
      for (const [, k, v] of (m[2] ?? "").matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

const valueOf = async (name: string, labels: Record<string, string>) =>
  series((await renderMetrics()).body)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);

beforeAll(async () => {
  port = await freePort();
  restoreEnv = setEnv({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(port), ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "2s" });
  await getDb();
  stopMetrics = await startMetrics();
});
afterAll(async () => {
  await stopMetrics?.();
  restoreEnv?.();
});

describe("GET /metrics", () => {
  it("answers only with the bearer token on the service's port", async () => {
    const get = (headers: Record<string, string> = {}) => metricsRoute(new Request("http://checkout.test/metrics", { headers }));
    expect((await get()).status).toBe(401);
    expect((await get({ authorization: "Bearer wrong-token-wrong-token-00" })).status).toBe(401);
    expect((await get({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    const ok = await get({ authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toContain("# TYPE checkout_http_requests_total counter");
  });

  it("is not served on the service's port without METRICS_TOKEN", async () => {
    await withEnv({ METRICS_TOKEN: undefined }, async () => {
      expect((await metricsRoute(new Request("http://checkout.test/metrics"))).status).toBe(404);
    });
  });

  it("is served on METRICS_PORT, bound to loopback, asking for the token too", async () => {
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const name of ["process_cpu_seconds_total", "nodejs_eventloop_lag_seconds", "checkout_database_up", "checkout_db_pool_size"]) {
      expect(text).toContain(`\n${name}`);
    }
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});

describe("the series", () => {
  it("exist at zero before anything happened: every transition of the machines' tables and every rate limit", async () => {
    const all = series((await renderMetrics()).body);
    const transitions = all.filter((s) => s.name === "checkout_state_transitions_total");
    expect(transitions.map((s) => `${s.labels.machine}.${s.labels.trigger}`)).toEqual(
      expect.arrayContaining(["session.create", "session.expire", "order.create", "order.proofVerified", "delivery.attemptFailed"]),
    );
    expect(all.some((s) => s.name === "checkout_rate_limit_refusals_total" && s.labels.limit === "sessions.create")).toBe(true);
    expect(all.filter((s) => s.name === "checkout_webhook_attempts_total").map((s) => s.labels.outcome)).toEqual(
      expect.arrayContaining(["delivered", "retrying", "failed", "skipped"]),
    );
  });

  it("count sessions created, webhook attempts by outcome and the backlog, with the request's id on the event", async () => {
    const receiver = await new Receiver().start();
    receiver.reply = () => ({ status: 500, body: "down" });
    try {
      const m = await newMerchant();
      // a v1 webhook: creating a session is a v1 event (ORDER_CREATED)
      const hook = await call("POST", "/api/v1/webhooks", { key: m.apiKey, body: { url: receiver.url } });
      expect(hook.status, hook.text).toBe(201);
      const created = await valueOf("checkout_state_transitions_total", { machine: "session", trigger: "create" });
      const retrying = await valueOf("checkout_webhook_attempts_total", { outcome: "retrying" });
      const session = await call("POST", "/api/checkout/sessions", {
        key: m.apiKey,
        headers: { "x-request-id": "req-metrics-1" },
        body: sessionBody(m),
      });
      expect(session.status, session.text).toBe(201);
      for (let i = 0; i < 4; i++) await newSession(m);
      expect(await valueOf("checkout_state_transitions_total", { machine: "session", trigger: "create" })).toBe(created + 5);

      const db = await getDb();
      const [event] = await db.select().from(events).where(eq(events.sessionId, session.body.responseObject.session.id));
      expect(event?.requestId).toBe("req-metrics-1");

      // the backlog as the scrape reads it (the database gauges are fresh for 5 s: wait past that)
      await new Promise((r) => setTimeout(r, 5_100));
      expect(await valueOf("checkout_webhook_deliveries_due", {})).toBeGreaterThanOrEqual(5);

      const dispatcher = new Dispatcher(db, { pollMs: 50 });
      dispatcher.start();
      try {
        await expect
          .poll(() => valueOf("checkout_webhook_attempts_total", { outcome: "retrying" }), { timeout: 20_000 })
          .toBeGreaterThanOrEqual(retrying + 5);
      } finally {
        await dispatcher.stop();
      }
      expect(await valueOf("checkout_webhook_attempt_duration_seconds_count", { outcome: "retrying" })).toBeGreaterThanOrEqual(5);
      expect(await valueOf("checkout_dispatcher_last_tick_timestamp_seconds", {})).toBeGreaterThan(Date.now() / 1000 - 60);
    } finally {
      await receiver.stop();
    }
  });

  it("count HTTP requests by route template, never by the raw path", async () => {
    const m = metrics();
    m.observeHttp("GET", "/api/checkout/sessions/sess_0123456789abcdef", 200, 0.01);
    m.observeHttp("GET", "/wp-login.php?user=admin", 404, 0.001);
    m.observeHttp("BREW", "/", 405, 0.001);
    expect(
      await valueOf("checkout_http_requests_total", { route: "/api/checkout/sessions/[id]", method: "GET", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(await valueOf("checkout_http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(await valueOf("checkout_http_requests_total", { method: "OTHER" })).toBeGreaterThanOrEqual(1);
  });

  it("carry no id, merchant or caller's value in any label", async () => {
    const all = series((await renderMetrics()).body);
    expect(all.length).toBeGreaterThan(100);
    const values = all.flatMap((s) => Object.values(s.labels));
    const idLike = values.filter((v) => /(sess|merch|evt|dlv|whk|ord|req)_|[0-9a-f]{16}|req-metrics|wp-login/.test(v));
    expect(idLike).toEqual([]);
  });
});
