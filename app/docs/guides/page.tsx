import type { Metadata } from "next";
import Link from "next/link";
import { listGuides } from "@/lib/docs/guides";

export const metadata: Metadata = { title: "Guides" };

export default async function GuidesPage() {
  const guides = await listGuides();
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-semibold">Guides</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        How to take a payment from start to finish. Every endpoint is in the{" "}
        <Link href="/docs" className="text-blue-700 underline dark:text-blue-300">
          API reference
        </Link>
        .
      </p>
      <ul className="mt-8 space-y-4">
        {guides.map((g) => (
          <li key={g.slug} className="rounded-2xl border border-slate-200 p-5 dark:border-slate-700">
            <h2 className="text-lg font-semibold">
              <Link href={`/docs/guides/${g.slug}`} className="text-blue-700 underline-offset-4 hover:underline dark:text-blue-300">
                {g.title}
              </Link>
            </h2>
            {g.summary && <p className="mt-1 text-slate-700 dark:text-slate-300">{g.summary}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
