// The payer's page in the merchant's look, the part without zod: the presets, the colours, the
// contrast rule, the page's custom properties and the initials. The payer's page and the dashboard's
// preview (client components) import this module; lib/theme.ts adds the validation for the server.
// zod stays out of the browser's bundle: its eval probe is refused by the pages' script policy.

export { initialsOf, SERVICE_NAME } from "./brand";

export const PRESET_NAMES = ["default", "dark", "light", "custom"] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export const THEME_COLORS = [
  "pageBackgroundColor",
  "panelBackgroundColor",
  "panelTextColor",
  "panelTextMutedColor",
  "panelAccentColor",
  "panelBorderColor",
  "buttonBackgroundColor",
  "buttonTextColor",
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export type Palette = Record<ThemeColor, string>;

/** What a merchant chose, as stored in merchants.checkout_theme (null there is the default preset). */
export type CheckoutTheme = { presetName: Exclude<PresetName, "custom"> } | ({ presetName: "custom" } & Palette);

/** The shape the SDK knows (MerchantCheckoutTheme): every colour present, null unless the preset is custom. */
export type MerchantCheckoutTheme = { presetName: PresetName } & Record<ThemeColor, string | null>;

export const COLOR_LABELS: Record<ThemeColor, string> = {
  pageBackgroundColor: "Page background",
  panelBackgroundColor: "Panel background",
  panelTextColor: "Panel text",
  panelTextMutedColor: "Panel muted text",
  panelAccentColor: "Accent (selection and focus)",
  panelBorderColor: "Panel border",
  buttonBackgroundColor: "Button background",
  buttonTextColor: "Button text",
};

/**
 * The built-in palettes. `light` and `dark` are the page's own colours in each system mode (Tailwind's
 * slate and blue, as hex); `default` is not a palette: it leaves the page as it is, following the
 * payer's system setting, so it looks like `light` or `dark` depending on the device.
 */
export const PRESETS: Record<"light" | "dark", Palette> = {
  light: {
    pageBackgroundColor: "#ffffff",
    panelBackgroundColor: "#ffffff",
    panelTextColor: "#0f172a",
    panelTextMutedColor: "#334155",
    panelAccentColor: "#1d4ed8",
    panelBorderColor: "#cbd5e1",
    buttonBackgroundColor: "#1d4ed8",
    buttonTextColor: "#ffffff",
  },
  dark: {
    pageBackgroundColor: "#020617",
    panelBackgroundColor: "#0f172a",
    panelTextColor: "#f1f5f9",
    panelTextMutedColor: "#cbd5e1",
    panelAccentColor: "#60a5fa",
    panelBorderColor: "#475569",
    buttonBackgroundColor: "#3b82f6",
    buttonTextColor: "#020617",
  },
};

// ---- colours and contrast (WCAG 2.x) ----

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#abc` or `#aabbcc` (any case) as lowercase `#aabbcc`; throws on anything else. */
export function normalizeHex(value: string): string {
  if (!HEX.test(value)) throw new Error(`not a hex colour: ${value}`);
  const h = value.slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join("") : h}`;
}

/** Relative luminance of an sRGB colour (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const h = normalizeHex(hex);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** A ratio as people read it, rounded down so a ratio just below the minimum never reads as the minimum: 4.48 → "4.48", 21 → "21". */
export function formatRatio(ratio: number): string {
  return String(Math.floor(ratio * 100) / 100);
}

/**
 * The pairs a theme must pass, and why. Text is WCAG AA body text (4.5:1): the panel's text and muted
 * text on the panel, the same two on the page background (the merchant's name, the amount and the
 * footer sit outside the panel), and the buttons' text. The accent is never used for text: it marks
 * the selected payment app, the focus ring and the progress spinner inside the panel, so it is a UI
 * component (WCAG 1.4.11, 3:1 against the panel). The border is decoration: no control is told apart
 * by its border alone (buttons by their label, inputs by their label and native look), so it is not
 * checked; the built-in light palette's border is the page's own pale slate.
 */
export const CONTRAST_RULES: readonly { fg: ThemeColor; bg: ThemeColor; min: number }[] = [
  { fg: "panelTextColor", bg: "panelBackgroundColor", min: 4.5 },
  { fg: "panelTextMutedColor", bg: "panelBackgroundColor", min: 4.5 },
  { fg: "buttonTextColor", bg: "buttonBackgroundColor", min: 4.5 },
  { fg: "panelTextColor", bg: "pageBackgroundColor", min: 4.5 },
  { fg: "panelTextMutedColor", bg: "pageBackgroundColor", min: 4.5 },
  { fg: "panelAccentColor", bg: "panelBackgroundColor", min: 3 },
];

export type ContrastFailure = { fg: ThemeColor; bg: ThemeColor; ratio: number; min: number; message: string };

/** A field's validation message that already starts with the field's own name needs no "field: " before it. */
export function fieldMessage(field: string, message: string): string {
  return message.startsWith(`${field} `) ? message : `${field}: ${message}`;
}

/** Every rule the palette fails, each with a message naming the pair, its colours, its ratio and the minimum. */
export function contrastFailures(p: Palette): ContrastFailure[] {
  return CONTRAST_RULES.flatMap(({ fg, bg, min }) => {
    const ratio = contrastRatio(p[fg], p[bg]);
    if (ratio >= min) return [];
    const kind = min === 4.5 ? "WCAG AA needs 4.5:1 for text" : "WCAG AA needs 3:1 for interface components";
    const message = `${fg} ${normalizeHex(p[fg])} on ${bg} ${normalizeHex(p[bg])} has contrast ${formatRatio(ratio)}:1; ${kind}`;
    return [{ fg, bg, ratio, min, message }];
  });
}

/** A custom theme of the palette's eight colours, and nothing else that came along. */
export function pickPalette(t: Palette): CheckoutTheme {
  return { presetName: "custom", ...(Object.fromEntries(THEME_COLORS.map((c) => [c, t[c]])) as Palette) };
}

/** The colours a theme paints the page with; null for the default preset, which leaves the page as it is. */
export function paletteOf(t: CheckoutTheme): Palette | null {
  if (t.presetName === "default") return null;
  if (t.presetName === "custom") return pickPalette(t) as Palette;
  return PRESETS[t.presetName];
}

const CSS_VARS: Record<ThemeColor, string> = {
  pageBackgroundColor: "--ck-page-bg",
  panelBackgroundColor: "--ck-panel-bg",
  panelTextColor: "--ck-panel-text",
  panelTextMutedColor: "--ck-panel-muted",
  panelAccentColor: "--ck-accent",
  panelBorderColor: "--ck-border",
  buttonBackgroundColor: "--ck-button-bg",
  buttonTextColor: "--ck-button-text",
};

/**
 * The attributes of the themed page's root: the palette as CSS custom properties (app/globals.css
 * paints the page with them under [data-checkout-theme]), and the native controls' colour scheme from
 * the panel's lightness. The default preset gets none, so the page stays exactly as it is.
 */
export function themeRootProps(t: CheckoutTheme): { "data-checkout-theme"?: PresetName; style?: Record<string, string> } {
  const p = paletteOf(t);
  if (!p) return {};
  const style: Record<string, string> = Object.fromEntries(THEME_COLORS.map((c) => [CSS_VARS[c], normalizeHex(p[c])]));
  style.colorScheme = luminance(p.panelBackgroundColor) > 0.18 ? "light" : "dark";
  return { "data-checkout-theme": t.presetName, style };
}
