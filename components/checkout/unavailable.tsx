import { useTranslations } from "next-intl";
import type { CheckoutView } from "@/lib/checkout/service";

/**
 * The checkout of a merchant the operator has disabled. It says nothing about why (that is between
 * the merchant and the operator) and offers no action: the payer's actions all refuse. It renders
 * inside the page's themed root (components/checkout/theme-root.tsx).
 */
export function CheckoutUnavailable({ merchant }: { merchant: CheckoutView["merchant"] }) {
  const t = useTranslations("Ended");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div
        role="alert"
        className="theme-panel rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h1 className="text-xl font-semibold">{t("unavailableHeading")}</h1>
        <p className="theme-muted mt-2 text-slate-700 dark:text-slate-300">{t("unavailableText", { merchant: merchant.displayName })}</p>
      </div>
    </main>
  );
}
