"use client";

import { useId, useState } from "react";
import { updateAppearance } from "@/actions/dashboard/profile";
import { BrandMark } from "@/components/checkout/brand-mark";
import { MerchantLogo } from "@/components/checkout/theme";
import { ThemeRoot } from "@/components/checkout/theme-root";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import {
  COLOR_LABELS,
  type CheckoutTheme,
  contrastFailures,
  type MerchantCheckoutTheme,
  normalizeHex,
  type Palette,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  THEME_COLORS,
  type ThemeColor,
} from "@/lib/theme-core";

// Settings → Checkout appearance: the preset, the eight colours of a custom theme and the branding
// switch, with a live preview of the payer's page (the same components and CSS as the page itself)
// that follows every edit before anything is saved. The contrast rule is checked as the merchant
// types, with the same function the server refuses with.

const PRESET_TEXT: Record<PresetName, { label: string; hint: string }> = {
  default: { label: "Default", hint: "Follows the payer's light or dark system setting." },
  light: { label: "Light", hint: "Always light." },
  dark: { label: "Dark", hint: "Always dark." },
  custom: { label: "Custom", hint: "Your own colours, checked for readable contrast." },
};

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

type Props = { name: string; logoUrl: string | null; theme: MerchantCheckoutTheme; disableBranding: boolean };

export function CheckoutAppearanceForm({ name, logoUrl, theme, disableBranding }: Props) {
  const [preset, setPreset] = useState<PresetName>(theme.presetName);
  // the custom colours start from the saved ones, else from the light preset
  const [colors, setColors] = useState<Record<ThemeColor, string>>(
    () => Object.fromEntries(THEME_COLORS.map((c) => [c, theme[c] ?? PRESETS.light[c]])) as Record<ThemeColor, string>,
  );
  // the preview shows the colours as they are typed while they are readable; a theme that fails the
  // contrast rule is not painted (the page itself would fail it), the preview keeps the last one that passed
  const [lastReadable, setLastReadable] = useState<Palette>(() => readablePalette(colors) ?? PRESETS.light);
  const setColor = (c: ThemeColor, value: string) => {
    const next = { ...colors, [c]: value };
    setColors(next);
    const readable = readablePalette(next);
    if (readable) setLastReadable(readable);
  };
  const [hideBrand, setHideBrand] = useState(disableBranding);
  const { failure, notice, pending, run } = useAction();
  const serverFields = failure?.fields ?? {};
  const id = useId();

  const badFormat = THEME_COLORS.filter((c) => !HEX.test(colors[c].trim()));
  const palette: Palette | null =
    badFormat.length === 0 ? (Object.fromEntries(THEME_COLORS.map((c) => [c, normalizeHex(colors[c].trim())])) as Palette) : null;
  const failures = preset === "custom" && palette ? contrastFailures(palette) : [];
  const previewTheme: CheckoutTheme = preset !== "custom" ? { presetName: preset } : { presetName: "custom", ...lastReadable };
  const previewIsStale = preset === "custom" && (!palette || failures.length > 0);
  // under a field: its own problem (not a hex colour, or the server's word on it); a failing pair is
  // said once, in the list below the fields, which each field of the pair points to
  const fieldError = (c: ThemeColor): string | undefined =>
    preset !== "custom"
      ? undefined
      : badFormat.includes(c)
        ? "Enter a hex colour such as #1a2b3c or #fff."
        : failures.length
          ? undefined
          : serverFields[`theme.${c}`];
  const pairId = (f: { fg: ThemeColor; bg: ThemeColor }) => `${id}-pair-${f.fg}-${f.bg}`;
  const pairsOf = (c: ThemeColor) => failures.filter((f) => f.fg === c || f.bg === c).map(pairId);

  const save = () => {
    const sent = preset === "custom" ? { presetName: preset, ...colors } : { presetName: preset };
    void run(
      () => updateAppearance({ theme: sent, disableBranding: hideBrand }),
      undefined,
      "Saved. New checkouts and open ones show this look.",
    );
  };
  const message = notice && !notice.ok ? { ok: false, text: `Not saved: ${notice.text}` } : notice;

  return (
    <form
      className="mt-3 grid gap-x-6 gap-y-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:grid-rows-[auto_1fr]"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <fieldset>
          <legend className={ui.label}>Theme</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PRESET_NAMES.map((p) => (
              <label
                key={p}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-[:checked]:border-blue-700 has-[:checked]:ring-2 has-[:checked]:ring-blue-700 dark:border-slate-600 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:ring-blue-400"
              >
                <input
                  type="radio"
                  name="presetName"
                  value={p}
                  checked={preset === p}
                  onChange={() => setPreset(p)}
                  aria-describedby={`${id}-${p}-hint`}
                  className="mt-1 h-4 w-4"
                />
                <span>
                  <span className="block font-medium">{PRESET_TEXT[p].label}</span>
                  <span id={`${id}-${p}-hint`} className={`block text-sm ${ui.muted}`}>
                    {PRESET_TEXT[p].hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {preset === "custom" && (
          <fieldset className="mt-4">
            <legend className={ui.label}>Colours</legend>
            <p className={`text-sm ${ui.muted}`}>
              Text must reach 4.5:1 against the panel and the page, button text 4.5:1 against the button, and the accent 3:1 against the
              panel (WCAG AA).
            </p>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {THEME_COLORS.map((c) => {
                const error = fieldError(c);
                const describedBy = [...(error ? [`${id}-${c}-error`] : []), ...pairsOf(c)].join(" ") || undefined;
                const value = colors[c];
                const swatch = HEX.test(value.trim()) ? normalizeHex(value.trim()) : "#000000";
                return (
                  <div key={c} className="min-w-0">
                    <label htmlFor={`${id}-${c}`} className={ui.label}>
                      {COLOR_LABELS[c]}
                    </label>
                    <div className="mt-1 flex items-center gap-2">
                      <input
                        type="color"
                        value={swatch}
                        onChange={(e) => setColor(c, e.target.value)}
                        aria-label={`${COLOR_LABELS[c]} picker`}
                        className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-950"
                      />
                      <input
                        id={`${id}-${c}`}
                        name={c}
                        value={value}
                        onChange={(e) => setColor(c, e.target.value)}
                        spellCheck={false}
                        autoComplete="off"
                        aria-invalid={describedBy ? true : undefined}
                        aria-describedby={describedBy}
                        className={`${ui.input.replace("mt-1 ", "")} min-w-0 font-mono aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700 dark:aria-invalid:border-red-400 dark:aria-invalid:ring-red-400`}
                      />
                    </div>
                    {error && (
                      <p id={`${id}-${c}-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
        )}

        <label className="mt-4 flex items-start gap-3">
          <input type="checkbox" checked={hideBrand} onChange={(e) => setHideBrand(e.target.checked)} className="mt-1 h-4 w-4" />
          <span>
            <span className="block font-medium">Hide the service&rsquo;s name on the payer&rsquo;s page</span>
            <span className={`block text-sm ${ui.muted}`}>Payers then see only your name and logo.</span>
          </span>
        </label>

        {failures.length > 0 && (
          <div role="alert" className={`mt-4 ${ui.error}`}>
            <p className="font-semibold">These colours are too close to be read easily:</p>
            <ul className="mt-1 list-disc pl-5">
              {failures.map((f) => (
                <li key={pairId(f)} id={pairId(f)} className="break-words">
                  {f.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      {/* beside the fields on wide screens, and kept in view while they scroll; below them on narrow ones, before Save */}
      <div className="min-w-0 lg:sticky lg:top-4 lg:col-start-2 lg:[grid-row:1/span_2] lg:self-start">
        <p id={`${id}-preview`} className={ui.label}>
          Preview
        </p>
        <p className={`text-sm ${ui.muted}`} aria-live="polite">
          {previewIsStale
            ? "Showing your last readable colours until yours pass the contrast rule."
            : "Updates as you edit; payers see it once you save."}
        </p>
        <CheckoutPreview name={name} logoUrl={logoUrl} theme={previewTheme} hideBrand={hideBrand} labelledBy={`${id}-preview`} />
      </div>

      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <button type="submit" disabled={pending} className={`${ui.button} ${ui.primary}`}>
          {pending ? "Saving…" : "Save appearance"}
        </button>
        <FormMessage message={message} className="break-words" />
      </div>
    </form>
  );
}

/** The colours as a palette when every one is a hex colour and the palette passes the contrast rule. */
function readablePalette(colors: Record<ThemeColor, string>): Palette | null {
  if (!THEME_COLORS.every((c) => HEX.test(colors[c].trim()))) return null;
  const palette = Object.fromEntries(THEME_COLORS.map((c) => [c, normalizeHex(colors[c].trim())])) as Palette;
  return contrastFailures(palette).length === 0 ? palette : null;
}

/**
 * The payer's page in small: the header, a panel with a chosen payment app, the buttons and the
 * footer, built from the page's own components and class names, so the theme paints it as it paints
 * the page. Nothing in it can be used: it has no controls, only their look.
 */
function CheckoutPreview({
  name,
  logoUrl,
  theme,
  hideBrand,
  labelledBy,
}: {
  name: string;
  logoUrl: string | null;
  theme: CheckoutTheme;
  hideBrand: boolean;
  labelledBy: string;
}) {
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="mt-2 overflow-hidden rounded-xl border border-slate-300 dark:border-slate-600"
    >
      <ThemeRoot theme={theme} className="px-3 py-4">
        <div className="flex items-center gap-3">
          <MerchantLogo name={name} logoUrl={logoUrl} size="h-10 w-10 text-lg" />
          <div className="min-w-0">
            <p className={`text-sm ${ui.muted}`}>Pay {name}</p>
            <p className="text-xl font-bold">42.50 USDC</p>
          </div>
        </div>
        <div className={`mt-3 ${ui.card} p-4`}>
          <p className="font-semibold">How would you like to pay?</p>
          <p className={`mt-1 text-sm ${ui.muted}`}>Payment app (cheapest first)</p>
          <div className="theme-option theme-selected mt-2 flex items-center justify-between rounded-xl border border-blue-700 p-3 ring-2 ring-blue-700 dark:border-blue-400 dark:ring-blue-400">
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="theme-dot h-4 w-4 rounded-full border-[5px] border-blue-700 dark:border-blue-400" />
              <span className="font-medium">Venmo (chosen)</span>
            </span>
            <span className="tabular-nums">$42.71</span>
          </div>
          <span className={`${ui.buttonLarge} ${ui.primary} mt-3`}>Continue with Venmo</span>
          <span className={`${ui.buttonLarge} ${ui.secondary} mt-2`}>Cancel checkout</span>
        </div>
        <p className={`mt-3 text-center text-xs ${ui.muted}`}>Never share your banking password.</p>
        <BrandMark hidden={hideBrand} />
      </ThemeRoot>
    </div>
  );
}
