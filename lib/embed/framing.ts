import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { checkoutSessions, merchants } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { looksLikeId } from "@/lib/core/ids";
import { embeddedSessionOf, embedRequested } from "./request";
import { frameOriginsSchema, isFrameOrigin } from "./origins";

// Which origins may frame a payer's page, read from its merchant's setting; and the setting itself.

/**
 * PATCH /api/merchants/me/embedding: the origins that may frame the checkout (Settings → Embedding).
 * Here, on the server's side: the dashboard's form imports origins.ts, and an object schema made as
 * the browser loads it probes for eval, which the pages' policy reports as a violation.
 */
export const embeddingBody = z.strictObject({ frameAncestors: frameOriginsSchema });

/** The origins the session's merchant allows to frame its checkout; none for an unknown session. */
export async function frameAncestorsOfSession(db: Db, sessionId: string): Promise<string[]> {
  if (!looksLikeId("sess", sessionId)) return [];
  const [row] = await db
    .select({ origins: merchants.frameAncestors })
    .from(checkoutSessions)
    .innerJoin(merchants, eq(merchants.id, checkoutSessions.merchantId))
    .where(eq(checkoutSessions.id, sessionId))
    .limit(1);
  return (row?.origins ?? []).filter(isFrameOrigin);
}

/** What proxy.ts puts in frame-ancestors for a page request (empty: 'none'). */
export async function frameAncestorsForRequest(db: Db, url: { pathname: string; searchParams: URLSearchParams }): Promise<string[]> {
  const sessionId = embeddedSessionOf(url);
  return sessionId ? frameAncestorsOfSession(db, sessionId) : [];
}

/** The dashboard's Embedding setting: the origins the signed-in merchant allows. */
export async function getFrameAncestors(db: Db, { actor }: As<MerchantActor>): Promise<string[]> {
  const [row] = await db.select({ origins: merchants.frameAncestors }).from(merchants).where(eq(merchants.id, actor.merchantId)).limit(1);
  return row?.origins ?? [];
}

/** Replaces the list (validated and normalised again here, whichever face sent it); returns what was stored. */
export async function setFrameAncestors(db: Db, origins: string[], { actor }: As<MerchantActor>): Promise<string[]> {
  const list = frameOriginsSchema.parse(origins);
  await db.update(merchants).set({ frameAncestors: list, updatedAt: new Date() }).where(eq(merchants.id, actor.merchantId));
  return list;
}

/**
 * What the payer's page passes to the checkout for embedded mode: the merchant's allowed origins when
 * the link says `embed=true` and the merchant allows any (else null: the normal page, as it would
 * be blocked in a frame anyway). The page posts its messages to these origins only.
 */
export async function embedSettingsFor(
  db: Db,
  sessionId: string,
  embed: string | string[] | undefined,
): Promise<{ origins: string[] } | null> {
  if (!embedRequested({ embed })) return null;
  const origins = await frameAncestorsOfSession(db, sessionId);
  return origins.length ? { origins } : null;
}
