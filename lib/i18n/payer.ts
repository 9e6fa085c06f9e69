import { eq } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { checkoutSessions, paymentLinks, refunds } from "@/db/schema";
import { errorFields, logger } from "@/lib/core/logger";
import { looksLikeId } from "@/lib/core/ids";
import { askedLocale, DEFAULT_LOCALE, matchLocale, type PageLocale, resolveLocale } from "./index";
import { LOCALE_COOKIE, LOCALE_PARAM, PAYER_PAGE_HEADER } from "./payer-page";

// The language of a request to the payer's side (the checkout, its status and actions, the payment
// link pages, the hand-off's short link), in this order:
// 1. the payer's own choice on the page: `?lang=` in the address, else the switch's cookie;
// 2. the language the merchant set on the session or the payment link (a link's session without one
//    keeps the browser's language of the payer who started it, for the receipt);
// 3. the browser's Accept-Language; 4. English.
// The proxy passes the page's path and query (proxy.ts), since a layout cannot see them. Every other
// page (the dashboard, the docs) is English.

/** The locale of this request's payer page: read once per request (the layout, the page and next-intl share it). */
export const payerLocale = cache(async (): Promise<PageLocale> => {
  const h = await headers();
  const page = h.get(PAYER_PAGE_HEADER);
  if (!page) return DEFAULT_LOCALE;
  return localeFor(new URL(page, "http://checkout.invalid"), (await cookies()).get(LOCALE_COOKIE)?.value, h.get("accept-language"));
});

/** The locale of a request to a payer route handler (the checkout's status), from the request itself. */
export function requestLocale(req: Request): Promise<PageLocale> {
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(req.headers.get("cookie") ?? "")?.[1];
  return localeFor(new URL(req.url), cookie && decoded(cookie), req.headers.get("accept-language"));
}

/** A cookie's value as sent; one that is not valid percent-encoding is no choice at all. */
function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

async function refundLocale(refundId: string): Promise<string | null> {
  try {
    const db = await (await import("@/db/client")).getDb();
    const [row] = await db
      .select({ locale: checkoutSessions.locale })
      .from(refunds)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, refunds.sessionId))
      .where(eq(refunds.id, refundId))
      .limit(1);
    return matchLocale(row?.locale) ?? null;
  } catch (err) {
    logger.warn("the page's language could not be read; the browser's is used", errorFields(err));
    return null;
  }
}

async function localeFor(url: URL, cookie: string | undefined, acceptLanguage: string | null): Promise<PageLocale> {
  const asked = askedLocale(url.searchParams.get(LOCALE_PARAM)) ?? askedLocale(cookie);
  if (asked) return asked;
  return resolveLocale(await merchantLocale(url), acceptLanguage);
}

/** The language set on the session or payment link the page is for (null: none, or the database did not answer). */
async function merchantLocale(url: URL): Promise<string | null> {
  // a refund's claim page: its session's language
  const refund = /^\/refund\/(rfd_[0-9a-f]{32})\./.exec(url.pathname)?.[1];
  if (refund) return refundLocale(refund);
  const session = url.pathname === "/" ? url.searchParams.get("order") : url.searchParams.get("session");
  const slug = /^\/l\/([^/]+)$/.exec(url.pathname)?.[1];
  if (!(session && looksLikeId("sess", session)) && !slug) return null;
  try {
    const db = await (await import("@/db/client")).getDb();
    const [row] =
      session && looksLikeId("sess", session)
        ? await db.select({ locale: checkoutSessions.locale }).from(checkoutSessions).where(eq(checkoutSessions.id, session)).limit(1)
        : await db
            .select({ locale: paymentLinks.locale })
            .from(paymentLinks)
            .where(eq(paymentLinks.slug, decodeURIComponent(slug!)))
            .limit(1);
    return matchLocale(row?.locale) ?? null;
  } catch (err) {
    logger.warn("the page's language could not be read; the browser's is used", errorFields(err));
    return null;
  }
}
