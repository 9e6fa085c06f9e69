import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkoutThemeInput,
  checkoutThemeOf,
  contrastFailures,
  contrastRatio,
  formatRatio,
  initialsOf,
  luminance,
  normalizeHex,
  type Palette,
  PRESETS,
  readTheme,
  storedTheme,
  THEME_COLORS,
  themeRootProps,
} from "./theme";

const good: Palette = {
  pageBackgroundColor: "#f8fafc",
  panelBackgroundColor: "#ffffff",
  panelTextColor: "#1f2937",
  panelTextMutedColor: "#4b5563",
  panelAccentColor: "#b45309",
  panelBorderColor: "#e5e7eb",
  buttonBackgroundColor: "#7c2d12",
  buttonTextColor: "#ffffff",
};

describe("contrast (WCAG 2.x)", () => {
  it("matches known ratios", () => {
    expect(contrastRatio("#000", "#fff")).toBe(21);
    expect(contrastRatio("#ffffff", "#000000")).toBe(21);
    expect(contrastRatio("#123456", "#123456")).toBe(1);
    expect(contrastRatio("#777", "#fff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#888888")).toBeCloseTo(1.26, 2);
    // pure primaries on white, as the WebAIM checker gives them
    expect(contrastRatio("#ff0000", "#ffffff")).toBeCloseTo(4.0, 1);
    expect(contrastRatio("#0000ff", "#ffffff")).toBeCloseTo(8.59, 2);
    expect(contrastRatio("#00ff00", "#000000")).toBeCloseTo(15.3, 1);
  });

  it("computes luminance with the sRGB curve", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBe(1);
    expect(luminance("#808080")).toBeCloseTo(0.2159, 4);
  });

  it("rounds a ratio down, so a failing ratio never reads as the minimum", () => {
    expect(formatRatio(contrastRatio("#777", "#fff"))).toBe("4.47");
    expect(formatRatio(4.499)).toBe("4.49");
    expect(formatRatio(21)).toBe("21");
  });

  it("normalises #rgb and upper case to #rrggbb, and refuses anything else", () => {
    expect(normalizeHex("#AbC")).toBe("#aabbcc");
    expect(normalizeHex("#A1B2C3")).toBe("#a1b2c3");
    for (const bad of ["abc", "#abcd", "#ggg", "red", "#12345", "rgb(0,0,0)", "#1234567"]) expect(() => normalizeHex(bad)).toThrow();
  });
});

describe("the built-in presets", () => {
  it.each(Object.entries(PRESETS))("%s passes every contrast rule", (_name, palette) => {
    expect(contrastFailures(palette)).toEqual([]);
    expect(checkoutThemeInput.safeParse({ presetName: "custom", ...palette }).success).toBe(true);
  });
});

describe("theme input", () => {
  it("takes a preset alone, or with its colours null (as the SDK sends them)", () => {
    expect(checkoutThemeInput.parse({ presetName: "dark" })).toEqual({ presetName: "dark" });
    const nulls = Object.fromEntries(THEME_COLORS.map((c) => [c, null]));
    expect(checkoutThemeInput.parse({ presetName: "light", ...nulls })).toEqual({ presetName: "light" });
  });

  it("takes a custom theme, normalising its colours", () => {
    const t = checkoutThemeInput.parse({ presetName: "custom", ...good, buttonTextColor: "#FFF", pageBackgroundColor: " #F8FAFC " });
    expect(t).toEqual({ presetName: "custom", ...good });
  });

  it("refuses bad colours, missing colours, colours on a preset and unknown fields", () => {
    const bad = [
      { presetName: "custom", ...good, panelTextColor: "black" },
      { presetName: "custom", ...good, panelTextColor: "#12" },
      { presetName: "custom", ...good, panelTextColor: "#1234567" },
      { presetName: "custom", ...good, panelTextColor: "url(x)" },
      { presetName: "custom", ...good, panelTextColor: null },
      { presetName: "custom", panelTextColor: "#000000" },
      { presetName: "dark", panelTextColor: "#000000" },
      { presetName: "custom", ...good, fontFamily: "Comic Sans" },
      { presetName: "sepia" },
      {},
      null,
    ];
    for (const b of bad) expect(checkoutThemeInput.safeParse(b).success, JSON.stringify(b)).toBe(false);
  });

  it("refuses a theme whose text fails WCAG AA, naming the pair, its ratio and the minimum", () => {
    const r = checkoutThemeInput.safeParse({ presetName: "custom", ...good, panelTextColor: "#777", panelBackgroundColor: "#888888" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain("panelTextColor #777777 on panelBackgroundColor #888888 has contrast 1.26:1; WCAG AA needs 4.5:1 for text");
    expect(r.error!.issues.find((i) => i.message.startsWith("panelTextColor #777777"))!.path).toEqual(["panelTextColor"]);
  });

  it("checks each pair: muted text, button text, text on the page, and the accent as a component at 3:1", () => {
    const fails = (patch: Partial<Palette>) => contrastFailures({ ...good, ...patch }).map((f) => `${f.fg}/${f.bg}/${f.min}`);
    expect(fails({})).toEqual([]);
    expect(fails({ panelTextMutedColor: "#9ca3af" })).toEqual([
      "panelTextMutedColor/panelBackgroundColor/4.5",
      "panelTextMutedColor/pageBackgroundColor/4.5",
    ]);
    expect(fails({ buttonTextColor: "#777777", buttonBackgroundColor: "#ffffff" })).toEqual(["buttonTextColor/buttonBackgroundColor/4.5"]);
    expect(fails({ pageBackgroundColor: "#1f2937" })).toEqual([
      "panelTextColor/pageBackgroundColor/4.5",
      "panelTextMutedColor/pageBackgroundColor/4.5",
    ]);
    // #949494 on white is 3.03:1: enough for the accent (a component), not for text
    expect(fails({ panelAccentColor: "#949494" })).toEqual([]);
    expect(fails({ panelAccentColor: "#a0a0a0" })).toEqual(["panelAccentColor/panelBackgroundColor/3"]);
    // the border is decoration, never checked
    expect(fails({ panelBorderColor: "#ffffff" })).toEqual([]);
  });

  it("passes exactly at 4.5:1 and fails just under it", () => {
    // #767676 on white is 4.54:1 (the lightest grey that passes), #777777 is 4.48:1
    expect(contrastFailures({ ...good, pageBackgroundColor: "#ffffff", panelTextMutedColor: "#767676" })).toEqual([]);
    expect(contrastFailures({ ...good, pageBackgroundColor: "#ffffff", panelTextMutedColor: "#777777" })[0]!.message).toBe(
      "panelTextMutedColor #777777 on panelBackgroundColor #ffffff has contrast 4.47:1; WCAG AA needs 4.5:1 for text",
    );
  });
});

describe("stored themes and the API shape", () => {
  it("stores the default preset as null and reads null, or anything unreadable, as the default", () => {
    expect(storedTheme({ presetName: "default" })).toBeNull();
    expect(storedTheme({ presetName: "dark" })).toEqual({ presetName: "dark" });
    expect(readTheme(null)).toEqual({ presetName: "default" });
    expect(readTheme({ presetName: "custom", panelTextColor: "#000" })).toEqual({ presetName: "default" });
    expect(readTheme({ presetName: "custom", ...good })).toEqual({ presetName: "custom", ...good });
  });

  it("checkoutThemeOf gives every colour, null unless the preset is custom", () => {
    const nulls = Object.fromEntries(THEME_COLORS.map((c) => [c, null]));
    expect(checkoutThemeOf({ checkoutTheme: null })).toEqual({ presetName: "default", ...nulls });
    expect(checkoutThemeOf({ checkoutTheme: { presetName: "light" } })).toEqual({ presetName: "light", ...nulls });
    expect(checkoutThemeOf({ checkoutTheme: { presetName: "custom", ...good } })).toEqual({ presetName: "custom", ...good });
  });

  it("paints nothing for the default preset, and CSS custom properties for the others", () => {
    expect(themeRootProps({ presetName: "default" })).toEqual({});
    const dark = themeRootProps({ presetName: "dark" });
    expect(dark["data-checkout-theme"]).toBe("dark");
    expect(dark.style).toMatchObject({ "--ck-page-bg": "#020617", "--ck-button-text": "#020617", colorScheme: "dark" });
    expect(themeRootProps({ presetName: "custom", ...good }).style).toMatchObject({ "--ck-accent": "#b45309", colorScheme: "light" });
  });
});

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initialsOf("Corner Coffee")).toBe("CC");
    expect(initialsOf("acme")).toBe("A");
    expect(initialsOf("  Ana  María  de la Cruz ")).toBe("AC");
    expect(initialsOf("Émile Zola")).toBe("ÉZ");
    expect(initialsOf("")).toBe("?");
  });
});

describe("the module the browser loads", () => {
  it("lib/theme-core.ts imports nothing (zod's eval probe would be refused by the pages' script policy)", () => {
    const src = fs.readFileSync(new URL("./theme-core.ts", import.meta.url), "utf8");
    expect(src).not.toMatch(/^\s*import\s/m);
  });
});
