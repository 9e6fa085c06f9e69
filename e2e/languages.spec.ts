import fs from "node:fs";
import type enMessages from "../messages/en.json";
import { SERVICE_NAME } from "../lib/brand";
import { checkScreen, createMerchant, createSession, expect, test } from "./support/fixtures";
import type { Page } from "@playwright/test";

// The payer's page in the payer's language: each shipped locale from the browser's Accept-Language,
// with its <html lang> and axe; the merchant's locale; the payer's switch; and the pseudo-locale
// walked through every step at 320 px, where a word left out of the catalogues (it has no accents)
// or a layout that cannot take longer text fails.
// Where it runs: directly, and the tests tagged @topology through the production topology too. The switch (its cookie, Secure
// over https, and the address it rewrites) crosses the proxy there.

const catalogue = (locale: string): typeof enMessages => JSON.parse(fs.readFileSync(`messages/${locale}.json`, "utf8"));
const [en, es, de, fr] = ["en", "es", "de", "fr"].map(catalogue) as [
  typeof enMessages,
  typeof enMessages,
  typeof enMessages,
  typeof enMessages,
];
const CATALOGUES = Object.fromEntries(["es", "pt-BR", "fr", "de", "it"].map((l) => [l, catalogue(l)]));

test.describe("the payer's language", () => {
  for (const [locale, messages] of Object.entries(CATALOGUES)) {
    test(`${locale}: the browser's language, with its lang and amounts`, async ({ browser, request, baseURL }, testInfo) => {
      const m = await createMerchant(request);
      const s = await createSession(request, m);
      const context = await browser.newContext({ baseURL, locale });
      const page = await context.newPage();
      try {
        await page.goto(s.path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { name: messages.Choose.heading })).toBeVisible();
        // 42.50 USDC as the locale writes it: a comma for the decimals in every one of these
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("42,50 USDC");
        await expect(page).toHaveTitle(new RegExp(messages.Checkout.title));
        await checkScreen(page, testInfo, `choose-${locale}`);
        // and at a small phone's width: the language's longer words fit, nothing scrolls sideways
        await page.setViewportSize({ width: 320, height: 700 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        await checkScreen(page, testInfo, `choose-${locale}-320`);
        await page.setViewportSize({ width: 1280, height: 720 });
        // a quote in the locale's own way of writing money: "42,72 $" or "US$ 42,72"
        await page.getByRole("radio").first().check();
        await page.getByRole("button", { name: new RegExp(messages.Choose.continueWith.split("{")[0]!.trim()) }).click();
        await expect(page.getByRole("timer")).toBeVisible();
        await expect(page.getByRole("definition").first()).toContainText(",");
        await checkScreen(page, testInfo, `pay-${locale}`);
      } finally {
        await context.close();
      }
    });
  }

  test(
    "the merchant's locale wins over the browser's, and the payer's choice over both",
    { tag: "@topology" },
    async ({ browser, request, baseURL }) => {
      const m = await createMerchant(request);
      const s = await createSession(request, m, { locale: "de" });
      const context = await browser.newContext({ baseURL, locale: "en-US" });
      const page = await context.newPage();
      try {
        await page.goto(s.path);
        await expect(page.locator("html")).toHaveAttribute("lang", "de");
        await expect(page.getByRole("heading", { name: de.Choose.heading })).toBeVisible();

        await page.getByLabel(de.Checkout.language).selectOption("es");
        await expect(page).toHaveURL(/[?&]lang=es(&|$)/);
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        await expect(page.getByRole("heading", { name: es.Choose.heading })).toBeVisible();
        const cookie = (await context.cookies()).find((c) => c.name === "checkout_locale");
        expect(cookie?.value).toBe("es");
        expect(cookie?.secure).toBe(baseURL!.startsWith("https:"));

        // the choice stays for the payer's next page, without the address saying it
        await page.goto(s.path);
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        // and the page's live updates speak it too: a payment's step after the choice
        await page.getByRole("radio").first().check();
        await page.getByRole("button", { name: new RegExp(es.Choose.continueWith.split("{")[0]!.trim()) }).click();
        await expect(page.getByRole("button", { name: es.Pay.sent })).toBeVisible();
        await page.getByRole("button", { name: es.Pay.sent }).click();
        await expect(page.getByRole("heading", { name: es.Pay.waitingHeading })).toBeVisible();
      } finally {
        await context.close();
      }
    },
  );

  test("a payment link's page and its checkout in the link's language", async ({ page, request }) => {
    const m = await createMerchant(request);
    const res = await request.post("/api/payment-links", {
      headers: { "x-api-key": m.apiKey },
      data: {
        title: "Tasting menu",
        minAmount: "10.00",
        maxAmount: "1250.00",
        locale: "fr",
        fields: [{ key: "email", required: false }],
        destinationChainId: 8453,
        destinationToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        recipientAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const link = (await res.json()).responseObject;
    await page.goto(new URL(link.url).pathname);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // the bounds as French writes them: a decimal comma, a (narrow) space between thousands
    await expect(page.getByTestId("link-price")).toHaveText(
      new RegExp(`^${fr.Link.anyAmount.replace("{min}", "10,00").replace("{max}", "1\\s250,00").replace("{currency}", "USDC")}$`),
    );
    // an amount typed the French way is read as the payer meant it
    await page.getByLabel(fr.Link.amountLabel.replace("{currency}", "USDC")).fill("1 000,5");
    await page.getByRole("button", { name: fr.Link.start }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/1\s000,50\sUSDC/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: fr.Choose.heading })).toBeVisible();
  });

  test("the pseudo-locale at 320 px: every word from the catalogues, nothing cut or overlapping, on every step", async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 700 });
    const m = await createMerchant(request);
    const s = await createSession(request, m, { successUrl: "https://shop.example/thanks" });
    await page.goto(`${s.path}&lang=en-XA`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    await fitsAndSpeaksPseudo(page, "choose");
    await page.getByRole("radio", { name: /Zelle/ }).check();
    await page.locator("form button[type=submit]").click();
    await expect(page.getByRole("timer")).toBeVisible();
    await fitsAndSpeaksPseudo(page, "pay");
    await page
      .locator("button.w-full")
      .filter({ hasNotText: /Çàñçéĺ/ })
      .first()
      .click();
    await expect(page.getByRole("button", { name: /Šíɱûĺàţé ƀàñķ/ })).toBeVisible();
    await fitsAndSpeaksPseudo(page, "waiting");
    await page.getByRole("button", { name: /Šíɱûĺàţé ƀàñķ/ }).click();
    await expect(page.getByRole("heading", { name: /Þàýɱéñţ çöɱþĺéţé/ })).toBeVisible();
    await fitsAndSpeaksPseudo(page, "receipt");
    await checkScreen(page, testInfo, "receipt-en-XA-320");
  });

  test("a payment link or a short link that does not exist says so in the payer's language, with a 404", async ({ browser, baseURL }) => {
    const it = catalogue("it");
    const context = await browser.newContext({ baseURL, locale: "it-IT" });
    const page = await context.newPage();
    try {
      const link = await page.goto("/l/no-such-link");
      expect(link?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", "it");
      await expect(page.getByRole("heading", { name: it.Link.notFoundHeading })).toBeVisible();
      const code = await page.goto("/c/aaaaa-bbbbb");
      expect(code?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: it.Handoff.notFoundHeading })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("the English catalogue is the page's English", async ({ page, request }) => {
    const m = await createMerchant(request);
    const s = await createSession(request, m);
    await page.goto(s.path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: en.Choose.heading })).toBeVisible();
  });
});

/**
 * Every text the page shows at this step is the pseudo-locale's (accented) or data (the merchant's
 * name, app names, amounts, codes, references), and nothing is wider than the 320 px screen or cut.
 */
async function fitsAndSpeaksPseudo(page: Page, step: string) {
  const found = await page.evaluate((service) => {
    // what is data, not words: names, codes, amounts. Spaces match apart from digits, so that a
    // reference that begins with one ("8FCB7735") is matched whole as a reference, not split
    const DATA = new RegExp(
      `${service}|${/Corner Coffee|Zelle|Wise|Venmo|Revolut|Cash App|PayPal|Monzo|Chime|Mercado Pago|N26|Alipay|Luxon|USDC|Base|Peer|[A-Z]{3}\b|[\w.+-]+@[\w.-]+|0x[0-9a-f]+|\b[A-Z0-9]{8}\b|sess_\w+|ord_\w+|[\d.,:$€£%]+|\s+/.source}`,
      "g",
    );
    const untranslated: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      if (!el.checkVisibility() || el.closest("script,style,option")) continue;
      const rest = (n.textContent ?? "").replace(DATA, " ");
      if (/[A-Za-z]{3,}/.test(rest)) untranslated.push(n.textContent!.trim());
    }
    for (const el of document.querySelectorAll("[aria-label],[alt],[placeholder]")) {
      for (const a of ["aria-label", "alt", "placeholder"]) {
        const v = el.getAttribute(a);
        if (v && /[A-Za-z]{3,}/.test(v.replace(DATA, " "))) untranslated.push(`${a}=${v}`);
      }
    }
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    const cut = [...document.querySelectorAll("main *")]
      .filter((el) => {
        const s = getComputedStyle(el);
        return el.checkVisibility() && s.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1 && el.tagName !== "SELECT";
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    return { untranslated, wide, cut, scroll: document.documentElement.scrollWidth };
  }, SERVICE_NAME);
  expect(found.untranslated, `${step}: text not from the catalogues`).toEqual([]);
  expect(found.wide, `${step}: wider than the screen`).toEqual([]);
  expect(found.cut, `${step}: cut`).toEqual([]);
  expect(found.scroll, `${step}: the page scrolls sideways`).toBeLessThanOrEqual(320);
}
