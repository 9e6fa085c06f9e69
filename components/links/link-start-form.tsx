"use client";

import { startLinkAction } from "@/app/l/actions";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import type { PaymentLinkField } from "@/db/schema";
import { FIELD_LABELS } from "@/lib/links/fields";

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
  range: { min: string; max: string } | null;
}) {
  const { failure, notice, pending, run } = useAction();
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
        void run<{ ok: true; data: { checkoutUrl: string } }>(
          () =>
            startLinkAction({
              slug,
              attempt,
              ...(range && { amount: text("amount") ?? "" }),
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
          label={`Amount (${currency})`}
          hint={`From ${range.min} to ${range.max} ${currency}`}
          inputMode="decimal"
          autoComplete="off"
          required
          error={failure?.fields.amount}
        />
      )}
      {fields.map((field) => (
        <Field
          key={field.key}
          name={field.key}
          label={`${FIELD_LABELS[field.key]}${field.required ? "" : " (optional)"}`}
          type={INPUT_TYPES[field.key]}
          autoComplete={AUTOCOMPLETE[field.key]}
          maxLength={field.key === "email" ? 254 : 200}
          required={field.required}
          error={failure?.fields[field.key]}
        />
      ))}
      <button type="submit" className={`mt-6 ${ui.buttonLarge} ${ui.primary}`} disabled={pending} aria-busy={pending}>
        {pending ? "Starting…" : "Continue to payment"}
      </button>
      {/* a refusal of a field is said by the field; the alert points to it */}
      <FormMessage
        message={
          notice && !notice.ok
            ? Object.keys(failure?.fields ?? {}).length
              ? { ok: false, text: "Check the highlighted field." }
              : notice
            : null
        }
      />
    </form>
  );
}
