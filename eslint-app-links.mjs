// A rule for `<a href="/...">` links to App Router pages, which should be next/link's <Link />.
// @next/next/no-html-link-for-pages (16.4) compares the link, normalized with a trailing slash,
// against app-directory routes without one, so it misses every static app page (`/dashboard`);
// this rule reads app/ itself: route groups and @slots are not in the URL, [segments] match any.
import fs from "node:fs";
import path from "node:path";

const PAGE = /^page\.(j|t)sx?$/;

function appPageRoutes(dir, segments = []) {
  if (!fs.existsSync(dir)) return [];
  const routes = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && PAGE.test(entry.name)) routes.push(segments);
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    const name = entry.name;
    const inUrl = !(name.startsWith("(") && name.endsWith(")")) && !name.startsWith("@");
    routes.push(...appPageRoutes(path.join(dir, name), inUrl ? [...segments, name] : segments));
  }
  return routes;
}

function routeRegex(segments) {
  let source = "";
  for (const s of segments) {
    if (/^\[\[\.\.\..+\]\]$/.test(s)) source += "(?:/[^?#]+)?";
    else if (/^\[\.\.\..+\]$/.test(s)) source += "/[^?#]+";
    else if (/^\[.+\]$/.test(s)) source += "/[^/?#]+";
    else source += "/" + s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source || "/"}$`);
}

let cached;
function pageRegexes(cwd) {
  cached ??= appPageRoutes(path.join(cwd, "app")).map(routeRegex);
  return cached;
}

const noHtmlLinkForAppPages = {
  meta: {
    type: "problem",
    docs: { description: "Use <Link /> from next/link, not <a>, to navigate to an App Router page" },
    schema: [],
  },
  create(context) {
    const regexes = pageRegexes(context.cwd);
    const attr = (node, name) => node.attributes.find((a) => a.type === "JSXAttribute" && a.name.name === name);
    return {
      JSXOpeningElement(node) {
        if (node.name.type !== "JSXIdentifier" || node.name.name !== "a") return;
        const href = attr(node, "href");
        if (!href || href.value?.type !== "Literal" || typeof href.value.value !== "string") return;
        if (attr(node, "download") || attr(node, "target")?.value?.value === "_blank") return;
        const url = href.value.value.split(/[?#]/, 1)[0];
        if (!url.startsWith("/") || url.startsWith("//")) return;
        const pathname = url.length > 1 ? url.replace(/\/+$/, "") : url;
        if (regexes.some((r) => r.test(pathname))) {
          context.report({
            node,
            message: `Do not use an \`<a>\` element to navigate to the page \`${pathname}\`. Use \`<Link />\` from \`next/link\` instead.`,
          });
        }
      },
    };
  },
};

export default { rules: { "no-html-link-for-app-pages": noHtmlLinkForAppPages } };
