import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { type Hint, jobs, registerHintSender, registerLocalDispatcher, withDeferredHints } from "./index";

// lib/jobs reaches Inngest only through the sender that start-up registers (instrumentation-node.ts
// registers inngest/client.ts's); these tests stand in for it.

const outer = { dev: process.env.INNGEST_DEV, key: process.env.INNGEST_EVENT_KEY };
const settle = () => new Promise((r) => setTimeout(r, 0));

function useInngest(on: boolean) {
  delete process.env.INNGEST_EVENT_KEY;
  if (on) process.env.INNGEST_DEV = "1";
  else delete process.env.INNGEST_DEV;
  resetConfigForTests();
}

beforeEach(() => {
  registerHintSender(undefined);
  registerLocalDispatcher(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  registerHintSender(undefined);
  registerLocalDispatcher(undefined);
  for (const [name, value] of [
    ["INNGEST_DEV", outer.dev],
    ["INNGEST_EVENT_KEY", outer.key],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
});

describe("hints to Inngest", () => {
  it("go through the registered sender: new deliveries and scheduled expiries", async () => {
    useInngest(true);
    const sent: Hint[][] = [];
    registerHintSender(async (hints) => {
      sent.push(hints);
    });
    jobs.deliveriesCreated({ ids: ["dlv_1", "dlv_2"], leased: [] });
    jobs.expiryScheduled("sess_1", new Date("2030-01-01T00:00:00.000Z"));
    await settle();
    expect(sent).toEqual([
      [
        { name: "checkout/delivery.due", data: { deliveryId: "dlv_1" } },
        { name: "checkout/delivery.due", data: { deliveryId: "dlv_2" } },
      ],
      [{ name: "checkout/expiry.scheduled", data: { sessionId: "sess_1", at: "2030-01-01T00:00:00.000Z" } }],
    ]);
  });

  it("wait for the enclosing transaction's commit, and are sent once it has", async () => {
    useInngest(true);
    const sent: Hint[][] = [];
    registerHintSender(async (hints) => {
      sent.push(hints);
    });
    await withDeferredHints(async () => {
      jobs.deliveriesCreated({ ids: ["dlv_1"], leased: [] });
      await settle();
      expect(sent).toEqual([]);
    });
    await settle();
    expect(sent).toEqual([[{ name: "checkout/delivery.due", data: { deliveryId: "dlv_1" } }]]);
  });

  it("without a registered sender are dropped with a warning, never an error (the sweep finds the rows)", async () => {
    useInngest(true);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(() => jobs.deliveriesCreated({ ids: ["dlv_1"], leased: [] })).not.toThrow();
    await settle();
    expect(stderr.mock.calls.map(([line]) => String(line)).join("")).toContain("could not hand work to Inngest");
  });

  it("are not sent when the local dispatcher does the work: it is woken instead", async () => {
    useInngest(false);
    const sender = vi.fn(async () => {});
    registerHintSender(sender);
    const poke = vi.fn();
    registerLocalDispatcher({ poke });
    jobs.deliveriesCreated({ ids: ["dlv_1"], leased: [] });
    jobs.expiryScheduled("sess_1", new Date());
    await settle();
    expect(sender).not.toHaveBeenCalled();
    expect(poke).toHaveBeenCalledTimes(1);
  });
});
