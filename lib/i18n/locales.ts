// The payer's languages, as plain data: the page's scripts (the language switch) read these without
// the catalogues or a translator (lib/i18n/index.ts has those).

export const LOCALES = ["en", "es", "pt-BR", "fr", "de", "it"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/**
 * English made longer and accented (messages/en-XA.json, made by scripts/pseudo-locale.mjs): a test
 * of the pages, reachable only by asking for it (`?lang=en-XA`), never offered, never matched.
 */
export const PSEUDO_LOCALE = "en-XA";
/** A catalogue the payer's side can speak in: a locale, or the pseudo-locale when asked for by name. */
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

/** Each locale in its own language, for the payer's language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
};

/** What a merchant may ask for on a session or a payment link: one of the locales, or `auto` (the payer's browser). */
export const LOCALE_SETTINGS = ["auto", ...LOCALES] as const;
