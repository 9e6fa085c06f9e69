import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES, matchAcceptLanguage, messagesFor, resolveLocale, translator } from "./index";

describe("resolveLocale", () => {
  it.each([
    ["de", null, "de"],
    ["pt", null, "pt-BR"],
    ["pt-PT", null, "pt-BR"],
    ["PT-br", null, "pt-BR"],
    ["es-MX", null, "es"],
    ["en-GB", null, "en"],
    ["fr-CA", "de", "fr"],
    [null, "de-CH,de;q=0.9,en;q=0.5", "de"],
    [null, "ja,es-419;q=0.8,en;q=0.5", "es"],
    [null, "en;q=0.2,it;q=0.9", "it"],
    [null, "fr;q=0,pt-BR;q=0.5", "pt-BR"],
    ["nl", "nl-BE,nl;q=0.9", DEFAULT_LOCALE],
    [null, "*", DEFAULT_LOCALE],
    [null, null, DEFAULT_LOCALE],
    ["not a tag", "<script>", DEFAULT_LOCALE],
  ])("%s with Accept-Language %s is %s", (preferred, header, locale) => {
    expect(resolveLocale(preferred, header)).toBe(locale);
  });

  it("names no locale for a header without one of ours", () => {
    expect(matchAcceptLanguage("ja,zh-CN;q=0.9")).toBeNull();
    expect(matchAcceptLanguage("")).toBeNull();
  });
});

/** Each message's arguments (and their kind: a plural's), its branches' text left out, in a form that compares across locales. */
function shape(message: string): string[] {
  const args = message.replace(/(?<!\w)(?:zero|one|two|few|many|other|=\d+)\s*\{[^{}]*\}/g, "");
  return [...args.matchAll(/\{\s*([A-Za-z]+)\s*(,\s*plural)?/g)].map((m) => `${m[1]}${m[2] ? ":plural" : ""}`).sort();
}

describe("the catalogues", () => {
  it("the pseudo-locale is what the English catalogue makes (node scripts/pseudo-locale.mjs)", () => {
    const run = spawnSync(process.execPath, ["scripts/pseudo-locale.mjs", "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("every locale has every message of English, with the same placeholders, and no other", async () => {
    const en = await messagesFor("en");
    for (const locale of LOCALES) {
      const messages = await messagesFor(locale);
      expect(Object.keys(messages), locale).toEqual(Object.keys(en));
      for (const [ns, entries] of Object.entries(en)) {
        const theirs = messages[ns as keyof typeof messages] as Record<string, string>;
        expect(Object.keys(theirs).sort(), `${locale} ${ns}`).toEqual(Object.keys(entries).sort());
        for (const [key, text] of Object.entries(entries as Record<string, string>)) {
          expect(shape(theirs[key]!), `${locale} ${ns}.${key}`).toEqual(shape(text));
          expect(theirs[key], `${locale} ${ns}.${key} is translated`).not.toBe(locale === "en" ? "" : text);
        }
      }
    }
  });

  it("formats in each locale: a placeholder's value as given, a plural by the count", async () => {
    for (const locale of LOCALES) {
      const t = await translator(locale, "Receipt");
      // a value is text, never a message: braces and apostrophes in a merchant's name stay as typed
      expect(t("intro", { merchant: "Joe's {Shop}" })).toContain("Joe's {Shop}");
      expect(t("transactions", { count: 1 })).not.toBe(t("transactions", { count: 2 }));
    }
    expect((await translator("de", "Receipt"))("transactions", { count: 2 })).toBe("Transaktionen:");
  });
});
