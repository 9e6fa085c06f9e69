import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import type { InngestFunction } from "inngest";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutSessions, deliveries } from "@/db/schema";
import { call, newMerchant, newSession, newWebhook, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { Receiver, verifyStandard, verifyZkp2p } from "../support/receiver";
import { envForTests, setEnv } from "../support/env";
import type { Wire } from "../support/wire";

// The Inngest functions, run in-process with @inngest/test: no Inngest server exists here
// (stack-setup G7-G9). Sleeps are mocked by step id, or the run never finishes (G8), and
// step.sendEvent is mocked because it would post to Inngest Cloud.

const MINUTE = 60_000;
let fns: {
  deliverWebhook: InngestFunction.Like;
  expireSession: InngestFunction.Like;
  sweep: InngestFunction.Like;
};
let receiver: Receiver | undefined;

envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "2s" });
beforeAll(async () => {
  // inngest/client.ts reads the settings when it is first imported
  const [d, e, s] = await Promise.all([
    import("@/inngest/functions/deliver-webhook"),
    import("@/inngest/functions/expire-session"),
    import("@/inngest/functions/sweep"),
  ]);
  fns = { deliverWebhook: d.deliverWebhook, expireSession: e.expireSession, sweep: s.sweep };
});
afterEach(async () => {
  vi.restoreAllMocks();
  await receiver?.stop();
  receiver = undefined;
});

/** Captures console.error: the SDK logs a failed run there, which is expected in these tests. */
const consoleErrors = () => vi.spyOn(console, "error").mockImplementation(() => {});

/** One engine per execution: an engine remembers mocked step results across executions. */
function engine(fn: InngestFunction.Like) {
  return new InngestTestEngine({ function: fn });
}

/** A merchant whose webhook (on a loopback receiver) gets one PENDING delivery: session.started. */
async function pendingDelivery() {
  receiver = await new Receiver().start();
  const m = await newMerchant();
  const hook = await newWebhook(m, { url: receiver.url, events: ["session.started"] });
  const { session } = await startedSession(m);
  const list = await deliveriesOf(m, hook.id);
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ status: "PENDING", attempts: 0, eventType: "session.started" });
  return { m, hook, session, delivery: list[0] as { id: string; eventId: string } };
}

async function deliveriesOf(m: TestMerchant, webhookId: string) {
  return (await call("GET", `/api/webhooks/${webhookId}/deliveries?limit=100`, { key: m.apiKey })).body.responseObject
    .deliveries as Wire<"Delivery">[];
}

async function deliveryOf(m: TestMerchant, webhookId: string, id: string) {
  return (await deliveriesOf(m, webhookId)).find((d) => d.id === id)!;
}

/** What a step returned in the run's last execution, by step id (ctx.step.run is a spy). */
async function stepOutput(ctx: InngestTestEngine.MockContext, id: string): Promise<unknown> {
  const run = ctx.step.run as unknown as { mock: { calls: [string][]; results: { value: unknown }[] } };
  const i = run.mock.calls.findIndex(([stepId]) => stepId === id);
  expect(i, `step ${id} ran`).toBeGreaterThanOrEqual(0);
  return run.mock.results[i]!.value;
}

/** The fields a run refused for bad data names; such a run is not retried (the engine hands back the error serialized). */
function invalidFields(error: unknown): string[] {
  const { name, message } = error as { name: string; message: string };
  expect(name).toBe("NonRetriableError");
  expect(message).toMatch(/^invalid event data: /);
  return message
    .replace(/^invalid event data: /, "")
    .split("; ")
    .map((part) => part.split(":")[0]!);
}

const deliveryDue = (deliveryId: string) => ({ name: "checkout/delivery.due", data: { deliveryId } }) as const;

describe("deliver-webhook", () => {
  it("delivers a due delivery once, signed, and records it DELIVERED", async () => {
    const { m, hook, delivery } = await pendingDelivery();

    const { result, error, ctx } = await engine(fns.deliverWebhook).execute({ events: [deliveryDue(delivery.id)] });

    expect(error).toBeUndefined();
    expect(result).toEqual({ status: "DELIVERED", nextAttemptAt: null });
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
    expect(receiver!.received).toHaveLength(1);
    const r = receiver!.received[0]!;
    expect(verifyZkp2p(r, hook.secret)).toBe(true);
    expect(verifyStandard(r, hook.secret)).toBe(true);
    expect(JSON.parse(r.body)).toMatchObject({ id: delivery.eventId, type: "session.started" });
    expect(await deliveryOf(m, hook.id, delivery.id)).toMatchObject({
      status: "DELIVERED",
      attempts: 1,
      responseCode: 200,
      nextRetryAt: null,
    });

    // a duplicate event (or a replay) for a finished delivery: the row says done, nothing is sent
    const again = await engine(fns.deliverWebhook).execute({ events: [deliveryDue(delivery.id)] });
    expect(again.result).toEqual({ status: "SKIPPED", nextAttemptAt: null });
    expect(receiver!.received).toHaveLength(1);
    expect(await deliveryOf(m, hook.id, delivery.id)).toMatchObject({ status: "DELIVERED", attempts: 1 });
  });

  it("after a failure, sleeps until the delivery's next attempt is due, and again if woken early", async () => {
    const { m, hook, delivery } = await pendingDelivery();
    receiver!.reply = () => ({ status: 500, body: "boom" });

    // every mocked sleep returns at once, i.e. before the attempt is due: the run must send nothing
    // more and go back to sleep until the row's time, round after round, until its rounds run out
    const { result, ctx } = await engine(fns.deliverWebhook).execute({
      events: [deliveryDue(delivery.id)],
      steps: Array.from({ length: 10 }, (_, i) => ({ id: `wait-${i}`, handler() {} })),
    });

    const row = await deliveryOf(m, hook.id, delivery.id);
    expect(row).toMatchObject({ status: "PENDING", attempts: 1, responseCode: 500, lastError: "HTTP 500" });
    const delay = new Date(row.nextRetryAt!).getTime() - new Date(row.lastAttemptAt!).getTime();
    expect(delay).toBeGreaterThanOrEqual(1 * MINUTE);
    expect(delay).toBeLessThan(1 * MINUTE + 5_000);
    expect(ctx.step.sleepUntil).toHaveBeenNthCalledWith(1, "wait-0", new Date(row.nextRetryAt!));
    expect(ctx.step.sleepUntil).toHaveBeenNthCalledWith(2, "wait-1", new Date(row.nextRetryAt!));
    expect(result).toEqual({ status: "GAVE_UP", nextAttemptAt: null });
    expect(receiver!.received).toHaveLength(1);
  });

  it("retries after the sleep and delivers the same event again", async () => {
    const { m, hook, delivery } = await pendingDelivery();
    receiver!.reply = (_, n) => (n === 1 ? { status: 500 } : { status: 200, body: "ok" });
    const db = await testDb();

    const { result, ctx } = await engine(fns.deliverWebhook).execute({
      events: [deliveryDue(delivery.id)],
      steps: [
        {
          id: "wait-0",
          // the sleep "passes": the retry is now due
          async handler() {
            await db
              .update(deliveries)
              .set({ nextAttemptAt: new Date(Date.now() - 1) })
              .where(eq(deliveries.id, delivery.id));
          },
        },
      ],
    });

    expect(result).toEqual({ status: "DELIVERED", nextAttemptAt: null });
    expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(1);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-0", expect.any(Date));
    expect(receiver!.received).toHaveLength(2);
    // the same event id both times, so the merchant can dedupe the retry
    expect(receiver!.uniqueIds).toEqual(new Set([delivery.eventId]));
    for (const r of receiver!.received) expect(verifyZkp2p(r, hook.secret)).toBe(true);
    expect(await deliveryOf(m, hook.id, delivery.id)).toMatchObject({ status: "DELIVERED", attempts: 2, responseCode: 200 });
  });

  it.each([
    ["no deliveryId", {}],
    ["an empty deliveryId", { deliveryId: "" }],
    ["a non-string deliveryId", { deliveryId: 42 }],
  ])("fails the run on %s, before any step", async (_, data) => {
    const logged = consoleErrors();
    const { error, result, ctx } = await engine(fns.deliverWebhook).execute({ events: [{ name: "checkout/delivery.due", data }] });
    expect(result).toBeUndefined();
    expect(invalidFields(error)).toEqual(["deliveryId"]);
    expect(ctx.step.run).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith("Inngest function error");
  });
});

describe("expire-session", () => {
  async function sessionExpiringAt(m: TestMerchant, expiresAt: Date) {
    const session = await newSession(m);
    const db = await testDb();
    await db.update(checkoutSessions).set({ expiresAt }).where(eq(checkoutSessions.id, session.id));
    return session;
  }

  async function statusInDb(id: string) {
    const db = await testDb();
    return (await db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!.status;
  }

  it("sleeps until the expiry, then expires the session and emits session.abandoned", async () => {
    const m = await newMerchant();
    const at = new Date(Date.now() - 1000);
    const session = await sessionExpiringAt(m, at);
    // nothing has expired it yet: only reads and transitions apply an expiry on their own
    expect(await statusInDb(session.id)).toBe("CREATED");

    const { result, error, ctx } = await engine(fns.expireSession).execute({
      events: [{ name: "checkout/expiry.scheduled", data: { sessionId: session.id, at: at.toISOString() } }],
      steps: [{ id: "until-expiry", handler() {} }],
    });

    expect(error).toBeUndefined();
    expect(result).toEqual({ sessionId: session.id });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("until-expiry", at);
    // checked in the database first: GET would expire a due session by itself
    expect(await statusInDb(session.id)).toBe("EXPIRED");
    const events = (await call("GET", `/api/events?sessionId=${session.id}`, { key: m.apiKey })).body.responseObject
      .events as Wire<"Event">[];
    expect(events.map((e) => e.type)).toEqual(["session.abandoned"]);
    expect((await call("GET", `/api/checkout/sessions/${session.id}`, { key: m.apiKey })).body.responseObject.status).toBe("EXPIRED");
  });

  it("does nothing if it wakes before the session is due", async () => {
    const m = await newMerchant();
    const at = new Date(Date.now() + 10 * MINUTE);
    const session = await sessionExpiringAt(m, at);

    const { error, ctx } = await engine(fns.expireSession).execute({
      events: [{ name: "checkout/expiry.scheduled", data: { sessionId: session.id, at: at.toISOString() } }],
      steps: [{ id: "until-expiry", handler() {} }],
    });

    expect(error).toBeUndefined();
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("until-expiry", at);
    expect(await statusInDb(session.id)).toBe("CREATED");
    expect((await call("GET", `/api/events?sessionId=${session.id}`, { key: m.apiKey })).body.responseObject.events).toEqual([]);
  });

  it("fails the run on a payload without a valid time", async () => {
    const logged = consoleErrors();
    const { error, ctx } = await engine(fns.expireSession).execute({
      events: [{ name: "checkout/expiry.scheduled", data: { sessionId: "sess_x", at: "tomorrow" } }],
    });
    expect(invalidFields(error)).toEqual(["at"]);
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
    expect(ctx.step.run).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith("Inngest function error");
  });
});

describe("sweep-overdue", () => {
  it("re-drives overdue deliveries, not future ones, and expires overdue sessions", async () => {
    const m = await newMerchant();
    const hook = await newWebhook(m, { events: ["session.started"] });
    await startedSession(m);
    await startedSession(m);
    const [overdue, later] = await deliveriesOf(m, hook.id);
    const db = await testDb();
    await db
      .update(deliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(deliveries.id, overdue.id));
    await db
      .update(deliveries)
      .set({ nextAttemptAt: new Date(Date.now() + 10 * MINUTE) })
      .where(eq(deliveries.id, later.id));
    const idle = await newSession(m);
    const fresh = await newSession(m);
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, idle.id));

    const { result, error, ctx } = await engine(fns.sweep).execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
      steps: [{ id: "redrive-deliveries", handler: () => ({ ids: ["mocked"] }) }],
    });

    expect(error).toBeUndefined();
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(1);
    const [stepId, sent] = (ctx.step.sendEvent as any).mock.calls[0] as [string, { name: string; data: { deliveryId: string } }[]];
    expect(stepId).toBe("redrive-deliveries");
    // other test files may share the PostgreSQL database, so only ours are asserted by id
    expect(sent).toContainEqual(deliveryDue(overdue.id));
    expect(sent.map((e) => e.data.deliveryId)).not.toContain(later.id);
    expect(sent.every((e) => e.name === "checkout/delivery.due")).toBe(true);
    expect(result).toMatchObject({ redriven: sent.length });

    const expired = (await stepOutput(ctx, "expire-due-sessions")) as string[];
    expect(expired).toContain(idle.id);
    expect(expired).not.toContain(fresh.id);
    expect((result as { expired: number }).expired).toBe(expired.length);

    const statuses = await db
      .select({ id: checkoutSessions.id, status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.merchantId, m.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toMatchObject({ [idle.id]: "EXPIRED", [fresh.id]: "CREATED" });
    const abandoned = (await call("GET", `/api/events?type=session.abandoned`, { key: m.apiKey })).body.responseObject
      .events as Wire<"Event">[];
    expect(abandoned.map((e) => e.sessionId)).toEqual([idle.id]);
    // re-driving only hints: the delivery itself is untouched until deliver-webhook runs
    expect(await deliveryOf(m, hook.id, overdue.id)).toMatchObject({ status: "PENDING", attempts: 0 });
  });

  it("sends no event when nothing is overdue", async () => {
    // the find step is mocked: the database may hold other files' overdue deliveries
    const { result, error, ctx } = await engine(fns.sweep).execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
      steps: [{ id: "find-overdue-deliveries", handler: () => [] }],
    });

    expect(error).toBeUndefined();
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(result).toMatchObject({ redriven: 0 });
  });
});

describe("the serve route", () => {
  // Next passes a NextRequest (a Request with extras); the handler only reads the Request part
  const request = () => new NextRequest("http://checkout.test/api/inngest");
  let restoreEnv: (() => void) | undefined;

  afterAll(() => {
    restoreEnv?.();
    vi.resetModules();
  });

  /**
   * The route as a fresh import: the client reads INNGEST_* when it is imported. Dev mode is a
   * laptop's, on the embedded database (with DATABASE_URL the service refuses it: lib/core/config).
   */
  async function importRoute(env: { INNGEST_DEV?: string }) {
    const laptop = env.INNGEST_DEV ? { DATABASE_URL: undefined, DATA_DIR: "memory://" } : {};
    const restore = setEnv({ INNGEST_SIGNING_KEY: undefined, INNGEST_DEV: env.INNGEST_DEV, ...laptop });
    restoreEnv ??= restore; // the first change knows what was there before the file changed any
    vi.resetModules();
    return import("@/app/api/inngest/route");
  }

  it("in dev mode (INNGEST_DEV=1), describes the seven functions", async () => {
    const { GET } = await importRoute({ INNGEST_DEV: "1" });
    const res = await GET(request(), undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ function_count: 7, mode: "dev", has_signing_key: false });
  });

  it("in cloud mode without a signing key, serves nothing", async () => {
    const logged = consoleErrors();
    const { GET } = await importRoute({});
    const res = await GET(request(), undefined);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("function_count");
    expect(logged.mock.calls.flat().join(" ")).toContain("In cloud mode but no signing key found");
  });
});
