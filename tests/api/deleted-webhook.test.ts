import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";
import type { Wire } from "../support/wire";

// A deleted webhook stops receiving at once, but it and its delivery history stay readable through
// the API, with `deletedAt` set; every change to it is refused with 409. The dashboard shows it
// read-only, and a session's timeline links each delivery to it.

let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));

async function deletedWebhookWithHistory() {
  const m = await newMerchant();
  const hook = await newWebhook(m, { events: ["session.started", "order.created"] });
  const { session } = await startedSession(m);
  const before = (await call("GET", `/api/webhooks/${hook.id}/deliveries`, { key: m.apiKey })).body.responseObject
    .deliveries as Wire<"Delivery">[];
  expect(before).toHaveLength(2);
  const del = await call("DELETE", `/api/webhooks/${hook.id}`, { key: m.apiKey });
  expect(del.status).toBe(200);
  return { m, hook, session, before };
}

describe("a deleted webhook", () => {
  it("is readable, with deletedAt, and so are its deliveries", async () => {
    const { m, hook, before } = await deletedWebhookWithHistory();

    const got = await call("GET", `/api/webhooks/${hook.id}`, { key: m.apiKey });
    expect(got.status).toBe(200);
    expect(got.body.responseObject).toMatchObject({ id: hook.id, url: hook.url, active: false, deletedAt: expect.any(String) });
    expect(Date.now() - new Date(got.body.responseObject.deletedAt).getTime()).toBeLessThan(60_000);
    expect(got.text).not.toContain(hook.secret);

    const list = await call("GET", `/api/webhooks/${hook.id}/deliveries`, { key: m.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.responseObject.deliveries.map((d: Wire<"Delivery">) => d.id)).toEqual(before.map((d) => d.id));
    const one = await call("GET", `/api/webhooks/${hook.id}/deliveries/${before[0].id}`, { key: m.apiKey });
    expect(one.status).toBe(200);
    expect(one.body.responseObject).toMatchObject({ id: before[0].id, webhookId: hook.id, payload: { type: before[0].eventType } });

    // it no longer counts as one of the merchant's webhooks
    expect((await call("GET", "/api/webhooks", { key: m.apiKey })).body.responseObject.webhooks).toEqual([]);
    // a live webhook answers deletedAt: null
    const live = await newWebhook(m);
    expect((await call("GET", `/api/webhooks/${live.id}`, { key: m.apiKey })).body.responseObject.deletedAt).toBeNull();
  });

  it("refuses every change with 409 and a clear message, and stays as it was", async () => {
    const { m, hook, before } = await deletedWebhookWithHistory();
    const snapshot = (await call("GET", `/api/webhooks/${hook.id}`, { key: m.apiKey })).body.responseObject;
    const changes = [
      call("PATCH", `/api/webhooks/${hook.id}`, { key: m.apiKey, body: { active: true } }),
      call("POST", `/api/webhooks/${hook.id}/test`, { key: m.apiKey }),
      call("POST", `/api/webhooks/${hook.id}/rotate-secret`, { key: m.apiKey }),
      call("POST", `/api/webhooks/${hook.id}/deliveries/${before[0].id}/retry`, { key: m.apiKey }),
      call("DELETE", `/api/webhooks/${hook.id}`, { key: m.apiKey }),
    ];
    for (const res of await Promise.all(changes)) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        responseObject: null,
        message: `This webhook was deleted (${snapshot.deletedAt}); it is kept read-only for its delivery history`,
        error: { code: "CONFLICT", details: { deletedAt: snapshot.deletedAt } },
      });
    }
    expect((await call("GET", `/api/webhooks/${hook.id}`, { key: m.apiKey })).body.responseObject).toEqual(snapshot);
    const after = (await call("GET", `/api/webhooks/${hook.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
    expect(after).toEqual(before); // the retry sent nothing
  });

  it("stays another merchant's: 403 for them, as before", async () => {
    const { hook, before } = await deletedWebhookWithHistory();
    const other = await newMerchant();
    expect((await call("GET", `/api/webhooks/${hook.id}`, { key: other.apiKey })).status).toBe(403);
    expect((await call("GET", `/api/webhooks/${hook.id}/deliveries/${before[0].id}`, { key: other.apiKey })).status).toBe(403);
    expect((await call("PATCH", `/api/webhooks/${hook.id}`, { key: other.apiKey, body: { active: true } })).status).toBe(403);
  });
});

describe("the dashboard", () => {
  it("shows a deleted webhook read-only, and the session timeline links to it", async () => {
    const { m, hook, session, before } = await deletedWebhookWithHistory();
    signedIn = m.id;
    const { default: WebhookPage } = await import("@/app/dashboard/(app)/webhooks/[id]/page");
    const { default: SessionPage } = await import("@/app/dashboard/(app)/sessions/[id]/page");

    const CONTROLS = ["Send test event", "Rotate secret", "Delete webhook", "Resend", "Save"];
    const render = async (id: string, delivery?: string) =>
      renderToStaticMarkup(
        await WebhookPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve(delivery ? { delivery } : {}) }),
      );

    // a live webhook's page has its controls
    const live = await newWebhook(m);
    await startedSession(m);
    const liveDelivery = (await call("GET", `/api/webhooks/${live.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries[0].id;
    const livePage = await render(live.id, liveDelivery);
    for (const control of CONTROLS) expect(livePage).toContain(`>${control}<`);
    expect(livePage).not.toContain("was deleted");

    const page = await render(hook.id, before[0].id);
    // when: a time element of the deletion (relative once hydrated)
    expect(page).toMatch(/This webhook was deleted <span[^>]*><time dateTime="\d{4}-\d\d-\d\dT/);
    expect(page).toContain("read-only");
    for (const d of before) expect(page).toContain(`?delivery=${d.id}`);
    expect(page).toContain(`Delivery ${before[0].id}`); // the opened delivery, with its payload
    // no way to change it: no settings form, no test, rotate, delete or resend
    for (const control of CONTROLS) expect(page).not.toContain(`>${control}<`);

    const timeline = renderToStaticMarkup(await SessionPage({ params: Promise.resolve({ id: session.id }) }));
    for (const d of before) expect(timeline).toContain(`href="/dashboard/webhooks/${hook.id}?delivery=${d.id}"`);
    expect(timeline).toContain(`href="/dashboard/webhooks/${hook.id}"`);
    expect(timeline).toContain("(deleted webhook)");
  });
});
