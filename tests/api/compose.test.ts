import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, events, orders } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import type { Db } from "@/db/client";
import { withDeferredHints } from "@/lib/jobs";
import { createSession } from "@/lib/sessions/create";
import { getSessionOrThrow } from "@/lib/sessions/read";
import { startSession } from "@/lib/sessions/transitions";
import { newMerchant, sessionBody } from "../support/api";
import { testDb } from "../support/db";

// Services take a db handle or a transaction alike, so a caller can compose several in one
// transaction: everything they write commits together or not at all (each service's own transaction
// becomes a savepoint), and the background work hears of new deliveries only after the outer commit.
const inOneTransaction = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> =>
  withDeferredHints(() => db.transaction((tx) => fn(tx as unknown as Db)));

describe("services compose in one transaction", () => {
  it("a failure after two services rolls both back: no session, order or event is left", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const as = { actor: dashboardMerchant(m.id) };
    let seenInside: string | undefined;
    const err = await inOneTransaction(db, async (tx) => {
      const { session } = await createSession(tx, sessionBody(m) as never, as);
      await startSession(tx, session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, as);
      // inside the transaction the second service sees what the first wrote
      seenInside = (await getSessionOrThrow(tx, session.id, as)).status;
      throw new Error("the caller's third step failed");
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: "the caller's third step failed" });
    expect(seenInside).toBe("ACTIVE");
    expect(await db.select().from(checkoutSessions).where(eq(checkoutSessions.merchantId, m.id))).toEqual([]);
    expect(await db.select().from(orders).where(eq(orders.merchantId, m.id))).toEqual([]);
    expect(await db.select().from(events).where(eq(events.merchantId, m.id))).toEqual([]);
  });

  it("when the whole succeeds, both services' rows and events are there", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const as = { actor: dashboardMerchant(m.id) };
    const started = await inOneTransaction(db, async (tx) => {
      const { session } = await createSession(tx, sessionBody(m) as never, as);
      return startSession(tx, session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, as);
    });
    const view = await getSessionOrThrow(db, started.session.id as string, as);
    expect(view).toMatchObject({ status: "ACTIVE", activeOrder: { status: "SIGNAL_MINED" } });
    const types = (await db.select({ type: events.type }).from(events).where(eq(events.merchantId, m.id))).map((e) => e.type).sort();
    // the v0 events, and the v1 events they stand for, in the same transaction
    expect(types).toEqual(["ORDER_CREATED", "PAYMENT_CREATED", "order.created", "session.started"]);
  });
});
