import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { kill, postgresCtl, restart } from "../../scripts/prod-like";
import { expect, startReceiver, test } from "../support/fixtures";
import { PROD_ENV } from "../support/prod-global-setup";
import { Integration, proxyHealth, proxyRoutesTo, send, topology, topologySql } from "../support/topology";

// Faults injected into the production topology (Caddy → app1, app2 → PostgreSQL, plus a worker),
// with a merchant integration that retries as a careful one does (Idempotency-Key, 502/503 retried).
// Each test leaves every process running again.
// Where it runs: through the production topology only. Each test kills, restarts or cuts off a process of it.

const WEBHOOK_TIMEOUT_MS = 5_000; // PROD_ENV.WEBHOOK_TIMEOUT
expect(PROD_ENV.WEBHOOK_TIMEOUT).toBe("5s");

test.describe.configure({ mode: "serial" });

test("the client's address is the one the proxy saw, whatever X-Forwarded-For the client sends", async () => {
  const t = topology();
  const sql = topologySql(t);
  try {
    for (const forged of ["6.6.6.6", "7.7.7.7, 8.8.8.8"]) {
      const res = await send(`${t.url}/api/merchants`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forged },
        body: JSON.stringify({ name: `forged-${Date.now()}-${forged.length}` }),
      });
      expect(res.status).toBe(201);
    }
    const buckets = (await sql`select bucket from rate_limit_counters where bucket like 'merchants.create:ip:%'`).map(
      (r) => r.bucket as string,
    );
    expect(buckets.filter((b) => /6\.6\.6\.6|7\.7\.7\.7|8\.8\.8\.8/.test(b))).toEqual([]);
    expect(buckets.some((b) => b === "merchants.create:ip:127.0.0.1" || b === "merchants.create:ip:::1")).toBe(true);
  } finally {
    await sql.end();
  }
});

test("an instance and then the worker killed mid-burst: no event lost, none sent twice but those in flight", async () => {
  test.setTimeout(240_000);
  const t = topology();
  const receiver = await startReceiver();
  const sql = topologySql(t);
  const kills: number[] = [];
  try {
    const shop = await Integration.signUp(t.url);
    await shop.webhook(receiver.url);
    // three clients, ten sessions each, started one after another: 60 events. The burst holds at
    // 6 and at 18 sessions until the process has been killed, so each kill falls in its middle.
    let started = 0;
    let firstKilled!: () => void, secondKilled!: () => void;
    const afterFirst = new Promise<void>((r) => (firstKilled = r));
    const afterSecond = new Promise<void>((r) => (secondKilled = r));
    const clients = [0, 1, 2].map(async () => {
      for (let i = 0; i < 10; i++) {
        if (started >= 6) await afterFirst;
        if (started >= 18) await afterSecond;
        started++;
        await shop.startedSession();
      }
    });
    const burst = Promise.all(clients);
    await expect.poll(() => started, { timeout: 60_000, intervals: [20] }).toBeGreaterThanOrEqual(6);
    kills.push(Date.now());
    await kill(t, "app1", "SIGKILL");
    firstKilled();
    await expect.poll(() => started, { timeout: 60_000, intervals: [20] }).toBeGreaterThanOrEqual(18);
    kills.push(Date.now());
    await kill(t, "worker", "SIGKILL");
    secondKilled();
    await burst; // every session was created and started, on app2, despite the kills

    await restart(t, "app1");
    await restart(t, "worker");

    const all = await shop.eventIds();
    expect(all).toHaveLength(60); // 30 sessions × (session.started + order.created): none lost, none doubled
    const [{ n: sessions }] = await sql`select count(*)::int as n from checkout_sessions where merchant_id = ${shop.merchantId}`;
    expect(sessions).toBe(30);
    await expect.poll(() => new Set(receiver.events().map((e) => e.webhookId)).size, { timeout: 90_000 }).toBe(60);
    expect([...new Set(receiver.events().map((e) => e.webhookId))].sort()).toEqual([...all].sort());

    // an event arrives twice only if its first attempt was in flight when a process was killed
    const first = new Map<string, number>();
    const repeated = new Set<string>();
    for (const e of receiver.events()) {
      if (first.has(e.webhookId)) repeated.add(e.webhookId);
      else first.set(e.webhookId, e.at);
    }
    for (const id of repeated) {
      const at = first.get(id)!;
      expect(
        kills.some((k) => at <= k + 500 && at >= k - WEBHOOK_TIMEOUT_MS - 500),
        `${id} first arrived at ${at}, kills at ${kills}`,
      ).toBe(true);
    }
    const statuses =
      await sql`select d.status, count(*)::int as n from deliveries d join webhooks w on w.id = d.webhook_id where w.merchant_id = ${shop.merchantId} group by d.status`;
    await expect
      .poll(
        async () =>
          (
            await sql`select count(*)::int as n from deliveries d join webhooks w on w.id = d.webhook_id where w.merchant_id = ${shop.merchantId} and d.status <> 'DELIVERED'`
          )[0]!.n,
        {
          timeout: 30_000,
          message: JSON.stringify(statuses),
        },
      )
      .toBe(0);
  } finally {
    await restart(t, "app1").catch(() => {});
    await restart(t, "worker").catch(() => {});
    await receiver.close();
    await sql.end();
  }
});

test("instances restarted one at a time with SIGTERM under traffic: every request answered, nothing half-written", async () => {
  test.setTimeout(180_000);
  const t = topology();
  const sql = topologySql(t);
  try {
    const shop = await Integration.signUp(t.url);
    let stop = false;
    const created: string[] = [];
    const failures: string[] = []; // status and who answered it: the app's envelope code, or the proxy's text
    // two clients creating sessions with no retries at all (any 5xx or dropped request counts), at a
    // pace that stays inside the merchant's rate limit
    const clients = [0, 1].map(async () => {
      while (!stop) {
        await new Promise((r) => setTimeout(r, 300));
        const res = await send(`${t.url}/api/checkout/sessions`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": shop.apiKey },
          body: JSON.stringify({
            merchantId: shop.merchantId,
            amountUsdc: "12.00",
            destinationChainId: 8453,
            destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            recipientAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          }),
        });
        if (res.status === 201) created.push(res.body.responseObject.session.id);
        else failures.push(`${new Date().toISOString()} ${res.status} ${res.body?.error?.code ?? String(res.body).slice(0, 80)}`);
      }
    });
    await expect.poll(() => created.length, { timeout: 30_000 }).toBeGreaterThan(20);
    // SIGTERM, drain, exit; then a new process, and the next is replaced once the proxy has put the
    // new one into rotation, as a rolling deploy does
    const began = Date.now();
    await restart(t, "app1");
    await proxyRoutesTo(t, "app1", began);
    const midway = created.length;
    await expect.poll(() => created.length, { timeout: 30_000 }).toBeGreaterThan(midway + 20);
    await restart(t, "app2");
    await proxyRoutesTo(t, "app2", began);
    const after = created.length;
    await expect.poll(() => created.length, { timeout: 30_000 }).toBeGreaterThan(after + 20);
    stop = true;
    await Promise.all(clients);

    // on failure: when each request failed, beside what the proxy's health checks saw
    expect(failures, proxyHealth(t, began - 5_000).join("\n")).toEqual([]);
    const [{ n }] = await sql`select count(*)::int as n from checkout_sessions where merchant_id = ${shop.merchantId}`;
    expect(n).toBe(created.length); // every session written was answered, every answer was written
  } finally {
    await sql.end();
  }
});

test("SIGTERM to an instance with requests in flight: they all finish before it exits", async () => {
  test.setTimeout(120_000);
  const t = topology();
  const sql = topologySql(t);
  const app = t.instances.find((i) => i.name === "app2")!;
  const log = path.join(t.dir, "app2.log");
  const shutdownLines = () =>
    fs
      .readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => l.includes('"shutting down"'));
  try {
    const shop = await Integration.signUp(t.url);
    const body = (amountUsdc: string) =>
      JSON.stringify({
        merchantId: shop.merchantId,
        amountUsdc,
        destinationChainId: 8453,
        destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        recipientAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      });
    // straight at the instance, not through the proxy: nothing can retry these elsewhere
    const direct = `http://localhost:${app.port}`;
    const headers = { "content-type": "application/json", "x-api-key": shop.apiKey };
    // One request stays in flight whatever the machine's speed: its headers and half its body are
    // sent first, the rest only once the instance has said it is shutting down. Without it, a loaded
    // machine could answer all the others before the signal arrived, and nothing would be in flight.
    const held = heldRequest(`${direct}/api/checkout/sessions`, headers, body("3.00"));
    const requests = Array.from({ length: 40 }, () =>
      send(`${direct}/api/checkout/sessions`, { method: "POST", headers, body: body("7.00") }),
    );
    await Promise.race(requests); // one is answered: the held one's headers, sent before, have arrived
    const before = shutdownLines().length;
    const exited = kill(t, "app2", "SIGTERM");
    await expect.poll(() => shutdownLines().length, { timeout: 10_000 }).toBeGreaterThan(before);
    held.finish();
    const answers = await Promise.all(requests);
    const heldAnswer = await held.answer;
    await exited;
    // the instance said how many requests it was serving when the signal came: the held one at least
    expect(JSON.parse(shutdownLines().at(-1)!).inFlight).toBeGreaterThan(0);
    expect(heldAnswer.status, heldAnswer.text).toBe(201);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const [{ n }] = await sql`select count(*)::int as n from checkout_sessions where merchant_id = ${shop.merchantId}`;
    expect(n).toBe(41);
  } finally {
    await restart(t, "app2");
    await sql.end();
  }
});

/** A POST whose headers and first half of the body go at once, the rest when finish() is called. */
function heldRequest(url: string, headers: Record<string, string>, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let finish = () => {};
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { ...headers, "content-length": String(bytes.length) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.flushHeaders();
    req.write(bytes.subarray(0, half));
    finish = () => req.end(bytes.subarray(half));
  });
  return { answer, finish: () => finish() };
}

test("PostgreSQL restarted under traffic: 503 while it is down, recovery without a restart, no acknowledged write lost", async () => {
  test.setTimeout(180_000);
  const t = topology();
  const receiver = await startReceiver();
  try {
    const shop = await Integration.signUp(t.url);
    await shop.webhook(receiver.url, ["session.started"]);
    let stop = false;
    const acknowledged: string[] = [];
    const seen = shop.answers; // every answer, as it comes, retries included
    const clients = [0, 1, 2].map(async () => {
      while (!stop) {
        const key = crypto.randomUUID();
        const res = await send(`${t.url}/api/checkout/sessions`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": shop.apiKey, "idempotency-key": key },
          body: JSON.stringify({
            merchantId: shop.merchantId,
            amountUsdc: "9.00",
            destinationChainId: 8453,
            destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            recipientAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          }),
        });
        seen.push(res.status);
        if (res.status !== 201) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        const id = res.body.responseObject.session.id as string;
        const started = await shop.post(`/api/checkout/sessions/${id}/start`, { paymentPlatform: "venmo", fiatCurrency: "USD" });
        if (started.status === 200) acknowledged.push(id);
      }
    });
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(10);
    postgresCtl.stop();
    const downAt = seen.length;
    await expect.poll(() => seen.slice(downAt).filter((s) => s === 503).length, { timeout: 30_000 }).toBeGreaterThan(5);
    postgresCtl.start();
    const upAt = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(upAt + 10);
    stop = true;
    await Promise.all(clients);

    // while it was down: the envelope with 503, never a 500 or a dropped connection
    expect(seen.filter((s) => s !== 201 && s !== 200 && s !== 503)).toEqual([]);
    const health = await send(`${t.url}/api/health`);
    expect(health.status).toBe(200);
    // every session whose start was acknowledged is there, started, and its event reached the merchant
    for (const id of acknowledged) {
      const res = await shop.get(`/api/checkout/sessions/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.responseObject.activeOrder).not.toBeNull();
    }
    const arrived = () => new Set(receiver.events().map((e) => e.sessionId));
    await expect.poll(() => acknowledged.filter((id) => !arrived().has(id)), { timeout: 60_000 }).toEqual([]);
  } finally {
    try {
      postgresCtl.start();
    } catch {
      // already running
    }
    await receiver.close();
  }
});

test("a webhook endpoint down across several retries gets everything once it is back; other endpoints are not held up", async () => {
  test.setTimeout(240_000);
  const t = topology();
  const down = await startReceiver();
  const healthy = await startReceiver();
  const sql = topologySql(t);
  try {
    const shop = await Integration.signUp(t.url);
    const downId = await shop.webhook(down.url, ["session.started"]);
    await shop.webhook(healthy.url, ["session.started"]);
    await down.pause();
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) sessions.push(await shop.startedSession());
    // the healthy endpoint hears of every session at once
    await expect.poll(() => healthy.events().length, { timeout: 15_000 }).toBe(5);
    // the endpoint stays down across four attempts of each delivery (the topology retries after 2, 5
    // and 10 s, then 20 s), all refused, none given up
    await expect
      .poll(async () => (await sql`select min(attempts)::int as n from deliveries where webhook_id = ${downId}`)[0]!.n, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(4);
    const [{ failed }] = await sql`select count(*)::int as failed from deliveries where webhook_id = ${downId} and status = 'FAILED'`;
    expect(failed).toBe(0);
    expect(down.events()).toEqual([]);
    await down.resume();
    await expect.poll(() => new Set(down.events().map((e) => e.sessionId)), { timeout: 90_000 }).toEqual(new Set(sessions));
    await expect
      .poll(
        async () => (await sql`select count(*)::int as n from deliveries where webhook_id = ${downId} and status = 'DELIVERED'`)[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(5);
  } finally {
    await down.resume().catch(() => {});
    await down.close();
    await healthy.close();
    await sql.end();
  }
});
