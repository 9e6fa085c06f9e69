import { looksLikeId } from "@/lib/core/ids";

// Whether a page request asks for an embedded checkout, and for which session. Pure, so proxy.ts
// decides without a database import whether a request needs the merchant's allowed origins at all.

/** The checkout URL asks for embedded mode. Anything but the exact value "true" is normal mode. */
export function embedRequested(params: URLSearchParams | Record<string, string | string[] | undefined>): boolean {
  const value = params instanceof URLSearchParams ? params.get("embed") : params.embed;
  return value === "true";
}

/**
 * The session a page request is for, when it asks to be embedded: `/checkout?session=<id>&embed=true`
 * (v0) or `/?order=<id>&embed=true` (v1, whose order is a session). Null for every other request:
 * they are never framed, so they cost no lookup.
 */
export function embeddedSessionOf(url: { pathname: string; searchParams: URLSearchParams }): string | null {
  if (!embedRequested(url.searchParams)) return null;
  const id = url.pathname === "/checkout" ? url.searchParams.get("session") : url.pathname === "/" ? url.searchParams.get("order") : null;
  return id && looksLikeId("sess", id) ? id : null;
}
