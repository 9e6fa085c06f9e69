"use client";

import { useTranslations } from "next-intl";

export default function CheckoutError({ reset }: { reset: () => void }) {
  const t = useTranslations("Failed");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div role="alert" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-xl font-semibold">{t("heading")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("text")}</p>
        <button type="button" onClick={reset} className="mt-4 rounded-lg bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
          {t("tryAgain")}
        </button>
      </div>
    </main>
  );
}
