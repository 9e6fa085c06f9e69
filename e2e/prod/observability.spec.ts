import fs from "node:fs";
import path from "node:path";
import { kill, postgresCtl, restart } from "../../scripts/prod-like";
import { expect, startReceiver, test } from "../support/fixtures";
import { Integration, send, topology } from "../support/topology";

// What an operator sees of the production topology (Caddy → app1, app2 → PostgreSQL, plus the
// worker): a real Prometheus scraping every process with deploy/prometheus/ as shipped, the logs of
// all three processes, and health that tells a draining or database-less instance (not ready) from
// a dead one (not alive).
// Where it runs: through the production topology only. It reads what the topology's processes and Prometheus report.

test.describe.configure({ mode: "serial" });

type Sample = { metric: Record<string, string>; value: [number, string] };

async function query(expr: string): Promise<Sample[]> {
  const res = await fetch(`${topology().prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; error?: string; data: { result: Sample[] } };
  if (body.status !== "success") throw new Error(`${expr}: ${body.error}`);
  return body.data.result;
}

const total = async (expr: string) => (await query(expr)).reduce((a, s) => a + Number(s.value[1]), 0);

test("a real Prometheus scrapes both instances and the worker: a burst of sessions and a failing webhook show up, and no series carries an id", async () => {
  test.setTimeout(180_000);
  const t = topology();
  // every process, as deploy/prometheus/prometheus.yml lists them
  await expect
    .poll(async () => (await query('up{job="checkout"}')).map((s) => `${s.metric.role} ${s.value[1]}`).sort(), { timeout: 30_000 })
    .toEqual(["app 1", "app 1", "worker 1"]);

  const created = 'sum(checkout_state_transitions_total{machine="session", trigger="create"})';
  const started = 'sum(checkout_state_transitions_total{machine="session", trigger="start"})';
  const posted = 'sum(checkout_http_requests_total{route="/api/checkout/sessions", method="POST", status="201"})';
  const failing = 'sum(checkout_webhook_attempts_total{outcome="retrying"})';
  const before = {
    created: await total(created),
    started: await total(started),
    posted: await total(posted),
    failing: await total(failing),
  };

  const receiver = await startReceiver();
  receiver.answer(500);
  const shop = await Integration.signUp(t.url);
  try {
    await shop.webhook(receiver.url);
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let i = 0; i < 5; i++) await shop.startedSession();
      }),
    );
    await expect.poll(() => total(created), { timeout: 30_000 }).toBeGreaterThanOrEqual(before.created + 20);
    await expect.poll(() => total(started), { timeout: 30_000 }).toBeGreaterThanOrEqual(before.started + 20);
    await expect.poll(() => total(posted), { timeout: 30_000 }).toBeGreaterThanOrEqual(before.posted + 20);
    // the endpoint answers 500: attempts that will be retried, from whichever process sent them
    await expect.poll(() => total(failing), { timeout: 60_000 }).toBeGreaterThanOrEqual(before.failing + 40);
    // both instances served the burst (the proxy balances), each counted by its own scrape
    const byInstance = await query(`sum by (instance) (checkout_http_requests_total{route="/api/checkout/sessions", status="201"})`);
    expect(byInstance.map((s) => s.metric.instance).sort()).toEqual(t.instances.map((i) => `127.0.0.1:${i.port}`).sort());
    // the backlog, read from the shared table by every process
    expect(await total("max(checkout_webhook_deliveries_due)")).toBeGreaterThanOrEqual(0);
    // every process reads the database at each scrape (within 3 s, else 0): a read slowed by the burst
    // above shows once as 0, so the gauge is asked until each process's latest scrape has answered
    await expect.poll(() => total("min(checkout_database_up)"), { timeout: 30_000 }).toBe(1);
  } finally {
    await receiver.close();
  }

  // no label value anywhere is an id, a merchant, a key or a path a caller chose; the taker wallets'
  // addresses (the operator's own, a fixed set) are the one place an address is a label
  const res = await fetch(`${t.prometheusUrl}/api/v1/series?match[]=${encodeURIComponent('{job="checkout"}')}`);
  const series = ((await res.json()) as { data: Record<string, string>[] }).data;
  expect(series.length).toBeGreaterThan(200);
  const offending = series.flatMap((s) =>
    Object.entries(s)
      .filter(([k]) => k !== "wallet" && k !== "__name__")
      .filter(([, v]) =>
        // an id (a lowercase prefix and 12 or more letters or digits), a UUID, an address, a key, a merchant's name
        /\b[a-z]{2,6}_[0-9a-zA-Z]{12,}|[0-9a-f]{8}-[0-9a-f]{4}-|0x[0-9a-fA-F]{8,}|sk_|shop-/.test(v),
      )
      .map(([k, v]) => `${s.__name__}{${k}="${v}"}`),
  );
  expect(offending).toEqual([]);
  expect(series.map((s) => Object.values(s).join(" ")).join("\n")).not.toContain(shop.merchantId);
  expect(series.filter((s) => s.__name__ === "checkout_http_requests_total").map((s) => s.route)).not.toContain(
    expect.stringMatching(/sess_|\?/),
  );

  // the alert rules are loaded and evaluate without error
  const rules = (await (await fetch(`${t.prometheusUrl}/api/v1/rules`)).json()) as {
    data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
  };
  const loaded = rules.data.groups.flatMap((g) => g.rules);
  expect(loaded.map((r) => r.name)).toEqual(
    expect.arrayContaining(["CheckoutWebhooksFailing", "CheckoutDispatcherStalled", "CheckoutWalletLowOnGas"]),
  );
  await expect
    .poll(
      async () => {
        const r = (await (await fetch(`${t.prometheusUrl}/api/v1/rules`)).json()) as typeof rules;
        return r.data.groups
          .flatMap((g) => g.rules)
          .filter((x) => x.health !== "ok")
          .map((x) => `${x.name}: ${x.health} ${x.lastError ?? ""}`);
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
});

test("every query of the Grafana dashboard returns a series from this Prometheus", async () => {
  const dashboard = JSON.parse(fs.readFileSync(path.join(process.cwd(), "deploy", "grafana", "checkout-dashboard.json"), "utf8")) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const exprs = dashboard.panels.flatMap((p) =>
    p.targets.map((t) => ({ title: p.title, expr: t.expr.replaceAll("$__rate_interval", "1m") })),
  );
  expect(exprs.length).toBeGreaterThanOrEqual(18);
  const empty: string[] = [];
  for (const { title, expr } of exprs) if ((await query(expr)).length === 0) empty.push(`${title}: ${expr}`);
  expect(empty).toEqual([]);
});

type Line = { msg: string; requestId?: string; deliveryId?: string; eventId?: string; route?: string; status?: number; file: string };

function logLines(dir: string, names: string[]): Line[] {
  return names.flatMap((name) =>
    fs
      .readFileSync(path.join(dir, `${name}.log`), "utf8")
      .split("\n")
      .flatMap((l) => {
        try {
          return [{ ...(JSON.parse(l) as Line), file: name }];
        } catch {
          return []; // Next's own banner lines
        }
      }),
  );
}

test("one request id, from the proxy's answer through both instances' and the worker's logs to the delivery it caused", async () => {
  test.setTimeout(120_000);
  const t = topology();
  const receiver = await startReceiver();
  try {
    const shop = await Integration.signUp(t.url);
    const webhookId = await shop.webhook(receiver.url);
    const sessionId = await shop.createSession();
    const start = await send(`${t.url}/api/checkout/sessions/${sessionId}/start`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": shop.apiKey },
      body: JSON.stringify({ paymentPlatform: "venmo", fiatCurrency: "USD" }),
    });
    expect(start.status).toBe(200);
    const requestId = start.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // the request's two events reach the endpoint
    await expect.poll(() => receiver.events().filter((e) => e.sessionId === sessionId).length, { timeout: 30_000 }).toBe(2);
    const deliveries = (await shop.get(`/api/webhooks/${webhookId}/deliveries?limit=100`)).body.responseObject.deliveries as {
      id: string;
      status: string;
    }[];
    const delivered = deliveries.filter((d) => d.status === "DELIVERED").map((d) => d.id);

    // the logs are written as the lines happen: give the last one a moment
    await expect
      .poll(
        () => logLines(t.dir, ["app1", "app2", "worker"]).filter((l) => l.requestId === requestId && l.msg === "webhook delivered").length,
        {
          timeout: 10_000,
        },
      )
      .toBe(2);
    const lines = logLines(t.dir, ["app1", "app2", "worker"]).filter((l) => l.requestId === requestId);
    // the request itself, in the one instance that served it, by its route template
    const served = lines.filter((l) => l.msg === "request");
    expect(served).toHaveLength(1);
    expect(served[0]).toMatchObject({ route: "/api/checkout/sessions/[id]/start", status: 200 });
    expect(["app1", "app2"]).toContain(served[0]!.file);
    // each delivery it caused, in whichever process sent it, by the delivery's id
    const sent = lines.filter((l) => l.msg === "webhook delivered");
    expect(sent.map((l) => l.deliveryId).sort()).toEqual(delivered.sort());
    expect(sent.every((l) => l.eventId?.startsWith("evt_"))).toBe(true);

    // what a log may never carry: the merchant's key, the webhook's secret, a raw path with the session id
    const text = ["app1", "app2", "worker"].map((n) => fs.readFileSync(path.join(t.dir, `${n}.log`), "utf8")).join("\n");
    expect(text).not.toContain(shop.apiKey);
    expect(text).not.toContain(`/api/checkout/sessions/${sessionId}`);
  } finally {
    await receiver.close();
  }
});

test("an instance that drains, or has lost its database, is alive but not ready; the proxy answers the envelope when none is", async () => {
  test.setTimeout(180_000);
  const t = topology();
  const direct = (name: string, what: "live" | "ready") =>
    send(`http://127.0.0.1:${t.instances.find((i) => i.name === name)!.port}/api/health/${what}`).then((r) => r.status);

  // draining: SIGTERM, then SHUTDOWN_DELAY_MS (3 s) of serving with readiness failing
  const pid = t.pids.app2!;
  process.kill(pid, "SIGTERM");
  await expect.poll(() => direct("app2", "ready"), { timeout: 2_000, intervals: [100] }).toBe(503);
  expect(await direct("app2", "live")).toBe(200);
  await kill(t, "app2");
  await restart(t, "app2");
  expect(await direct("app2", "ready")).toBe(200);

  // the database away: both instances stay alive and stop being ready; the proxy, with no ready
  // instance, answers 503 in the API's envelope
  postgresCtl.stop();
  try {
    await expect.poll(() => direct("app1", "ready"), { timeout: 15_000 }).toBe(503);
    expect(await direct("app1", "live")).toBe(200);
    expect(await direct("app2", "live")).toBe(200);
    await expect
      .poll(
        async () => {
          const res = await send(`${t.url}/api/health/ready`);
          return `${res.status} ${res.body?.error?.code}`;
        },
        { timeout: 30_000 },
      )
      .toBe("503 UNAVAILABLE");
    // and Prometheus sees the database as down
    await expect.poll(() => total("min(checkout_database_up)"), { timeout: 20_000 }).toBe(0);
  } finally {
    postgresCtl.start();
  }
  await expect.poll(() => direct("app1", "ready"), { timeout: 30_000 }).toBe(200);
  await expect.poll(async () => (await send(`${t.url}/api/health/ready`)).status, { timeout: 30_000 }).toBe(200);
});
