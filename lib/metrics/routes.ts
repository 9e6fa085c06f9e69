import fs from "node:fs";
import path from "node:path";

/** The label of a path that no route of the app serves (a scanner's probe, a typo): never the path itself. */
export const UNMATCHED = "unmatched";

type Template = { template: string; segments: string[]; catchAll: "none" | "required" | "optional" };

/** "/dashboard/(app)/sessions/[id]/page" → "/dashboard/sessions/[id]": groups, slots and the file's kind dropped. */
export function templateOf(appPath: string): string | undefined {
  const parts = appPath.split("/").filter(Boolean);
  const last = parts.pop();
  if (last !== "page" && last !== "route") return undefined;
  const kept = parts.filter((p) => !(p.startsWith("(") && p.endsWith(")")) && !p.startsWith("@"));
  if (kept.some((p) => p.startsWith("_"))) return undefined; // Next's own (_not-found, _global-error)
  return "/" + kept.join("/");
}

function parse(template: string): Template {
  const segments = template.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const catchAll = last.startsWith("[[...") ? "optional" : last.startsWith("[...") ? "required" : "none";
  return { template, segments: catchAll === "none" ? segments : segments.slice(0, -1), catchAll };
}

/** How well a template fits, segment by segment (a literal segment beats a parameter, which beats a catch-all); -1: it does not. */
function scoreOf(t: Template, parts: string[]): number[] | undefined {
  if (t.catchAll === "none" && parts.length !== t.segments.length) return undefined;
  if (t.catchAll === "required" && parts.length <= t.segments.length) return undefined;
  if (t.catchAll === "optional" && parts.length < t.segments.length) return undefined;
  const score: number[] = [];
  for (let i = 0; i < t.segments.length; i++) {
    const s = t.segments[i]!;
    if (s.startsWith("[")) score.push(1);
    else if (s === parts[i]) score.push(2);
    else return undefined;
  }
  if (t.catchAll !== "none") score.push(0);
  return score;
}

const better = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) > (b[i] ?? -1);
  return false;
};

/** A function from a request's path to the template of the route that serves it, as Next.js picks it. */
export function matcherFor(appPaths: string[]): (pathname: string) => string {
  const templates = [...new Set(appPaths.map(templateOf).filter((t): t is string => t !== undefined))].map(parse);
  const cache = new Map<string, string>();
  return (pathname: string) => {
    if (pathname.startsWith("/_next/")) return "/_next/static";
    const cached = cache.get(pathname);
    if (cached) return cached;
    let parts: string[];
    try {
      parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return UNMATCHED;
    }
    let best: { t: Template; score: number[] } | undefined;
    for (const t of templates) {
      const score = scoreOf(t, parts);
      if (score && (!best || better(score, best.score))) best = { t, score };
    }
    const template = best?.t.template ?? UNMATCHED;
    // bounded: many distinct paths (ids) share a template, and a flood of them only empties the cache
    if (cache.size >= 5_000) cache.clear();
    cache.set(pathname, template);
    return template;
  };
}

/** Every page and route of the app: the build's manifest, or (under `next dev` and in tests) the app folder. */
export function appPaths(root = process.cwd()): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, ".next", "server", "app-paths-manifest.json"), "utf8"));
    return Object.keys(manifest);
  } catch {
    const found: string[] = [];
    const walk = (dir: string, rel: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/${entry.name}`);
        else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) found.push(`${rel}/${entry.name.replace(/\..*$/, "")}`);
      }
    };
    try {
      walk(path.join(root, "app"), "");
    } catch {
      // neither a build nor the sources: every path is "unmatched"
    }
    return found;
  }
}

export const routeTemplates = (root?: string) => matcherFor(appPaths(root));
