import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { divCeil, formatScaled, usdcFromMicro, isUsdcString, parseScaled, parseUsdc } from "@/lib/core/money";
import { DEFAULT_RATES, PLATFORM_SPREAD_BPS, SandboxRail, parseRateTable } from "@/lib/rail/sandbox";
import { CURRENCIES, PAYMENT_PLATFORMS, PLATFORM_CURRENCIES } from "@/lib/rail/platforms";
import { rng } from "@/tests/support/rng";

const randomBig = (r: () => number, digits: number) => {
  let out = "";
  const n = 1 + Math.floor(r() * digits);
  for (let i = 0; i < n; i++) out += Math.floor(r() * 10);
  return BigInt(out);
};

describe("decimal string ↔ micro-USDC", () => {
  it("round-trips 5,000 random amounts exactly, including ones beyond 2^53 micro-USDC", () => {
    const r = rng(42);
    for (let i = 0; i < 5000; i++) {
      const micro = randomBig(r, 21);
      const text = usdcFromMicro(micro);
      expect(isUsdcString(text), text).toBe(true);
      expect(parseUsdc(text)).toBe(micro);
    }
    expect(parseUsdc("999999999999999.999999")).toBe(999_999_999_999_999_999_999n);
    expect(usdcFromMicro(999_999_999_999_999_999_999n)).toBe("999999999999999.999999");
  });

  it("writes at least two decimals and no trailing zeros beyond them", () => {
    expect(usdcFromMicro(50_000_000n)).toBe("50.00");
    expect(usdcFromMicro(50_500_000n)).toBe("50.50");
    expect(usdcFromMicro(12_345_000n)).toBe("12.345");
    expect(usdcFromMicro(1n)).toBe("0.000001");
    expect(usdcFromMicro(0n)).toBe("0.00");
  });

  it("reads every spelling of the same amount alike", () => {
    for (const t of ["50", "50.0", "50.00", "50.000000"]) expect(parseUsdc(t)).toBe(50_000_000n);
    expect(parseUsdc("0.1") + parseUsdc("0.2")).toBe(parseUsdc("0.3")); // 0.1 + 0.2 is 0.30000000000000004 in floats
  });

  it.each([
    "",
    " 1",
    "1 ",
    "-1",
    "+1",
    "1e3",
    "1E3",
    "0x10",
    "1.",
    ".5",
    "1.1234567",
    "01",
    "1,00",
    "NaN",
    "Infinity",
    "１",
    "1_000",
    "9".repeat(16),
  ])("refuses %j", (text) => {
    expect(isUsdcString(text)).toBe(false);
    expect(() => parseUsdc(text)).toThrow();
  });

  it("scales other decimals exactly and refuses extra precision", () => {
    expect(parseScaled("0.92", 8)).toBe(92_000_000n);
    expect(parseScaled("149.5", 8)).toBe(14_950_000_000n);
    expect(() => parseScaled("0.123456789", 8)).toThrow();
    expect(formatScaled(4619n, 2, 2)).toBe("46.19");
    expect(formatScaled(15n, 0, 0)).toBe("15");
  });

  it("divCeil rounds up and never down", () => {
    const r = rng(7);
    for (let i = 0; i < 2000; i++) {
      const n = randomBig(r, 30);
      const d = randomBig(r, 12) + 1n;
      const q = divCeil(n, d);
      expect(q * d >= n).toBe(true);
      expect((q - 1n) * d < n).toBe(true);
    }
  });
});

describe("sandbox quotes", () => {
  const rail = new SandboxRail(parseRateTable(undefined));

  it("charge the payer the amount at the rate plus spread, rounded up to the fiat's minor unit", () => {
    const r = rng(99);
    for (let i = 0; i < 3000; i++) {
      const platform = PAYMENT_PLATFORMS[Math.floor(r() * PAYMENT_PLATFORMS.length)]!;
      const currencies = PLATFORM_CURRENCIES[platform];
      const currency = currencies[Math.floor(r() * currencies.length)]!;
      const amountMicro = 1_000_000n + randomBig(r, 11);
      const q = rail.quoteNow({ platform, fiatCurrency: currency, amountMicro });
      expect(q.tokenAmountMicro).toBe(amountMicro);

      // the exact price in units of 10^-22 of the fiat: micro-USDC (6) × rate (8) × spread bps (4) × minor (…)
      const mid = parseScaled(DEFAULT_RATES[currency]!, 8);
      const exact = amountMicro * mid * (10_000n + PLATFORM_SPREAD_BPS[platform]);
      const unit = 10n ** BigInt(18 - CURRENCIES[currency]!.decimals);
      expect(q.fiatAmountMinor * unit >= exact, `${platform} ${currency} ${amountMicro}`).toBe(true);
      // rounding the rate up may add at most one minor unit on top of rounding the amount
      expect((q.fiatAmountMinor - 2n) * unit < exact).toBe(true);
    }
  });

  it("differ by platform, so the cheapest can be shown first", () => {
    const quotes = PAYMENT_PLATFORMS.filter((p) => (PLATFORM_CURRENCIES[p] as readonly string[]).includes("USD")).map(
      (p) => rail.quoteNow({ platform: p, fiatCurrency: "USD", amountMicro: 100_000_000n }).fiatAmountMinor,
    );
    expect(new Set(quotes).size).toBeGreaterThan(1);
    expect(rail.quoteNow({ platform: "wise", fiatCurrency: "USD", amountMicro: 100_000_000n }).fiatAmountMinor).toBe(10_030n);
    expect(rail.quoteNow({ platform: "wise", fiatCurrency: "JPY", amountMicro: 100_000_000n }).fiatAmountMinor).toBe(14_995n); // 149.50 × 1.003 = 149.9485 → ¥14,995
  });

  it("reads an overriding rate table and refuses a bad one", () => {
    const custom = new SandboxRail(parseRateTable("EUR=0.5"));
    expect(custom.quoteNow({ platform: "n26", fiatCurrency: "EUR", amountMicro: 10_000_000n }).fiatAmountMinor).toBe(503n); // 5.025 → 5.03
    expect(() => parseRateTable("EUR=abc")).toThrow();
    expect(() => parseRateTable("XXX=1")).toThrow();
    expect(() => parseRateTable("EUR=0")).toThrow();
  });

  it("derives 32-byte intent hashes and signal transactions deterministically from the order, mined at once", async () => {
    const signal = (orderId: string) =>
      rail.openIntent({ orderId } as never) as Promise<{ state: "done"; intentHash: string; signalTx: string }>;
    const a = await signal("ord_a");
    expect(a.state).toBe("done");
    expect(a.intentHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(a.signalTx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await signal("ord_a")).toEqual(a);
    expect((await signal("ord_b")).intentHash).not.toBe(a.intentHash);
  });
});

describe("no floating point in the money path", () => {
  it.each(["lib/core/money.ts", "lib/rail/sandbox.ts", "lib/wire/session.ts"])("%s uses no float arithmetic", (file) => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, "../..", file), "utf8");
    expect(source).not.toMatch(/parseFloat|toFixed|Number\(|Math\.(round|floor|ceil)|\/ 100\b/);
  });
});
