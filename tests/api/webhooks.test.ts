import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhooks } from "@/db/schema";
import { decrypt } from "@/lib/crypto";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";
import { testDb } from "../support/db";
import type { Wire } from "../support/wire";

describe("webhooks", () => {
  it("creates a webhook, shows its secret once and stores it encrypted", async () => {
    const m = await newMerchant();
    const res = await call("POST", "/api/webhooks", {
      key: m.apiKey,
      body: { url: "https://hooks.example.com/a", events: ["order.fulfilled", "session.completed"] },
    });
    expect(res.status).toBe(201);
    const w = res.body.responseObject;
    expect(w).toMatchObject({
      merchantId: m.id,
      url: "https://hooks.example.com/a",
      events: ["order.fulfilled", "session.completed"],
      active: true,
    });
    expect(w.id).toMatch(/^wh_/);
    expect(w.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const db = await testDb();
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, w.id));
    expect(row!.secretEnc).not.toContain(w.secret.slice(6));
    expect(decrypt(row!.secretEnc)).toBe(w.secret);

    const one = await call("GET", `/api/webhooks/${w.id}`, { key: m.apiKey });
    expect(one.body.responseObject.secret).toBeUndefined();
    expect(one.text).not.toContain(w.secret);
    const list = await call("GET", "/api/webhooks", { key: m.apiKey });
    expect(list.body.responseObject.webhooks).toEqual([one.body.responseObject]);
    expect(list.text).not.toContain(w.secret);
  });

  it("omitted events means all events", async () => {
    const m = await newMerchant();
    expect((await newWebhook(m)).events).toEqual([]);
  });

  it.each([
    [{ url: "http://hooks.example.com/a" }, "url"],
    [{ url: "https://localhost/a" }, "url"],
    [{ url: "https://127.0.0.1/a" }, "url"],
    [{ url: "https://10.0.0.8/a" }, "url"],
    [{ url: "https://169.254.169.254/latest/meta-data" }, "url"],
    [{ url: "https://[::1]/a" }, "url"],
    [{ url: "https://192.168.1.10/a" }, "url"],
    [{ url: "not a url" }, "url"],
    [{}, "url"],
    [{ url: "https://hooks.example.com", events: ["order.shipped"] }, "events"],
    [{ url: "https://hooks.example.com", events: "order.fulfilled" }, "events"],
    [{ url: "https://hooks.example.com", secret: "mine" }, "secret"],
  ])("refuses %j with 400 naming the field", async (body, field) => {
    const m = await newMerchant();
    const res = await call("POST", "/api/webhooks", { key: m.apiKey, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect((await call("GET", "/api/webhooks", { key: m.apiKey })).body.responseObject.webhooks).toEqual([]);
  });

  it("refuses a host name without a dot (resolved inside the service's own network), at creation and change", async () => {
    const m = await newMerchant();
    for (const url of ["https://intranet/hooks", "https://intranet./hooks", "https://grafana:3000/x"]) {
      const res = await call("POST", "/api/webhooks", { key: m.apiKey, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toContain("url: must name a host with a domain");
    }
    const w = await newWebhook(m);
    const res = await call("PATCH", `/api/webhooks/${w.id}`, { key: m.apiKey, body: { url: "https://intranet/hooks" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("url: must name a host with a domain");
    expect((await call("GET", `/api/webhooks/${w.id}`, { key: m.apiKey })).body.responseObject.url).toBe(w.url);
    const v1 = await call("POST", "/api/v1/webhooks", { key: m.apiKey, body: { url: "https://intranet/hooks" } });
    expect(v1.status).toBe(400);
    expect((await call("GET", "/api/webhooks", { key: m.apiKey })).body.responseObject.webhooks).toHaveLength(1);
  });

  it("PATCH changes only the supplied fields", async () => {
    const m = await newMerchant();
    const w = await newWebhook(m, { events: ["order.created"] });
    const res = await call("PATCH", `/api/webhooks/${w.id}`, { key: m.apiKey, body: { active: false } });
    expect(res.status).toBe(200);
    expect(res.body.responseObject).toMatchObject({ id: w.id, url: w.url, events: ["order.created"], active: false });
    const res2 = await call("PATCH", `/api/webhooks/${w.id}`, { key: m.apiKey, body: { url: "https://other.example.com/x", events: [] } });
    expect(res2.body.responseObject).toMatchObject({ url: "https://other.example.com/x", events: [], active: false });
    expect((await call("PATCH", `/api/webhooks/${w.id}`, { key: m.apiKey, body: { url: "https://10.1.1.1/" } })).status).toBe(400);
    expect((await call("PATCH", `/api/webhooks/${w.id}`, { key: m.apiKey, body: { active: "yes" } })).status).toBe(400);
    expect((await call("GET", `/api/webhooks/${w.id}`, { key: m.apiKey })).body.responseObject.url).toBe("https://other.example.com/x");
  });

  it("DELETE removes it from the list: 200 without responseObject; it stays readable, read-only (deleted-webhook.test.ts)", async () => {
    const m = await newMerchant();
    const w = await newWebhook(m);
    const res = await call("DELETE", `/api/webhooks/${w.id}`, { key: m.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, responseObject: null, statusCode: 200 });
    expect((await call("GET", `/api/webhooks/${w.id}`, { key: m.apiKey })).body.responseObject.deletedAt).toEqual(expect.any(String));
    expect((await call("DELETE", `/api/webhooks/${w.id}`, { key: m.apiKey })).status).toBe(409);
    expect((await call("GET", "/api/webhooks", { key: m.apiKey })).body.responseObject.webhooks).toEqual([]);
  });

  it("events fan out to active, subscribed, undeleted webhooks only", async () => {
    const m = await newMerchant();
    const all = await newWebhook(m);
    const onlyOrders = await newWebhook(m, { events: ["order.created"] });
    const onlyFulfilled = await newWebhook(m, { events: ["order.fulfilled"] });
    const inactive = await newWebhook(m);
    await call("PATCH", `/api/webhooks/${inactive.id}`, { key: m.apiKey, body: { active: false } });
    const deleted = await newWebhook(m);
    await call("DELETE", `/api/webhooks/${deleted.id}`, { key: m.apiKey });

    await startedSession(m); // session.started + order.created
    const types = async (id: string) =>
      ((await call("GET", `/api/webhooks/${id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries as Wire<"Delivery">[])
        .map((d) => d.eventType)
        .sort();
    expect(await types(all.id)).toEqual(["order.created", "session.started"]);
    expect(await types(onlyOrders.id)).toEqual(["order.created"]);
    expect(await types(onlyFulfilled.id)).toEqual([]);
    expect(await types(inactive.id)).toEqual([]);

    const d = (await call("GET", `/api/webhooks/${all.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries[0];
    expect(d).toMatchObject({ webhookId: all.id, status: "PENDING", attempts: 0, lastAttemptAt: null, responseCode: null });
    expect(d.id).toMatch(/^dlv_/);
    expect(d.eventId).toMatch(/^evt_/);
  });

  it("lists deliveries newest first with filters and a cursor", async () => {
    const m = await newMerchant();
    const w = await newWebhook(m);
    for (let i = 0; i < 3; i++) await startedSession(m);
    const url = `/api/webhooks/${w.id}/deliveries`;
    const all = (await call("GET", url, { key: m.apiKey })).body.responseObject;
    expect(all.deliveries).toHaveLength(6);
    expect(all.nextCursor).toBeNull();
    const created = all.deliveries.map((d: Wire<"Delivery">) => d.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const p1 = (await call("GET", `${url}?limit=4`, { key: m.apiKey })).body.responseObject;
    const p2 = (await call("GET", `${url}?limit=4&cursor=${p1.nextCursor}`, { key: m.apiKey })).body.responseObject;
    expect([...p1.deliveries, ...p2.deliveries].map((d: Wire<"Delivery">) => d.id)).toEqual(
      all.deliveries.map((d: Wire<"Delivery">) => d.id),
    );
    const byType = (await call("GET", `${url}?eventType=order.created`, { key: m.apiKey })).body.responseObject.deliveries;
    expect(byType).toHaveLength(3);
    expect((await call("GET", `${url}?status=PENDING`, { key: m.apiKey })).body.responseObject.deliveries).toHaveLength(6);
    expect((await call("GET", `${url}?status=DELIVERED`, { key: m.apiKey })).body.responseObject.deliveries).toHaveLength(0);
    expect((await call("GET", `${url}?status=LOST`, { key: m.apiKey })).status).toBe(400);
  });

  it("a merchant has at most 20 webhooks", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 20; i++) await newWebhook(m);
    const res = await call("POST", "/api/webhooks", { key: m.apiKey, body: { url: "https://hooks.example.com/21" } });
    expect(res.status).toBe(409);
  });
});
