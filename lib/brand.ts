// The service's name and a merchant's initials: all the payer's page needs of the theme in the
// browser (lib/theme-core.ts re-exports both).

/** The service's own name, shown on the payer's page unless the merchant turns branding off. */
export const SERVICE_NAME = "Merchant Checkout";

/** Up to two initials of a name, for a logo that is missing or does not load: "Corner Coffee" → "CC". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[words.length - 1]!] : words).map((w) => [...w][0] ?? "");
  return letters.join("").toUpperCase() || "?";
}
