import { describe, expect, it } from "vitest";
import { payer } from "@/lib/core/actor";
import { simulateBankConfirmation } from "@/lib/checkout/service";
import { startSession } from "@/lib/sessions/transitions";
import { call, newMerchant, randomIp, WALLET } from "../support/api";
import { testDb } from "../support/db";

// The payer's page polls GET /checkout/status with its link: the session id, and for a v1 order the
// order token the link carries. A v1 page must follow its order live like any other.

const { GET: status } = await import("@/app/checkout/status/route");

const poll = (session: string, token?: string) =>
  status(
    new Request(`http://checkout.test/checkout/status?${new URLSearchParams({ session, ...(token !== undefined ? { token } : {}) })}`, {
      headers: { "x-forwarded-for": randomIp() },
    }),
  );

describe("GET /checkout/status of a v1 order's link", () => {
  it("answers the view with the link's token, follows the payment to the receipt, and opens nothing without it", async () => {
    const m = await newMerchant();
    const created = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "20.00", destinationAddress: WALLET },
    });
    expect(created.status, created.text).toBe(201);
    const { order, orderToken } = created.body.responseObject as { order: { id: string }; orderToken: string };

    const first = await poll(order.id, orderToken);
    expect(first.status).toBe(200);
    expect((await first.json()).step).toBe("choose");

    // paid while the page is open: the next poll shows the receipt
    const db = await testDb();
    await startSession(db, order.id, { paymentPlatform: "venmo", fiatCurrency: "USD" }, { actor: payer(order.id, orderToken) });
    expect((await (await poll(order.id, orderToken)).json()).step).toBe("pay");
    await simulateBankConfirmation(db, order.id, "success", orderToken);
    const after = await poll(order.id, orderToken);
    expect(after.status).toBe(200);
    expect((await after.json()).step).toBe("receipt");

    // the token is the link's authority: without it, or with another, the order is not found
    expect((await poll(order.id)).status).toBe(404);
    expect((await poll(order.id, `${orderToken}x`)).status).toBe(404);
  });
});
