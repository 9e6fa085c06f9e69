// The overview's arithmetic for the page: an axis's rounded ticks (bigint, so money stays exact),
// which days get a date label, how long a payment took, and shares. Pure: no React, no clock.

/**
 * Rounded ticks from 0 to at least `max`: about `count` steps of 1, 2, 2.5 or 5 × 10^k, never
 * smaller than `minStep` (1 for counts; 10,000 micro-USDC, one cent, for money). All bigint.
 */
export function niceTicks(max: bigint, count = 4, minStep = 1n): { step: bigint; top: bigint; ticks: bigint[] } {
  if (max <= 0n) return { step: minStep, top: minStep, ticks: [0n, minStep] };
  const raw = (max + BigInt(count) - 1n) / BigInt(count); // ceil(max / count)
  const magnitude = 10n ** BigInt(raw.toString().length - 1);
  // ×2 so that 2.5 stays an integer: 2, 4, 5, 10 halves are 1, 2, 2.5, 5 × magnitude
  let step = [2n, 4n, 5n, 10n, 20n].map((f) => (f * magnitude) / 2n).find((s) => s >= raw && s > 0n) ?? 10n * magnitude;
  if (step < minStep) step = minStep;
  const steps = (max + step - 1n) / step;
  const ticks = Array.from({ length: Number(steps) + 1 }, (_, i) => BigInt(i) * step);
  return { step, top: steps * step, ticks };
}

/** "1,500" or "2.5" or "0.25": a tick of micro-USDC with the decimals its step needs (grouped, no unit). */
export function usdcTick(micro: bigint, step: bigint, locale = "en-US"): string {
  let decimals = 6;
  while (decimals > 0 && step % 10n ** BigInt(7 - decimals) === 0n) decimals--;
  const whole = new Intl.NumberFormat(locale, { useGrouping: true }).format(micro / 1_000_000n);
  if (decimals === 0) return whole;
  const frac = (micro % 1_000_000n).toString().padStart(6, "0").slice(0, decimals);
  const sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  return `${whole}${sep}${frac}`;
}

/**
 * Which of `n` days (oldest first) carry a date label: the newest, then every k-th day before it,
 * k the first of 1, 2, 3 days, 1, 2, 4, 8 weeks that leaves at most `most` labels (7 days: daily;
 * 30: weekly; 90: fortnightly).
 */
export function labelledDays(n: number, most = 7): number[] {
  if (n <= 0) return [];
  const k = [1, 2, 3, 7, 14, 28, 56].find((s) => Math.ceil(n / s) <= most) ?? Math.ceil(n / most);
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= k) out.unshift(i);
  return out;
}

/** "17 Nov" for a "2026-11-17" day (the day as it is: the buckets are UTC days). */
export function shortDay(day: string, locale = "en-GB"): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** "Tue 17 Nov 2026" for a "2026-11-17" day. */
export function longDay(day: string, locale = "en-GB"): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** "4 min 12 s", "2 h 5 min", "3 d 4 h", "12 s", "under 1 s": the two largest units of a duration in seconds. */
export function humanDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const units: [string, number][] = [
    ["d", 86_400],
    ["h", 3_600],
    ["min", 60],
    ["s", 1],
  ];
  const first = units.findIndex(([, size]) => s >= size);
  if (seconds < 1 || first === -1) return "under 1 s";
  const parts: string[] = [];
  let left = s;
  for (const [name, size] of units.slice(first, first + 2)) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) parts.push(`${n} ${name}`);
  }
  return parts.join(" ");
}

/** "40%" (whole percent, "<1%" for a small non-zero share); null when there is nothing to divide by. */
export function share(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  if (part > 0 && (part * 100) / whole < 1) return "<1%";
  return `${Math.round((part * 100) / whole)}%`;
}
