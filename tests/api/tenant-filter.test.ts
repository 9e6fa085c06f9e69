import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutSessions, deliveries, orders } from "@/db/schema";
import { dashboardMerchant, OPERATOR, payer, SYSTEM } from "@/lib/core/actor";
import { getSessionDetail } from "@/lib/dashboard/session-detail";
import { getSessionOrThrow } from "@/lib/sessions/read";
import { lockOrder } from "@/lib/sessions/rows";
import { cancelSession } from "@/lib/sessions/transitions";
import { attemptDelivery, requeueDelivery } from "@/lib/webhooks/delivery";
import { newMerchant, newSession, newWebhook, startedSession } from "../support/api";
import { testDb } from "../support/db";

// Every query that runs after an ownership check filters by the merchant too, so that one missing
// or mistaken check cannot hand another merchant's rows out. These tests take the check away (or
// call the helper that runs after it) and ask with a second merchant's id for the first one's rows.

let bypassSessionCheck = false;
vi.mock("@/lib/sessions/read", async (original) => {
  const actual = await original<typeof import("@/lib/sessions/read")>();
  return {
    ...actual,
    // with the bypass on, the session is read as the operator would read it: no merchant comparison
    getSessionOrThrow: (
      db: Parameters<typeof actual.getSessionOrThrow>[0],
      id: string,
      as: Parameters<typeof actual.getSessionOrThrow>[2],
    ) => actual.getSessionOrThrow(db, id, bypassSessionCheck ? { actor: OPERATOR } : as),
  };
});
afterEach(() => {
  bypassSessionCheck = false;
});

describe("follow-up queries are scoped to the merchant", () => {
  it("a session's detail shows another merchant none of its orders, proofs, events or deliveries, even past the check", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await newWebhook(a, { events: ["session.started", "order.created"] });
    const { session } = await startedSession(a);
    const db = await testDb();

    // the owner sees the whole history, so the empty answer below is not an empty session
    const own = await getSessionDetail(db, session.id, { actor: dashboardMerchant(a.id) });
    expect(own.orders).toHaveLength(1);
    expect(own.timeline.length).toBeGreaterThanOrEqual(2);
    expect(own.timeline.flatMap((e) => e.deliveries).length).toBeGreaterThanOrEqual(2);

    // with the check in place another merchant is refused outright
    await expect(getSessionDetail(db, session.id, { actor: dashboardMerchant(b.id) })).rejects.toMatchObject({ code: "FORBIDDEN" });

    bypassSessionCheck = true;
    const leaked = await getSessionDetail(db, session.id, { actor: dashboardMerchant(b.id) });
    expect(leaked.orders).toEqual([]);
    expect(leaked.proofAttempts).toEqual([]);
    expect(leaked.timeline).toEqual([]);
  });

  it("an order locked for a session is found only under that session and its merchant", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const { session, started } = await startedSession(a);
    const other = await newSession(b);
    const db = await testDb();
    const [sessionA] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    const [sessionB] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, other.id));
    const orderId = started.order.id as string;

    const found = await db.transaction(async (tx) => ({
      own: await lockOrder(tx, orderId, sessionA!),
      otherSession: await lockOrder(tx, orderId, sessionB!),
      otherMerchant: await lockOrder(tx, orderId, { id: sessionA!.id, merchantId: b.id }),
    }));
    expect(found.own?.id).toBe(orderId);
    expect(found.otherSession).toBeNull();
    expect(found.otherMerchant).toBeNull();
    // and nothing about the order changed
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ id: orderId, merchantId: a.id, sessionId: session.id, status: found.own!.status });
  });
});

describe("every actor reaches only what it owns", () => {
  it("a payer's link reaches its own session only: another session is not found and does not change", async () => {
    const m = await newMerchant();
    const mine = await newSession(m);
    const other = await newSession(m);
    const db = await testDb();
    expect((await getSessionOrThrow(db, mine.id, { actor: payer(mine.id) })).id).toBe(mine.id);
    await expect(getSessionOrThrow(db, other.id, { actor: payer(mine.id) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancelSession(db, other.id, { actor: payer(mine.id) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, other.id));
    expect(row!.status).toBe("CREATED");
  });

  it("a merchant's retry or test claims its own deliveries only; the engine claims any that is due", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    await newWebhook(a, { events: ["session.started"] });
    await startedSession(a);
    const db = await testDb();
    const [pending] = await db.select().from(deliveries).where(eq(deliveries.merchantId, a.id));
    expect(pending!.status).toBe("PENDING");

    expect(await attemptDelivery(db, pending!.id, { actor: dashboardMerchant(b.id), force: true })).toMatchObject({ kind: "skipped" });
    expect(await requeueDelivery(db, { id: pending!.id, merchantId: b.id })).toBeUndefined();
    const [untouched] = await db.select().from(deliveries).where(eq(deliveries.id, pending!.id));
    expect(untouched).toMatchObject({ attempts: 0, leaseUntil: null, status: "PENDING" });

    // its own merchant's claim does go through, so the refusal above is the merchant filter
    expect(await attemptDelivery(db, pending!.id, { actor: dashboardMerchant(a.id), force: true })).toMatchObject({ kind: "attempted" });
    expect(await requeueDelivery(db, { id: pending!.id, merchantId: a.id })).toMatchObject({ id: pending!.id });
    expect(await attemptDelivery(db, pending!.id, { actor: SYSTEM })).toMatchObject({ kind: "attempted" });
  });
});
