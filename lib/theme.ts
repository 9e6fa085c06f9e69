import { z } from "zod";
import {
  type CheckoutTheme,
  type MerchantCheckoutTheme,
  type Palette,
  pickPalette,
  THEME_COLORS,
  type ThemeColor,
  contrastFailures,
  normalizeHex,
} from "./theme-core";

export * from "./theme-core";

// The payer's page in the merchant's look: lib/theme-core.ts has the presets, the colours and the
// contrast rule; this module adds what the server needs, the validation of a theme (zod) and its
// stored and API shapes. Pure: no database, HTTP or React.

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const hexColor = z
  .string()
  .trim()
  .regex(HEX, "must be a hex colour such as #1a2b3c or #fff")
  .transform((v) => normalizeHex(v));

const colorShape = Object.fromEntries(THEME_COLORS.map((c) => [c, hexColor])) as Record<ThemeColor, typeof hexColor>;
const nullColors = Object.fromEntries(THEME_COLORS.map((c) => [c, z.null().optional()])) as Record<ThemeColor, z.ZodOptional<z.ZodNull>>;

/**
 * A theme as a merchant sends it. A preset other than custom takes no colours (null or absent, as the
 * SDK's MerchantCheckoutTheme has them); custom takes all eight. Unknown fields are refused.
 */
const themeShape = z.discriminatedUnion("presetName", [
  z.strictObject({ presetName: z.literal("default"), ...nullColors }),
  z.strictObject({ presetName: z.literal("dark"), ...nullColors }),
  z.strictObject({ presetName: z.literal("light"), ...nullColors }),
  z.strictObject({ presetName: z.literal("custom"), ...colorShape }),
]);

/** The theme input, validated and normalised (lowercase #rrggbb), refused with a message naming the pair when its contrast fails. */
export const checkoutThemeInput = themeShape
  .transform((t): CheckoutTheme =>
    t.presetName === "custom" ? pickPalette(t as Palette & { presetName: "custom" }) : { presetName: t.presetName },
  )
  .superRefine((t, ctx) => {
    if (t.presetName !== "custom") return;
    for (const f of contrastFailures(t)) ctx.addIssue({ code: "custom", path: [f.fg], message: f.message });
  });

/** A stored theme (jsonb, possibly written by an older version or by hand): anything unreadable is the default preset. */
export function readTheme(stored: unknown): CheckoutTheme {
  if (stored === null || stored === undefined) return { presetName: "default" };
  const parsed = checkoutThemeInput.safeParse(stored);
  return parsed.success ? parsed.data : { presetName: "default" };
}

/** The theme as the API shows it (MerchantCheckoutTheme): `checkoutThemeOf(merchantRow)`. */
export function checkoutThemeOf(m: { checkoutTheme: unknown }): MerchantCheckoutTheme {
  const t = readTheme(m.checkoutTheme);
  const colours = Object.fromEntries(THEME_COLORS.map((c) => [c, t.presetName === "custom" ? t[c] : null])) as Record<
    ThemeColor,
    string | null
  >;
  return { presetName: t.presetName, ...colours };
}

/** What merchants.checkout_theme stores for a theme: null for the default preset. */
export function storedTheme(t: CheckoutTheme): CheckoutTheme | null {
  return t.presetName === "default" ? null : t;
}
