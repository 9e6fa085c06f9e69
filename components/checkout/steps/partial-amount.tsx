"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { formatUsdcAmount } from "@/lib/i18n/format";
import { ui } from "@/components/ui/styles";

/**
 * A v1 order that may be paid in parts: the amount to pay now, empty for all of it. The choose step
 * sends the field's value (its form's `part`) with the start, so the field is uncontrolled: a value
 * typed before this lazy chunk hydrated stays, and is what is sent. Loaded only for such an order.
 */
export function PartialAmount({ range }: { range: { minUsdc: string; maxUsdc: string } }) {
  const t = useTranslations("Choose");
  const locale = useLocale();
  const partId = useId();
  const [part, setPart] = useState("");
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-medium">{t("partOnly")}</summary>
      <label htmlFor={partId} className={`mt-2 ${ui.label}`}>
        {t("partAmount")}
      </label>
      <input
        id={partId}
        name="part"
        inputMode="decimal"
        autoComplete="off"
        onChange={(e) => setPart(e.target.value)}
        placeholder={range.maxUsdc}
        aria-describedby={`${partId}-help`}
        className={ui.input}
      />
      <p id={`${partId}-help`} className={`mt-1 text-sm ${ui.muted}`}>
        {t("partHelp", { min: formatUsdcAmount(locale, range.minUsdc), max: formatUsdcAmount(locale, range.maxUsdc) })}
      </p>
      {part.trim() && <p className={`mt-1 text-sm ${ui.muted}`}>{t("partNote")}</p>}
    </details>
  );
}
