import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { checkoutSessions, deliveries, type DeliveryRow } from "@/db/schema";
import { registerLocalDispatcher, withDeferredHints } from "@/lib/jobs";
import { LocalDispatcher } from "@/lib/start";
import { withEvents } from "@/lib/events/service";
import { newMerchant, newSession, newWebhook, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { envForTests } from "../support/env";
import { Receiver } from "../support/receiver";

// A delivery written while this process's dispatcher is idle is written leased to it and sent as soon
// as its statement commits: no wake-up, no claim (lib/jobs: jobs.handOffLease). What must hold
// besides: a rolled-back write hands nothing off, and a process that dies holding the lease loses
// nothing.

let receiver: Receiver;
envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "5s" });
afterEach(async () => {
  registerLocalDispatcher(undefined);
  await receiver?.stop();
});

async function setup() {
  receiver = await new Receiver().start();
  const m = await newMerchant();
  const hook = await newWebhook(m, { url: receiver.url });
  return { m, hook };
}

const rowsOf = async (m: TestMerchant) => (await testDb()).select().from(deliveries).where(eq(deliveries.merchantId, m.id));

describe("deliveries handed to this process's dispatcher at their commit", () => {
  it("are sent at once, although no claim ever returns them", async () => {
    const { m } = await setup();
    const claims = vi.fn(async () => [] as DeliveryRow[]);
    const dispatcher = new LocalDispatcher(await testDb(), { pollMs: 60_000, work: { claimDeliveries: claims } });
    registerLocalDispatcher(dispatcher);
    dispatcher.start();
    try {
      await startedSession(m); // session.started and order.created
      await receiver.waitFor(2, 10_000);
      expect(receiver.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(["order.created", "session.started"]);
      const until = Date.now() + 5_000;
      while ((await rowsOf(m)).some((d) => d.status !== "DELIVERED") && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const rows = await rowsOf(m);
      expect(rows.map((d) => [d.status, d.attempts, d.leaseUntil])).toEqual([
        ["DELIVERED", 1, null],
        ["DELIVERED", 1, null],
      ]);
      // the claims found nothing to send: what was sent came from the hand-off
      expect(await Promise.all(claims.mock.results.map((r) => r.value))).toEqual(claims.mock.results.map(() => []));
    } finally {
      await dispatcher.stop();
    }
  });

  it("are not handed off when their transaction rolls back", async () => {
    const { m } = await setup();
    const take = vi.fn();
    registerLocalDispatcher({
      poke: () => {},
      handOffLease: () => ({ leaseUntil: new Date(Date.now() + 60_000), claimToken: "claim-a" }),
      take,
    });
    const session = await newSession(m);
    const db = await testDb();
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    const rolledBack = withDeferredHints(() =>
      db.transaction(async (tx) => {
        // the events and their deliveries are written (leased) inside the transaction, which then fails
        await withEvents(tx as unknown as Db, async (_, emit) => emit({ type: "session.started", session: row!, order: null }));
        expect((await tx.select().from(deliveries).where(eq(deliveries.merchantId, m.id))).map((d) => d.leaseUntil === null)).toEqual([
          false,
        ]);
        throw new Error("rolled back");
      }),
    );
    await expect(rolledBack).rejects.toThrow("rolled back");
    await new Promise((r) => setImmediate(r));
    expect(take).not.toHaveBeenCalled();
    expect(await rowsOf(m)).toEqual([]);
  });

  it("held by a process that dies before sending them are sent by another dispatcher once the lease lapses", async () => {
    const { m } = await setup();
    // this process leases them for a moment, then never sends them (it died)
    const take = vi.fn();
    registerLocalDispatcher({
      poke: () => {},
      handOffLease: () => ({ leaseUntil: new Date(Date.now() + 300), claimToken: "claim-b" }),
      take,
    });
    await startedSession(m);
    const written = await rowsOf(m);
    expect(written).toHaveLength(2);
    expect(written.every((d) => d.status === "PENDING" && d.leaseUntil !== null)).toBe(true);
    expect(take).toHaveBeenCalledTimes(1);
    registerLocalDispatcher(undefined);

    // another dispatcher (another instance, the worker) keeps off them while the lease holds, then claims them
    const other = new LocalDispatcher(await testDb(), { pollMs: 50 });
    other.start();
    try {
      await receiver.waitFor(2, 10_000);
      const firstAt = Math.min(...receiver.received.map((r) => r.at));
      expect(firstAt).toBeGreaterThanOrEqual(Math.min(...written.map((d) => d.leaseUntil!.getTime())));
    } finally {
      await other.stop();
    }
  });

  it("only while the dispatcher runs with half its slots free", async () => {
    const db = await testDb();
    const dispatcher = new LocalDispatcher(db, { concurrency: 2, pollMs: 60_000 });
    expect(dispatcher.handOffLease()).toBeUndefined(); // not started
    dispatcher.start();
    try {
      const lease = dispatcher.handOffLease();
      expect(lease!.leaseUntil.getTime()).toBeGreaterThan(Date.now());
      // one taken delivery fills half of two slots: the next commit's deliveries go to a claim instead
      dispatcher.take([{ id: "dlv_taken" } as DeliveryRow]);
      expect(dispatcher.handOffLease()).toBeUndefined();
    } finally {
      await dispatcher.stop();
    }
  });
});
