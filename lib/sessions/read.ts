import type { Db } from "@/db/client";
import type { As, MerchantActor } from "@/lib/core/actor";
import type { SessionRow } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { expireIfDue, isDue, notePayerSeen } from "./expiry";
import { assertSessionAccess, readSessionView } from "./rows";
import { searchSessions } from "./search";
import { quoteOf, serializeOrder, serializeSession } from "@/lib/wire/session";

/** A session with its merchant and active order, as GET /api/checkout/sessions/:id returns it. */
export async function getSessionOrThrow(db: Db, id: string, { actor }: As) {
  let view = await readSessionView(db, id);
  if (!view) throw notFound("Session");
  assertSessionAccess(view.session, actor);
  // the payer's page is open: a lock timeout now asks first (lib/sessions/expiry.ts)
  if (actor.kind === "payer") view = { ...view, order: await notePayerSeen(db, view.session, view.order) };
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

/** GET /api/checkout/sessions: newest first, by status and by session id or metadata value. */
export async function listSessions(
  db: Db,
  opts: { status?: SessionRow["status"]; q?: string; exception?: "open" | "any"; limit: number; cursor?: string },
  as: As<MerchantActor>,
) {
  const { rows, nextCursor } = await searchSessions(
    db,
    { status: opts.status, q: opts.q, exception: opts.exception, limit: opts.limit, cursor: opts.cursor },
    as,
  );
  return { sessions: rows.map(serializeSession), nextCursor };
}

export async function getActiveOrderOrThrow(db: Db, sessionId: string, as: As) {
  const view = await getSessionOrThrow(db, sessionId, as);
  if (!view.activeOrder) throw notFound("Active order");
  const { quote: _quote, ...order } = view.activeOrder;
  return order;
}
