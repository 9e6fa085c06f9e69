import type { ChildProcess } from "node:child_process";
import type http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deliveries, deliveryAttempts } from "@/db/schema";
import { claimDueDeliveries, deliverClaimed, leaseFrom } from "@/lib/webhooks/delivery";
import { newMerchant, newWebhook, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { Receiver, verifyZkp2p } from "../support/receiver";
import { spawnWorker, stopProcesses } from "../support/worker-process";
import { envForTests, withEnv } from "../support/env";

// The local dispatcher as separate processes (`npm run worker`) on one PostgreSQL: what happens
// when two run at once, and when one is killed in the middle of a burst.

const workers: ChildProcess[] = [];
let receiver: Receiver;

/**
 * A worker process. `timeout` is its webhook timeout, and with it how long a claim's lease lasts
 * (the timeout plus a margin): short where a test waits for a killed worker's leases to lapse.
 */
function startWorker(timeout = "30s"): ChildProcess {
  const child = spawnWorker({ DATABASE_URL: process.env.DATABASE_URL, ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: timeout });
  workers.push(child);
  return child;
}

const stopWorkers = () => stopProcesses(workers);

async function allDelivered(merchantId: string, expected: number, ms = 120_000) {
  const db = await testDb();
  const until = Date.now() + ms;
  for (;;) {
    const rows = await db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.merchantId, merchantId));
    const delivered = rows.filter((r) => r.status === "DELIVERED").length;
    if (rows.length === expected && delivered === expected) return;
    if (Date.now() > until) throw new Error(`${delivered} of ${expected} deliveries DELIVERED (${rows.length} rows)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function burst(m: TestMerchant, sessions: number) {
  for (let i = 0; i < sessions; i++) await startedSession(m); // two events each
}

envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true" });
afterEach(async () => {
  await stopWorkers();
  await receiver?.stop();
});

// Each test waits on worker processes starting (the app's modules, imported afresh), on a lease
// running out after a kill, and on a burst delivered: under load that is more than the suite's
// 60 s, so the limit is the sum of the waits below, there to catch a hang. (In CI, beside the
// browser tests, two fresh workers once had 119 of 160 deliveries out after 60 s: the burst waits 120 s.)
describe("dispatcher processes on one PostgreSQL", { timeout: 240_000 }, () => {
  it("two healthy workers never send the same attempt twice", async () => {
    receiver = await new Receiver().start();
    receiver.reply = () => ({ status: 200, delayMs: 15 });
    const m = await newMerchant();
    const a = await newWebhook(m, { url: `${receiver.url}?hook=a` });
    const b = await newWebhook(m, { url: `${receiver.url}?hook=b` });
    // The receiver answers in 15 ms, but it shares the busy test process: with a timeout of a second,
    // a starved machine made some answers late, the workers counted those attempts as failed and sent
    // them again, as they must. This test is about two workers' claims, so the timeout is not in play.
    startWorker();
    startWorker();
    await burst(m, 40); // 80 events × 2 webhooks
    await allDelivered(m.id, 160);

    // a second attempt would be a timeout's retry; one attempt each but a request twice, two claims
    const rows = await (await testDb()).select().from(deliveries).where(eq(deliveries.merchantId, m.id));
    expect(rows.filter((d) => d.attempts !== 1)).toEqual([]);
    expect(receiver.received).toHaveLength(160);
    const keys = receiver.received.map((r) => `${r.url} ${r.headers["x-webhook-id"]}`);
    expect(new Set(keys).size).toBe(160);
    for (const r of receiver.received) expect(verifyZkp2p(r, r.url.endsWith("hook=a") ? a.secret : b.secret)).toBe(true);
  });

  it("a worker killed mid-burst loses nothing: after a restart every delivery arrives", async () => {
    receiver = await new Receiver().start();
    receiver.reply = () => ({ status: 200, delayMs: 150 });
    const m = await newMerchant();
    await newWebhook(m, { url: receiver.url });
    await burst(m, 90); // 180 events, more than one dispatcher has in flight
    // started once they are all due, so the kill lands in the middle of its work however fast the burst was made
    const first = startWorker("1s");
    await receiver.waitFor(10, 30_000);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const beforeRestart = receiver.received.length;
    expect(beforeRestart).toBeLessThan(180); // it really died in the middle
    const held = (await (await testDb()).select().from(deliveries).where(eq(deliveries.merchantId, m.id))).filter(
      (d) => d.status === "PENDING" && d.leaseUntil && d.leaseUntil > new Date(),
    );
    console.log(`[crash] received before kill ${beforeRestart}, claimed and in flight at the kill ${held.length}`);
    expect(held.length).toBeGreaterThan(0);

    startWorker("1s");
    await allDelivered(m.id, 180, 120_000);
    const db = await testDb();
    const { events: eventsTable } = await import("@/db/schema");
    // the v0 events the v0 webhook gets (each has its v1 counterparts beside it, for v1 webhooks)
    const events = await db
      .select({ id: eventsTable.id })
      .from(eventsTable)
      .where(and(eq(eventsTable.merchantId, m.id), eq(eventsTable.apiVersion, 0)));
    expect(events).toHaveLength(180);
    // every event reached the receiver; the few in flight at the kill may arrive twice, and the
    // receiver recognises those by X-Webhook-Id
    expect([...receiver.uniqueIds].sort()).toEqual(events.map((e) => e.id).sort());
    console.log(`[crash] received ${receiver.received.length}, unique ${receiver.uniqueIds.size}`);
    expect(receiver.received.length - receiver.uniqueIds.size).toBeLessThanOrEqual(64); // at most one dispatcher's concurrency
  });
});

// A claim's lease against a worker that is slow past it: the lease is renewed while the attempt runs,
// and the attempt's record is written only while the claim is still this worker's. The other worker
// here is the same code asked with its clock ahead, as a worker would look once the first had been
// stuck that long.
describe("a claim's lease while its attempt runs", { timeout: 60_000 }, () => {
  /** A receiver that holds every request until told to answer it. */
  function holdingReceiver() {
    const held: { res: http.ServerResponse; at: number }[] = [];
    receiver.reply = () => ({ status: 0, respond: (res) => void held.push({ res, at: Date.now() }) });
    return {
      held,
      answer(status: number) {
        for (const { res } of held.splice(0)) {
          res.writeHead(status);
          res.end(String(status));
        }
      },
    };
  }

  const rowsOf = async (merchantId: string) => (await testDb()).select().from(deliveries).where(eq(deliveries.merchantId, merchantId));

  it("an attempt that runs past its claim's first lease keeps it: another worker does not send the delivery again", async () => {
    await withEnv({ WEBHOOK_TIMEOUT: "10s" }, async () => {
      receiver = await new Receiver().start();
      const hold = holdingReceiver();
      const m = await newMerchant();
      await newWebhook(m, { url: receiver.url });
      await startedSession(m); // two events, two deliveries
      const db = await testDb();
      const claimedAt = Date.now();
      const firstLease = leaseFrom(new Date(claimedAt)).getTime();
      const mine = await claimDueDeliveries(db, 10);
      expect(mine).toHaveLength(2);
      const attempts = deliverClaimed(db, mine);
      await receiver.waitFor(2);
      // the attempt runs on (the endpoint takes its time, within the timeout) long enough for a renewal
      await new Promise((r) => setTimeout(r, 6_000));
      // another worker looks once the first lease would have lapsed
      const theirs = await claimDueDeliveries(db, 10, new Date(firstLease + 1_000));
      await deliverClaimed(db, theirs);
      hold.answer(200);
      await attempts;
      expect(theirs).toEqual([]);
      expect(receiver.received).toHaveLength(2);
      const rows = await rowsOf(m.id);
      expect(rows.map((d) => [d.status, d.attempts])).toEqual([
        ["DELIVERED", 1],
        ["DELIVERED", 1],
      ]);
    });
  });

  it("a worker that lost its claim does not overwrite the result of the worker that took it over", async () => {
    await withEnv({ WEBHOOK_TIMEOUT: "10s" }, async () => {
      receiver = await new Receiver().start();
      const hold = holdingReceiver();
      const m = await newMerchant();
      const hook = await newWebhook(m, { url: receiver.url });
      await startedSession(m);
      const db = await testDb();
      const mine = await claimDueDeliveries(db, 10);
      expect(mine).toHaveLength(2);
      const lost = deliverClaimed(db, mine);
      await receiver.waitFor(2);
      // this worker stalls long past any lease; another worker takes the deliveries over, and their
      // endpoint answers it 500
      const theirs = await claimDueDeliveries(db, 10, new Date(Date.now() + 120_000));
      expect(theirs.filter((d) => d.merchantId === m.id)).toHaveLength(2);
      receiver.reply = () => ({ status: 500, body: "try later" });
      await deliverClaimed(db, theirs);
      // then the first worker's late answers come back: 200
      hold.answer(200);
      await lost;
      const rows = await rowsOf(m.id);
      expect(rows.map((d) => [d.status, d.attempts, d.responseCode])).toEqual([
        ["PENDING", 1, 500],
        ["PENDING", 1, 500],
      ]);
      const history = await db.select().from(deliveryAttempts).where(eq(deliveryAttempts.webhookId, hook.id));
      expect(history.map((a) => [a.attemptNo, a.responseCode])).toEqual([
        [1, 500],
        [1, 500],
      ]);
    });
  });
});
