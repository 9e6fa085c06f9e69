import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { As, MerchantActor } from "@/lib/actor";
import { checkoutSessions, type SessionRow } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { afterCursor, page } from "@/lib/pagination";
import { expireIfDue, isDue } from "./expiry";
import { assertSessionAccess, readSessionView } from "./rows";
import { quoteOf, serializeOrder, serializeSession } from "@/lib/wire/session";

/** A session with its merchant and active order, as GET /api/checkout/sessions/:id returns it. */
export async function getSessionOrThrow(db: Db, id: string, { actor }: As) {
  let view = await readSessionView(db, id);
  if (!view) throw notFound("Session");
  assertSessionAccess(view.session, actor);
  if (isDue(view.session, view.order, new Date())) {
    await expireIfDue(db, id);
    view = (await readSessionView(db, id))!;
  }
  const { session, order, merchant } = view;
  return {
    ...serializeSession(session),
    merchant: { ...merchant, displayName: merchant.displayName ?? merchant.name },
    activeOrder: order ? { ...serializeOrder(order), quote: quoteOf(order) } : null,
  };
}
export type SessionView = Awaited<ReturnType<typeof getSessionOrThrow>>;

export async function listSessions(
  db: Db,
  opts: { status?: SessionRow["status"]; q?: string; limit: number; cursor?: string },
  { actor }: As<MerchantActor>,
) {
  const q = opts.q?.trim();
  const rows = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.merchantId, actor.merchantId),
        opts.status ? eq(checkoutSessions.status, opts.status) : undefined,
        // a session id, or any metadata value, exactly
        q
          ? q.startsWith("sess_")
            ? eq(checkoutSessions.id, q)
            : sql`exists (select 1 from jsonb_each_text(${checkoutSessions.metadata}) m where m.value = ${q})`
          : undefined,
        afterCursor(checkoutSessions.createdAt, checkoutSessions.id, opts.cursor),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt), desc(checkoutSessions.id))
    .limit(opts.limit + 1);
  const { items, nextCursor } = page(rows, opts.limit);
  return { sessions: items.map(serializeSession), nextCursor };
}

export async function getActiveOrderOrThrow(db: Db, sessionId: string, as: As) {
  const view = await getSessionOrThrow(db, sessionId, as);
  if (!view.activeOrder) throw notFound("Active order");
  const { quote: _quote, ...order } = view.activeOrder;
  return order;
}
