// Amounts as a locale writes them, exactly: ECMA-402 formats a decimal string without going through a
// float (TypeScript's types say numbers only). No imports: the payer's page formats with these in the
// browser too.

const exactly = (decimal: string) => decimal as unknown as number;

/** "12,75 $" in de, "$12.75" in en, "¥2,500" in en for JPY: a fiat amount (decimal string) with its currency's own digits. */
export function formatFiatAmount(locale: string, amount: string, currency: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(exactly(amount));
}

/** "12,50 USDC" in de: a USDC amount (decimal string), at least two decimals, at most USDC's six. */
export function formatUsdcAmount(locale: string, amount: string): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(exactly(amount))} USDC`;
}

/** A number (a decimal string) as the locale writes it, with the digits it has: "1.250,5" in de. */
export function formatDecimal(locale: string, amount: string): string {
  const digits = Math.min(amount.split(".")[1]?.length ?? 0, 20);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(exactly(amount));
}

/** The date and time in UTC, as the locale writes them ("28. November 2026 um 14:19:22 UTC"). */
export function formatWhen(locale: string, at: Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(at);
}

/**
 * An amount a payer typed the way their language writes it ("12,50" or "1.250,50" in de) as the decimal
 * string the service reads ("12.50", "1250.50"). Text without the locale's decimal separator is left as
 * it is ("12.50" stays: the service reads a point as the decimal point), and so is anything that does not
 * read as a number, for the service to refuse in its own words.
 */
export function typedDecimal(locale: string, text: string): string {
  const parts = new Intl.NumberFormat(locale).formatToParts(1111.1);
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const group = parts.find((p) => p.type === "group")?.value ?? ",";
  const t = text.trim();
  if (decimal === "." || !t.includes(decimal)) return text;
  const groups = new Set([group, " ", "\u00a0", "\u202f"]);
  const plain = [...t]
    .filter((c) => !groups.has(c))
    .join("")
    .replace(decimal, ".");
  return /^\d+(\.\d+)?$/.test(plain) ? plain : text;
}
