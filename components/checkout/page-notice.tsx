import type { ReactNode } from "react";
import { ui } from "@/components/ui/styles";

/** A payer's page that has only something to say: a heading and a sentence, in a card (the short link's, a link's not-found). */
export function PageNotice({ title, children, alert = false }: { title: string; children: ReactNode; alert?: boolean }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className={ui.card}>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p role={alert ? "alert" : undefined} className={`mt-2 ${ui.muted}`}>
          {children}
        </p>
      </div>
    </main>
  );
}
