import { useTranslations } from "next-intl";

export default function CheckoutNotFound() {
  const t = useTranslations("Ended");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-xl font-semibold">{t("notFoundHeading")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("notFoundText")}</p>
      </div>
    </main>
  );
}
