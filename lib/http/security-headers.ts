// The security headers of every response, by path. proxy.ts applies them to each request; this
// module stays free of Node and database imports so it can be unit-tested and bundled anywhere.

export type SecurityContext = {
  pathname: string;
  /** a fresh random value per page request; Next.js puts it on its own scripts */
  nonce?: string;
  /** APP_URL is https: browsers are told to use nothing else */
  https: boolean;
  /** `next dev`: React's development build needs eval for its error overlays */
  dev: boolean;
};

export const HSTS = "max-age=63072000; includeSubDomains";

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const isApiPath = (pathname: string) => under(pathname, "/api");

function pagePolicy(nonce: string, { https, dev }: SecurityContext): string {
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
    // Nobody may frame the dashboard (clickjacking of its actions). The checkout is not frameable
    // either for now: embedding it in a merchant's page is a later issue, which will list the
    // merchant's origins here for /checkout only.
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

// JSON is never a document: nothing in it may load, run or be framed
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The headers for one response. Pages need a nonce; API responses do not use one. */
export function securityHeaders(ctx: SecurityContext): Record<string, string> {
  const api = isApiPath(ctx.pathname);
  if (!api && !ctx.nonce) throw new Error("a page's policy needs a nonce");
  const headers: Record<string, string> = {
    "Content-Security-Policy": api ? API_POLICY : pagePolicy(ctx.nonce!, ctx),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // The checkout's address holds the session id, the payer's bearer token: it must not reach the
    // merchant's logo host, the payment app or the success page in a Referer.
    "Referrer-Policy": under(ctx.pathname, "/checkout") ? "no-referrer" : "strict-origin-when-cross-origin",
  };
  if (ctx.https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/** 128 random bits, base64: a CSP nonce. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
