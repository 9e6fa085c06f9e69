"use client";

import { useLocale, useTranslations } from "next-intl";
import { startLinkAction } from "@/actions/payment-link";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import type { PaymentLinkField } from "@/db/schema";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { typedDecimal } from "@/lib/i18n/format";
import type { LinkFieldKey } from "@/lib/links/fields";

const INPUT_TYPES = { name: "text", email: "email", reference: "text" } as const;
const AUTOCOMPLETE = { name: "name", email: "email", reference: "off" } as const;

/**
 * The payer's form on a payment link: the amount when the link lets them choose, the fields the
 * merchant asks for, and the button that starts the checkout. The form's attempt id (made when the
 * page was shown) makes a second press, or the same form sent again, lead to the same checkout.
 */
export function LinkStartForm({
  slug,
  attempt,
  fields,
  currency,
  range,
}: {
  slug: string;
  attempt: string;
  fields: PaymentLinkField[];
  currency: string;
  /** the bounds of an amount the payer chooses, as the payer's language writes them */
  range: { min: string; max: string } | null;
}) {
  const { failure, notice, pending, run } = useAction();
  const t = useTranslations("Link");
  const locale = useLocale();
  // English keeps the service's own words for a refused field; another language says what the field needs
  const fieldError = (key: "amount" | LinkFieldKey): string | undefined => {
    const said = failure?.fields[key];
    if (!said || locale === DEFAULT_LOCALE) return said;
    if (key === "amount") return range ? t("amountInvalid", { ...range, currency }) : t("required");
    if (key === "email" && /email/i.test(said)) return t("emailInvalid");
    return /shorter|at most|too long/i.test(said) ? t("tooLong") : t("required");
  };
  return (
    <form
      className="mt-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (pending) return;
        const f = new FormData(e.currentTarget);
        const text = (name: string) => {
          const v = f.get(name);
          return typeof v === "string" && v.trim() ? v.trim() : undefined;
        };
        void run(
          () =>
            startLinkAction({
              slug,
              attempt,
              // typed as the payer's language writes numbers ("12,50" in de)
              ...(range && { amount: typedDecimal(locale, text("amount") ?? "") }),
              ...Object.fromEntries(fields.map((field) => [field.key, text(field.key) ?? ""])),
            }),
          (r) => {
            window.location.assign(r.data.checkoutUrl);
          },
        );
      }}
    >
      {range && (
        <Field
          name="amount"
          label={t("amountLabel", { currency })}
          hint={t("amountHint", { ...range, currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          error={fieldError("amount")}
        />
      )}
      {fields.map((field) => (
        <Field
          key={field.key}
          name={field.key}
          label={field.required ? t(field.key) : t("optional", { field: t(field.key) })}
          type={INPUT_TYPES[field.key]}
          autoComplete={AUTOCOMPLETE[field.key]}
          maxLength={field.key === "email" ? 254 : 200}
          required={field.required}
          error={fieldError(field.key)}
        />
      ))}
      <button type="submit" className={`mt-6 ${ui.buttonLarge} ${ui.primary}`} disabled={pending} aria-busy={pending}>
        {pending ? t("starting") : t("start")}
      </button>
      {/* a refusal of a field is said by the field; the alert points to it */}
      <FormMessage
        message={
          notice && !notice.ok
            ? Object.keys(failure?.fields ?? {}).length
              ? { ok: false, text: t("checkField") }
              : locale === DEFAULT_LOCALE
                ? notice
                : { ok: false, text: t("refused") }
            : null
        }
      />
    </form>
  );
}
