import fs from "node:fs/promises";
import path from "node:path";
import { Marked, type Tokens } from "marked";

// The guides beside the API reference: every Markdown file in docs/guides/, served at
// /docs/guides/<slug> (the file name without .md). They are the repository's own files, read at
// request time, so a guide edited in place shows without a rebuild. Rendered on the server with
// marked: no script reaches the browser. Links are written for the repository (a guide reads the
// same on a code host): links to another guide become site links, links to other files in the
// repository become the file's path, since the site does not serve them. (The reads are left out of
// the build's file tracing: the guides are read from the working directory at run time.)

export const GUIDES_DIR = path.join(process.cwd(), "docs", "guides");

export type GuideSummary = { slug: string; title: string; summary: string };
export type Guide = GuideSummary & { html: string; headings: { id: string; text: string }[] };

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** The guides in their reading order: the quick start first, then by title. */
export async function listGuides(dir = GUIDES_DIR): Promise<GuideSummary[]> {
  let files: string[];
  try {
    files = await fs.readdir(/* turbopackIgnore: true */ dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const guides = await Promise.all(
    files
      .filter((f) => f.endsWith(".md") && SLUG.test(f.slice(0, -3)))
      .map(async (f) => summarise(f.slice(0, -3), await fs.readFile(/* turbopackIgnore: true */ path.join(dir, f), "utf8"))),
  );
  return guides.sort((a, b) => order(a) - order(b) || a.title.localeCompare(b.title));
}

const FIRST = ["quick-start", "payer-journey", "verify-webhooks", "going-live"];
const order = (g: GuideSummary) => (FIRST.includes(g.slug) ? FIRST.indexOf(g.slug) : FIRST.length);

/** One guide rendered to HTML, or null when there is no such guide. */
export async function getGuide(slug: string, dir = GUIDES_DIR): Promise<Guide | null> {
  if (!SLUG.test(slug)) return null;
  let source: string;
  try {
    source = await fs.readFile(/* turbopackIgnore: true */ path.join(dir, `${slug}.md`), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  const known = new Set((await listGuides(dir)).map((g) => g.slug));
  return { ...summarise(slug, source), ...renderGuide(source, known) };
}

/** The title is the first level-1 heading; the summary, the first sentence of the paragraph after it. */
function summarise(slug: string, source: string): GuideSummary {
  const title = /^#\s+(.+?)\s*$/m.exec(source)?.[1] ?? slug;
  const afterTitle = source.replace(/^[\s\S]*?^#\s+.+$/m, "");
  const paragraph = afterTitle.split(/\n\s*\n/).find((p) => p.trim() && !/^\s*(#|```|[-*>|]|\d+\.)/.test(p)) ?? "";
  const text = stripInline(paragraph.replace(/\s+/g, " ").trim());
  // the first sentence is enough for a list of guides
  return { slug, title: stripInline(title), summary: /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text };
}

/** Markdown inline syntax taken out: for titles and summaries shown as plain text. */
const stripInline = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_]/g, "")
    .trim();

/** An id for a heading, as code hosts make them: lower case, punctuation dropped, spaces as hyphens. */
export function headingId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Where a link in a guide goes on the site: another guide, the reference, or outside. */
export function resolveGuideLink(href: string, known: Set<string>): { href: string } | { repositoryPath: string } {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#") || href.startsWith("/")) return { href };
  const [target = "", anchor] = href.split("#", 2);
  const resolved = path.posix.normalize(path.posix.join("docs/guides", target));
  const guide = /^docs\/guides\/([a-z0-9][a-z0-9-]*)\.md$/.exec(resolved)?.[1];
  if (guide && known.has(guide)) return { href: `/docs/guides/${guide}${anchor ? `#${anchor}` : ""}` };
  return { repositoryPath: `${resolved}${anchor ? `#${anchor}` : ""}` };
}

export function renderGuide(source: string, known: Set<string>): { html: string; headings: { id: string; text: string }[] } {
  const headings: { id: string; text: string }[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, { tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        let id = headingId(text.replace(/`/g, ""));
        const seen = used.get(id) ?? 0;
        used.set(id, seen + 1);
        if (seen) id = `${id}-${seen}`;
        if (depth === 2) headings.push({ id, text: stripInline(text) });
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
      link(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, { href, title, tokens, text }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const to = resolveGuideLink(href, known);
        if ("repositoryPath" in to) {
          const where = `<code>${escapeHtml(to.repositoryPath)}</code>`;
          // a link whose text is the path itself is just the path
          return text.replace(/`/g, "") === to.repositoryPath.split("#")[0]
            ? `${where} in the repository`
            : `${inner} (${where} in the repository)`;
        }
        const external = /^https?:/i.test(to.href);
        return `<a href="${escapeHtml(to.href)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' rel="noopener noreferrer"' : ""}>${inner}</a>`;
      },
      // a code block scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it
      code({ text, lang }: Tokens.Code) {
        const language = lang && /^[a-z0-9-]+$/i.test(lang) ? ` class="language-${lang}"` : "";
        return `<pre tabindex="0"><code${language}>${escapeHtml(text)}</code></pre>\n`;
      },
      // a raw HTML block or tag in a guide is shown as text: the guides are Markdown only
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  const html = (marked.parse(source.replace(/^#\s+.+$/m, ""), { async: false }) as string)
    // a wide table scrolls inside its own focusable region rather than widening the page
    .replace(/<table>/g, '<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table>')
    .replace(/<\/table>/g, "</table></div>");
  return { html, headings };
}
