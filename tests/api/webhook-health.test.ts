import { eq, inArray, isNull } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliveries, deliveryAttempts, events } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import { newId } from "@/lib/core/ids";
import { purgeStaleRows } from "@/lib/maintenance/purge";
import { getWebhookHealth, merchantWebhooksHealth, RETRY_ALL_BATCH, retryAllFailed, webhooksHealth } from "@/lib/webhooks/health";
import { fillAttemptWebhooks } from "@/lib/webhooks/record-attempts";
import { awayFromWindowEdge, newMerchant, newWebhook, randomIp, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// A webhook's health on the dashboard (success rate and counts over 24 h, median response time,
// last failure) and "retry all failed", on known deliveries and attempts.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", async (original) => (await import("../support/page-mocks")).signedInAs(() => signedIn.id)(original));
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const hooks = await import("@/actions/dashboard/webhook");
const { default: WebhookPage } = await import("@/app/dashboard/(app)/webhooks/[id]/page");
const { default: WebhooksPage } = await import("@/app/dashboard/(app)/webhooks/page");
const render = async (id: string) =>
  renderToStaticMarkup(await WebhookPage({ params: Promise.resolve({ id }), searchParams: Promise.resolve({}) }));

const HOUR = 3_600_000;
const as = (m: TestMerchant) => ({ actor: dashboardMerchant(m.id), generation: "any" as const });

type Attempt = { code: number | null; ms: number; error?: string; agoMs?: number };

/**
 * A delivery of a fresh event with these attempts (the last one decides lastAttemptAt). `unfilled`:
 * its attempts are written as the release before migration 0017 wrote them, without their webhook.
 */
async function delivery(
  m: TestMerchant,
  webhookId: string,
  status: "PENDING" | "DELIVERED" | "FAILED",
  attempts: Attempt[],
  agoMs = 0,
  { unfilled = false } = {},
) {
  const db = await testDb();
  const eventId = newId("evt");
  const id = newId("dlv");
  const at = new Date(Date.now() - agoMs);
  await db.insert(events).values({ id: eventId, merchantId: m.id, type: "webhook.test", apiVersion: 0, payload: { id: eventId } });
  await db.insert(deliveries).values({
    id,
    webhookId,
    merchantId: m.id,
    eventId,
    eventType: "webhook.test",
    status,
    attempts: attempts.length,
    lastAttemptAt: attempts.length ? at : null,
    nextAttemptAt: status === "PENDING" ? new Date(Date.now() + HOUR) : null,
    responseCode: attempts.at(-1)?.code ?? null,
    createdAt: at,
    updatedAt: at,
  });
  for (const [i, a] of attempts.entries()) {
    await db.insert(deliveryAttempts).values({
      id: newId("att"),
      deliveryId: id,
      webhookId: unfilled ? null : webhookId,
      attemptNo: i + 1,
      startedAt: new Date(at.getTime() - (a.agoMs ?? 0) - (attempts.length - i) * 1000),
      responseCode: a.code,
      error: a.error ?? null,
      durationMs: a.ms,
    });
  }
  return id;
}

async function statuses(ids: string[]) {
  const rows = await (
    await testDb()
  )
    .select({ id: deliveries.id, status: deliveries.status })
    .from(deliveries)
    .where(inArray(deliveries.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

let m: TestMerchant;
beforeEach(async () => {
  m = await newMerchant();
  signedIn = m;
});

describe("webhook health", () => {
  it("counts delivered and failed over 24 h, takes the median attempt duration and the last failure", async () => {
    const hook = await newWebhook(m);
    await delivery(m, hook.id, "DELIVERED", [{ code: 200, ms: 10 }]);
    await delivery(m, hook.id, "DELIVERED", [{ code: 200, ms: 30 }]);
    await delivery(
      m,
      hook.id,
      "DELIVERED",
      [
        { code: 500, ms: 40 },
        { code: 200, ms: 20 },
      ],
      3 * HOUR,
    );
    const failed = await delivery(m, hook.id, "FAILED", [{ code: null, ms: 1000, error: "connection refused" }], 60_000);
    await delivery(m, hook.id, "PENDING", [{ code: 503, ms: 50 }], 2 * HOUR);
    // older than a day: neither counted nor timed, but still FAILED (retry all takes it) and a failure
    await delivery(m, hook.id, "FAILED", [{ code: 502, ms: 9000 }], 30 * HOUR);
    // another webhook's deliveries count for that one only
    const other = await newWebhook(m, { url: "https://hooks.example.com/other" });
    await delivery(m, other.id, "FAILED", [{ code: 500, ms: 5 }]);

    const h = await getWebhookHealth(await testDb(), hook.id, as(m));
    expect(h).toMatchObject({ delivered: 3, failed: 1, failedNow: 2, successRate: 0.75 });
    // attempts in the window: 10, 30, 40, 20, 1000, 50 → median (30 + 40) / 2
    expect(h.p50Ms).toBe(35);
    // the newest failed attempt: the refused connection a minute ago (not the 503 two hours ago)
    expect(h.lastFailure).toMatchObject({ deliveryId: failed, responseCode: null, error: "connection refused" });

    const all = await webhooksHealth(await testDb(), [hook.id, other.id], m.id);
    expect(all[hook.id]).toEqual(h);
    expect(all[other.id]).toMatchObject({ delivered: 0, failed: 1, failedNow: 1, successRate: 0, p50Ms: 5 });
  });

  it("counts attempts from before they carried their webhook, before and after the maintenance sweep fills them", async () => {
    const hook = await newWebhook(m);
    const old = await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 70 }], 5 * HOUR, { unfilled: true });
    const recent = await delivery(m, hook.id, "DELIVERED", [{ code: 200, ms: 10 }], HOUR, { unfilled: true });
    // a newer failure with its webhook, and an older one without: the newer one is the last failure
    const stranger = await newMerchant();
    const strangers = await delivery(stranger, (await newWebhook(stranger)).id, "FAILED", [{ code: 502, ms: 999 }], 0, { unfilled: true });
    const db = await testDb();
    const expected = { delivered: 1, failed: 1, p50Ms: 40, lastFailure: { deliveryId: old, responseCode: 500 } };
    // not filled yet (as right after an upgrade): read through their delivery, another merchant's not at all
    expect(await getWebhookHealth(db, hook.id, as(m))).toMatchObject(expected);
    // filled newest first, in batches: a batch of one fills the newest attempt of all
    expect(await fillAttemptWebhooks(db, { batchSize: 1, maxBatches: 1 })).toBe(1);
    const filled = async () =>
      Object.fromEntries(
        (
          await db
            .select({ deliveryId: deliveryAttempts.deliveryId, webhookId: deliveryAttempts.webhookId })
            .from(deliveryAttempts)
            .where(inArray(deliveryAttempts.deliveryId, [old, recent, strangers]))
        ).map((a) => [a.deliveryId, a.webhookId !== null]),
      );
    expect(await filled()).toEqual({ [old]: false, [recent]: false, [strangers]: true });
    await fillAttemptWebhooks(db, { batchSize: 1, maxBatches: 1000, restFactor: 0 });
    const rows = await db
      .select({ webhookId: deliveryAttempts.webhookId })
      .from(deliveryAttempts)
      .where(isNull(deliveryAttempts.webhookId));
    expect(rows).toEqual([]);
    // the same health, now read by their webhook
    expect(await getWebhookHealth(db, hook.id, as(m))).toMatchObject(expected);
    // a failure after the fill, with its webhook, is the last one; an unfilled older one does not hide it
    const newer = await delivery(m, hook.id, "FAILED", [{ code: 503, ms: 20 }], 60_000);
    await delivery(m, hook.id, "FAILED", [{ code: 504, ms: 20 }], 2 * HOUR, { unfilled: true });
    expect((await getWebhookHealth(db, hook.id, as(m))).lastFailure).toMatchObject({ deliveryId: newer, responseCode: 503 });
    // the purge sweep fills them too, and says how many
    expect((await purgeStaleRows(db)).attemptWebhooks).toBeGreaterThanOrEqual(1);
    expect(await getWebhookHealth(db, hook.id, as(m))).toMatchObject({ failed: 3, lastFailure: { deliveryId: newer } });
  });

  it("has no rate nor median without deliveries, and another merchant's webhook is refused", async () => {
    const hook = await newWebhook(m);
    expect(await getWebhookHealth(await testDb(), hook.id, as(m))).toEqual({
      delivered: 0,
      failed: 0,
      successRate: null,
      p50Ms: null,
      failedNow: 0,
      lastFailure: null,
      circuit: { state: "closed", failures: 0, retryAt: null },
    });
    const stranger = await newMerchant();
    await expect(getWebhookHealth(await testDb(), hook.id, as(stranger))).rejects.toMatchObject({ status: 403 });
    // asked for another merchant's webhook by id, the batch gives nothing of it
    await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 5 }]);
    expect((await webhooksHealth(await testDb(), [hook.id], stranger.id))[hook.id]).toMatchObject({ failed: 0, failedNow: 0 });
  });
});

describe("the merchant's webhooks together (the overview)", () => {
  it("adds up the last day across live webhooks and lists the failing ones, most failures first", async () => {
    expect(await merchantWebhooksHealth(await testDb(), as(m))).toEqual({
      webhooks: 0,
      delivered: 0,
      failed: 0,
      successRate: null,
      failing: [],
    });
    const healthy = await newWebhook(m, { url: "https://hooks.example.com/healthy" });
    const flaky = await newWebhook(m, { url: "https://hooks.example.com/flaky" });
    const down = await newWebhook(m, { url: "https://hooks.example.com/down" });
    await delivery(m, healthy.id, "DELIVERED", [{ code: 200, ms: 5 }]);
    await delivery(m, healthy.id, "DELIVERED", [{ code: 200, ms: 5 }]);
    await delivery(m, flaky.id, "DELIVERED", [{ code: 200, ms: 5 }]);
    await delivery(m, flaky.id, "FAILED", [{ code: 502, ms: 5 }]);
    await delivery(m, down.id, "FAILED", [{ code: 500, ms: 5 }]);
    await delivery(m, down.id, "FAILED", [{ code: null, ms: 5, error: "connection refused" }]);
    // a failure older than a day, another merchant's and a deleted webhook's do not count
    await delivery(m, healthy.id, "FAILED", [{ code: 500, ms: 5 }], 30 * HOUR);
    const stranger = await newMerchant();
    await delivery(stranger, (await newWebhook(stranger)).id, "FAILED", [{ code: 500, ms: 5 }]);
    const gone = await newWebhook(m, { url: "https://hooks.example.com/gone" });
    await delivery(m, gone.id, "FAILED", [{ code: 500, ms: 5 }]);
    expect((await hooks.deleteWebhookAction(gone.id)).ok).toBe(true);

    const h = await merchantWebhooksHealth(await testDb(), as(m));
    expect(h).toMatchObject({ webhooks: 3, delivered: 3, failed: 3, successRate: 0.5 });
    expect(h.failing.map((w) => [w.id, w.url, w.health.failed, w.health.delivered])).toEqual([
      [down.id, "https://hooks.example.com/down", 2, 0],
      [flaky.id, "https://hooks.example.com/flaky", 1, 1],
    ]);
    expect(h.failing[0]!.health.lastFailure).toMatchObject({ error: "connection refused" });
  });
});

describe("retry all failed", () => {
  it("requeues only this merchant's and this webhook's FAILED deliveries, and says how many", async () => {
    const hook = await newWebhook(m);
    const f1 = await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 5 }]);
    const f2 = await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 5 }], 40 * HOUR);
    const ok = await delivery(m, hook.id, "DELIVERED", [{ code: 200, ms: 5 }]);
    const pending = await delivery(m, hook.id, "PENDING", [{ code: 500, ms: 5 }]);
    const otherHook = await newWebhook(m, { url: "https://hooks.example.com/other" });
    const otherHooks = await delivery(m, otherHook.id, "FAILED", [{ code: 500, ms: 5 }]);
    const stranger = await newMerchant();
    const strangerHook = await newWebhook(stranger);
    const strangers = await delivery(stranger, strangerHook.id, "FAILED", [{ code: 500, ms: 5 }]);

    const before = Date.now();
    expect(await retryAllFailed(await testDb(), hook.id, as(m))).toEqual({ queued: 2, more: false });
    expect(await statuses([f1, f2, ok, pending, otherHooks, strangers])).toEqual({
      [f1]: "PENDING",
      [f2]: "PENDING",
      [ok]: "DELIVERED",
      [pending]: "PENDING",
      [otherHooks]: "FAILED",
      [strangers]: "FAILED",
    });
    // due now, for the dispatcher
    const [row] = await (await testDb()).select().from(deliveries).where(eq(deliveries.id, f1));
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // nothing left to requeue
    expect(await retryAllFailed(await testDb(), hook.id, as(m))).toEqual({ queued: 0, more: false });
  });

  it("leaves a delivery whose attempt holds its lease", async () => {
    const hook = await newWebhook(m);
    const held = await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 5 }]);
    await (
      await testDb()
    )
      .update(deliveries)
      .set({ leaseUntil: new Date(Date.now() + HOUR) })
      .where(eq(deliveries.id, held));
    expect(await retryAllFailed(await testDb(), hook.id, as(m))).toEqual({ queued: 0, more: false });
    expect(await statuses([held])).toEqual({ [held]: "FAILED" });
  });

  it("the dashboard action requeues the signed-in merchant's and refuses another merchant's webhook", async () => {
    const hook = await newWebhook(m);
    const mine = await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 5 }]);
    const stranger = await newMerchant();
    const strangerHook = await newWebhook(stranger);
    const theirs = await delivery(stranger, strangerHook.id, "FAILED", [{ code: 500, ms: 5 }]);

    const refused = await hooks.retryAllFailedAction(strangerHook.id);
    expect(refused).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await statuses([theirs])).toEqual({ [theirs]: "FAILED" });

    expect(await hooks.retryAllFailedAction(hook.id)).toEqual({ ok: true, data: { queued: 1, more: false } });
    expect(await statuses([mine])).toEqual({ [mine]: "PENDING" });
    expect(await hooks.retryAllFailedAction(42 as never)).toMatchObject({ ok: false });
  });
});

describe("bounded sends", () => {
  it("retry all requeues a batch at a time, oldest first, and says more are left", async () => {
    const db = await testDb();
    const hook = await newWebhook(m);
    const now = Date.now();
    const at = (i: number) => new Date(now - (RETRY_ALL_BATCH + 20 - i) * 1000);
    const evts = Array.from({ length: RETRY_ALL_BATCH + 20 }, (_, i) => {
      const id = newId("evt");
      return { id, merchantId: m.id, type: "session.started", payload: { id }, createdAt: at(i) };
    });
    await db.insert(events).values(evts);
    const many = evts.map((e, i) => ({
      id: newId("dlv"),
      webhookId: hook.id,
      merchantId: m.id,
      eventId: e.id,
      eventType: e.type,
      status: "FAILED" as const,
      createdAt: at(i),
    }));
    await db.insert(deliveries).values(many);
    const first = await retryAllFailed(db, hook.id, as(m));
    expect(first).toEqual({ queued: RETRY_ALL_BATCH, more: true });
    // the oldest went first
    expect((await statuses([many[0]!.id, many.at(-1)!.id]))[many[0]!.id]).toBe("PENDING");
    expect((await statuses([many.at(-1)!.id]))[many.at(-1)!.id]).toBe("FAILED");
    expect(await retryAllFailed(db, hook.id, as(m))).toEqual({ queued: 20, more: false });
  });

  it("the dashboard's sends (test, resend, retry all, rotate) share the merchant's limit of 60 a minute", async () => {
    await awayFromWindowEdge(60_000, 20_000);
    const owner = await newMerchant();
    signedIn = owner;
    try {
      const hook = await newWebhook(owner);
      const answers: string[] = [];
      for (let i = 0; i < 30; i++) answers.push(((await hooks.retryAllFailedAction(hook.id)) as { ok: boolean }).ok ? "ok" : "refused");
      for (let i = 0; i < 30; i++) answers.push(((await hooks.rotateSecretAction(hook.id)) as { ok: boolean }).ok ? "ok" : "refused");
      expect(answers.every((a) => a === "ok")).toBe(true);
      const refused = await hooks.testWebhookAction(hook.id);
      expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many attempts; try again in \d+ seconds\.$/) });
      // another merchant's sends are their own
      signedIn = m;
      expect(await hooks.retryAllFailedAction((await newWebhook(m)).id)).toMatchObject({ ok: true });
    } finally {
      signedIn = m;
    }
  });
});

describe("the webhook pages", () => {
  it("show the health, the retry-all count and each pending delivery's next retry", async () => {
    const hook = await newWebhook(m);
    await delivery(m, hook.id, "DELIVERED", [{ code: 200, ms: 10 }]);
    await delivery(m, hook.id, "FAILED", [{ code: 500, ms: 30 }]);
    await delivery(m, hook.id, "FAILED", [{ code: 502, ms: 20 }], 60_000);
    const pending = await delivery(m, hook.id, "PENDING", [{ code: 503, ms: 40 }], 120_000);
    const [row] = await (await testDb()).select().from(deliveries).where(eq(deliveries.id, pending));
    const next = row!.nextAttemptAt!.toISOString();

    const page = await render(hook.id);
    expect(page).toContain("33.3%");
    expect(page).toContain("1 delivered · 2 failed");
    expect(page).toContain("25 ms");
    expect(page).toMatch(/data-testid="webhook-last-failure"[^>]*>HTTP status 500</);
    expect(page).toContain("Retry all failed");
    expect(page).toContain("Next retry");
    // the pending delivery's next retry: a time element of that instant (shown relative once hydrated)
    expect(page).toMatch(new RegExp(`<time dateTime="${next}"[^>]*>[^<]+ UTC</time>`));

    const list = renderToStaticMarkup(await WebhooksPage());
    // the list's line, its last failure's time a time element (relative once hydrated)
    expect(list).toMatch(/24 h: 33\.3% delivered \(1 of 3\) · median 25 ms · last failure HTTP status 500 <span[^>]*><time dateTime="/);
  });
});
