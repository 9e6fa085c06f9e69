import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { DocsNav } from "./docs-nav";

export const metadata: Metadata = {
  title: { default: "API reference", template: "%s · Checkout docs" },
  description: "The checkout API: its reference, generated from the OpenAPI document, and guides.",
};

// The documentation: the API reference (/docs) and the guides (/docs/guides/<slug>), under one header.
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only rounded-lg bg-blue-700 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/" className="rounded font-semibold">
            Checkout <span className="font-normal text-slate-600 dark:text-slate-400">docs</span>
          </Link>
          <DocsNav />
        </div>
      </header>
      {children}
    </div>
  );
}
