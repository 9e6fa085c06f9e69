import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The structure of lib/, checked from the source: the import graph (type imports and dynamic
// imports count too, since a type-only edge becomes a value edge with one edit) is a DAG, nothing in
// lib/ reaches the faces (app/, components/) or the Inngest wiring (inngest/), and the job engine
// receives the work it runs instead of importing the services: services → events → jobs, with the
// wiring in lib/start.ts. The same holds between the folders of lib/.

const ROOT = process.cwd();

/** The code with comments blanked out; strings and templates kept, so specifiers survive. */
export function stripComments(src: string): string {
  let out = "";
  const braces: number[] = []; // open-brace depth of each enclosing template `${`
  let depth = 0;
  let lastSignificant = "";
  for (let i = 0; i < src.length;) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === "/" && next === "/") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
      continue;
    }
    if (
      c === "/" &&
      (lastSignificant === "" || "(,=:[!&|?{};+-*%<>~^".includes(lastSignificant) || /\b(return|typeof|case|of|in)$/.test(out.trimEnd()))
    ) {
      // a regular expression literal: skip to its closing slash, outside any character class
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== "\n") {
        if (src[j] === "\\") j += 2;
        else if (src[j] === "[") ((inClass = true), j++);
        else if (src[j] === "]") ((inClass = false), j++);
        else if (src[j] === "/" && !inClass) break;
        else j++;
      }
      out += src.slice(i, j + 1);
      i = j + 1;
      lastSignificant = "/";
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
      lastSignificant = c;
      continue;
    }
    if (c === "`" || (c === "}" && braces.length && braces[braces.length - 1] === depth)) {
      if (c === "}") braces.pop();
      // template text up to its end or the next `${`
      let j = i + 1;
      while (j < src.length && src[j] !== "`" && !(src[j] === "$" && src[j + 1] === "{")) j += src[j] === "\\" ? 2 : 1;
      if (src[j] === "$") {
        braces.push(depth);
        out += src.slice(i, j + 2);
        i = j + 2;
        lastSignificant = "{";
      } else {
        out += src.slice(i, j + 1);
        i = j + 1;
        lastSignificant = "`";
      }
      continue;
    }
    if (c === "{") depth++;
    if (c === "}") depth--;
    if (!/\s/.test(c)) lastSignificant = c;
    out += c;
    i++;
  }
  return out;
}

/** Every module specifier a file names: static, type-only, side-effect, re-export, dynamic, require. */
export function importSpecifiers(src: string): string[] {
  const code = stripComments(src);
  const found = new Set<string>();
  const patterns = [
    /\b(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"'\n]+)["']/g,
    /\bimport\s*["']([^"'\n]+)["']/g,
    /\bimport\s*\(\s*["'`]([^"'`\n]+)["'`]\s*[,)]/g,
    /\brequire\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.add(m[1]!);
  return [...found];
}

/** The repository file a specifier names, or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    `${base}.js`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${rel(from)}: cannot resolve "${spec}"`);
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function sourcesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The import graph of lib/ and every repository file it reaches, by repository-relative path. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  // this file names made-up paths in its scanner fixtures
  // lib/ and app/ (the routes, pages and the index of route modules), and whatever they import
  const queue = [...sourcesUnder(path.join(ROOT, "lib")), ...sourcesUnder(path.join(ROOT, "app"))].filter(
    (f) => rel(f) !== "lib/architecture.test.ts",
  );
  while (queue.length) {
    const file = queue.pop()!;
    if (graph.has(rel(file))) continue;
    const targets = importSpecifiers(fs.readFileSync(file, "utf8"))
      .map((spec) => resolve(file, spec))
      .filter((t): t is string => t !== null);
    graph.set(rel(file), targets.map(rel));
    queue.push(...targets.filter((t) => /\.tsx?$/.test(t)));
  }
  return graph;
}

/** Each circle of the graph (one per strongly connected component), as a path that returns to its start. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // a concrete circle through each component: breadth-first from its first member back to it
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const prev = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const route = [v];
          while (route[0] !== start) route.unshift(prev.get(route[0]!)!);
          return [...route, start];
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    return component;
  });
}

describe("the import scanner", () => {
  it("finds value, type-only, side-effect, re-exported and dynamic imports", () => {
    const src = [
      'import { a } from "@/lib/a";',
      'import type { B } from "./b";',
      "import {\n  type C,\n  d,\n} from '../c';",
      'import "./side-effect";',
      'export { e } from "@/lib/e";',
      'export * from "./f";',
      'const g = await import("@/inngest/client");',
      'type H = typeof import("./h");',
    ].join("\n");
    expect(importSpecifiers(src).sort()).toEqual(["../c", "./b", "./f", "./h", "./side-effect", "@/inngest/client", "@/lib/a", "@/lib/e"]);
  });

  it("ignores comments, strings that merely mention a path, and regular expressions with quotes", () => {
    const src = [
      '// import { x } from "@/app/x";',
      '/* import("@/components/y") */',
      'const url = "https://example.com/import";',
      "const re = /[\"']/g; // quotes",
      'const t = `a ${"b"} c`;',
      'import { z } from "@/lib/z";',
    ].join("\n");
    expect(importSpecifiers(src)).toEqual(["@/lib/z"]);
  });

  it("finds a circle, and none in a chain", () => {
    const circle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(circle)).toEqual([["a", "b", "c", "a"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("lib/ import graph", () => {
  const graph = importGraph();
  const libFiles = [...graph.keys()].filter((f) => f.startsWith("lib/"));

  it("covers the whole of lib/ and app/", () => {
    expect(libFiles.length).toBeGreaterThan(50);
    expect(graph.get("lib/events/service.ts")).toContain("lib/jobs/index.ts");
    expect(graph.get("app/api/openapi.json/route.ts")).toContain("app/api/route-modules.ts");
  });

  it("has no circle, counting type-only and dynamic imports", () => {
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  it("never reaches app/, components/ or inngest/", () => {
    const reached = [...graph.entries()]
      .filter(([from]) => from.startsWith("lib/"))
      .flatMap(([from, targets]) => targets.filter((t) => /^(app|components|inngest)\//.test(t)).map((t) => `${from} → ${t}`));
    expect(reached).toEqual([]);
  });

  it("runs services → events → jobs: the job engine imports no domain service; only lib/start.ts wires them", () => {
    const domain = /^lib\/(sessions|orders|webhooks|events|checkout|merchants|dashboard)\//;
    const upward = libFiles
      .filter((f) => f.startsWith("lib/jobs/"))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((t) => domain.test(t) || t === "lib/start.ts")
          .map((t) => `${f} → ${t}`),
      );
    expect(upward).toEqual([]);
    const eventsUp = libFiles
      .filter((f) => f.startsWith("lib/events/"))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((t) => /^lib\/(orders|webhooks|checkout|dashboard|sessions)\//.test(t))
          .map((t) => `${f} → ${t}`),
      );
    expect(eventsUp).toEqual([]);
    const intoStart = libFiles.filter((f) => graph.get(f)!.includes("lib/start.ts"));
    expect(intoStart).toEqual([]);
  });

  it("has no circle between the folders of lib/ either: each folder's imports run one way", () => {
    // a file directly under lib/ is a node of its own; lib/x/… files are the node lib/x
    const folderOf = (f: string) => f.split("/").slice(0, 2).join("/");
    const folders = new Map<string, string[]>();
    for (const [from, targets] of graph) {
      if (!from.startsWith("lib/")) continue;
      const own = folderOf(from);
      const out = folders.get(own) ?? [];
      for (const t of targets) if (t.startsWith("lib/") && folderOf(t) !== own && !out.includes(folderOf(t))) out.push(folderOf(t));
      folders.set(own, out);
    }
    expect(folders.size).toBeGreaterThan(10);
    expect(cycles(folders).map((c) => c.join(" → "))).toEqual([]);
  });
});

describe("the faces' arrows", () => {
  /** Every import of a folder's files that lands in one of `targets`, as "file → target". */
  const arrowsInto = (folder: string, targets: RegExp) =>
    sourcesUnder(path.join(ROOT, folder)).flatMap((file) =>
      importSpecifiers(fs.readFileSync(file, "utf8"))
        .map((spec) => resolve(file, spec))
        .filter((t): t is string => t !== null && targets.test(rel(t)))
        .map((t) => `${rel(file)} → ${rel(t)}`),
    );

  it("components/ imports nothing from app/: server actions live below it, in actions/", () => {
    expect(arrowsInto("components", /^app\//)).toEqual([]);
    // the arrow the rule guards exists: the forms do call the actions
    expect(arrowsInto("components", /^actions\//).length).toBeGreaterThan(10);
  });

  it("actions/ imports neither app/ nor components/: app → components → actions → lib", () => {
    expect(arrowsInto("actions", /^(app|components)\//)).toEqual([]);
  });
});

describe("the API routes and the proxy", () => {
  // proxy.ts does not run for /api paths but sign-in's and Inngest's: every other API route must be
  // made with lib/http/route.ts, which sets the security headers the proxy would have set
  const PROXIED = ["app/api/auth/[...nextauth]/route.ts", "app/api/inngest/route.ts"];

  it("every API route but sign-in's and Inngest's is made with lib/http/route.ts", () => {
    const routes = sourcesUnder(path.join(ROOT, "app/api")).filter((f) => /\/route\.ts$/.test(f));
    expect(routes.length).toBeGreaterThan(40);
    const without = routes
      .filter((file) => !PROXIED.includes(rel(file)))
      .filter(
        (file) =>
          !importSpecifiers(fs.readFileSync(file, "utf8")).some((spec) =>
            // the document's route is made in lib (lib/openapi/document-route.ts), with route.ts
            [path.join(ROOT, "lib/http/route.ts"), path.join(ROOT, "lib/openapi/document-route.ts")].includes(resolve(file, spec) ?? ""),
          ),
      )
      .map(rel);
    expect(without).toEqual([]);
  });

  it("the proxy's matcher leaves out exactly the API paths route.ts serves", async () => {
    const { config } = await import("@/proxy");
    const [pattern] = config.matcher;
    const runs = (pathname: string) => new RegExp(`^${pattern}$`).test(pathname);
    for (const page of ["/", "/checkout", "/dashboard/sign-in", "/c/abc", "/api"]) expect(runs(page), page).toBe(true);
    for (const proxied of ["/api/auth/session", "/api/auth/callback/credentials", "/api/inngest"])
      expect(runs(proxied), proxied).toBe(true);
    for (const api of ["/api/health", "/api/checkout/sessions/sess_1", "/api/v1/orders", "/api/no-such-route", "/api/authx"])
      expect(runs(api), api).toBe(false);
    for (const asset of ["/_next/static/chunks/a.js", "/_next/image"]) expect(runs(asset), asset).toBe(false);
  });
});

describe("lib/core", () => {
  it("imports no other folder of the repository: every folder may use it", () => {
    const core = sourcesUnder(path.join(ROOT, "lib/core"));
    expect(core.length).toBeGreaterThan(5);
    const out = core
      .filter((f) => !f.endsWith(".test.ts"))
      .flatMap((file) =>
        importSpecifiers(fs.readFileSync(file, "utf8"))
          .map((spec) => resolve(file, spec))
          .filter((t): t is string => t !== null && !rel(t).startsWith("lib/core/"))
          .map((t) => `${rel(file)} → ${rel(t)}`),
      );
    expect(out).toEqual([]);
  });
});

describe("the unit project", () => {
  // Its files share one module graph per worker (isolate: false in vitest.config.ts): a module mocked
  // by one would stay mocked, or not, for the files after it. A test that mocks a module belongs in
  // tests/, whose projects give each file its own.
  it("mocks no module", () => {
    const files = ["lib", "db", "packages"]
      .flatMap((dir) => sourcesUnder(path.join(ROOT, dir)))
      .filter((f) => f.endsWith(".test.ts") && !rel(f).includes("node_modules/"));
    expect(files.length).toBeGreaterThan(40);
    const mocking = files.filter((f) => /\bvi\s*\.\s*(mock|doMock|hoisted)\s*\(/.test(stripComments(fs.readFileSync(f, "utf8"))));
    expect(mocking.map(rel)).toEqual([]);
  });
});
