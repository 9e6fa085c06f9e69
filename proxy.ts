import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { isApiPath, newNonce, securityHeaders } from "@/lib/http/security-headers";

// Next.js 16's proxy (the former middleware; Node.js runtime, so the settings module works here):
// every page and API response gets its security headers. A page gets a fresh nonce: set on the
// request's Content-Security-Policy, Next.js puts it on every script it renders (which is why every
// page is rendered per request, see app/layout.tsx), and the same policy goes to the browser.

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const config = getConfig();
  const nonce = isApiPath(pathname) ? undefined : newNonce();
  const headers = securityHeaders({ pathname, nonce, https: config.appUrl.startsWith("https:"), dev: config.dev });
  let response: NextResponse;
  if (nonce) {
    const forwarded = new Headers(request.headers);
    forwarded.set("content-security-policy", headers["Content-Security-Policy"]!);
    response = NextResponse.next({ request: { headers: forwarded } });
  } else {
    response = NextResponse.next();
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Next.js's own hashed assets are files that never render anything (next.config.ts gives them nosniff)
  matcher: ["/((?!_next/static|_next/image).*)"],
};
