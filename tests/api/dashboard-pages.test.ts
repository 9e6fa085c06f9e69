import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, newMerchant, newWebhook, startedSession } from "../support/api";

// A dashboard page shows what the merchant can act on (a filter or a cursor that is not valid, a
// delivery that does not exist) as a message; any other failure of its queries reaches the
// error boundary (error.tsx) instead of looking like an empty list.

let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
const outage = { fail: false };
vi.mock("@/lib/webhooks/service", async (original) => {
  const real = await original<typeof import("@/lib/webhooks/service")>();
  return {
    ...real,
    listDeliveries: async (...args: Parameters<typeof real.listDeliveries>) => {
      if (outage.fail) throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.9:5432"), { code: "ECONNREFUSED" });
      return real.listDeliveries(...args);
    },
  };
});

const { default: WebhookPage } = await import("@/app/dashboard/(app)/webhooks/[id]/page");
const render = async (id: string, search: Record<string, string> = {}) =>
  renderToStaticMarkup(await WebhookPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve(search) }));

afterEach(() => {
  outage.fail = false;
});

async function webhookWithDelivery() {
  const m = await newMerchant();
  signedIn = m.id;
  const hook = await newWebhook(m, { events: ["session.started"] });
  await startedSession(m);
  const [delivery] = (await call("GET", `/api/webhooks/${hook.id}/deliveries`, { key: m.apiKey })).body.responseObject.deliveries;
  return { hook, delivery };
}

describe("the webhook page", () => {
  it("lists the deliveries, and a failed query reaches the error boundary instead of an empty log", async () => {
    const { hook, delivery } = await webhookWithDelivery();
    expect(await render(hook.id)).toContain(`?delivery=${delivery.id}`);
    outage.fail = true;
    await expect(render(hook.id)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("says so when the cursor or the opened delivery is not one it knows", async () => {
    const { hook } = await webhookWithDelivery();
    const badCursor = await render(hook.id, { cursor: "not-a-cursor" });
    expect(badCursor).toContain("cursor: is not a cursor this API returned");
    const missing = await render(hook.id, { delivery: "dlv_missing" });
    expect(missing).toContain("Delivery not found");
  });

  it("answers NUL in the address with a message or the not-found page, never a failed query", async () => {
    const { hook } = await webhookWithDelivery();
    for (const search of [{ eventType: "a\u0000b" }, { delivery: "dlv_\u0000" }, { cursor: "\ud800" }] as Record<string, string>[]) {
      expect(await render(hook.id, search)).toContain("must not contain NUL characters or unpaired surrogates");
    }
    await expect(render("whk_\u0000")).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_HTTP_ERROR_FALLBACK;404") });
  });
});
