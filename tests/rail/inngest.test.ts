import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import type { InngestFunction } from "inngest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chainTxs, orders } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { cancelSession } from "@/lib/sessions/transitions";
import { testDb } from "../support/db";
import { liveSession, railUnderTest, type RailUnderTest, startLive } from "./support";

// The rail's steps as a deployment with Inngest runs them: the sweep finds a live order whose step
// is due and sends it a checkout/rail.due event; the rail-step function, run in-process with
// @inngest/test, carries the order on. No Inngest server exists here (stack-setup G7-G9).

let stack: RailUnderTest;
let fns: { railStep: InngestFunction.Like; sweep: InngestFunction.Like };
beforeAll(async () => {
  stack = await railUnderTest();
  const [r, s] = await Promise.all([import("@/inngest/functions/due-jobs"), import("@/inngest/functions/sweep")]);
  fns = { railStep: r.dueJobFunctions.rail!, sweep: s.sweep };
});
afterAll(async () => {
  await stack?.stop();
});

const railDue = (orderId: unknown) => ({ name: "checkout/rail.due", data: { orderId } });
const run = (fn: InngestFunction.Like, event: { name: string; data: Record<string, unknown> }) =>
  new InngestTestEngine({ function: fn }).execute({ events: [event] } as never);

describe("the rail's Inngest functions", () => {
  it("the sweep re-drives a due step; rail-step carries the order until its signal is mined, one transaction however many runs", async () => {
    const { session } = await liveSession(stack, "3.00");
    const id = (await startLive(session.id)).order.id;
    const db = await testDb();

    const sweep = await new InngestTestEngine({ function: fns.sweep }).execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
      // step.sendEvent would post to Inngest Cloud: the redrives are mocked by step id
      steps: [
        { id: "redrive-deliveries", handler: () => ({ ids: [] }) },
        { id: "redrive-rail-steps", handler: () => ({ ids: [] }) },
      ],
    });
    expect(sweep.error).toBeUndefined();
    const calls = (sweep.ctx.step.sendEvent as unknown as { mock: { calls: [string, unknown[]][] } }).mock.calls;
    const redrive = calls.find(([stepId]) => stepId === "redrive-rail-steps");
    expect(redrive?.[1]).toContainEqual(railDue(id));

    // two runs at once (a redrive and a hint for the same order): one claims it, one signal is signed
    const [a, b] = await Promise.all([run(fns.railStep, railDue(id)), run(fns.railStep, railDue(id))]);
    expect([a.error, b.error]).toEqual([undefined, undefined]);
    expect(a.result).toEqual({ orderId: id, outcome: null });
    for (let i = 0; i < 40; i++) {
      const [o] = await db.select().from(orders).where(eq(orders.id, id));
      if (o!.status === "SIGNAL_MINED") break;
      await new Promise((r) => setTimeout(r, 500));
      expect((await run(fns.railStep, railDue(id))).error).toBeUndefined();
    }
    const [mined] = await db.select().from(orders).where(eq(orders.id, id));
    expect(mined!.status).toBe("SIGNAL_MINED");
    const txs = await db.select().from(chainTxs).where(eq(chainTxs.orderId, id));
    expect(txs).toHaveLength(1);
    expect(mined!.signalTx).toBe(txs[0]!.hash);
    await cancelSession(db, session.id, { actor: payer(session.id) });
  });

  it("rail-step fails a run whose event has no order id, before any step", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const orderId of [undefined, "", 42]) {
        const { error, ctx } = await run(fns.railStep, railDue(orderId));
        expect((error as Error).name).toBe("NonRetriableError");
        expect((error as Error).message).toMatch(/^invalid event data: orderId/);
        expect(ctx.step.run).not.toHaveBeenCalled();
      }
    } finally {
      logged.mockRestore();
    }
  });
});
