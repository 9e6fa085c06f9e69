import { describe, expect, it } from "vitest";
import { CURRENCIES, PAYMENT_PLATFORMS, PLATFORM_CURRENCIES } from "@/lib/rail";
import { DEFAULT_RATES, parseRateTable, PLATFORM_SPREAD_BPS, SandboxRail } from "@/lib/rail/sandbox";
import { maxFiatForMicro, microForFiat, minFiatForMicro, parseScaled, parseUsdc } from "@/lib/core/money";
import { call, newMerchant, sessionBody, type TestMerchant } from "../support/api";
import { rng } from "../support/rng";

// Fiat-priced sessions (checkoutMode "exact-fiat"): the payer pays exactly fiatAmount in
// fiatCurrency; the merchant receives the USDC the quote's rate gives, rounded down to micro-USDC.

function fiatBody(m: TestMerchant, overrides: Record<string, unknown> = {}) {
  const { amountUsdc: _amount, ...body } = sessionBody(m, { checkoutMode: "exact-fiat", fiatAmount: "25.00", ...overrides });
  return body;
}

const create = (m: TestMerchant, body: Record<string, unknown>) => call("POST", "/api/checkout/sessions", { key: m.apiKey, body });
const start = (m: TestMerchant, id: string, body: Record<string, unknown>) =>
  call("POST", `/api/checkout/sessions/${id}/start`, { key: m.apiKey, body });

/** The exactness both sides are promised, in integers: rate is fiat per USDC with 8 decimals. */
function expectExact(fiatMinor: bigint, netMicro: bigint, rate: bigint, decimals: number, what: string) {
  const fiatScaled = fiatMinor * 10n ** BigInt(14 - decimals); // the fiat in units of 10^-14, as micro-USDC × rate
  // the payer never pays more than the fiat amount for what the merchant is promised
  expect(netMicro * rate <= fiatScaled, what).toBe(true);
  // the merchant is short by less than one micro-USDC's worth of fiat
  expect(fiatScaled - netMicro * rate < rate, what).toBe(true);
}

describe("POST /api/checkout/sessions in exact-fiat", () => {
  it("creates a session priced in fiat, with the defaults, and reads it back", async () => {
    const m = await newMerchant();
    const res = await create(m, fiatBody(m));
    expect(res.status).toBe(201);
    const s = res.body.responseObject.session;
    expect(s).toMatchObject({
      checkoutMode: "exact-fiat",
      fiatAmount: "25.00",
      fiatCurrency: "USD",
      maxFeePercentage: 10,
      status: "CREATED",
    });
    // before a quote: the estimate at the mid rate (USD 1.00)
    expect(s.amountUsdc).toBe("25.00");
    const read = await call("GET", `/api/checkout/sessions/${s.id}`, { key: m.apiKey });
    expect(read.status).toBe(200);
    expect(read.body.responseObject).toMatchObject({
      checkoutMode: "exact-fiat",
      fiatAmount: "25.00",
      fiatCurrency: "USD",
      maxFeePercentage: 10,
    });
  });

  it("keeps exact-token answers as they were, with checkoutMode and null fiat fields", async () => {
    const m = await newMerchant();
    const res = await create(m, sessionBody(m, { amountUsdc: "50.00" }));
    expect(res.status).toBe(201);
    expect(res.body.responseObject.session).toMatchObject({
      amountUsdc: "50.00",
      checkoutMode: "exact-token",
      fiatAmount: null,
      fiatCurrency: null,
      maxFeePercentage: null,
    });
    const explicit = await create(m, sessionBody(m, { checkoutMode: "exact-token" }));
    expect(explicit.status).toBe(201);
    const started = await start(m, explicit.body.responseObject.session.id, { paymentPlatform: "venmo", fiatCurrency: "USD" });
    expect(started.body.responseObject.order).toMatchObject({ amountUsdc: "50.00", grossAmountUsdc: null, netAmountUsdc: null });
  });

  it("starts in EUR: the payer pays exactly the fiat amount and the merchant gets the USDC it buys, rounded down", async () => {
    const m = await newMerchant();
    const created = await create(m, fiatBody(m, { fiatAmount: "25.00", fiatCurrency: "EUR", maxFeePercentage: 2.5 }));
    expect(created.status).toBe(201);
    const s = created.body.responseObject.session;
    expect(s).toMatchObject({ fiatAmount: "25.00", fiatCurrency: "EUR", maxFeePercentage: 2.5, amountUsdc: "27.173913" }); // 25 / 0.92
    const res = await start(m, s.id, { paymentPlatform: "revolut" });
    expect(res.status).toBe(200);
    const { order, quote, session } = res.body.responseObject;
    // revolut: 0.92 × 1.004 = 0.92368 EUR per USDC; 25 / 0.92368 = 27.0656504… → 27.065650
    expect(order).toMatchObject({
      fiatCurrency: "EUR",
      fiatAmount: "25.00",
      conversionRate: "0.92368",
      amountUsdc: "27.06565",
      tokenAmount: "27065650",
      grossAmountUsdc: "27.173913",
      netAmountUsdc: "27.06565",
    });
    expect(quote).toMatchObject({ fiatAmount: "25.00", fiatAmountFormatted: "€25.00", fiatCurrency: "EUR", tokenAmount: "27065650" });
    expect(session).toMatchObject({ checkoutMode: "exact-fiat", fiatAmount: "25.00", amountUsdc: "27.06565", selectedFiatCurrency: "EUR" });
    // the events carry the same fields
    const events = await call("GET", `/api/events?sessionId=${s.id}`, { key: m.apiKey });
    const created_ = events.body.responseObject.events.find((e: { type: string }) => e.type === "order.created");
    expect(created_.data.order).toMatchObject({ grossAmountUsdc: "27.173913", netAmountUsdc: "27.06565" });
    expect(created_.data.session).toMatchObject({
      checkoutMode: "exact-fiat",
      fiatAmount: "25.00",
      fiatCurrency: "EUR",
      maxFeePercentage: 2.5,
    });
  });

  it("takes JPY with no minor digits, and refuses decimals in it", async () => {
    const m = await newMerchant();
    const created = await create(m, fiatBody(m, { fiatAmount: "10000", fiatCurrency: "JPY" }));
    expect(created.status).toBe(201);
    expect(created.body.responseObject.session.fiatAmount).toBe("10000");
    const res = await start(m, created.body.responseObject.session.id, { paymentPlatform: "wise", fiatCurrency: "JPY" });
    expect(res.status).toBe(200);
    // wise: 149.50 × 1.003 = 149.9485 JPY per USDC; ¥10000 / 149.9485 = 66.6895634… → 66.689563
    expect(res.body.responseObject.order).toMatchObject({ fiatAmount: "10000", netAmountUsdc: "66.689563", conversionRate: "149.9485" });
    expect(res.body.responseObject.quote.fiatAmountFormatted).toBe("¥10000");

    const decimals = await create(m, fiatBody(m, { fiatAmount: "10000.5", fiatCurrency: "JPY" }));
    expect(decimals.status).toBe(400);
    expect(decimals.body.error?.details.fields.fiatAmount).toBe("must have at most 0 decimals in JPY");
  });

  it("refuses a start in another currency than the session's", async () => {
    const m = await newMerchant();
    const created = await create(m, fiatBody(m, { fiatCurrency: "EUR" }));
    const res = await start(m, created.body.responseObject.session.id, { paymentPlatform: "revolut", fiatCurrency: "GBP" });
    expect(res.status).toBe(400);
    expect(res.body.error?.details.fields.fiatCurrency).toContain("EUR");
  });

  it("keeps amountUsdc and the fiat fields apart, each with a field error", async () => {
    const m = await newMerchant();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...fiatBody(m), amountUsdc: "10.00" }, "amountUsdc", "is not accepted"],
      [fiatBody(m, { fiatAmount: undefined }), "fiatAmount", "is required"],
      [sessionBody(m, { fiatAmount: "25.00" }), "fiatAmount", 'only accepted with checkoutMode "exact-fiat"'],
      [sessionBody(m, { fiatCurrency: "EUR" }), "fiatCurrency", 'only accepted with checkoutMode "exact-fiat"'],
      [sessionBody(m, { maxFeePercentage: 5 }), "maxFeePercentage", 'only accepted with checkoutMode "exact-fiat"'],
      [fiatBody(m, { checkoutMode: "exact" }), "checkoutMode", "must be exact-token or exact-fiat"],
      [fiatBody(m, { fiatCurrency: "XAU" }), "fiatCurrency", "must be one of"],
      [fiatBody(m, { fiatAmount: 25 }), "fiatAmount", "must be a decimal string"],
      [fiatBody(m, { fiatAmount: "25.001" }), "fiatAmount", "at most 2 decimals in USD"],
      [fiatBody(m, { fiatAmount: "0.00" }), "fiatAmount", "must be more than 0"],
      [fiatBody(m, { maxFeePercentage: 0 }), "maxFeePercentage", "more than 0"],
      [fiatBody(m, { maxFeePercentage: 50.01 }), "maxFeePercentage", "at most 50"],
      [fiatBody(m, { maxFeePercentage: 1.005 }), "maxFeePercentage", "at most 2 decimals"],
      [fiatBody(m, { maxFeePercentage: "10" }), "maxFeePercentage", "must be a number"],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(m, JSON.parse(JSON.stringify(body)));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe("VALIDATION_FAILED");
      expect(res.body.error?.details.fields[field], JSON.stringify(body)).toContain(message);
    }
    const { amountUsdc: _a, ...noAmount } = sessionBody(m);
    const missing = await create(m, noAmount);
    expect(missing.body.error?.details.fields.amountUsdc).toBe("is required");
    expect((await call("GET", "/api/checkout/sessions", { key: m.apiKey })).body.responseObject.sessions).toEqual([]);
  });

  it("refuses a fiat amount that cannot meet the USDC bounds at today's rates, naming the bound in that currency", async () => {
    const m = await newMerchant();
    // minimum 1.00 USDC: ¥149.9485 on wise, the only JPY platform; €0.92276 on wise, the cheapest for EUR
    const cases: [Record<string, unknown>, string][] = [
      [{ fiatAmount: "149", fiatCurrency: "JPY" }, "must be at least ¥150 at today's rates"],
      [{ fiatAmount: "0.92", fiatCurrency: "EUR" }, "must be at least €0.93 at today's rates"],
      // maximum 100000 USDC: paypal, the dearest for USD, gives 100000.000000 for $101500.00
      [{ fiatAmount: "101500.01", fiatCurrency: "USD" }, "must be at most $101500.00 at today's rates"],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(m, fiatBody(m, overrides));
      expect(res.status).toBe(400);
      expect(res.body.error?.details.fields.fiatAmount).toContain(message);
      expect(res.body.message).toContain(`fiatAmount: ${message}`);
    }
    for (const overrides of [
      { fiatAmount: "150", fiatCurrency: "JPY" },
      { fiatAmount: "0.93", fiatCurrency: "EUR" },
      { fiatAmount: "101500.00", fiatCurrency: "USD" },
    ]) {
      expect((await create(m, fiatBody(m, overrides))).status, JSON.stringify(overrides)).toBe(201);
    }
  });

  it("does not offer a platform whose spread is above maxFeePercentage, and fails start with FEE_THRESHOLD_EXCEEDED when none is left", async () => {
    const m = await newMerchant();
    // 0.1%: every USD platform's spread (0.3% to 1.5%) is above it
    const tiny = (await create(m, fiatBody(m, { maxFeePercentage: 0.1 }))).body.responseObject.session;
    const none = await start(m, tiny.id, { paymentPlatform: "wise" });
    expect(none.status).toBe(409);
    expect(none.body.error?.code).toBe("FEE_THRESHOLD_EXCEEDED");
    expect(none.body.error?.details).toMatchObject({ maxFeePercentage: 0.1, offeredPlatforms: [] });
    expect((await call("GET", `/api/checkout/sessions/${tiny.id}`, { key: m.apiKey })).body.responseObject).toMatchObject({
      status: "CREATED",
      activeOrderId: null,
    });

    // 1%: paypal (1.5%) is filtered out, venmo (exactly 1%) is still offered
    const one = (await create(m, fiatBody(m, { maxFeePercentage: 1 }))).body.responseObject.session;
    const paypal = await start(m, one.id, { paymentPlatform: "paypal" });
    expect(paypal.status).toBe(409);
    expect(paypal.body.error?.code).toBe("FEE_THRESHOLD_EXCEEDED");
    expect(paypal.body.error?.details.offeredPlatforms).toEqual(["venmo", "cashapp", "chime", "zelle", "revolut", "wise"]);
    const chose = await call("POST", `/api/checkout/sessions/${one.id}/select-platform`, {
      key: m.apiKey,
      body: { paymentPlatform: "paypal", fiatCurrency: "USD" },
    });
    expect(chose.body.error?.code).toBe("FEE_THRESHOLD_EXCEEDED");
    const venmo = await start(m, one.id, { paymentPlatform: "venmo" });
    expect(venmo.status).toBe(200);
    expect(venmo.body.responseObject.order).toMatchObject({ fiatAmount: "25.00", netAmountUsdc: "24.752475" }); // 25 / 1.01
  });

  it("holds the exactness promise for generated amounts and currencies through the API", async () => {
    const m = await newMerchant();
    const r = rng(4242);
    const rail = new SandboxRail(parseRateTable(undefined));
    for (let i = 0; i < 25; i++) {
      const platform = PAYMENT_PLATFORMS[Math.floor(r() * PAYMENT_PLATFORMS.length)]!;
      const currencies = PLATFORM_CURRENCIES[platform];
      const currency = currencies[Math.floor(r() * currencies.length)]!;
      const decimals = CURRENCIES[currency]!.decimals;
      const minor = 100_000n + BigInt(Math.floor(r() * 5_000_000));
      const fiatAmount = decimals ? `${minor / 100n}.${(minor % 100n).toString().padStart(2, "0")}` : `${minor / 100n}`;
      const created = await create(m, fiatBody(m, { fiatAmount, fiatCurrency: currency }));
      expect(created.status, `${currency} ${fiatAmount}`).toBe(201);
      const res = await start(m, created.body.responseObject.session.id, { paymentPlatform: platform });
      expect(res.status, `${platform} ${currency} ${fiatAmount}: ${res.text}`).toBe(200);
      const { order } = res.body.responseObject;
      expect(order.fiatAmount).toBe(fiatAmount);
      const rate = parseScaled(order.conversionRate, 8);
      const fiatMinor = parseScaled(fiatAmount, decimals);
      expectExact(fiatMinor, BigInt(order.tokenAmount), rate, decimals, `${platform} ${currency} ${fiatAmount}`);
      expect(order.netAmountUsdc).toBe(order.amountUsdc);
      expect(parseUsdc(order.grossAmountUsdc) >= parseUsdc(order.netAmountUsdc)).toBe(true);
      expect(BigInt(order.tokenAmount)).toBe(
        (await rail.quoteFiat({ platform, fiatCurrency: currency, fiatAmountMinor: fiatMinor })).tokenAmountMicro,
      );
    }
  });
});

describe("exact-fiat arithmetic (properties)", () => {
  const randomBig = (r: () => number, digits: number) => {
    let out = "";
    const n = 1 + Math.floor(r() * digits);
    for (let i = 0; i < n; i++) out += Math.floor(r() * 10);
    return BigInt(out);
  };
  const currencies = Object.keys(CURRENCIES);

  it("rounds the merchant's USDC down: never more than the fiat covers, short by less than one micro-USDC", () => {
    const r = rng(7);
    for (let i = 0; i < 5000; i++) {
      const currency = currencies[Math.floor(r() * currencies.length)]!;
      const decimals = CURRENCIES[currency]!.decimals;
      const rate = 1n + randomBig(r, 12); // any rate, from 0.00000001 to 9999.99999999 fiat per USDC
      const fiatMinor = randomBig(r, 14);
      const net = microForFiat(fiatMinor, rate, decimals);
      expectExact(fiatMinor, net, rate, decimals, `${currency} ${fiatMinor} @ ${rate}`);
    }
  });

  it("quotes every platform and currency of the sandbox exactly, with generated rate tables", async () => {
    const r = rng(11);
    for (let t = 0; t < 40; t++) {
      const table = Object.keys(DEFAULT_RATES)
        .map((c) => `${c}=${(1 + Math.floor(r() * 2_000_000_000)) / 1e6}`)
        .join(",");
      const rail = new SandboxRail(parseRateTable(table));
      for (let i = 0; i < 100; i++) {
        const platform = PAYMENT_PLATFORMS[Math.floor(r() * PAYMENT_PLATFORMS.length)]!;
        const list = PLATFORM_CURRENCIES[platform];
        const currency = list[Math.floor(r() * list.length)]!;
        const decimals = CURRENCIES[currency]!.decimals;
        const fiatMinor = randomBig(r, 12);
        const q = await rail.quoteFiat({ platform, fiatCurrency: currency, fiatAmountMinor: fiatMinor });
        const what = `${table} ${platform} ${currency} ${fiatMinor}`;
        expect(q.fiatAmountMinor).toBe(fiatMinor);
        expect(parseScaled(q.conversionRate, 8)).toBe(q.rate);
        expectExact(fiatMinor, q.tokenAmountMicro, q.rate, decimals, what);
        // the spread makes the merchant's USDC no more than the fiat's worth at the mid rate
        expect(q.grossAmountMicro >= q.tokenAmountMicro, what).toBe(true);
        expect(q.spreadBps).toBe(Number(PLATFORM_SPREAD_BPS[platform]));
      }
    }
  });

  it("names the fiat bounds exactly: the least fiat that reaches a USDC amount, the most that stays under it", () => {
    const r = rng(23);
    for (let i = 0; i < 5000; i++) {
      const currency = currencies[Math.floor(r() * currencies.length)]!;
      const decimals = CURRENCIES[currency]!.decimals;
      const rate = 1n + randomBig(r, 12);
      const micro = randomBig(r, 12);
      const least = minFiatForMicro(micro, rate, decimals);
      expect(microForFiat(least, rate, decimals) >= micro).toBe(true);
      if (least > 0n) expect(microForFiat(least - 1n, rate, decimals) < micro).toBe(true);
      const most = maxFiatForMicro(micro, rate, decimals);
      expect(microForFiat(most, rate, decimals) <= micro).toBe(true);
      expect(microForFiat(most + 1n, rate, decimals) > micro).toBe(true);
    }
  });
});
