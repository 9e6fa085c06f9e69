// Which requests are the payer's (proxy.ts passes their address on, lib/i18n/payer.ts reads it), and
// how the payer's own choice of language travels. No imports: the proxy and the page's scripts use it.

/** The request header that carries a payer page's path and query to the server's rendering. */
export const PAYER_PAGE_HEADER = "x-checkout-payer-page";
/** The language switch's choice, kept for the payer's next pages (a year; the switch sets it). */
export const LOCALE_COOKIE = "checkout_locale";
/** The language switch's choice in the address: it works where a framed page's cookie does not. */
export const LOCALE_PARAM = "lang";

/** The checkout (v0 `/checkout…`, v1 `/?order=`), a payment link's page (`/l/…`), a hand-off's link (`/c/…`) and a refund's claim page (`/refund/…`). */
export function isPayerPage(pathname: string, search: URLSearchParams): boolean {
  return (
    pathname === "/checkout" ||
    pathname.startsWith("/checkout/") ||
    pathname.startsWith("/l/") ||
    pathname.startsWith("/c/") ||
    pathname.startsWith("/refund/") ||
    (pathname === "/" && search.has("order"))
  );
}
