import dns from "node:dns";
import type http from "node:http";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { checkoutSessions, deliveries, deliveryAttempts, orders, webhooks } from "@/db/schema";
import { LocalDispatcher as Dispatcher } from "@/lib/start";
import { logger } from "@/lib/core/logger";
import { SYSTEM } from "@/lib/core/actor";
import { attemptDelivery, claimDueDeliveries, MAX_ATTEMPTS, UNDECRYPTABLE } from "@/lib/webhooks/delivery";
import { recordAttemptInBatch } from "@/lib/webhooks/record-attempts";
import { call, newMerchant, newSession, newWebhook, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { Receiver, type ReceiverOptions, verifyStandard, verifyZkp2p } from "../support/receiver";
import { envForTests, setEnv } from "../support/env";
import type { Wire } from "../support/wire";

// Delivery of signed events to a real receiver on loopback, reached as merchants configure theirs:
// https://localhost:<port> with the certificate verified.

const MINUTE = 60_000;
let receiver: Receiver;

envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "1s" });
afterEach(async () => {
  vi.restoreAllMocks();
  await receiver?.stop();
});

async function setup(events?: string[], options?: ReceiverOptions) {
  receiver = await new Receiver(options).start();
  const m = await newMerchant();
  const hook = await newWebhook(m, { url: receiver.url, ...(events ? { events } : {}) });
  return { m, hook };
}

async function deliveriesOf(m: TestMerchant, webhookId: string, query = "") {
  return (await call("GET", `/api/webhooks/${webhookId}/deliveries?limit=100${query}`, { key: m.apiKey })).body.responseObject
    .deliveries as Wire<"Delivery">[];
}

async function detail(m: TestMerchant, webhookId: string, deliveryId: string) {
  return (await call("GET", `/api/webhooks/${webhookId}/deliveries/${deliveryId}`, { key: m.apiKey })).body.responseObject;
}

/** Makes a pending delivery due now, as if its retry delay had passed. */
async function makeDue(deliveryId: string) {
  const db = await testDb();
  await db
    .update(deliveries)
    .set({ nextAttemptAt: new Date(Date.now() - 1) })
    .where(eq(deliveries.id, deliveryId));
}

describe("a delivery attempt", () => {
  it("POSTs the event, signed both ways, and records it as DELIVERED", async () => {
    const { m, hook } = await setup();
    const { session } = await startedSession(m);
    const pending = await deliveriesOf(m, hook.id);
    expect(pending).toHaveLength(2);
    const db = await testDb();
    for (const d of pending) expect((await attemptDelivery(db, d.id, { actor: SYSTEM })).kind).toBe("attempted");
    await receiver.waitFor(2);

    for (const r of receiver.received) {
      expect(verifyZkp2p(r, hook.secret)).toBe(true);
      expect(verifyStandard(r, hook.secret)).toBe(true);
      expect(verifyZkp2p(r, "whsec_" + Buffer.alloc(32).toString("base64"))).toBe(false);
      expect(r.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(r.body);
      expect(r.headers["x-webhook-id"]).toBe(body.id);
      expect(r.headers["webhook-id"]).toBe(body.id);
      expect(body).toMatchObject({ data: { session: { id: session.id, status: "ACTIVE" }, order: { status: "SIGNAL_MINED" } } });
      expect(body.id).toMatch(/^evt_/);
      expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    }
    expect(receiver.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(["order.created", "session.started"]);

    const after = await deliveriesOf(m, hook.id);
    expect(after.every((d) => d.status === "DELIVERED" && d.attempts === 1 && d.responseCode === 200 && d.nextRetryAt === null)).toBe(true);
    const one = await detail(m, hook.id, after[0].id);
    expect(one.attemptHistory).toEqual([expect.objectContaining({ attempt: 1, responseCode: 200, responseExcerpt: "ok", error: null })]);
    expect(JSON.stringify(one.payload)).toBe(receiver.received.find((r) => JSON.parse(r.body).id === one.eventId)!.body);

    // a second attempt of a finished delivery sends nothing
    expect((await attemptDelivery(db, after[0].id, { actor: SYSTEM })).kind).toBe("skipped");
    expect(receiver.received).toHaveLength(2);
  });

  it("retries on the schedule and fails after 8 attempts", async () => {
    const { m, hook } = await setup(["order.created"]);
    receiver.reply = () => ({ status: 500, body: "boom" });
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    const db = await testDb();
    const schedule = [1, 5, 30, 120, 480, 1440, 1440].map((x) => x * MINUTE);
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      const before = Date.now();
      const outcome = await attemptDelivery(db, d.id, { actor: SYSTEM });
      expect(outcome.kind).toBe("attempted");
      const row = (await deliveriesOf(m, hook.id)).find((x) => x.id === d.id)!;
      expect(row.attempts).toBe(n);
      expect(row.responseCode).toBe(500);
      if (n < MAX_ATTEMPTS) {
        expect(row.status).toBe("PENDING");
        const delay = new Date(row.nextRetryAt!).getTime() - before;
        expect(delay).toBeGreaterThanOrEqual(schedule[n - 1]! - 50);
        expect(delay).toBeLessThan(schedule[n - 1]! + 5_000);
        expect((await attemptDelivery(db, d.id, { actor: SYSTEM })).kind).toBe("skipped"); // not due yet
        await makeDue(d.id);
      } else {
        expect(row).toMatchObject({ status: "FAILED", nextRetryAt: null, lastError: "HTTP 500" });
      }
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const history = (await detail(m, hook.id, d.id)).attemptHistory;
    expect(history.map((a: any) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(history.every((a: any) => a.responseCode === 500 && a.responseExcerpt === "boom")).toBe(true);
    expect(await deliveriesOf(m, hook.id, "&status=FAILED")).toHaveLength(1);
  });

  it("stops at once on 410 Gone", async () => {
    const { m, hook } = await setup(["order.created"]);
    receiver.reply = () => ({ status: 410 });
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    await attemptDelivery(await testDb(), d.id, { actor: SYSTEM });
    expect((await deliveriesOf(m, hook.id))[0]).toMatchObject({ status: "FAILED", attempts: 1, responseCode: 410 });
  });

  it.each([429, 503])("honours Retry-After on %i within the schedule", async (status) => {
    const { m, hook } = await setup(["order.created", "session.started"]);
    receiver.reply = (_, n) => ({ status, headers: { "retry-after": n === 1 ? "600" : "9999999" } });
    await startedSession(m);
    const [a, b] = await deliveriesOf(m, hook.id);
    const db = await testDb();
    const before = Date.now();
    await attemptDelivery(db, a.id, { actor: SYSTEM });
    await attemptDelivery(db, b.id, { actor: SYSTEM });
    const rows = await deliveriesOf(m, hook.id);
    const delays = [a.id, b.id].map((id) => new Date(rows.find((r) => r.id === id)!.nextRetryAt!).getTime() - before);
    expect(delays[0]).toBeGreaterThanOrEqual(10 * MINUTE); // longer than the 1m planned: honoured
    expect(delays[0]).toBeLessThan(10 * MINUTE + 5_000);
    expect(delays[1]).toBeLessThanOrEqual(24 * 60 * MINUTE + 5_000); // capped at the schedule's longest delay
    expect(delays[1]).toBeGreaterThanOrEqual(24 * 60 * MINUTE - 50);
  });

  it("records a timeout, a redirect not followed, and only the first KiB of an answer", async () => {
    const { m, hook } = await setup();
    receiver.reply = (_, n) =>
      n === 1
        ? { status: 200, delayMs: 1_500 }
        : n === 2
          ? { status: 302, headers: { location: "http://127.0.0.1:9/elsewhere" } }
          : { status: 500, body: "x".repeat(5000) };
    await startedSession(m); // two events
    const [first, second] = await deliveriesOf(m, hook.id);
    const db = await testDb();
    await attemptDelivery(db, first.id, { actor: SYSTEM });
    await attemptDelivery(db, second.id, { actor: SYSTEM });
    const rows = await deliveriesOf(m, hook.id);
    const timedOut = rows.find((r) => r.id === first.id);
    expect(timedOut).toMatchObject({ status: "PENDING", responseCode: null, attempts: 1 });
    expect(timedOut!.lastError).toContain("timed out");
    expect(rows.find((r) => r.id === second.id)).toMatchObject({ status: "PENDING", responseCode: 302, lastError: "HTTP 302" });
    expect(receiver.received).toHaveLength(2); // the redirect was not followed

    await makeDue(first.id);
    await attemptDelivery(db, first.id, { actor: SYSTEM });
    const excerpt = (await detail(m, hook.id, first.id)).attemptHistory[1].responseExcerpt;
    expect(excerpt).toHaveLength(1024);
  });

  it("is not sent to a webhook deactivated or deleted since the event", async () => {
    const { m, hook } = await setup(["order.created"]);
    const other = await newWebhook(m, { url: receiver.url, events: ["order.created"] });
    await startedSession(m);
    const [d1] = await deliveriesOf(m, hook.id);
    const [d2] = await deliveriesOf(m, other.id);
    await call("PATCH", `/api/webhooks/${hook.id}`, { key: m.apiKey, body: { active: false } });
    await call("DELETE", `/api/webhooks/${other.id}`, { key: m.apiKey });
    const db = await testDb();
    await attemptDelivery(db, d1.id, { actor: SYSTEM });
    await attemptDelivery(db, d2.id, { actor: SYSTEM });
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(m, hook.id))[0]).toMatchObject({ status: "FAILED", lastError: "webhook inactive", attempts: 0 });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, d2.id));
    expect(row).toMatchObject({ status: "FAILED", lastError: "webhook deleted" });
  });
});

describe("webhook endpoints", () => {
  it("test sends webhook.test now and reports success", async () => {
    const { m, hook } = await setup();
    const res = await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.responseObject).toEqual({ success: true, deliveryId: expect.stringMatching(/^dlv_/), responseCode: 200 });
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "webhook.test",
      timestamp: expect.any(String),
      data: { test: true, webhookId: hook.id },
    });
    expect(verifyZkp2p(receiver.received[0]!, hook.secret)).toBe(true);
    const listed = await deliveriesOf(m, hook.id);
    expect(listed[0]).toMatchObject({
      id: res.body.responseObject.deliveryId,
      eventType: "webhook.test",
      status: "DELIVERED",
      attempts: 1,
    });
  });

  it("test against a failing endpoint: envelope success, inner failure with the error", async () => {
    const { m, hook } = await setup();
    receiver.reply = () => ({ status: 500, body: "nope" });
    const res = await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.responseObject).toMatchObject({ success: false, responseCode: 500, error: "HTTP 500" });
    expect((await deliveriesOf(m, hook.id))[0]).toMatchObject({ status: "FAILED", attempts: 1 }); // a test is sent once

    await receiver.stop();
    const unreachable = await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey });
    expect(unreachable.body.responseObject).toMatchObject({ success: false, responseCode: null });
    expect(unreachable.body.responseObject.error).toMatch(/ECONNREFUSED/);
  });

  // on PostgreSQL, where the dispatcher is another process: embedded PGlite runs the request's commit
  // and its next statement with no I/O between them, so nothing else can run there
  it.skipIf(process.env.TEST_DB !== "postgres")(
    "a test event is the request's own: a dispatcher polling meanwhile never takes it",
    async () => {
      const { m, hook } = await setup();
      const db = await testDb();
      // the dispatcher's claim (claimDueDeliveries), as often as it can run, narrowed to this webhook
      let polling = true;
      let taken = 0;
      const dispatcher = (async () => {
        while (polling) {
          const now = new Date();
          const rows = await db
            .update(deliveries)
            .set({ leaseUntil: new Date(now.getTime() + MINUTE) })
            .where(
              and(
                eq(deliveries.webhookId, hook.id),
                eq(deliveries.status, "PENDING"),
                lte(deliveries.nextAttemptAt, now),
                or(isNull(deliveries.leaseUntil), lte(deliveries.leaseUntil, now)),
              ),
            )
            .returning({ id: deliveries.id });
          taken += rows.length;
        }
      })();
      try {
        for (let i = 0; i < 20; i++) {
          const res = await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey });
          expect(res.status).toBe(200);
          expect(res.body.responseObject).toMatchObject({ success: true, responseCode: 200 });
        }
      } finally {
        polling = false;
        await dispatcher;
      }
      expect(taken).toBe(0);
      expect(receiver.received).toHaveLength(20);
    },
  );

  it("retry sends a delivery again now", async () => {
    const { m, hook } = await setup(["order.created"]);
    receiver.reply = (_, n) => (n === 1 ? { status: 500 } : { status: 200 });
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    await attemptDelivery(await testDb(), d.id, { actor: SYSTEM });
    const res = await call("POST", `/api/webhooks/${hook.id}/deliveries/${d.id}/retry`, { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.responseObject).toMatchObject({ id: d.id, status: "DELIVERED", attempts: 2, responseCode: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.uniqueIds.size).toBe(1); // the same event: the receiver can dedupe it
    expect((await call("POST", `/api/webhooks/${hook.id}/deliveries/dlv_nope/retry`, { key: m.apiKey })).status).toBe(404);
  });

  it("rotating the secret signs with both for 24 hours", async () => {
    const { m, hook } = await setup();
    const res = await call("POST", `/api/webhooks/${hook.id}/rotate-secret`, { key: m.apiKey });
    expect(res.status).toBe(200);
    const { secret, previousSecretExpiresAt } = res.body.responseObject;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    expect(new Date(previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(24 * 60 * MINUTE - 60_000);
    expect((await call("GET", `/api/webhooks/${hook.id}`, { key: m.apiKey })).text).not.toContain(secret);

    await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey });
    const r = receiver.received[0]!;
    expect(verifyZkp2p(r, secret)).toBe(true);
    expect(verifyZkp2p(r, hook.secret)).toBe(true);
    expect(verifyStandard(r, secret)).toBe(true);
    expect(verifyStandard(r, hook.secret)).toBe(true);
    expect(String(r.headers["x-webhook-signature"]).split(",")).toHaveLength(2);

    // once the overlap has passed, only the new secret signs
    const { webhooks } = await import("@/db/schema");
    await (
      await testDb()
    )
      .update(webhooks)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhooks.id, hook.id));
    await call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey });
    const r2 = receiver.received[1]!;
    expect(verifyZkp2p(r2, secret)).toBe(true);
    expect(verifyZkp2p(r2, hook.secret)).toBe(false);
    expect(String(r2.headers["x-webhook-signature"])).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the local dispatcher", () => {
  it("delivers every event of a burst without being asked, and expires sessions on time", async () => {
    // the service's own timeout: this file's 1 s is for the slow endpoints below, and a receiver in
    // this same process answering late on a busy machine would be (rightly) retried, not counted once
    const restore = setEnv({ WEBHOOK_TIMEOUT: "30s" });
    const { m, hook } = await setup();
    const db = await testDb();
    const dispatcher = new Dispatcher(db, { pollMs: 100, expiryEveryMs: 100 });
    dispatcher.start();
    try {
      for (let i = 0; i < 5; i++) await startedSession(m); // 10 events; with the expiries below, 14
      const idle = await newSession(m);
      await db
        .update(checkoutSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(checkoutSessions.id, idle.id));
      const { started } = await startedSession(m); // 2 more events, then its order expires
      await db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, started.order.id));
      await receiver.waitFor(14);
      const types = receiver.received.map((r) => JSON.parse(r.body).type);
      expect(types.filter((t) => t === "order.created")).toHaveLength(6);
      expect(types).toContain("session.abandoned");
      expect(types).toContain("order.expired");
      expect((await call("GET", `/api/checkout/sessions/${idle.id}`, { key: m.apiKey })).body.responseObject.status).toBe("EXPIRED");
      const reread = await db.select().from(orders).where(eq(orders.id, started.order.id));
      expect(reread[0]!.status).toBe("EXPIRED");
      const until = Date.now() + 5_000;
      while ((await deliveriesOf(m, hook.id)).some((d) => d.status !== "DELIVERED") && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect((await deliveriesOf(m, hook.id)).every((d) => d.status === "DELIVERED")).toBe(true);
      expect(receiver.received).toHaveLength(14);
    } finally {
      await dispatcher.stop();
      restore();
    }
  });
});

/** Sends the headers at once, then one byte a second, and never ends. */
function dribble(res: http.ServerResponse) {
  res.writeHead(200, { "content-type": "text/plain" });
  res.write(".");
  const every = setInterval(() => res.write("."), 1_000);
  res.on("close", () => clearInterval(every));
}

/**
 * localhost as most hosts files list it, IPv6 first (`::1 localhost`), even on a machine whose hosts
 * file lists only 127.0.0.1. The system resolver still answers; ::1 is added when it is missing.
 */
function localhostOnBothFamilies() {
  const systemLookup = dns.lookup;
  return vi.spyOn(dns, "lookup").mockImplementation(((
    hostname: string,
    options: dns.LookupAllOptions,
    callback: (err: Error | null, addresses: dns.LookupAddress[]) => void,
  ) =>
    systemLookup(hostname, options, (err, addresses) => {
      const missing = !err && hostname === "localhost" && options.family !== 4 && !addresses.some((a) => a.address === "::1");
      callback(err, missing ? [{ address: "::1", family: 6 }, ...addresses] : addresses);
    })) as unknown as typeof dns.lookup);
}

async function deliveryRow(id: string) {
  const [row] = await (await testDb()).select().from(deliveries).where(eq(deliveries.id, id));
  return row!;
}

describe("endpoints as merchants run them", () => {
  it.each(["127.0.0.1", "::1"])("reaches a receiver listening only on %s at https://localhost", async (host) => {
    const lookup = localhostOnBothFamilies();
    const { m, hook } = await setup(["order.created"], { hosts: [host] });
    expect(hook.url).toMatch(/^https:\/\/localhost:\d+\/hooks$/);
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    await attemptDelivery(await testDb(), d.id, { actor: SYSTEM });
    expect(lookup).toHaveBeenCalledWith("localhost", expect.objectContaining({ all: true }), expect.any(Function));
    expect(receiver.received).toHaveLength(1);
    expect(verifyZkp2p(receiver.received[0]!, hook.secret)).toBe(true);
    expect((await deliveriesOf(m, hook.id))[0]).toMatchObject({ status: "DELIVERED", attempts: 1, responseCode: 200, lastError: null });
  });

  it("records a failed attempt when the endpoint's certificate is not from a trusted authority", async () => {
    const { m, hook } = await setup(["order.created"], { protocol: "untrusted-https" });
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    await attemptDelivery(await testDb(), d.id, { actor: SYSTEM });
    expect(receiver.received).toHaveLength(0);
    const row = (await deliveriesOf(m, hook.id))[0];
    expect(row).toMatchObject({ status: "PENDING", attempts: 1, responseCode: null });
    expect(row.lastError).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    expect((await detail(m, hook.id, d.id)).attemptHistory).toEqual([
      expect.objectContaining({ attempt: 1, responseCode: null, error: row.lastError }),
    ]);
  });

  it.each([
    [
      "a NUL byte",
      { status: 200, body: Buffer.from("ok\u0000done") },
      { status: "DELIVERED", responseCode: 200, excerpt: "okdone", error: null },
    ],
    [
      "invalid UTF-8, and a character cut by the KiB limit",
      { status: 500, body: Buffer.concat([Buffer.alloc(1021, "x"), Buffer.from([0xff]), Buffer.from("€ and more")]) },
      { status: "PENDING", responseCode: 500, excerpt: "x".repeat(1021) + "\uFFFD", error: "HTTP 500" },
    ],
    [
      "10 MB",
      { status: 200, body: Buffer.from("€".repeat(3_500_000)) },
      { status: "DELIVERED", responseCode: 200, excerpt: "€".repeat(341), error: null },
    ],
    [
      "one byte a second",
      { status: 200, respond: dribble },
      { status: "PENDING", responseCode: null, excerpt: null, error: "timed out after 1000 ms" },
    ],
  ])("an endpoint answering with %s: the attempt ends within WEBHOOK_TIMEOUT and is recorded", async (_, reply, expected) => {
    const { m, hook } = await setup(["order.created"]);
    receiver.reply = () => reply;
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    const outcome = await attemptDelivery(await testDb(), d.id, { actor: SYSTEM });
    expect(outcome.kind === "attempted" && outcome.result.durationMs).toBeLessThanOrEqual(1_000 + 300);
    const row = await deliveryRow(d.id);
    expect(row).toMatchObject({
      status: expected.status,
      attempts: 1,
      responseCode: expected.responseCode,
      lastError: expected.error,
      leaseUntil: null,
    });
    if (expected.status === "PENDING") expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + MINUTE - 5_000);
    expect((await detail(m, hook.id, d.id)).attemptHistory).toEqual([
      expect.objectContaining({
        attempt: 1,
        responseCode: expected.responseCode,
        responseExcerpt: expected.excerpt,
        error: expected.error,
      }),
    ]);
  });

  it("moves the delivery on even when its attempt cannot be recorded", async () => {
    const { m, hook } = await setup(["order.created"]);
    receiver.reply = (_, n) => (n === 1 ? { status: 500, body: "boom" } : { status: 200, body: "ok" });
    await startedSession(m);
    const [d] = await deliveriesOf(m, hook.id);
    const db = await testDb();
    // attempt 1 is in the history already, as when another worker sent it and its lease lapsed before
    // it was recorded: this worker's attempt 1 cannot be written, in its batch or alone
    await db
      .insert(deliveryAttempts)
      .values({ id: "att_other_worker", deliveryId: d.id, attemptNo: 1, startedAt: new Date(), durationMs: 7 });
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const before = Date.now();
    expect((await attemptDelivery(db, d.id, { actor: SYSTEM })).kind).toBe("attempted");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("not recorded"), expect.objectContaining({ deliveryId: d.id, attempt: 1 }));
    const row = await deliveryRow(d.id);
    expect(row).toMatchObject({ status: "PENDING", attempts: 1, responseCode: 500, lastError: "HTTP 500", leaseUntil: null });
    expect(row.nextAttemptAt!.getTime() - before).toBeGreaterThanOrEqual(MINUTE - 50);
    // this attempt's own row is what is lost; the other worker's stands
    expect((await detail(m, hook.id, d.id)).attemptHistory).toEqual([expect.objectContaining({ attempt: 1, durationMs: 7 })]);

    // the next attempt is recorded as usual and counts on from there
    await makeDue(d.id);
    await attemptDelivery(db, d.id, { actor: SYSTEM });
    expect(await deliveryRow(d.id)).toMatchObject({ status: "DELIVERED", attempts: 2, responseCode: 200 });
    expect((await detail(m, hook.id, d.id)).attemptHistory).toEqual([
      expect.objectContaining({ attempt: 1, durationMs: 7 }),
      expect.objectContaining({ attempt: 2, responseCode: 200, responseExcerpt: "ok" }),
    ]);
  });
});

describe("attempts that finish together", () => {
  it("share one statement when they arrive in the same turn", async () => {
    const { m, hook } = await setup();
    for (let i = 0; i < 5; i++) await startedSession(m);
    const db = await testDb();
    // claimed, as the dispatcher claims them: an attempt is recorded under its claim
    const pending = (await claimDueDeliveries(db, 100)).filter((d) => d.webhookId === hook.id);
    expect(pending).toHaveLength(10);
    const statements = recordStatements(db);
    const startedAt = new Date();
    const writes = pending.map((d, i) => ({
      attemptId: `att_batch_${i}`,
      deliveryId: d.id,
      webhookId: hook.id,
      merchantId: m.id,
      attemptNo: 1,
      startedAt,
      responseCode: i % 2 ? 503 : 200,
      excerpt: i % 2 ? "later" : "ok",
      error: i % 2 ? "HTTP 503" : null,
      durationMs: i,
      status: i % 2 ? ("PENDING" as const) : ("DELIVERED" as const),
      nextAttemptAt: i % 2 ? new Date(startedAt.getTime() + MINUTE) : null,
      finishedAt: startedAt,
      from: ["PENDING" as const],
      claimToken: d.claimToken,
    }));
    expect(await Promise.all(writes.map((w) => recordAttemptInBatch(db, w)))).toEqual(Array(10).fill(true));
    expect(statements.count()).toBe(1);
    for (const [i, d] of pending.entries()) {
      expect(await deliveryRow(d.id)).toMatchObject({
        status: i % 2 ? "PENDING" : "DELIVERED",
        attempts: 1,
        responseCode: i % 2 ? 503 : 200,
      });
      expect((await detail(m, hook.id, d.id)).attemptHistory).toEqual([
        expect.objectContaining({ attempt: 1, durationMs: i, responseExcerpt: i % 2 ? "later" : "ok" }),
      ]);
    }
    // each attempt carries its delivery's webhook, which the webhook's health reads it by
    const carried = await db
      .select({ webhookId: deliveryAttempts.webhookId })
      .from(deliveryAttempts)
      .where(
        inArray(
          deliveryAttempts.deliveryId,
          pending.map((d) => d.id),
        ),
      );
    expect(carried).toEqual(Array(10).fill({ webhookId: hook.id }));
    // a delivery no longer under the attempt's claim (recorded, so no longer PENDING) does not move
    // again, and the caller is told
    expect(await recordAttemptInBatch(db, { ...writes[0]!, attemptId: "att_batch_late", attemptNo: 2, status: "FAILED" })).toBe(false);
    expect(await deliveryRow(pending[0]!.id)).toMatchObject({ status: "DELIVERED", attempts: 1 });
  });

  it("are recorded each with its own outcome when sent together", async () => {
    const { m, hook } = await setup();
    receiver.reply = (req) =>
      JSON.parse(req.body).type === "order.created" ? { status: 503, body: "later" } : { status: 200, body: "ok" };
    for (let i = 0; i < 5; i++) await startedSession(m);
    const db = await testDb();
    const statements = recordStatements(db);
    const pending = await deliveriesOf(m, hook.id);
    const outcomes = await Promise.all(pending.map((d) => attemptDelivery(db, d.id, { actor: SYSTEM })));
    expect(outcomes.map((o) => o.kind)).toEqual(Array(10).fill("attempted"));
    expect(statements.count()).toBeGreaterThanOrEqual(1);
    expect(statements.count()).toBeLessThanOrEqual(10);
    const rows = await deliveriesOf(m, hook.id);
    expect(rows.filter((r) => r.eventType === "session.started").map((r) => [r.status, r.attempts, r.responseCode])).toEqual(
      Array(5).fill(["DELIVERED", 1, 200]),
    );
    expect(rows.filter((r) => r.eventType === "order.created").map((r) => [r.status, r.attempts, r.responseCode])).toEqual(
      Array(5).fill(["PENDING", 1, 503]),
    );
    for (const r of rows) {
      expect((await detail(m, hook.id, r.id)).attemptHistory).toEqual([
        expect.objectContaining({ attempt: 1, responseCode: r.responseCode, responseExcerpt: r.responseCode === 200 ? "ok" : "later" }),
      ]);
    }
  });

  it("are each recorded when one of them cannot be, and only that one is lost", async () => {
    const { m, hook } = await setup();
    for (let i = 0; i < 3; i++) await startedSession(m);
    const db = await testDb();
    const claimed = await deliveriesOf(m, hook.id);
    expect(claimed).toHaveLength(6);
    const spoiled = claimed[2]!;
    await db
      .insert(deliveryAttempts)
      .values({ id: "att_spoiled", deliveryId: spoiled.id, attemptNo: 1, startedAt: new Date(), durationMs: 7 });
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const statements = recordStatements(db);
    await Promise.all(claimed.map((d) => attemptDelivery(db, d.id, { actor: SYSTEM })));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("not recorded"), expect.objectContaining({ deliveryId: spoiled.id }));
    expect(statements.count()).toBeGreaterThan(1); // the failed batch, then its attempts one by one
    for (const d of claimed) {
      expect(await deliveryRow(d.id)).toMatchObject({ status: "DELIVERED", attempts: 1, responseCode: 200, leaseUntil: null });
      const history = (await detail(m, hook.id, d.id)).attemptHistory;
      expect(history).toEqual([expect.objectContaining({ attempt: 1, durationMs: d.id === spoiled.id ? 7 : expect.any(Number) })]);
      if (d.id !== spoiled.id) expect(history[0].responseCode).toBe(200);
    }
  });
});

describe("a webhook whose secret does not decrypt", () => {
  it("fails its own attempts on the retry schedule, and the other deliveries of the batch go out", async () => {
    const { m, hook } = await setup(["order.created"]);
    const broken = await newWebhook(m, { url: receiver.url + "/broken", events: ["order.created"] });
    const db = await testDb();
    // as after APP_SECRET changed: the stored secret no longer opens
    await db.update(webhooks).set({ secretEnc: "v1.x.x.x" }).where(eq(webhooks.id, broken.id));
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    await startedSession(m);
    const [good] = await deliveriesOf(m, hook.id);
    const [bad] = await deliveriesOf(m, broken.id);
    const outcomes = await Promise.all([good, bad].map((d) => attemptDelivery(db, d.id, { actor: SYSTEM })));
    expect(outcomes.map((o) => o.kind)).toEqual(["attempted", "attempted"]);
    await receiver.waitFor(1);
    expect(receiver.received.map((r) => r.url)).toEqual([new URL(receiver.url).pathname]); // nothing reached /broken
    expect(await deliveryRow(good.id)).toMatchObject({ status: "DELIVERED", attempts: 1 });
    const row = await deliveryRow(bad.id);
    expect(row).toMatchObject({ status: "PENDING", attempts: 1, responseCode: null, lastError: UNDECRYPTABLE, leaseUntil: null });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + MINUTE - 5_000);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("do not decrypt"), expect.objectContaining({ webhookId: broken.id }));
  });
});

/** Counts the statements that record attempts, as the database handle prepares them. */
function recordStatements(db: Db) {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const spy = vi.spyOn(session, "prepareQuery");
  return { count: () => spy.mock.calls.filter((c) => c[2] === "delivery_attempts_record").length };
}
