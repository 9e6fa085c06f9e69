import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/core/config";
import { embeddedSessionOf } from "@/lib/embed/request";
import { errorFields, logger } from "@/lib/core/logger";
import { isApiPath, newNonce, securityHeaders } from "@/lib/http/security-headers";
import { isPayerPage, PAYER_PAGE_HEADER } from "@/lib/i18n/payer-page";

// Next.js 16's proxy (the former middleware; Node.js runtime, so the settings module works here):
// every page and API response gets its security headers. A page gets a fresh nonce: set on the
// request's Content-Security-Policy, Next.js puts it on every script it renders (which is why every
// page is rendered per request, see app/layout.tsx), and the same policy goes to the browser.

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const config = getConfig();
  const nonce = isApiPath(pathname) ? undefined : newNonce();
  const frameAncestors = await embeddingOrigins(request);
  const headers = securityHeaders({ pathname, search, nonce, https: config.appUrl.startsWith("https:"), dev: config.dev, frameAncestors });
  let response: NextResponse;
  if (nonce) {
    const forwarded = new Headers(request.headers);
    forwarded.set("content-security-policy", headers["Content-Security-Policy"]!);
    // a payer page's address, for its language (lib/i18n/payer.ts); never one a client sent
    forwarded.delete(PAYER_PAGE_HEADER);
    if (isPayerPage(pathname, request.nextUrl.searchParams)) forwarded.set(PAYER_PAGE_HEADER, `${pathname}${search}`);
    response = NextResponse.next({ request: { headers: forwarded } });
  } else {
    response = NextResponse.next();
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * An embedded checkout's document (`&embed=true`, GET) may be framed by the origins its merchant
 * allows: one indexed lookup for those requests only. Every other request, an unknown session, and a
 * database that does not answer get none (frame-ancestors 'none').
 */
async function embeddingOrigins(request: NextRequest): Promise<string[]> {
  if (request.method !== "GET" && request.method !== "HEAD") return [];
  const sessionId = embeddedSessionOf(request.nextUrl);
  if (!sessionId) return [];
  try {
    const [{ getDb }, { frameAncestorsOfSession }] = await Promise.all([import("@/db/client"), import("@/lib/embed/framing")]);
    return await frameAncestorsOfSession(await getDb(), sessionId);
  } catch (err) {
    logger.warn("frame ancestors unavailable", errorFields(err));
    return [];
  }
}

export const config = {
  // Next.js's own hashed assets are files that never render anything (next.config.ts gives them nosniff).
  // The API routes made with lib/http/route.ts set their security headers themselves (the same on every
  // answer), so the proxy step is not run for them; sign-in (next-auth) and Inngest's route are not
  // made with it, and keep it. A new /api route outside route.ts is refused by the architecture test.
  matcher: ["/((?!_next/static|_next/image|api/(?!auth/|inngest)).*)"],
};
