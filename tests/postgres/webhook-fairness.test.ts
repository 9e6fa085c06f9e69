import type http from "node:http";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deliveries, merchants } from "@/db/schema";
import { claimDueDeliveries, deliverClaimed } from "@/lib/webhooks/delivery";
import { dashboardMerchant } from "@/lib/core/actor";
import { LocalDispatcher } from "@/lib/start";
import { getWebhookHealth } from "@/lib/webhooks/health";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";
import { testDb } from "../support/db";
import { envForTests, setEnv } from "../support/env";
import { Receiver } from "../support/receiver";

// One merchant's endpoints that never answer must not hold up everyone else's webhooks: the claim
// takes merchants (and each merchant's endpoints) in turn, an endpoint has a bounded number of
// attempts in flight, and one that keeps timing out has its circuit opened: its deliveries wait
// (never dropped) while the others go out.

const TIMEOUT_MS = 2_000;
envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "2s", WEBHOOK_CIRCUIT_COOLDOWN: "2s" });

const receivers: Receiver[] = [];
let dispatcher: LocalDispatcher | undefined;
let restore: (() => void) | undefined;
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
  restore?.();
  restore = undefined;
});

async function receiver(reply?: Receiver["reply"]) {
  const r = await new Receiver().start();
  if (reply) r.reply = reply;
  receivers.push(r);
  return r;
}

/** An endpoint that takes every request and never answers it. */
const silent: Receiver["reply"] = () => ({ status: 0, respond: () => {} });

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 20_000) => {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 25))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
};

describe("the claim's order", () => {
  // (first in the file: the claims below take whatever is due in it)
  it("takes merchants in turn, each merchant's endpoints in turn, and live merchants before the sandbox", async () => {
    const db = await testDb();
    const busy = await newMerchant();
    const [a, b] = [await newWebhook(busy, { url: "https://a.example.com/h" }), await newWebhook(busy, { url: "https://b.example.com/h" })];
    for (let i = 0; i < 5; i++) await startedSession(busy); // 20 deliveries, the oldest
    const other = await newMerchant();
    await newWebhook(other, { url: "https://c.example.com/h" });
    await startedSession(other); // 2 deliveries, newer
    const four = await claimDueDeliveries(db, 4);
    expect(four.filter((d) => d.merchantId === other.id)).toHaveLength(2);
    expect(four.filter((d) => d.webhookId === a.id)).toHaveLength(1);
    expect(four.filter((d) => d.webhookId === b.id)).toHaveLength(1);
    // counted on from what is in flight: with those four out, the next turn is the busy merchant's twice
    const next = await claimDueDeliveries(db, 2, new Date(), four);
    expect(next.map((d) => d.merchantId)).toEqual([busy.id, busy.id]);

    const live = await newMerchant();
    await newWebhook(live, { url: "https://live.example.com/h" });
    await startedSession(live); // newer than every sandbox delivery still due
    // the merchant went live (this deployment has no real rail: its sandbox session stands in)
    await db.update(merchants).set({ environment: "live" }).where(eq(merchants.id, live.id));
    const first = await claimDueDeliveries(db, 2);
    expect(first.map((d) => d.merchantId)).toEqual([live.id, live.id]);
  });
});

describe("webhook delivery under a stuck tenant", { timeout: 120_000 }, () => {
  it("a merchant with 20 endpoints that never answer does not hold up another merchant's deliveries", async () => {
    // a timeout long enough that waiting for one is told from a busy machine's delay
    const timeoutMs = 5_000;
    restore = setEnv({ WEBHOOK_TIMEOUT: "5s" });
    const stuckEnd = await receiver(silent);
    const healthyEnd = await receiver();
    const stuck = await newMerchant();
    for (let i = 0; i < 20; i++) await newWebhook(stuck, { url: `${stuckEnd.url}?hook=${i}` });
    // 32 events × 20 endpoints: 640 deliveries waiting, more than a claim ranks at once
    for (let i = 0; i < 16; i++) await startedSession(stuck);
    const healthy = await newMerchant();
    await newWebhook(healthy, { url: healthyEnd.url });

    dispatcher = new LocalDispatcher(await testDb(), { pollMs: 50 });
    dispatcher.start();
    // the stuck endpoints have taken the stuck merchant's whole share of the dispatcher's slots
    await stuckEnd.waitFor(64, 20_000);

    const db = await testDb();
    const latencies: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = healthyEnd.received.length;
      await startedSession(healthy); // two events, two deliveries
      const [first] = await db
        .select({ createdAt: deliveries.createdAt })
        .from(deliveries)
        .where(eq(deliveries.merchantId, healthy.id))
        .orderBy(deliveries.createdAt)
        .offset(2 * i)
        .limit(1);
      await healthyEnd.waitFor(before + 2, 30_000);
      latencies.push(Math.max(...healthyEnd.received.slice(before).map((r) => r.at)) - first!.createdAt.getTime());
    }
    console.log(`[fairness] healthy merchant's deliveries, event → receipt: ${latencies.join(", ")} ms`);
    // the stuck merchant holds its share of the slots, and the others are free: no wait for its timeouts
    for (const ms of latencies) expect(ms).toBeLessThan(timeoutMs / 2);
    // nothing of the stuck merchant's was dropped: every delivery waits, PENDING
    const stuckRows = await db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.merchantId, stuck.id));
    expect(stuckRows).toHaveLength(640);
    expect(stuckRows.every((d) => d.status === "PENDING")).toBe(true);
  });

  it("a refused connection fails at once and leaves the circuit closed: only timeouts count", async () => {
    const gone = await receiver();
    const url = gone.url;
    await gone.stop(); // nothing listens there any more: every connection is refused
    const m = await newMerchant();
    const hook = await newWebhook(m, { url });
    for (let i = 0; i < 3; i++) await startedSession(m); // 6 deliveries
    const db = await testDb();
    const mine = (await claimDueDeliveries(db, 500)).filter((d) => d.merchantId === m.id);
    expect(mine).toHaveLength(6);
    const outcomes = await deliverClaimed(db, mine);
    expect(outcomes.map((o) => o.kind === "attempted" && o.result.error)).toEqual(Array(6).fill(expect.stringContaining("ECONNREFUSED")));
    const answer = (await call("GET", `/api/webhooks/${hook.id}`, { key: m.apiKey })).body.responseObject;
    expect(answer.circuit).toEqual({ state: "closed", failures: 0, retryAt: null });
  });

  it("an endpoint gets at most its share in flight; its circuit opens after attempts that time out, and a half-open probe that is answered closes it", async () => {
    restore = setEnv({ WEBHOOK_ENDPOINT_CONCURRENCY: "3" });
    let down = true;
    const answeredAt: number[] = [];
    const end = await receiver(() =>
      down
        ? { status: 0, respond: () => {} }
        : {
            status: 200,
            respond: (res: http.ServerResponse) =>
              setTimeout(() => {
                answeredAt.push(Date.now());
                res.writeHead(200);
                res.end("ok");
              }, 300),
          },
    );
    const m = await newMerchant();
    const hook = await newWebhook(m, { url: end.url });
    for (let i = 0; i < 5; i++) await startedSession(m); // 10 deliveries
    const db = await testDb();
    const webhookAnswer = async () => (await call("GET", `/api/webhooks/${hook.id}`, { key: m.apiKey })).body.responseObject;

    dispatcher = new LocalDispatcher(db, { pollMs: 50 });
    dispatcher.start();
    await end.waitFor(3);
    await new Promise((r) => setTimeout(r, TIMEOUT_MS / 2));
    expect(end.received).toHaveLength(3); // the endpoint's share, though seven more are due
    expect((await webhookAnswer()).circuit).toEqual({ state: "closed", failures: 0, retryAt: null });

    // three timeouts, then three more: the fifth without an answer opens the circuit
    await until("the circuit to open", async () => (await webhookAnswer()).circuit.state === "open");
    const open = await webhookAnswer();
    expect(open.circuit.failures).toBeGreaterThanOrEqual(5);
    expect(new Date(open.circuit.retryAt).getTime()).toBeGreaterThan(Date.now());
    const health = await getWebhookHealth(db, hook.id, { actor: dashboardMerchant(m.id) });
    expect(health.circuit).toEqual(open.circuit);
    const sentWhenOpened = end.received.length;
    expect(sentWhenOpened).toBe(6);
    // while open, nothing is sent and nothing is dropped
    await new Promise((r) => setTimeout(r, 1_000));
    expect(end.received).toHaveLength(sentWhenOpened);
    const rows = await db.select().from(deliveries).where(eq(deliveries.merchantId, m.id));
    expect(rows.map((d) => d.status)).toEqual(Array(10).fill("PENDING"));

    // the endpoint is back; once the cool-down is over one delivery is tried alone, and its answer closes the circuit
    down = false;
    await until("the waiting deliveries to go out", () => end.received.length >= sentWhenOpened + 4);
    const probe = end.received[sentWhenOpened]!;
    expect(probe.at).toBeGreaterThanOrEqual(new Date(open.circuit.retryAt).getTime());
    for (const later of end.received.slice(sentWhenOpened + 1)) expect(later.at).toBeGreaterThanOrEqual(answeredAt[0]!);
    await until("the circuit to close", async () => (await webhookAnswer()).circuit.state === "closed");
    expect((await webhookAnswer()).circuit).toEqual({ state: "closed", failures: 0, retryAt: null });
    // the four that waited are delivered; the six that timed out wait for their retry, PENDING
    const after = await db
      .select()
      .from(deliveries)
      .where(inArray(deliveries.merchantId, [m.id]));
    await until("the four to be recorded", async () => {
      const now = await db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.merchantId, m.id));
      return now.filter((d) => d.status === "DELIVERED").length === 4;
    });
    expect(after).toHaveLength(10);
  });
});
