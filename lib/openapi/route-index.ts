import fs from "node:fs";
import path from "node:path";

// The source of app/api/route-modules.ts: every route file under app/api that serves the merchant
// API, imported under a name made of its path, with its OpenAPI path. `npm run api:routes` writes it;
// a test fails while the file and the tree differ. Not routes of the API: sign-in (auth), the Inngest
// endpoint (inngest) and the catch-all that answers 404 ([...slug]).

const SKIPPED = new Set(["auth", "inngest"]);

/** The OpenAPI path of an app/api route file's segments, e.g. [webhooks, [id]] → /api/webhooks/{id}. */
export function templateOf(segments: string[]): string {
  return "/api/" + segments.map((s) => (s.startsWith("[") && !s.startsWith("[...") ? `{${s.slice(1, -1)}}` : s)).join("/");
}

/** The route files under apiDir, as their OpenAPI path and their path from apiDir, sorted by path. */
export function apiRouteFiles(apiDir: string): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (segments.length === 0 && SKIPPED.has(entry.name)) continue;
        if (entry.name.startsWith("[...")) continue;
        walk(path.join(dir, entry.name), [...segments, entry.name]);
      } else if (entry.name === "route.ts" && segments.length > 0) {
        out.push({
          path: templateOf(segments),
          file: [...segments, "route"].join("/"),
        });
      }
    }
  };
  walk(apiDir, []);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

const nameOf = (file: string) =>
  file
    .replace(/\/route$/, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");

/**
 * The document's own route: its file imports this index (it serves the document), so the index
 * describes it with the same route made in lib (documentRoute), rather than importing the file back.
 */
const DOCUMENT_ROUTE = "openapi.json/route";

/** app/api/route-modules.ts as it should be for the tree under apiDir. */
export function routeModulesSource(apiDir: string): string {
  const files = apiRouteFiles(apiDir);
  const moduleOf = (f: { file: string }) => (f.file === DOCUMENT_ROUTE ? "documentRoute(() => openApiDocument())" : nameOf(f.file));
  return [
    "// Written by `npm run api:routes` (lib/openapi/route-index.ts) from the app/api tree: every route",
    "// module of the API at its OpenAPI path. The OpenAPI document is built from their handlers.",
    'import { buildDocument, type RouteModule } from "@/lib/openapi/document";',
    'import { documentRoute } from "@/lib/openapi/document-route";',
    ...files.filter((f) => f.file !== DOCUMENT_ROUTE).map((f) => `import * as ${nameOf(f.file)} from ${JSON.stringify(`./${f.file}`)};`),
    "",
    "export const ROUTE_MODULES: RouteModule[] = [",
    ...files.map((f) => `  { path: "${f.path}", module: ${moduleOf(f)} },`),
    "];",
    "",
    "/** The API's OpenAPI document, built once per process. */",
    "export const openApiDocument = () => buildDocument(ROUTE_MODULES);",
    "",
  ].join("\n");
}
