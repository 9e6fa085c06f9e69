import type { ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTxs, orders } from "@/db/schema";
import { testDb } from "../support/db";
import { spawnWorker, stopProcesses } from "../support/worker-process";
import { liveSession, netOf, prove, railUnderTest, type RailUnderTest, startLive, usdcBalance } from "./support";

// A slow node (every JSON-RPC call held 5 s) and two worker processes stepping the same orders, with
// the shortest lease (20 s): a step's calls take longer than its lease. Its holder renews the lease
// while it works (else the other process takes the order over at every lease's end, and no step ever
// finishes), and what a step records is fenced by its claim. Each order must get one signal and one
// release, none reverted, and end paid.

const LEASE = "20s";
let stack: RailUnderTest;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  stack = await railUnderTest({ ZKP2P_STEP_LEASE: LEASE });
});
afterAll(async () => {
  stack?.rpcProxy.setDelay(0);
  await stopProcesses(workers);
  await stack?.stop();
});

async function waitFor(orderId: string, statuses: string[], ms: number) {
  const db = await testDb();
  const until = Date.now() + ms;
  for (;;) {
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (o && statuses.includes(o.status)) return o;
    if (Date.now() > until)
      throw new Error(`order ${orderId} is ${o?.status} (${o?.failureReason ?? "no failure"}), not ${statuses.join("|")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(process.env.TEST_DB !== "postgres")("a slow node and two processes", () => {
  it("steps slower than their lease keep it while they work: one signal and one release per order, none reverted, both paid", async () => {
    const a = await liveSession(stack, "3.00");
    const b = await liveSession(stack, "4.00");
    const started = [await startLive(a.session.id), await startLive(b.session.id)];
    stack.rpcProxy.setDelay(5_000);
    // as two servers' dispatchers would run them
    workers.push(spawnWorker({ ZKP2P_STEP_LEASE: LEASE }), spawnWorker({ ZKP2P_STEP_LEASE: LEASE }));
    const mined = await Promise.all(started.map((s) => waitFor(s.order.id, ["SIGNAL_MINED", "FAILED"], 240_000)));
    for (const o of mined) expect(o.status, o.failureReason ?? "").toBe("SIGNAL_MINED");
    await prove(a.session.id, mined[0]!.intentHash!);
    await prove(b.session.id, mined[1]!.intentHash!);
    const paid = await Promise.all(started.map((s) => waitFor(s.order.id, ["FULFILLED", "FAILED"], 240_000)));
    for (const o of paid) expect(o.status, o.failureReason ?? "").toBe("FULFILLED");
    stack.rpcProxy.setDelay(0);

    const db = await testDb();
    for (const o of paid) {
      const txs = await db.select().from(chainTxs).where(eq(chainTxs.orderId, o.id));
      // one transaction of each kind with its own nonce (replacements share it); none reverted
      for (const kind of ["signal", "fulfill"]) {
        const mine = txs.filter((t) => t.kind === kind);
        expect(new Set(mine.map((t) => t.nonce)).size, `${kind} nonces of ${o.id}`).toBe(1);
        expect(
          mine.filter((t) => t.status === "confirmed"),
          `${kind} confirmed of ${o.id}`,
        ).toHaveLength(1);
      }
      expect(txs.filter((t) => t.status === "reverted")).toEqual([]);
    }
    expect(await usdcBalance(stack, a.recipient)).toBe(netOf(3_000_000n));
    expect(await usdcBalance(stack, b.recipient)).toBe(netOf(4_000_000n));
  }, 600_000);
});
