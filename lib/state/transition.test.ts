import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openPglite } from "@/db/client";
import { checkoutSessions, deliveries, events, orders, refunds, webhooks } from "@/db/schema";
import { insertWalkRows } from "@/tests/support/walk-rows";
import { AppError } from "@/lib/core/errors";
import { MACHINES, type MachineName, ruleOf, type TriggerOf } from "./machines";
import { transition } from "./transition";

// Walks every (status, trigger) pair of every machine through the real UPDATE on an embedded
// database: an allowed pair moves the row to the rule's target, any other pair is a 409 that
// leaves the row as it was.

let db: Db;
let close: () => Promise<void>;
const IDS = { session: "sess_walk", order: "ord_walk", delivery: "dlv_walk", refund: "rfd_walk" } as const;
const TABLES = { session: checkoutSessions, order: orders, delivery: deliveries, refund: refunds } as const;
const ref = (machine: MachineName, merchantId = "mer_walk") => ({ id: IDS[machine], merchantId });

beforeAll(async () => {
  ({ db, close } = await openPglite("memory://"));
  await insertWalkRows(db, { merchant: "mer_walk", session: IDS.session, order: IDS.order });
  await db.insert(webhooks).values({ id: "wh_walk", merchantId: "mer_walk", url: "https://hooks.example/x", events: [], secretEnc: "x" });
  await db.insert(events).values({ id: "evt_walk", merchantId: "mer_walk", type: "session.started", payload: {} });
  await db
    .insert(deliveries)
    .values({ id: IDS.delivery, webhookId: "wh_walk", merchantId: "mer_walk", eventId: "evt_walk", eventType: "session.started" });
  await db.insert(refunds).values({
    id: IDS.refund,
    merchantId: "mer_walk",
    sessionId: IDS.session,
    environment: "sandbox",
    amountMicro: 1_000_000n,
    method: "claim",
    createdBy: "API key",
    expiresAt: new Date(Date.now() + 86_400_000),
  });
});

afterAll(() => close());

async function statusOf(machine: MachineName): Promise<string> {
  const t = TABLES[machine] as typeof checkoutSessions;
  const [row] = await db.select({ status: t.status }).from(t).where(eq(t.id, IDS[machine]));
  return row!.status;
}

async function put(machine: MachineName, status: string) {
  const t = TABLES[machine] as typeof checkoutSessions;
  await db
    .update(t)
    .set({ status: status as never })
    .where(eq(t.id, IDS[machine]));
}

const pairs = (Object.keys(MACHINES) as MachineName[]).flatMap((machine) =>
  Object.entries(MACHINES[machine].triggers).flatMap(([trigger, rule]) =>
    MACHINES[machine].statuses.map((from) => ({
      machine,
      trigger,
      from,
      allowed: (rule.from as readonly string[]).includes(from),
      to: rule.to,
    })),
  ),
);

describe("transition() over every (status, trigger) pair", () => {
  it("walks a pair for every status and trigger of the four machines", () => {
    // 5 session statuses x 8 triggers, 9 order statuses x 14, 3 delivery statuses x 5, 5 refund statuses x 7
    expect(pairs.length).toBe(5 * 8 + 9 * 14 + 3 * 5 + 5 * 7);
  });

  it.each(pairs.filter((p) => p.allowed))("$machine: $from --$trigger--> $to", async ({ machine, trigger, from, to }) => {
    await put(machine, from);
    const row = await transition(db, machine, ref(machine), trigger as TriggerOf<typeof machine>);
    expect(row.status).toBe(to);
    expect(await statusOf(machine)).toBe(to);
  });

  it.each(pairs.filter((p) => !p.allowed))("$machine: $from refuses $trigger with a conflict", async ({ machine, trigger, from }) => {
    await put(machine, from);
    const err = await transition(db, machine, ref(machine), trigger as TriggerOf<typeof machine>).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "CONFLICT", details: { machine, trigger, status: from } });
    expect((err as AppError).message).toContain(from);
    expect((err as AppError).message).toContain(trigger);
    expect(await statusOf(machine)).toBe(from);
  });

  it("writes the other columns with the status, in the same statement", async () => {
    await put("order", "SIGNAL_MINED");
    const at = new Date("2030-01-02T03:04:05Z");
    const row = await transition(db, "order", ref("order"), "paymentSent", { set: { paymentSentAt: at } });
    expect(row).toMatchObject({ status: "PAYMENT_SENT", paymentSentAt: at });
  });

  it("answers 404 for a row that does not exist", async () => {
    const err = await transition(db, "session", { id: "sess_missing", merchantId: "mer_walk" }, "cancel").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "NOT_FOUND", message: "Session not found" });
  });

  it("moves a row only under the merchant it was read for: another merchant's id finds nothing and changes nothing", async () => {
    for (const machine of ["session", "order", "delivery", "refund"] as const) {
      const trigger = { session: "cancel", order: "cancel", delivery: "gaveUp", refund: "cancel" }[machine] as TriggerOf<typeof machine>;
      const from = ruleOf(machine, trigger).from[0]!;
      await put(machine, from);
      const err = await transition(db, machine, ref(machine, "mer_other"), trigger).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "NOT_FOUND" });
      expect(await statusOf(machine)).toBe(from);
      // the same call for the row's own merchant moves it, so the refusal above is the merchant filter
      expect((await transition(db, machine, ref(machine), trigger)).status).toBe(ruleOf(machine, trigger).to);
    }
  });
});
