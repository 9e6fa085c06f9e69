import { createTranslator } from "next-intl";
import type en from "@/messages/en.json";
import { DEFAULT_LOCALE, LOCALES, type Locale, type PageLocale, PSEUDO_LOCALE } from "./locales";

// The languages the payer's side speaks: the catalogues in messages/<locale>.json (ICU message
// format), read with next-intl's createTranslator, which needs no React, so a job's mail uses the
// same catalogues as the payer's page will.

export { DEFAULT_LOCALE, LOCALE_NAMES, LOCALE_SETTINGS, LOCALES, PSEUDO_LOCALE } from "./locales";
export type { Locale, PageLocale } from "./locales";

export type Messages = typeof en;

const CATALOGUES: Record<PageLocale, () => Promise<{ default: Messages }>> = {
  en: () => import("@/messages/en.json"),
  es: () => import("@/messages/es.json"),
  "pt-BR": () => import("@/messages/pt-BR.json"),
  fr: () => import("@/messages/fr.json"),
  de: () => import("@/messages/de.json"),
  it: () => import("@/messages/it.json"),
  "en-XA": () => import("@/messages/en-XA.json"),
};

/** One locale's catalogue. */
export async function messagesFor(locale: PageLocale): Promise<Messages> {
  return (await CATALOGUES[locale]()).default;
}

/** A translator of one namespace of a locale's catalogue (`t("subject")`, `t("intro", { merchant })`). */
export async function translator<N extends keyof Messages>(locale: PageLocale, namespace: N) {
  return createTranslator({ locale, messages: await messagesFor(locale), namespace });
}

// a language we speak in one regional form only: any region of it is that form (pt-PT reads pt-BR)
const BY_LANGUAGE: Record<string, Locale> = { en: "en", es: "es", pt: "pt-BR", fr: "fr", de: "de", it: "it" };
const BCP47 = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

/** One of our locales for a BCP 47 tag ("de-AT" → de, "pt" → pt-BR, "PT-br" → pt-BR), or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  const t = tag?.trim() ?? "";
  if (!BCP47.test(t)) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === t.toLowerCase());
  return exact ?? BY_LANGUAGE[t.split("-")[0]!.toLowerCase()] ?? null;
}

/**
 * The best of our locales for an Accept-Language header ("de-CH,de;q=0.9,en;q=0.5"), by the
 * weights it gives (a q of 0 refuses a language), or null when it names none of ours.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1_000)
    .split(",")
    .slice(0, 30)
    .map((part, i) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const r of ranked) {
    const found = matchLocale(r.tag);
    if (found) return found;
  }
  return null;
}

/**
 * The locale to speak: `preferred` (a locale someone chose) when it is one of ours, else the best
 * match of the Accept-Language header, else English.
 */
export function resolveLocale(preferred?: string | null, acceptLanguage?: string | null): Locale {
  return matchLocale(preferred) ?? matchAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The catalogue a payer asked for by name (the language switch's `lang`): a locale of ours, or the pseudo-locale. */
export function askedLocale(tag: string | null | undefined): PageLocale | null {
  return tag === PSEUDO_LOCALE ? PSEUDO_LOCALE : matchLocale(tag);
}
