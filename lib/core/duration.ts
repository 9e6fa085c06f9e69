const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "30s", "5m", "24h", "7d", "250ms" → milliseconds. A bare number is seconds. */
export function parseDuration(text: string): number {
  const m = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a duration (use 30s, 5m, 24h)`);
  const ms = Number(m[1]) * UNIT_MS[(m[2] ?? "s") as keyof typeof UNIT_MS];
  if (ms <= 0) throw new Error(`"${text}" must be longer than zero`);
  return ms;
}
