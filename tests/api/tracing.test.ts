// Databases: PostgreSQL only: spans are made in the process, whatever database answers; its queries' spans come from the one wrapper of every driver's queries (lib/tracing/database.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb } from "@/db/client";
import { getConfig } from "@/lib/core/config";
import { LocalDispatcher } from "@/lib/start";
import { flushTracing, inSpan, isTracing, startTracing, stopTracing } from "@/lib/tracing";
import { call, newMerchant, sessionBody } from "../support/api";
import { Receiver } from "../support/receiver";
import { captureStderr } from "../support/stderr";
import { type Settings, setEnv } from "../support/env";

vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "203.0.113.7" }) }));
const { action } = await import("@/lib/http/action");

// Traces as a collector receives them: a local OTLP/HTTP receiver stands in for the collector, the
// real route handlers serve the requests, and what arrives is checked for the request's span, its
// database spans beneath it, the webhook attempt's span, and for anything that must never leave.

type FlatSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: Record<string, unknown>;
};

const SPAN_KIND_SERVER = 2;

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
const valueOf = (v: AnyValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue;

/** A collector on loopback: OTLP/HTTP with JSON bodies at /v1/traces, as the exporter sends them. */
class OtlpReceiver {
  readonly bodies: string[] = [];
  readonly headers: http.IncomingHttpHeaders[] = [];
  readonly spans: FlatSpan[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const text = (req.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
      this.bodies.push(text);
      this.headers.push(req.headers);
      for (const rs of JSON.parse(text).resourceSpans ?? []) {
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            this.spans.push({
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              name: s.name,
              kind: s.kind,
              status: s.status,
              attributes: Object.fromEntries((s.attributes ?? []).map((a: { key: string; value: AnyValue }) => [a.key, valueOf(a.value)])),
            });
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The spans beneath `root` (its children, theirs, …), by the parent ids the collector received. */
  descendantsOf(root: FlatSpan): FlatSpan[] {
    const found: FlatSpan[] = [];
    const parents = new Set([root.spanId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const s of this.spans) {
        if (s.traceId === root.traceId && s.parentSpanId && parents.has(s.parentSpanId) && !parents.has(s.spanId)) {
          parents.add(s.spanId);
          found.push(s);
          grew = true;
        }
      }
    }
    return found;
  }

  one(predicate: (s: FlatSpan) => boolean): FlatSpan {
    const matching = this.spans.filter(predicate);
    expect(matching, JSON.stringify(this.spans.map((s) => s.name))).toHaveLength(1);
    return matching[0]!;
  }
}

// every setting this file changes, put back after it
const SETTINGS: Settings = {
  OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
  OTEL_EXPORTER_OTLP_HEADERS: undefined,
  OTEL_SERVICE_NAME: undefined,
  ALLOW_PRIVATE_WEBHOOK_URLS: "true",
  WEBHOOK_TIMEOUT: "5s",
};
let restoreEnv: (() => void) | undefined;
const collector = new OtlpReceiver();
let endpoint: string;

beforeAll(async () => {
  endpoint = await collector.start();
  restoreEnv = setEnv(SETTINGS);
  await getDb();
});
afterAll(async () => {
  await stopTracing();
  restoreEnv?.();
  await collector.stop();
});

describe("with OTEL_EXPORTER_OTLP_ENDPOINT unset", () => {
  it("starts nothing, sends nothing, and gives traced work no span", async () => {
    setEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined });
    expect(await startTracing()).toBe(false);
    expect(isTracing()).toBe(false);
    const m = await newMerchant();
    const res = await call("POST", "/api/checkout/sessions", {
      key: m.apiKey,
      headers: { "x-request-id": "req-untraced" },
      body: sessionBody(m),
    });
    expect(res.status, res.text).toBe(201);
    expect(await inSpan("probe", {}, async (span) => span)).toBeUndefined();
    await flushTracing();
    expect(collector.bodies).toEqual([]);
  });
});

describe("with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  beforeAll(async () => {
    setEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint}/`,
      OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=test%20token",
      OTEL_SERVICE_NAME: "checkout-under-test",
    });
    expect(await startTracing()).toBe(true);
    expect(isTracing()).toBe(true);
  });
  afterAll(async () => {
    await stopTracing();
    expect(isTracing()).toBe(false);
  });

  it("sends each request's span, named by its route template, with its database queries beneath it", async () => {
    const m = await newMerchant();
    const created = await call("POST", "/api/checkout/sessions", {
      key: m.apiKey,
      headers: { "x-request-id": "req-trace-create" },
      body: sessionBody(m, { metadata: { orderRef: "secret-metadata-value" } }),
    });
    expect(created.status, created.text).toBe(201);
    const sessionId: string = created.body.responseObject.session.id;
    const read = await call("GET", `/api/checkout/sessions/${sessionId}?expand=secret-query-value`, {
      key: m.apiKey,
      headers: { "x-request-id": "req-trace-read" },
    });
    expect(read.status, read.text).toBe(200);
    const missing = await call("GET", "/api/checkout/sessions/sess_doesnotexist", {
      key: m.apiKey,
      headers: { "x-request-id": "req-trace-404" },
    });
    expect(missing.status).toBe(404);
    const health = await call("GET", "/api/health/ready", { headers: { "x-request-id": "req-trace-health" } });
    expect(health.status, health.text).toBe(200);
    await flushTracing();

    // the collector got JSON, with the configured headers and service name
    expect(collector.headers[0]?.["content-type"]).toContain("application/json");
    expect(collector.headers[0]?.["x-collector-token"]).toBe("test token");
    expect(collector.bodies[0]).toContain('"checkout-under-test"');

    const create = collector.one((s) => s.attributes["checkout.request_id"] === "req-trace-create" && s.kind === SPAN_KIND_SERVER);
    expect(create.name).toBe("POST /api/checkout/sessions");
    expect(create.parentSpanId).toBeUndefined();
    expect(create.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/api/checkout/sessions",
      "http.response.status_code": 201,
    });

    const readSpan = collector.one((s) => s.attributes["checkout.request_id"] === "req-trace-read" && s.kind === SPAN_KIND_SERVER);
    expect(readSpan.name).toBe("GET /api/checkout/sessions/[id]");
    expect(readSpan.attributes).toMatchObject({ "http.route": "/api/checkout/sessions/[id]", "http.response.status_code": 200 });
    // the load balancer's health checks are left out
    expect(collector.spans.some((s) => s.attributes["checkout.request_id"] === "req-trace-health")).toBe(false);
    // a client error is not the span's failure (OpenTelemetry's HTTP conventions)
    const notFound = collector.one((s) => s.attributes["checkout.request_id"] === "req-trace-404" && s.kind === SPAN_KIND_SERVER);
    expect(notFound.attributes["http.response.status_code"]).toBe(404);
    expect(notFound.status?.code ?? 0).not.toBe(2);

    // the database spans are the request's descendants, in its trace, with the SQL and its placeholders
    // (a session is created by one statement: the session, its payout address's check and its event)
    const queries = collector.descendantsOf(create).filter((s) => s.attributes["db.system.name"] === "postgresql");
    expect(queries.length).toBeGreaterThan(0);
    const insert = queries.find((s) => String(s.attributes["db.query.text"]).includes('insert into "checkout_sessions"'));
    expect(insert, JSON.stringify(queries.map((q) => q.name))).toBeDefined();
    expect(insert!.attributes["db.query.text"]).toMatch(/\) select \$1::\w+, \$2::/);
    const reads = collector.descendantsOf(readSpan).filter((s) => s.attributes["db.system.name"] === "postgresql");
    expect(reads.map((s) => s.name)).toContain("SELECT checkout_sessions");
    for (const q of queries) expect(q.traceId).toBe(create.traceId);

    // nothing a caller sent, no secret and no query parameter leaves the process
    const exported = collector.bodies.join("\n");
    for (const secret of [m.apiKey, sessionId, "secret-metadata-value", "secret-query-value", "sess_doesnotexist"]) {
      expect(exported).not.toContain(secret);
    }
    expect(exported).not.toContain("drizzle.query.params");
  });

  it("puts the queries of a request's transaction beneath it too", async () => {
    const m = await newMerchant();
    // with an Idempotency-Key the handler runs in one transaction with the key's claim and answer
    const created = await call("POST", "/api/checkout/sessions", {
      key: m.apiKey,
      headers: { "x-request-id": "req-trace-tx", "idempotency-key": "tracing-tx-1" },
      body: sessionBody(m),
    });
    expect(created.status, created.text).toBe(201);
    await flushTracing();
    const request = collector.one((s) => s.attributes["checkout.request_id"] === "req-trace-tx" && s.kind === SPAN_KIND_SERVER);
    const texts = collector.descendantsOf(request).map((s) => String(s.attributes["db.query.text"]));
    expect(texts.some((t) => t.includes('insert into "idempotency_records"'))).toBe(true);
    expect(texts.some((t) => t.includes('insert into "checkout_sessions"'))).toBe(true);
  });

  it("sends each server action's span, with its outcome and its queries beneath it", async () => {
    const input = z.strictObject({ note: z.string() });
    const ok = action({ name: "tracing.ok", input, actor: "public" }, async ({ db }) => {
      await db.execute(sql`select 1`);
      return { ok: true as const };
    });
    const broken = action({ name: "tracing.broken", input, actor: "public" }, async () => {
      throw new Error("a driver's message that quotes secret-action-value");
    });
    expect(await ok({ note: "secret-action-input" })).toEqual({ ok: true });
    const logged = captureStderr();
    try {
      expect((await broken({ note: "x" })).ok).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
    expect(logged.join("")).toContain('"action":"tracing.broken"');
    await flushTracing();

    const done = collector.one((s) => s.name === "action tracing.ok");
    expect(done.kind).toBe(SPAN_KIND_SERVER);
    expect(done.attributes).toMatchObject({ "checkout.action": "tracing.ok", "checkout.outcome": "ok" });
    expect(collector.descendantsOf(done).map((s) => s.attributes["db.query.text"])).toContain("select 1");
    const failed = collector.one((s) => s.name === "action tracing.broken");
    expect(failed.attributes).toMatchObject({ "checkout.outcome": "failed", "error.type": "internal" });
    expect(failed.status?.code).toBe(2); // STATUS_CODE_ERROR
    const exported = collector.bodies.join("\n");
    expect(exported).not.toContain("secret-action-value");
    expect(exported).not.toContain("secret-action-input");
  });

  it("never exports drizzle's query parameters, whoever sets them", async () => {
    await inSpan("probe.params", {}, async (span) => {
      span!.setAttribute("drizzle.query.params", JSON.stringify(["a-secret-parameter"]));
      span!.setAttribute("drizzle.query.text", 'select 1 where "x" = $1');
    });
    await flushTracing();
    const probe = collector.one((s) => s.name === "probe.params");
    expect(probe.attributes["drizzle.query.text"]).toBe('select 1 where "x" = $1');
    expect(probe.attributes).not.toHaveProperty("drizzle.query.params");
    expect(collector.bodies.join("\n")).not.toContain("a-secret-parameter");
  });

  it("sends each webhook attempt's span, with the request that made the event, its outcome and its queries", async () => {
    const receiver = await new Receiver().start();
    try {
      const m = await newMerchant();
      // a v1 webhook: creating a session is a v1 event (ORDER_CREATED)
      const hook = await call("POST", "/api/v1/webhooks", { key: m.apiKey, body: { url: receiver.url } });
      expect(hook.status, hook.text).toBe(201);
      const created = await call("POST", "/api/checkout/sessions", {
        key: m.apiKey,
        headers: { "x-request-id": "req-trace-hook" },
        body: sessionBody(m),
      });
      expect(created.status, created.text).toBe(201);

      const dispatcher = new LocalDispatcher(await getDb(), { pollMs: 50 });
      dispatcher.start();
      try {
        await receiver.waitFor(1);
      } finally {
        await dispatcher.stop();
      }
      await flushTracing();

      const attempt = collector.one((s) => s.name === "webhook.deliver" && s.attributes["checkout.request_id"] === "req-trace-hook");
      expect(attempt.attributes).toMatchObject({ "checkout.outcome": "delivered", "http.response.status_code": 200 });
      expect(attempt.attributes["checkout.delivery_id"]).toMatch(/^dlv_/);
      expect(attempt.attributes["checkout.event_id"]).toMatch(/^evt_/);
      // the attempt is work of its own (the dispatcher's), not part of the request's trace
      const request = collector.one((s) => s.attributes["checkout.request_id"] === "req-trace-hook" && s.kind === SPAN_KIND_SERVER);
      expect(attempt.traceId).not.toBe(request.traceId);
      // recording the attempt is a query beneath it
      const queries = collector.descendantsOf(attempt).filter((s) => s.attributes["db.system.name"] === "postgresql");
      expect(queries.map((q) => q.attributes["db.query.text"]).join("\n")).toContain("delivery_attempts");

      const exported = collector.bodies.join("\n");
      expect(exported).not.toContain(hook.body.responseObject.secret);
      expect(exported).not.toContain(receiver.url);
    } finally {
      await receiver.stop();
    }
  });
});

describe("the settings", () => {
  it("refuse an endpoint that is not an http(s) URL, and malformed headers without quoting their values", () => {
    setEnv({ OTEL_SERVICE_NAME: undefined, OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" });
    try {
      expect(() => getConfig()).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be the collector's base URL/);
      setEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: "https://otlp.example.com",
        OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20ok,broken-secret-value",
      });
      expect(() => getConfig()).toThrow(/OTEL_EXPORTER_OTLP_HEADERS: must be name=value pairs/);
      expect(() => getConfig()).not.toThrow(/broken-secret-value/);
      setEnv({ OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20ok, x-tenant = shop" });
      expect(getConfig().tracing).toEqual({
        tracesUrl: "https://otlp.example.com/v1/traces",
        serviceName: "checkout-service",
        headers: { authorization: "Bearer ok", "x-tenant": "shop" },
      });
    } finally {
      setEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_HEADERS: undefined });
    }
    expect(getConfig().tracing).toBeNull();
  });
});
