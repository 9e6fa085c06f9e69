import { describe, expect, it } from "vitest";
import { CHAINS } from "@/lib/chains";
import { USDC_BY_CHAIN } from "@/lib/v1/orders";
import { chainName, exactTime, explorerUrl, formatUsdc, httpStatusText, relativeTime, shortHex, statusLabel, tokenName } from "./format";

const now = new Date("2026-11-24T12:00:00.000Z");
const ago = (s: number) => new Date(now.getTime() - s * 1000);

describe("relativeTime", () => {
  it("says just now within 45 seconds either way", () => {
    expect(relativeTime(ago(0), now)).toBe("just now");
    expect(relativeTime(ago(44), now)).toBe("just now");
    expect(relativeTime(ago(-44), now)).toBe("just now");
  });
  it("counts minutes, hours, days, weeks, months and years, past and future", () => {
    expect(relativeTime(ago(45), now)).toBe("1 minute ago");
    expect(relativeTime(ago(3 * 60), now)).toBe("3 minutes ago");
    expect(relativeTime(ago(-5 * 60), now)).toBe("in 5 minutes");
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(3600), now)).toBe("1 hour ago");
    expect(relativeTime(ago(2 * 86400), now)).toBe("2 days ago");
    expect(relativeTime(ago(14 * 86400), now)).toBe("2 weeks ago");
    expect(relativeTime(ago(60 * 86400), now)).toBe("2 months ago");
    expect(relativeTime(ago(400 * 86400), now)).toBe("1 year ago");
    expect(relativeTime("2026-11-24T12:30:00.000Z", now)).toBe("in 30 minutes");
  });
});

describe("exactTime", () => {
  it("states the exact time in the given zone", () => {
    expect(exactTime("2026-11-24T07:48:11.998Z", "en-GB", "UTC")).toBe("24 Nov 2026, 07:48:11 UTC");
    expect(exactTime("2026-11-24T07:48:11.998Z", "en-GB", "Asia/Tokyo")).toBe("24 Nov 2026, 16:48:11 GMT+9");
  });
});

describe("chains and tokens", () => {
  it("names the chains and their USDC, and falls back to the id or a short address", () => {
    expect(chainName(8453)).toBe("Base");
    expect(chainName(84532)).toBe("Base Sepolia");
    expect(chainName(10)).toBe("Chain 10");
    expect(tokenName(8453, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")).toBe("USDC");
    expect(tokenName(84532, "0x036CbD53842c5426634e7929541eC2318f3dCF7e")).toBe("USDC");
    // Base's USDC on Base Sepolia is not Base Sepolia's USDC
    expect(tokenName(84532, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")).toBe("0x8335…2913");
    expect(tokenName(10, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")).toBe("0x8335…2913");
  });
  it("knows the same USDC as the orders do", () => {
    for (const [id, usdc] of Object.entries(USDC_BY_CHAIN)) expect(CHAINS[Number(id)]?.usdc).toBe(usdc);
  });
});

describe("shortHex and explorerUrl", () => {
  it("shortens long values and keeps short ones", () => {
    expect(shortHex("0x1234567890abcdef1234567890abcdef1234abcd")).toBe("0x1234…abcd");
    expect(shortHex("0x1234")).toBe("0x1234");
  });
  it("links a transaction or an address on the chain's explorer", () => {
    const hash = `0x${"ab".repeat(32)}`;
    expect(explorerUrl(8453, "tx", hash)).toBe(`https://basescan.org/tx/${hash}`);
    expect(explorerUrl(84532, "address", "0x036CbD53842c5426634e7929541eC2318f3dCF7e")).toBe(
      "https://sepolia.basescan.org/address/0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    );
    expect(explorerUrl(10, "tx", hash)).toBeNull();
    expect(explorerUrl(8453, "tx", "javascript:alert(1)")).toBeNull();
  });
});

describe("formatUsdc", () => {
  it("groups in the locale, keeps every digit, and never goes through a float", () => {
    expect(formatUsdc("1234.5")).toBe("1,234.50 USDC");
    expect(formatUsdc("42.50")).toBe("42.50 USDC");
    expect(formatUsdc("0.000001")).toBe("0.000001 USDC");
    expect(formatUsdc("1234.5", "de-DE")).toBe("1.234,50 USDC");
    expect(formatUsdc("9007199254740993.01")).toBe("9,007,199,254,740,993.01 USDC");
    expect(formatUsdc("-3")).toBe("-3.00 USDC");
    expect(formatUsdc("n/a")).toBe("n/a USDC");
  });
  it("formats large amounts exactly in en-US, de-DE, fr-FR and hi-IN (lakh grouping), and in the locale's numerals", () => {
    const big = "123456789012345678901.000001";
    expect(formatUsdc(big, "en-US")).toBe("123,456,789,012,345,678,901.000001 USDC");
    expect(formatUsdc(big, "de-DE")).toBe("123.456.789.012.345.678.901,000001 USDC");
    // French groups with a narrow no-break space
    expect(formatUsdc(big, "fr-FR")).toBe("123\u202f456\u202f789\u202f012\u202f345\u202f678\u202f901,000001 USDC");
    expect(formatUsdc(big, "hi-IN")).toBe("12,34,56,78,90,12,34,56,78,901.000001 USDC");
    expect(formatUsdc("1234567.5", "hi-IN")).toBe("12,34,567.50 USDC");
    expect(formatUsdc("1234.05", "ar-EG")).toBe("١٬٢٣٤٫٠٥ USDC");
  });
});

describe("statusLabel", () => {
  it("title-cases a status word", () => {
    expect(statusLabel("COMPLETED")).toBe("Completed");
    expect(statusLabel("PAYMENT_SETTLED")).toBe("Payment settled");
  });
});

describe("httpStatusText", () => {
  it("names a status code in words, or by its class when it is a rare one", () => {
    expect(httpStatusText(200)).toBe("200 OK");
    expect(httpStatusText(503)).toBe("503 Service Unavailable");
    expect(httpStatusText(418)).toBe("418 Client error");
    expect(httpStatusText(299)).toBe("299 Success");
    expect(httpStatusText(600)).toBe("600");
  });
});
