import { and, asc, eq, inArray } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliveries, deliveryAttempts, events } from "@/db/schema";
import { deliveryBody } from "@/lib/webhooks/delivery";
import { call, newMerchant, newWebhook, randomIp, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { Receiver, verifyStandard, verifyZkp2p } from "../support/receiver";
import { envForTests } from "../support/env";

// The dashboard's events: "Resend" sends one of the merchant's events to one of its webhooks through
// the delivery engine (signed, retried, listed on the webhook's page), never another merchant's event
// nor to another merchant's webhook; and the events page lists both API generations, filters, and
// answers a refused filter with a message.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn.id)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { resendEventAction } = await import("@/actions/dashboard/event");
const { default: EventsPage } = await import("@/app/dashboard/(app)/events/page");
const renderEvents = async (query: Record<string, string> = {}) =>
  renderToStaticMarkup(await EventsPage({ searchParams: Promise.resolve(query) }));

let receiver: Receiver;
envForTests({ ALLOW_PRIVATE_WEBHOOK_URLS: "true", WEBHOOK_TIMEOUT: "2s" });
beforeEach(async () => {
  receiver = await new Receiver().start();
  signedIn = await newMerchant();
});
afterEach(async () => {
  await receiver.stop();
});

async function eventsOf(m: TestMerchant) {
  return (await testDb()).select().from(events).where(eq(events.merchantId, m.id)).orderBy(asc(events.createdAt), asc(events.id));
}

/** Every delivery and attempt of these merchants, to show that a refused resend changed nothing. */
async function snapshot(...ms: TestMerchant[]) {
  const db = await testDb();
  const ds = await db
    .select()
    .from(deliveries)
    .where(
      inArray(
        deliveries.merchantId,
        ms.map((m) => m.id),
      ),
    )
    .orderBy(asc(deliveries.id));
  const attempts = ds.length
    ? await db
        .select({ id: deliveryAttempts.id })
        .from(deliveryAttempts)
        .where(
          inArray(
            deliveryAttempts.deliveryId,
            ds.map((d) => d.id),
          ),
        )
    : [];
  return { deliveries: ds, attempts: attempts.length };
}

describe("resending an event", () => {
  it("creates a delivery to the chosen webhook, sends it signed now, and a second resend sends that delivery again", async () => {
    // the session starts before the webhook exists: no delivery of its events has been made
    const { session } = await startedSession(signedIn);
    const hook = await newWebhook(signedIn, { url: receiver.url, events: ["order.fulfilled"] });
    const started = (await eventsOf(signedIn)).find((e) => e.type === "session.started")!;
    expect(await snapshot(signedIn)).toEqual({ deliveries: [], attempts: 0 });

    const first = await resendEventAction(started.id, hook.id);
    expect(first).toMatchObject({
      ok: true,
      data: { webhookId: hook.id, webhookUrl: receiver.url, created: true, status: "DELIVERED", attempts: 1, responseCode: 200 },
    });
    if (!first.ok) throw new Error(first.message);
    await receiver.waitFor(1);
    const [r1] = receiver.received;
    // signed both ways with the webhook's secret, carrying the event's own body, as every delivery does
    expect(verifyZkp2p(r1!, hook.secret)).toBe(true);
    expect(verifyStandard(r1!, hook.secret)).toBe(true);
    expect(r1!.headers["x-webhook-id"]).toBe(started.id);
    expect(r1!.body).toBe(deliveryBody(started.payload));
    expect(JSON.parse(r1!.body)).toMatchObject({ id: started.id, type: "session.started", data: { session: { id: session.id } } });

    // the delivery is the webhook's like any other: in its list, with its attempt
    const listed = (await call("GET", `/api/webhooks/${hook.id}/deliveries`, { key: signedIn.apiKey })).body.responseObject.deliveries;
    expect(listed).toEqual([expect.objectContaining({ id: first.data.deliveryId, eventId: started.id, status: "DELIVERED", attempts: 1 })]);

    // again: the event reaches a webhook once, so the same delivery is sent again, signed afresh
    const second = await resendEventAction(started.id, hook.id);
    expect(second).toMatchObject({
      ok: true,
      data: { deliveryId: first.data.deliveryId, created: false, status: "DELIVERED", attempts: 2 },
    });
    await receiver.waitFor(2);
    const r2 = receiver.received[1]!;
    expect(verifyZkp2p(r2, hook.secret)).toBe(true);
    expect(verifyStandard(r2, hook.secret)).toBe(true);
    expect(r2.body).toBe(r1!.body);
    expect((await snapshot(signedIn)).attempts).toBe(2);
  });

  it("leaves a failed resend to the retry schedule, and resends a v1 event to a v1 webhook only", async () => {
    const hook = await newWebhook(signedIn, { url: receiver.url });
    await startedSession(signedIn);
    const created = (await eventsOf(signedIn)).find((e) => e.type === "order.created")!;
    // the fan-out already made this delivery (the webhook takes every event): resend sends it now
    receiver.reply = () => ({ status: 503, body: "down" });
    const before = Date.now();
    const failed = await resendEventAction(created.id, hook.id);
    expect(failed).toMatchObject({ ok: true, data: { created: false, status: "PENDING", attempts: 1, responseCode: 503 } });
    const [row] = await (
      await testDb()
    )
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.webhookId, hook.id), eq(deliveries.eventId, created.id)));
    // the next attempt is due on the schedule (a minute after the first failure), for the engine to make
    expect(row!.status).toBe("PENDING");
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + 60_000);

    // a v1 event goes to a v1 webhook; a v0 webhook refuses it, and the reverse
    const v1Hook = (await call("POST", "/api/v1/webhooks", { key: signedIn.apiKey, body: { url: receiver.url } })).body.responseObject;
    const v1Event = (await eventsOf(signedIn)).find((e) => e.type === "PAYMENT_CREATED")!;
    const kept = await snapshot(signedIn);
    expect(await resendEventAction(v1Event.id, hook.id)).toEqual({
      ok: false,
      message: "webhookId: must be a v1 webhook: this is a v1 event",
      fields: { webhookId: expect.any(String) },
    });
    expect(await resendEventAction(created.id, v1Hook.id)).toMatchObject({
      ok: false,
      message: "webhookId: must be a v0 webhook: this is a v0 event",
    });
    expect(await snapshot(signedIn)).toEqual(kept);
    receiver.reply = () => ({ status: 200, body: "ok" });
    const n = receiver.received.length;
    expect(await resendEventAction(v1Event.id, v1Hook.id)).toMatchObject({ ok: true, data: { created: true, status: "DELIVERED" } });
    await receiver.waitFor(n + 1);
    const r = receiver.received[n]!;
    expect(verifyStandard(r, v1Hook.secret)).toBe(true);
    expect(JSON.parse(r.body)).toMatchObject({ id: v1Event.id, type: "PAYMENT_CREATED" });
  });

  it("refuses another merchant's event or webhook, and bad input, changing nothing", async () => {
    await startedSession(signedIn);
    const mine = await newWebhook(signedIn, { url: receiver.url, events: ["order.fulfilled"] });
    const myEvent = (await eventsOf(signedIn))[0]!;
    const stranger = await newMerchant();
    await startedSession(stranger);
    const theirs = await newWebhook(stranger, { url: receiver.url, events: ["order.fulfilled"] });
    const theirEvent = (await eventsOf(stranger))[0]!;
    const paused = await newWebhook(signedIn, { url: receiver.url, events: ["order.fulfilled"] });
    await call("PATCH", `/api/webhooks/${paused.id}`, { key: signedIn.apiKey, body: { active: false } });
    const deleted = await newWebhook(signedIn, { url: receiver.url, events: ["order.fulfilled"] });
    await call("DELETE", `/api/webhooks/${deleted.id}`, { key: signedIn.apiKey });
    const before = await snapshot(signedIn, stranger);

    // another merchant's ids, either one, are ones that do not exist
    expect(await resendEventAction(myEvent.id, theirs.id)).toEqual({ ok: false, message: "Webhook not found" });
    expect(await resendEventAction(theirEvent.id, mine.id)).toEqual({ ok: false, message: "Event not found" });
    expect(await resendEventAction(theirEvent.id, theirs.id)).toEqual({ ok: false, message: "Webhook not found" });
    expect(await resendEventAction("evt_nope", mine.id)).toEqual({ ok: false, message: "Event not found" });
    // a paused or deleted webhook sends nothing
    expect(await resendEventAction(myEvent.id, paused.id)).toMatchObject({ ok: false, message: expect.stringMatching(/paused/) });
    expect(await resendEventAction(myEvent.id, deleted.id)).toMatchObject({ ok: false, message: expect.stringMatching(/deleted/) });
    // input of the wrong shape or text no row could hold
    for (const args of [
      ["", mine.id],
      [myEvent.id, ""],
      [myEvent.id, "x".repeat(101)],
      [`${myEvent.id}\u0000`, mine.id],
      [myEvent.id, "\ud800"],
      [42, mine.id],
      [myEvent.id, null],
      [{ id: myEvent.id }, mine.id],
    ] as [string, string][]) {
      expect(await resendEventAction(...args)).toMatchObject({ ok: false, message: expect.any(String) });
    }
    expect(await snapshot(signedIn, stranger)).toEqual(before);
    expect(receiver.received).toEqual([]);
  });
});

describe("the events page", () => {
  it("lists the merchant's events of both generations, newest first, with their payloads and where to resend them", async () => {
    const { session } = await startedSession(signedIn);
    const hook = await newWebhook(signedIn, { url: receiver.url });
    const stranger = await newMerchant();
    const { session: theirSession } = await startedSession(stranger);
    const html = await renderEvents();
    const mine = await eventsOf(signedIn);
    expect(new Set(mine.map((e) => e.apiVersion))).toEqual(new Set([0, 1]));
    // newest first, each marked with its generation
    const order = mine.map((e) => html.indexOf(`data-event-id="${e.id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => b - a)).toEqual(order);
    expect(html).toContain("v1 API");
    expect(html).toContain("Payment created");
    expect(html).toContain(`href="/dashboard/sessions/${session.id}"`);
    expect(html).not.toContain(theirSession.id);
    // the payload, pretty and highlighted
    expect(html).toMatch(/<span class="[^"]*" data-json="key">&quot;session&quot;<\/span>/);
    expect(html).toMatch(/data-json="literal">null</);
    // a v0 event can go to the v0 webhook; the v1 event has no v1 webhook to go to
    expect(html).toContain(`<option value="${hook.id}">${receiver.url}</option>`);
    expect(html).toContain("No active v1 webhook to resend this event to.");

    const v1Only = await renderEvents({ version: "v1" });
    const typeShown = (type: string) => `<dd class="font-mono break-all">${type}</dd>`;
    expect(html).toContain(typeShown("session.started"));
    expect(v1Only).toContain(typeShown("PAYMENT_CREATED"));
    expect(v1Only).not.toContain(typeShown("session.started"));
    const byType = await renderEvents({ type: "session.started" });
    expect(byType.match(/data-event-id=/g)).toHaveLength(1);
    expect(await renderEvents({ sessionId: theirSession.id })).toContain("No events match these filters.");
  });

  it("pages to older events with the filters kept, each event on one page only", async () => {
    await startedSession(signedIn);
    await startedSession(signedIn);
    const all = (await eventsOf(signedIn)).reverse();
    const shown = (html: string) => [...html.matchAll(/data-event-id="([^"]+)"/g)].map((m) => m[1]);
    const older = (html: string) => {
      const href = /href="\/dashboard\/events\?([^"]+)"/.exec(html)?.[1];
      return href ? Object.fromEntries(new URLSearchParams(href.replaceAll("&amp;", "&"))) : null;
    };
    const seen: string[] = [];
    let query: Record<string, string> | null = {};
    while (query) {
      const html = await renderEvents({ ...query, limit: "3" });
      seen.push(...shown(html));
      query = older(html);
      if (query) expect(html).toContain(">Older events</a>");
    }
    expect(seen).toEqual(all.map((e) => e.id));
    // a filter travels with the cursor
    const v0 = all.filter((e) => e.apiVersion === 0);
    const first = await renderEvents({ version: "v0", limit: "1" });
    expect(shown(first)).toEqual([v0[0]!.id]);
    const next = older(first)!;
    expect(next.version).toBe("v0");
    expect(shown(await renderEvents({ ...next, limit: "1" }))).toEqual([v0[1]!.id]);
  });

  it("says how events arise when there are none, and answers a refused filter with a message", async () => {
    expect(await renderEvents()).toContain("No events yet. Events are recorded when a payer starts checkout");
    for (const [query, message] of [
      [{ type: "nope" }, "type: must be an event name"],
      [{ version: "v9" }, "version: must be v0 or v1"],
      [{ cursor: "garbage" }, "cursor: is not a cursor this API returned"],
      [{ sessionId: "a\u0000" }, "must not contain NUL characters"],
    ] as const) {
      const html = await renderEvents(query);
      expect(html).toMatch(/<p role="alert"[^>]*>[^<]*/);
      expect(html).toContain(message);
    }
  });
});
