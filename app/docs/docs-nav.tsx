"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/docs", label: "API reference", current: (p: string) => p === "/docs" },
  { href: "/docs/guides", label: "Guides", current: (p: string) => p.startsWith("/docs/guides") },
] as const;

/** Reference and guides, the current one marked for screen readers (aria-current) and by its look. */
export function DocsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation">
      <ul className="flex flex-wrap gap-1">
        {LINKS.map(({ href, label, current }) => {
          const here = current(pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={here ? "page" : undefined}
                className={`block rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800 ${
                  here ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white" : "text-slate-700 dark:text-slate-300"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
