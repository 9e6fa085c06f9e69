import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A clone of the repository must be self-contained: what the README and docs/ point to is in it.

const ROOT = process.cwd();
const DOCS = [
  "README.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const TOP_LEVEL = new Set(fs.readdirSync(ROOT).filter((f) => !f.startsWith(".") && f !== "node_modules"));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) out.add(slug(m[1]!));
  return out;
}

/** Fenced code blocks hold shell sessions and diagrams, not references. */
const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

type Problem = { doc: string; ref: string; why: string };

/**
 * Every relative Markdown link, and every code span written as a path in the repository (`./x`,
 * `../x`, or starting with one of its top-level folders or files), must name something inside the
 * repository that exists; a link to an anchor must name a heading of the file it points to.
 */
function checkDoc(doc: string, text: string, root = ROOT): Problem[] {
  const problems: Problem[] = [];
  const dir = path.dirname(path.join(root, doc));
  const body = withoutFences(text);
  const inside = (abs: string) => abs === root || abs.startsWith(root + path.sep);

  const check = (ref: string, abs: string, anchor?: string) => {
    if (!inside(abs)) return problems.push({ doc, ref, why: "leaves the repository" });
    if (!fs.existsSync(abs)) return problems.push({ doc, ref, why: "does not exist" });
    if (anchor && fs.statSync(abs).isFile() && abs.endsWith(".md") && !anchorsOf(fs.readFileSync(abs, "utf8")).has(anchor)) {
      problems.push({ doc, ref, why: `has no heading for #${anchor}` });
    }
  };

  for (const m of body.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const ref = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) continue; // https:, mailto:
    const [target, anchor] = ref.split("#", 2) as [string, string | undefined];
    check(ref, target ? path.resolve(dir, decodeURI(target)) : path.join(root, doc), anchor);
  }

  for (const m of body.matchAll(/`([^`\s]+)`/g)) {
    const ref = m[1]!;
    if (/[<>*:{}…$]/.test(ref)) continue; // a pattern or a route, not a file
    if (/(^|\/)\.(?!\.?\/)/.test(ref)) continue; // a hidden folder such as ./.data is made at run time
    if (ref.startsWith("./") || ref.startsWith("../")) check(ref, path.resolve(dir, ref));
    else if (!ref.startsWith("/") && (ref.endsWith("/") || TOP_LEVEL.has(ref.split("/")[0]!)) && ref.includes("/"))
      check(ref, path.resolve(root, ref));
  }
  return problems;
}

describe("README.md and docs/*.md", () => {
  it.each(DOCS)("%s points only to files in the repository", (doc) => {
    expect(checkDoc(doc, fs.readFileSync(path.join(ROOT, doc), "utf8"))).toEqual([]);
  });

  it("catches a link that leaves the repository, a missing file and a missing heading", () => {
    const text = [
      "The contract is `../shared/spec/interface.md`, kept in `shared/spec/`; data goes to `./.data`.",
      "See [the spec](../shared/spec/decisions.md), [nothing](docs/none.md) and [settings](#no-such-heading).",
      "Fine: [api](docs/api.md), [deploy](#deployment), `lib/core/errors.ts`, `GET /api/webhooks/:id`.",
      "```",
      "clients ──▶ ../outside/in/a/diagram.md",
      "```",
      "## Deployment",
    ].join("\n");
    expect(checkDoc("README.md", text)).toEqual([
      { doc: "README.md", ref: "../shared/spec/decisions.md", why: "leaves the repository" },
      { doc: "README.md", ref: "docs/none.md", why: "does not exist" },
      { doc: "README.md", ref: "#no-such-heading", why: "has no heading for #no-such-heading" },
      { doc: "README.md", ref: "../shared/spec/interface.md", why: "leaves the repository" },
      { doc: "README.md", ref: "shared/spec/", why: "does not exist" },
    ]);
  });
});
