import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getGuide } from "@/lib/docs/guides";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const guide = await getGuide((await params).slug);
  return guide ? { title: guide.title, description: guide.summary } : {};
}

// Typography for the guide's HTML (rendered on the server from docs/guides/<slug>.md)
const PROSE = [
  "max-w-3xl leading-7 text-slate-800 dark:text-slate-200",
  "[&_h2]:mt-10 [&_h2]:scroll-mt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_a]:text-blue-700 [&_a]:underline dark:[&_a]:text-blue-300",
  "[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:text-[0.9em] dark:[&_:not(pre)>code]:bg-slate-800",
  "[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-4 [&_pre]:font-mono [&_pre]:text-sm [&_pre]:leading-6 dark:[&_pre]:bg-slate-900",
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700 dark:[&_blockquote]:border-slate-600 dark:[&_blockquote]:text-slate-300",
  "[&_.table-scroll]:mt-4 [&_.table-scroll]:overflow-x-auto [&_table]:w-full [&_table]:text-left [&_table]:text-sm",
  "[&_th]:border-b [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold dark:[&_th]:border-slate-600",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top dark:[&_td]:border-slate-800",
  "[&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800 [&_strong]:font-semibold",
].join(" ");

export default async function GuidePage({ params }: Props) {
  const guide = await getGuide((await params).slug);
  if (!guide) notFound();
  return (
    <article>
      <h1 className="text-3xl font-semibold">{guide.title}</h1>
      {guide.headings.length > 2 && (
        <nav aria-label="On this page" className="mt-6 max-w-3xl rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
          <p className="text-sm font-semibold">On this page</p>
          <ul className="mt-2 space-y-1 text-sm">
            {guide.headings.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`} className="text-blue-700 underline dark:text-blue-300">
                  {h.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* the repository's own Markdown, rendered by marked on the server (raw HTML in it is escaped) */}
      <div className={PROSE} dangerouslySetInnerHTML={{ __html: guide.html }} />
    </article>
  );
}
