// The security headers of every response, by path. proxy.ts applies them to each request; this
// module stays free of Node and database imports so it can be unit-tested and bundled anywhere.

import { isFrameOrigin } from "@/lib/embed/origins";

export type SecurityContext = {
  pathname: string;
  /** the query string; `/?order=…&token=…` is a v1 order's checkout link */
  search?: string;
  /** a fresh random value per page request; Next.js puts it on its own scripts */
  nonce?: string;
  /** APP_URL is https: browsers are told to use nothing else */
  https: boolean;
  /** `next dev`: React's development build needs eval for its error overlays */
  dev: boolean;
  /**
   * The origins the checkout's merchant allows to frame this page (an embedded checkout). Only the
   * payer's page takes them (EMBEDDABLE_PATHS); anything else, and an empty list, is never framed.
   */
  frameAncestors?: readonly string[];
};

export const HSTS = "max-age=63072000; includeSubDomains";

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const isApiPath = (pathname: string) => under(pathname, "/api");

/** The payer's page: /checkout?session= and the v1 link /?order= (the dashboard never is). */
export const EMBEDDABLE_PATHS: readonly string[] = ["/checkout", "/"];

/** The origins that may frame this response: none unless it is the payer's page and the merchant allows some. */
export function frameAncestorsOf(ctx: SecurityContext): string[] {
  if (!EMBEDDABLE_PATHS.includes(ctx.pathname)) return [];
  // the values come from the database: each must still be one bare origin, or a ';' could add a directive
  return [...new Set(ctx.frameAncestors ?? [])].filter(isFrameOrigin);
}

function pagePolicy(nonce: string, ancestors: string[], { https, dev }: SecurityContext): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': the scripts Next.js loads from its nonced bootstrap are trusted, nothing else
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React renders style attributes, which a nonce cannot cover (and beside a nonce, 'unsafe-inline'
    // would be ignored); scripts are what the policy must hold tight
    "style-src 'self' 'unsafe-inline'",
    // merchants' logos are any https address (the checkout page); nothing else leaves the origin
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // Nobody may frame the dashboard (clickjacking of its actions). An embedded checkout may be
    // framed by the origins its merchant allows, and by nobody else.
    `frame-ancestors ${ancestors.length ? ancestors.join(" ") : "'none'"}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

// JSON is never a document: nothing in it may load, run or be framed
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A page whose address holds a payer's credential: `/checkout?session=…`, a v1 order's
 * `/?order=…&token=…`, or a hand-off's short link `/c/<code>` that leads to one.
 */
export const isCheckoutLink = ({ pathname, search }: Pick<SecurityContext, "pathname" | "search">) =>
  under(pathname, "/checkout") || under(pathname, "/c") || (pathname === "/" && new URLSearchParams(search ?? "").has("order"));

/** The headers for one response. Pages need a nonce; API responses do not use one. */
export function securityHeaders(ctx: SecurityContext): Record<string, string> {
  const api = isApiPath(ctx.pathname);
  if (!api && !ctx.nonce) throw new Error("a page's policy needs a nonce");
  const ancestors = api ? [] : frameAncestorsOf(ctx);
  const headers: Record<string, string> = {
    "Content-Security-Policy": api ? API_POLICY : pagePolicy(ctx.nonce!, ancestors, ctx),
    "X-Content-Type-Options": "nosniff",
    // The checkout's address holds the session id, the payer's bearer token: it must not reach the
    // merchant's logo host, the payment app or the success page in a Referer; so does `/`, which
    // serves a v1 order's link (`/?order=…&token=…`).
    "Referrer-Policy": isCheckoutLink(ctx) ? "no-referrer" : "strict-origin-when-cross-origin",
  };
  // X-Frame-Options cannot name origins, and DENY beside frame-ancestors would still block an allowed
  // parent in some browsers: a frameable page leaves it out and relies on the policy alone
  if (!ancestors.length) headers["X-Frame-Options"] = "DENY";
  if (ctx.https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

const API_HEADERS = {
  http: Object.entries(securityHeaders({ pathname: "/api", https: false, dev: false })),
  https: Object.entries(securityHeaders({ pathname: "/api", https: true, dev: false })),
};

/**
 * The security headers of an API answer: the same for every one (its path, nonce and embedding play
 * no part), so they are made once. The route wrapper sets them (lib/http/route.ts), since the proxy
 * does not run for the API routes it serves (proxy.ts).
 */
export function setApiSecurityHeaders(res: Response, https: boolean): Response {
  for (const [name, value] of https ? API_HEADERS.https : API_HEADERS.http) res.headers.set(name, value);
  return res;
}

/** 128 random bits, base64: a CSP nonce. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
