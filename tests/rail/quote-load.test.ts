import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type CheckoutView, getCheckoutView, type UnpricedCheckoutView } from "@/lib/checkout/service";
import { randomIp } from "../support/api";
import { testDb } from "../support/db";
import { liveSession, railUnderTest, type RailUnderTest, startLive } from "./support";

// What open live checkouts ask of ZKP2P's quote service: the stand-in curator counts the requests it
// answers. A payer's page polls its status every few seconds for as long as it is open; only the
// price list shown to the payer, and the payer's own choice, may ask for quotes.

const { GET: status } = await import("@/app/checkout/status/route");

let stack: RailUnderTest;
beforeAll(async () => {
  stack = await railUnderTest();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const quoteRequests = () => stack.curator.faults.hits.get("quote") ?? 0;

/** The page's poll, through the route handler; `prices`: the page asks for prices as well. */
async function poll(session: string, prices = false) {
  const res = await status(
    new Request(`http://checkout.test/checkout/status?${new URLSearchParams({ session, ...(prices ? { prices: "1" } : {}) })}`, {
      headers: { "x-forwarded-for": randomIp() },
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutView | UnpricedCheckoutView;
}

/** The service's clock, moved on as a test says (quotes are kept 15 s: a page stays open far longer). */
function movableClock() {
  const real = Date.now.bind(Date);
  let ahead = 0;
  vi.spyOn(Date, "now").mockImplementation(() => real() + ahead);
  return (ms: number) => void (ahead += ms);
}

describe("quotes for open live checkouts", () => {
  it("a status poll never asks the quote service: the page's price list does, and a poll asking for prices", async () => {
    const { session } = await liveSession(stack, "31.07");
    const later = movableClock();
    // the first render prices the page
    const first = await getCheckoutView(await testDb(), session.id);
    expect(first.step).toBe("choose");
    expect(first.options.length).toBeGreaterThan(0);
    const asked = quoteRequests();
    expect(asked).toBeGreaterThan(0);

    // the page open for ten minutes, polled well past the quote cache each time
    for (let i = 0; i < 30; i++) {
      later(20_000);
      const view = await poll(session.id);
      expect(view).toMatchObject({ step: "choose", options: null });
    }
    expect(quoteRequests()).toBe(asked);

    // the page asks for prices itself: then, and only then, curator is asked again
    later(20_000);
    const priced = await poll(session.id, true);
    expect(priced.options?.map((c) => c.currency)).toEqual(first.options.map((c) => c.currency));
    expect(quoteRequests()).toBeGreaterThan(asked);
  });

  it("a started payment's poll does not price either, and the price list is not asked while the payer pays", async () => {
    const { session } = await liveSession(stack, "32.19");
    await startLive(session.id);
    const asked = quoteRequests();
    const later = movableClock();
    for (let i = 0; i < 10; i++) {
      later(20_000);
      expect((await poll(session.id)).step).toBe("reserving");
    }
    // nothing to choose: even a view that may be priced is not
    expect((await getCheckoutView(await testDb(), session.id)).options).toEqual([]);
    expect(quoteRequests()).toBe(asked);
  });

  it("sessions of one amount paying different recipients share one quote call, their starts included", async () => {
    const sessions = [];
    for (let i = 0; i < 5; i++) sessions.push((await liveSession(stack, "33.41")).session);
    const asked = quoteRequests();
    // one payer's page: a call per currency its platforms take
    const first = await getCheckoutView(await testDb(), sessions[0]!.id);
    expect(first.options.length).toBeGreaterThan(0);
    const perPage = quoteRequests() - asked;
    expect(perPage).toBeGreaterThan(0);
    // four more payers open theirs, and all five choose Venmo in dollars: nothing more is asked
    await Promise.all(sessions.slice(1).map(async (s) => getCheckoutView(await testDb(), s.id)));
    await Promise.all(sessions.map((s) => startLive(s.id)));
    expect(quoteRequests() - asked).toBe(perPage);
  });
});
