import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GUIDES_DIR, getGuide, listGuides, renderGuide, resolveGuideLink } from "./guides";

// The guides at /docs/guides: every Markdown file in docs/guides/, rendered on the server.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guides-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
fs.writeFileSync(
  path.join(tmp, "quick-start.md"),
  "# Quick `start`\n\nFirst [steps](./other.md#setup) here.\n\n## Set up\n\n## Set up\n\nSee [the notes](../notes.md), [docs/x.md](../x.md) and [the API](/docs).\n",
);
fs.writeFileSync(path.join(tmp, "other.md"), "# Another guide\n\n- not a summary\n\nThe summary. Not this sentence.\n\n## Setup\n");
fs.writeFileSync(path.join(tmp, "Bad Name.md"), "# skipped\n");
fs.writeFileSync(path.join(tmp, "notes.txt"), "not a guide");

describe("guides", () => {
  it("lists every Markdown file with a slug name, the quick start first, with its title and first sentence", async () => {
    expect(await listGuides(tmp)).toEqual([
      { slug: "quick-start", title: "Quick start", summary: "First steps here." },
      { slug: "other", title: "Another guide", summary: "The summary." },
    ]);
  });

  it("renders a guide: the title left to the page, ids on headings, guide links as site links", async () => {
    const guide = (await getGuide("quick-start", tmp))!;
    expect(guide.html).not.toContain("<h1");
    expect(guide.html).toContain('<a href="/docs/guides/other#setup">steps</a>');
    expect(guide.html).toContain('<h2 id="set-up">Set up</h2>');
    expect(guide.html).toContain('<h2 id="set-up-1">Set up</h2>');
    expect(guide.html).toContain("the notes (<code>docs/notes.md</code> in the repository)");
    expect(guide.html).toContain("<code>docs/x.md</code> in the repository and");
    expect(guide.html).toContain('<a href="/docs">the API</a>');
    expect(guide.headings).toEqual([
      { id: "set-up", text: "Set up" },
      { id: "set-up-1", text: "Set up" },
    ]);
  });

  it("has no guide for an unknown or unsafe name", async () => {
    expect(await getGuide("missing", tmp)).toBeNull();
    expect(await getGuide("../README", tmp)).toBeNull();
    expect(await getGuide("Bad Name", tmp)).toBeNull();
  });

  it("shows raw HTML as text and makes code blocks focusable", () => {
    const { html } = renderGuide(
      '# T\n\n<script>alert(1)</script>\n\nA <img src=x onerror="y"> tag.\n\n```js\nconst a = "<b>";\n```\n',
      new Set(),
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<pre tabindex="0"><code class="language-js">const a = &quot;&lt;b&gt;&quot;;</code></pre>');
  });

  it("links to guides only when they exist", () => {
    expect(resolveGuideLink("./other.md", new Set(["other"]))).toEqual({ href: "/docs/guides/other" });
    expect(resolveGuideLink("./gone.md", new Set(["other"]))).toEqual({ repositoryPath: "docs/guides/gone.md" });
    expect(resolveGuideLink("../../README.md#deployment", new Set())).toEqual({ repositoryPath: "README.md#deployment" });
    expect(resolveGuideLink("https://example.com/x", new Set())).toEqual({ href: "https://example.com/x" });
  });
});

describe("docs/guides", () => {
  it("has the quick start, the payer's journey and going live, and every link in them leads somewhere", async () => {
    const guides = await listGuides();
    expect(guides.map((g) => g.slug)).toEqual(expect.arrayContaining(["quick-start", "payer-journey", "going-live"]));
    const known = new Set(guides.map((g) => g.slug));
    for (const { slug } of guides) {
      const source = fs.readFileSync(path.join(GUIDES_DIR, `${slug}.md`), "utf8");
      for (const m of source.replace(/^```[\s\S]*?^```/gm, "").matchAll(/\]\(([^)\s]+)\)/g)) {
        const to = resolveGuideLink(m[1]!, known);
        if ("href" in to) {
          if (to.href.startsWith("/docs/guides/")) expect(known.has(to.href.slice(13).split("#")[0]!), `${slug}: ${m[1]}`).toBe(true);
          else expect(to.href, `${slug}: ${m[1]}`).toMatch(/^(https:\/\/|\/docs$|#)/);
        } else {
          const [file] = to.repositoryPath.split("#");
          expect(fs.existsSync(path.join(process.cwd(), file!)), `${slug}: ${m[1]}`).toBe(true);
        }
      }
    }
  });
});
