import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { webhooks } from "@/db/schema";
import { customHeadersToSend } from "@/lib/webhooks/custom-headers";
import { call, newMerchant, newWebhook, randomIp, startedSession, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// The dashboard shows and manages the webhooks of both API generations: a v1 webhook is marked as
// such, offers the v1 event names, and its changes keep to them.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn.id)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { default: WebhooksPage } = await import("@/app/dashboard/(app)/webhooks/page");
const { default: WebhookPage } = await import("@/app/dashboard/(app)/webhooks/[id]/page");
const actions = await import("@/actions/dashboard/webhook");

async function merchantWithBoth() {
  signedIn = await newMerchant();
  const v0 = await newWebhook(signedIn, { url: "https://hooks.example.com/v0" });
  const v1 = (
    await call("POST", "/api/v1/webhooks", {
      key: signedIn.apiKey,
      body: {
        url: "https://hooks.example.com/v1",
        events: ["PAYMENT_CREATED"],
        customHeaders: [
          { key: "X-Shop", value: "1" },
          { key: "Authorization", value: "Bearer dash-secret-5678" },
        ],
      },
    })
  ).body.responseObject;
  return { v0, v1 };
}

const row = async (id: string) => (await (await testDb()).select().from(webhooks).where(eq(webhooks.id, id)))[0]!;

describe("the dashboard's webhooks of both API generations", () => {
  it("lists both, marks the v1 one, and its page offers the v1 events and lists its deliveries", async () => {
    const { v0, v1 } = await merchantWithBoth();
    await startedSession(signedIn);
    const list = renderToStaticMarkup(await WebhooksPage());
    expect(list).toContain(`/dashboard/webhooks/${v0.id}`);
    expect(list).toContain(`/dashboard/webhooks/${v1.id}`);
    // the text a reader sees: its state badge, its events, its generation
    expect(list.replace(/<[^>]+>/g, "")).toContain("Active · PAYMENT_CREATED · API v1 · added");

    const page = renderToStaticMarkup(await WebhookPage({ params: Promise.resolve({ id: v1.id }), searchParams: Promise.resolve({}) }));
    expect(page).toContain("API v1 webhook");
    expect(page).toContain('value="PAYMENT_SETTLED"');
    expect(page).not.toContain('value="order.created"');
    expect(page).toMatch(/>PAYMENT_CREATED<\/a>/);
    // its custom headers, masked: the page never holds a value
    const text = page.replace(/<[^>]+>/g, "");
    expect(text).toContain("Custom headers");
    expect(text).toContain("X-Shop: ••••");
    expect(text).toContain("Authorization: ••••5678");
    expect(page).not.toContain("dash-secret");
    const v0Page = renderToStaticMarkup(await WebhookPage({ params: Promise.resolve({ id: v0.id }), searchParams: Promise.resolve({}) }));
    expect(v0Page).toContain("API v0 webhook");
    expect(v0Page).toContain('value="order.created"');
    expect(v0Page).not.toContain("Custom headers");
  });

  it("changes a v1 webhook with v1 event names, refuses v0 ones, and keeps its custom headers", async () => {
    const { v1 } = await merchantWithBoth();
    expect(await actions.updateWebhookAction(v1.id, { events: ["ORDER_FULFILLED"], active: false })).toMatchObject({ ok: true });
    const changed = await row(v1.id);
    expect(changed).toMatchObject({ events: ["ORDER_FULFILLED"], active: false });
    expect(customHeadersToSend(changed.customHeaders)).toEqual({ "X-Shop": "1", Authorization: "Bearer dash-secret-5678" });
    const refused = await actions.updateWebhookAction(v1.id, { events: ["order.created"] });
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("events.0: must be event names: ORDER_CREATED") });
    expect((await row(v1.id)).events).toEqual(["ORDER_FULFILLED"]);
    expect(await actions.deleteWebhookAction(v1.id)).toMatchObject({ ok: true });
    expect((await row(v1.id)).deletedAt).not.toBeNull();
  });
});
