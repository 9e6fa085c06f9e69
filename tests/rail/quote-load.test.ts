import { isValidElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type CheckoutView, getCheckoutView, type UnpricedCheckoutView } from "@/lib/checkout/service";
import { awayFromWindowEdge, randomIp } from "../support/api";
import { testDb } from "../support/db";
import { liveSession, railUnderTest, type RailUnderTest, startLive } from "./support";

// What open live checkouts ask of ZKP2P's quote service: the stand-in curator counts the requests it
// answers. A payer's page polls its status every few seconds for as long as it is open; only the
// price list shown to the payer, and the payer's own choice, may ask for quotes.

// the address the payer's page is rendered for (a page reads it from the request's headers)
let pageIp = randomIp();
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": pageIp }),
  cookies: async () => ({ get: () => undefined }),
}));

const { GET: status } = await import("@/app/checkout/status/route");
const { CheckoutForLink } = await import("@/components/checkout/checkout-page");

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
  const res = await pollStatus(session, randomIp(), prices);
  expect(res.status).toBe(200);
  return (await res.json()) as CheckoutView | UnpricedCheckoutView;
}

const pollStatus = (session: string, ip: string, prices = false) =>
  status(
    new Request(`http://checkout.test/checkout/status?${new URLSearchParams({ session, ...(prices ? { prices: "1" } : {}) })}`, {
      headers: { "x-forwarded-for": ip },
    }),
  );

/** The payer's page (/checkout?session=…) rendered on the server for a request from `ip`: the element it answers. */
async function renderPage(session: string, ip: string): Promise<ReactElement> {
  pageIp = ip;
  const page = await CheckoutForLink({ id: session });
  expect(isValidElement(page)).toBe(true);
  return page;
}

/** The text of a page that only says something (a notice renders on its own, a checkout's steps do not). */
const noticeText = (page: ReactElement) =>
  renderToStaticMarkup(page)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

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

describe("the payer's page past its limits", () => {
  const MINUTE = 60_000;
  const TOO_MANY = /^Too many requests The payment page was opened or refreshed too often\. Try again in (\d+) seconds?\.$/;

  it("a render past the session's limit answers 'too many requests' and asks the quote service nothing", async () => {
    // every request of the test lands in one window, with room for the clock moved past the quote cache
    await awayFromWindowEdge(MINUTE, 40_000);
    const { session } = await liveSession(stack, "34.63");
    const { session: control } = await liveSession(stack, "34.63");
    const later = movableClock();
    // a render prices the page: it asks for quotes
    const asked = quoteRequests();
    await renderPage(session.id, randomIp());
    expect(quoteRequests()).toBeGreaterThan(asked);
    // the page polls the rest of the session's minute away (120, renders and polls together), each from its own address
    for (let i = 1; i < 120; i++) expect((await pollStatus(session.id, randomIp())).status).toBe(200);

    // past the quote cache, a render would ask again; the limited one does not
    later(16_000);
    const before = quoteRequests();
    const limited = await renderPage(session.id, randomIp());
    expect(quoteRequests()).toBe(before);
    const text = noticeText(limited);
    expect(text).toMatch(TOO_MANY);
    expect(Number(TOO_MANY.exec(text)![1])).toBeGreaterThanOrEqual(1);
    expect(Number(TOO_MANY.exec(text)![1])).toBeLessThanOrEqual(60);
    expect(renderToStaticMarkup(limited)).toMatch(/<h1[^>]*>Too many requests<\/h1><p role="alert"/);
    // the render counted as the polls do
    expect((await pollStatus(session.id, randomIp())).status).toBe(429);
    // another session of the same amount, at the same moment, is rendered and priced: the quote was due
    await renderPage(control.id, randomIp());
    expect(quoteRequests()).toBeGreaterThan(before);
  });

  it("a render past the address's limit answers 'too many requests' and asks the quote service nothing", async () => {
    await awayFromWindowEdge(MINUTE, 30_000);
    const { session } = await liveSession(stack, "35.17");
    const ip = randomIp();
    // 600 a minute from one address, renders and polls together: polls of ids that name no session spend them
    for (let i = 0; i < 600; i++) expect((await pollStatus(`sess_missing${i}`, ip)).status).toBe(404);
    const before = quoteRequests();
    const limited = await renderPage(session.id, ip);
    expect(quoteRequests()).toBe(before);
    expect(noticeText(limited)).toMatch(TOO_MANY);
    // the session itself is not limited: from another address its page is priced
    await renderPage(session.id, randomIp());
    expect(quoteRequests()).toBeGreaterThan(before);
  });
});
