import { describe, expect, it } from "vitest";
import { humanDuration, labelledDays, niceTicks, share, shortDay, usdcTick } from "./overview-format";

const USDC = 1_000_000n;

describe("axis ticks", () => {
  it("rounds the top up to 1, 2, 2.5 or 5 × 10^k steps that cover the largest value", () => {
    expect(niceTicks(42_500_000n, 4, 10_000n)).toEqual({
      step: 20n * USDC,
      top: 60n * USDC,
      ticks: [0n, 20n * USDC, 40n * USDC, 60n * USDC],
    });
    expect(niceTicks(100n * USDC, 4, 10_000n).ticks).toEqual([0n, 25n * USDC, 50n * USDC, 75n * USDC, 100n * USDC]);
    expect(niceTicks(7n, 4, 1n)).toEqual({ step: 2n, top: 8n, ticks: [0n, 2n, 4n, 6n, 8n] });
    expect(niceTicks(1n, 4, 1n)).toEqual({ step: 1n, top: 1n, ticks: [0n, 1n] });
    // the top always covers the maximum, in at most count + 1 steps
    for (const max of [1n, 9n, 11n, 99n, 101n, 123_456_789n, 999_999_999_999n])
      for (const count of [3, 4, 5]) {
        const { top, ticks, step } = niceTicks(max, count);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(top - step).toBeLessThan(max);
        expect(ticks.length - 1).toBeLessThanOrEqual(count);
      }
  });

  it("stays exact beyond float precision, and never steps below the minimum", () => {
    // 9,007,199,254.740993 USDC: past 2^53 micro-USDC, where a float loses the last digit
    const big = 9_007_199_254_740_993n;
    const { top, step } = niceTicks(big, 4, 10_000n);
    expect(step).toBe(2_500_000_000_000_000n);
    expect(top).toBe(10_000_000_000_000_000n);
    // a cent of volume: one-cent steps, not micro-USDC ones
    expect(niceTicks(10_000n, 4, 10_000n).ticks).toEqual([0n, 10_000n]);
    expect(niceTicks(0n, 4, 10_000n).ticks).toEqual([0n, 10_000n]);
  });

  it("labels money ticks with the decimals the step needs, grouped", () => {
    expect(usdcTick(1500n * USDC, 500n * USDC)).toBe("1,500");
    expect(usdcTick(2_500_000n, 2_500_000n)).toBe("2.5");
    expect(usdcTick(250_000n, 250_000n)).toBe("0.25");
    expect(usdcTick(0n, 250_000n)).toBe("0.00");
    expect(usdcTick(12_345_678n * USDC, USDC)).toBe("12,345,678");
    expect(usdcTick(1_500n * USDC, 500n * USDC, "de-DE")).toBe("1.500");
  });
});

describe("date labels", () => {
  it("labels the newest day and every k-th before it, k in days or weeks", () => {
    expect(labelledDays(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledDays(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(90)).toEqual([5, 19, 33, 47, 61, 75, 89]);
    expect(labelledDays(7, 4)).toEqual([0, 2, 4, 6]);
    expect(labelledDays(90, 4)).toEqual([5, 33, 61, 89]);
    expect(labelledDays(0)).toEqual([]);
    expect(shortDay("2026-11-03")).toBe("3 Nov");
  });
});

describe("durations and shares", () => {
  it("says a duration in its two largest units", () => {
    expect(humanDuration(252)).toBe("4 min 12 s");
    expect(humanDuration(12.4)).toBe("12 s");
    expect(humanDuration(3600 + 5 * 60 + 9)).toBe("1 h 5 min");
    expect(humanDuration(7200)).toBe("2 h");
    expect(humanDuration(3 * 86_400 + 4 * 3600 + 59)).toBe("3 d 4 h");
    expect(humanDuration(0.4)).toBe("under 1 s");
    expect(humanDuration(0)).toBe("under 1 s");
  });

  it("gives whole percentages, <1% for small shares, and none without a whole", () => {
    expect(share(2, 5)).toBe("40%");
    expect(share(1, 300)).toBe("<1%");
    expect(share(0, 5)).toBe("0%");
    expect(share(0, 0)).toBeNull();
  });
});
