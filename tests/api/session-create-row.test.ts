import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions, events } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import { createSessionRow } from "@/lib/sessions/create";
import { serializeV1Order } from "@/lib/wire/v1";
import { newMerchant, sessionBody } from "../support/api";
import { testDb } from "../support/db";

// A session and its ORDER_CREATED event are written by one statement, from a row built in the
// service: the row the service answers with, and serializes into the event, must be the row stored.

describe("creating a session", () => {
  it("answers with, and announces, exactly the row it stored: every column, exact-fiat and exact-token", async () => {
    const m = await newMerchant();
    const db = await testDb();
    const as = { actor: dashboardMerchant(m.id) };
    const inputs = [
      sessionBody(m),
      sessionBody(m, {
        amountUsdc: undefined,
        checkoutMode: "exact-fiat",
        fiatAmount: "42.50",
        fiatCurrency: "EUR",
        maxFeePercentage: 2.5,
        successUrl: "https://shop.example/paid",
        cancelUrl: "https://shop.example/cart",
        metadata: { zeta: "last", a: "first", orderRef: "A-1" },
        enabledPaymentPlatforms: ["revolut", "wise", "revolut"],
        orderTokenHash: "f".repeat(64),
        feePayer: "PAYEE",
        notes: { gift: true, lines: [1, 2] },
      }),
    ];
    for (const input of inputs) {
      const row = await createSessionRow(db, input as never, as);
      const [stored] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.id));
      expect(stored).toEqual(row);

      const [event] = await db
        .select()
        .from(events)
        .where(and(eq(events.sessionId, row.id), eq(events.type, "ORDER_CREATED")));
      expect(event).toMatchObject({ merchantId: m.id, apiVersion: 1, orderId: null });
      expect((event!.payload as { data: { order: unknown } }).data.order).toEqual(
        JSON.parse(JSON.stringify(serializeV1Order(stored!, "merchant"))),
      );
    }
  });
});
