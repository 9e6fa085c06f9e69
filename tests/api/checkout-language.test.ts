import { describe, expect, it } from "vitest";
import type { CheckoutView } from "@/lib/checkout/service";
import { call, newMerchant, randomIp, sessionBody, type TestMerchant, TOKEN, WALLET } from "../support/api";

// The payer's language through the API: the merchant's `locale` on a session, a v1 order and a
// payment link, refused when it is not one of ours; and the checkout's status in the language the
// page names (`lang`), else the payer's cookie, else the session's, else the browser's.

const { GET: status } = await import("@/app/checkout/status/route");

async function view(sessionId: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await status(
    new Request(`http://checkout.test/checkout/status?${new URLSearchParams({ session: sessionId, prices: "1", ...query })}`, {
      headers: { "x-forwarded-for": randomIp(), ...headers },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CheckoutView;
}

/** A fixed-amount payment link of the merchant's, in the language given. */
const newLink = (m: TestMerchant, locale: string) =>
  call("POST", "/api/payment-links", {
    key: m.apiKey,
    body: { title: "Tip jar", amount: "5.00", locale, destinationChainId: 8453, destinationToken: TOKEN, recipientAddress: WALLET },
  });

/** The first quote's amount, as the page shows it. */
const quoted = (v: CheckoutView) => v.options[0]!.quotes[0]!.fiatAmountFormatted;

describe("the payer's language", () => {
  it("a session's locale is the page's, unless the page or the payer names another; auto is the browser's", async () => {
    const m = await newMerchant();
    const de = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { locale: "de" }) });
    expect(de.status).toBe(201);
    // German: a decimal comma, the symbol after the amount
    expect(quoted(await view(de.body.responseObject.session.id))).toMatch(/^\d+,\d{2}\s\$$/);
    expect((await view(de.body.responseObject.session.id)).order).toBeNull();
    // the page names its language, then the payer's cookie; both before the session's
    expect(quoted(await view(de.body.responseObject.session.id, { lang: "en" }))).toMatch(/^\$\d+\.\d{2}$/);
    expect(quoted(await view(de.body.responseObject.session.id, {}, { cookie: "checkout_locale=fr" }))).toMatch(/^\d+,\d{2}\s\$US$/);
    // a cookie that is not even percent-encoding is no choice, not a failure
    expect(quoted(await view(de.body.responseObject.session.id, {}, { cookie: "checkout_locale=%E0%A4%A" }))).toMatch(/^\d+,\d{2}\s\$$/);
    // a language we do not speak is no choice either
    expect(quoted(await view(de.body.responseObject.session.id, { lang: "tlh" }))).toMatch(/^\d+,\d{2}\s\$$/);

    const auto = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { locale: "auto" }) });
    expect(auto.status).toBe(201);
    expect(quoted(await view(auto.body.responseObject.session.id, {}, { "accept-language": "it-CH,it;q=0.9" }))).toMatch(
      /^\d+,\d{2}\sUSD$/,
    );
    expect(quoted(await view(auto.body.responseObject.session.id))).toMatch(/^\$\d+\.\d{2}$/);
  });

  it("refuses a locale that is not one of ours, in both generations and on links, and makes nothing", async () => {
    const m = await newMerchant();
    const bad = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body: sessionBody(m, { locale: "klingon" }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details?.fields).toHaveProperty("locale");
    const v1 = await call("POST", "/api/v1/orders", {
      key: m.apiKey,
      body: { requestedUsdcAmount: "25.00", destinationAddress: sessionBody(m).recipientAddress, locale: "xx" },
    });
    expect(v1.status).toBe(400);
    const link = await newLink(m, "EN");
    expect(link.status).toBe(400);
    const list = await call("GET", "/api/checkout/sessions", { key: m.apiKey });
    expect(list.body.responseObject.sessions).toEqual([]);
  });

  it("a link's locale goes to the sessions its payers start, and can be set back to auto", async () => {
    const m = await newMerchant();
    const made = await newLink(m, "pt-BR");
    expect(made.status, made.text).toBe(201);
    const { startFromLink } = await import("@/lib/links/service");
    const { testDb } = await import("../support/db");
    const attempt = "a".repeat(22);
    const started = await startFromLink(
      await testDb(),
      { slug: made.body.responseObject.slug, attempt },
      { ip: randomIp(), acceptLanguage: "de" },
    );
    expect(quoted(await view(started.sessionId))).toMatch(/^US\$\s\d+,\d{2}$/);

    const patched = await call("PATCH", `/api/payment-links/${made.body.responseObject.id}`, {
      key: m.apiKey,
      body: { locale: "auto" },
    });
    expect(patched.status, patched.text).toBe(200);
    const again = await startFromLink(
      await testDb(),
      { slug: made.body.responseObject.slug, attempt: "b".repeat(22) },
      { ip: randomIp(), acceptLanguage: "de" },
    );
    // auto: the browser that started it (German), kept for its receipt and its page
    expect(quoted(await view(again.sessionId))).toMatch(/^\d+,\d{2}\s\$$/);
  });
});
