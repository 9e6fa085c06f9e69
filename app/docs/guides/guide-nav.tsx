"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The list of guides, the one being read marked as the current page. */
export function GuideNav({ guides }: { guides: { slug: string; title: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Guides" className="md:w-56 md:shrink-0">
      <p className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Guides</p>
      <ul className="mt-2 flex flex-wrap gap-1 md:flex-col">
        {guides.map(({ slug, title }) => {
          const href = `/docs/guides/${slug}`;
          const here = pathname === href;
          return (
            <li key={slug}>
              <Link
                href={href}
                aria-current={here ? "page" : undefined}
                className={`block rounded-lg px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${
                  here
                    ? "bg-slate-100 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white"
                    : "text-slate-700 dark:text-slate-300"
                }`}
              >
                {title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
