import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDbKind } from "@/db/client";
import { checkoutSessions, orders } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { transition } from "@/lib/state";
import { call, newMerchant, startedSession } from "../support/api";
import { testDb } from "../support/db";

// transition() moves a row only from the statuses its table allows, and decides that in the UPDATE
// itself: a row whose status changed after someone read it, or while the UPDATE waited for it, is
// refused with a 409 and keeps the status it was given.

async function sessionStatus(id: string) {
  const [row] = await (
    await testDb()
  )
    .select({ status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, id));
  return row!.status;
}

describe("transition() against a row that changed underneath", () => {
  it("refuses to complete a session that was cancelled after the caller read it", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const { session } = await startedSession(m);
    const [seen] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(seen!.status).toBe("ACTIVE"); // what the caller decided on

    expect((await call("POST", `/api/checkout/sessions/${session.id}/cancel`, { key: m.apiKey })).status).toBe(200);

    const err = await transition(db, "session", seen!, "complete", { set: { completedAt: new Date() } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: "CONFLICT",
      message: 'Session is CANCELLED; "complete" applies only to ACTIVE',
      details: { machine: "session", trigger: "complete", status: "CANCELLED", allowedFrom: ["ACTIVE"] },
    });
    expect(await sessionStatus(session.id)).toBe("CANCELLED");
    const [after] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    expect(after!.completedAt).toBeNull();
  });

  it("refuses an order trigger whose from-status is gone, and leaves the order's columns alone", async () => {
    const db = await testDb();
    const m = await newMerchant();
    const { started } = await startedSession(m);
    expect((await call("POST", `/api/checkout/sessions/${started.session.id}/payment-sent`, { key: m.apiKey })).status).toBe(200);
    const err = await transition(db, "order", { id: started.order.id as string, merchantId: m.id }, "cancel").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "CONFLICT", details: { machine: "order", trigger: "cancel", status: "PAYMENT_SENT" } });
    const [order] = await db.select().from(orders).where(eq(orders.id, started.order.id));
    expect(order!.status).toBe("PAYMENT_SENT");
  });

  // Two connections are needed to interleave: PGlite has one, so this runs on PostgreSQL only.
  it.skipIf(process.env.TEST_DB !== "postgres")(
    "a change committed while the UPDATE waits for the row wins: the condition is checked on the row as committed",
    async () => {
      const db = await testDb();
      expect(await getDbKind()).toBe("postgres");
      const m = await newMerchant();
      const { session } = await startedSession(m);

      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const hasLock = new Promise<void>((r) => (locked = r));
      // another writer cancels the session and holds the row, uncommitted, until released
      const other = db.transaction(async (tx) => {
        await tx.update(checkoutSessions).set({ status: "CANCELLED" }).where(eq(checkoutSessions.id, session.id));
        locked();
        await gate;
      });
      await hasLock;

      // the status committed right now is still ACTIVE, which "complete" allows: a read-then-write
      // would decide on it, wait for the row, and then overwrite the cancellation
      const moving = transition(db, "session", { id: session.id, merchantId: m.id }, "complete", {
        set: { completedAt: new Date() },
      }).catch((e: unknown) => e);
      await waitUntilBlocked(session.id);
      release();
      await other;

      expect(await moving).toMatchObject({ code: "CONFLICT", details: { machine: "session", trigger: "complete", status: "CANCELLED" } });
      expect(await sessionStatus(session.id)).toBe("CANCELLED");
    },
  );
});

/** Waits until some statement of this database waits on a row lock (the transition's UPDATE). */
async function waitUntilBlocked(sessionId: string) {
  const db = await testDb();
  for (let i = 0; i < 200; i++) {
    const rows = (await db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%update%checkout_sessions%'`,
    )) as unknown as unknown[];
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the transition of ${sessionId} never waited for the row`);
}
