"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { LOCALE_COOKIE, LOCALE_PARAM } from "@/lib/i18n/payer-page";

/**
 * The payer's choice of language, at the foot of the page: kept in a cookie for their next pages and
 * put in the address (`lang`), which works in a shop's frame too, where a cookie may be refused. The
 * page loads again in the new language.
 */
export function LanguageSwitch() {
  const t = useTranslations("Checkout");
  return <LanguageSelect locale={useLocale()} label={t("language")} />;
}

/** The switch itself, for a page rendered on the server (a payment link's) that has no catalogue in the browser. */
export function LanguageSelect({ locale, label }: { locale: string; label: string }) {
  const id = useId();
  return (
    <div className="mt-4 flex items-center justify-center gap-2 text-sm">
      <label htmlFor={id} className="theme-muted text-slate-600 dark:text-slate-300">
        {label}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => choose(e.target.value)}
        className="theme-control rounded-lg border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-600"
      >
        {/* the pseudo-locale, asked for by name in a test, shows as itself */}
        {!(LOCALES as readonly string[]).includes(locale) && <option value={locale}>{locale}</option>}
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

function choose(locale: string) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax${secure}`;
  const url = new URL(window.location.href);
  url.searchParams.set(LOCALE_PARAM, locale);
  window.location.assign(url);
}
