import { and, count, eq, gt, inArray, min, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, orders, type PaymentLinkRow, paymentLinks } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { metrics } from "@/lib/metrics";
import { isOrderLive, statusesWhere } from "@/lib/state";

// The places of a payment link that takes a limited number of payments (maxPayments). A completed
// payment takes one for good. An open session of the link holds one while a payment is in flight on
// it (its order has not ended, however long the rail takes), and otherwise only for LINK_HOLD after
// it was started or last changed: a payer choosing how to pay. Past that its place is free for
// others, and the session takes one again only if one is free when its payment starts
// (assertLinkPlace, under the link's row lock). One payer address may hold LINK_MAX_HELD_PER_ADDRESS
// places on a link, so that a few addresses cannot hold every place of it.

export const BUSY_MESSAGE =
  "Every remaining payment on this link is being made right now. Try again in a few minutes, when one of them ends.";

/** The refusal's name in checkout_rate_limit_refusals_total: one address holding too many of a link's places. */
export const HELD_PER_ADDRESS_LIMIT = "links.held.address";

const s = checkoutSessions;

/** A session has a payment in flight: its active order has not ended (nor been fulfilled). */
export const paymentInFlight: SQL = sql`exists (select 1 from ${orders} where ${orders.id} = ${s.activeOrderId} and ${inArray(
  orders.status,
  statusesWhere("order", isOrderLive),
)})`;

/** An open session of a link that holds one of its places now (see above). */
export function holdsPlace(holdMs = getConfig().links.holdMs): SQL {
  return and(
    inArray(s.status, ["CREATED", "ACTIVE"]),
    or(paymentInFlight, and(gt(s.updatedAt, sql`now() - ${holdMs}::integer * interval '1 millisecond'`), gt(s.expiresAt, sql`now()`))),
  )!;
}

/** The places a link's completed payments take and its open sessions hold, all but one session's. */
async function placesTaken(tx: Db, linkId: string, notSessionId?: string): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`count(*) filter (where ${s.status} = 'COMPLETED' or ${holdsPlace()})`.mapWith(Number),
    })
    .from(s)
    .where(and(eq(s.paymentLinkId, linkId), notSessionId ? sql`${s.id} <> ${notSessionId}` : undefined));
  return row?.n ?? 0;
}

/** Locks a link's row: the link's starts, and its sessions' payment starts, count its places one at a time. */
export async function lockLink(tx: Db, linkId: string): Promise<PaymentLinkRow | undefined> {
  const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).for("update");
  return link;
}

/**
 * Refuses (409, BUSY_MESSAGE) when none of a locked link's places is free for a session, not
 * counting the place the session itself may hold: a new session (none), or a payment starting on a
 * session whose hold has lapsed. A link without a limit always has room.
 */
export async function assertLinkPlace(tx: Db, link: PaymentLinkRow, sessionId?: string): Promise<void> {
  if (link.maxPayments === null) return;
  if ((await placesTaken(tx, link.id, sessionId)) >= link.maxPayments) throw new AppError("CONFLICT", BUSY_MESSAGE);
}

const RETRY_MIN_S = 30;

/**
 * Refuses (429 TOO_MANY_OPEN_PAYMENTS, with when to try again) a new session on a link from a payer
 * address that already holds LINK_MAX_HELD_PER_ADDRESS of its places.
 */
export async function assertAddressRoom(db: Db, linkId: string, clientGroup: string): Promise<void> {
  const { holdMs, maxHeldPerAddress } = getConfig().links;
  const [row] = await db
    .select({ n: count(), oldest: min(s.updatedAt) })
    .from(s)
    .where(and(eq(s.paymentLinkId, linkId), eq(s.clientGroup, clientGroup), holdsPlace(holdMs)));
  if ((row?.n ?? 0) < maxHeldPerAddress) return;
  metrics().rateLimited(HELD_PER_ADDRESS_LIMIT);
  // the soonest a place frees itself: the oldest hold's end (a payment in flight may take longer)
  const freesAt = row?.oldest ? new Date(row.oldest).getTime() + holdMs : Date.now() + holdMs;
  const retryAfterSeconds = Math.max(RETRY_MIN_S, Math.ceil((freesAt - Date.now()) / 1000));
  throw new AppError(
    "TOO_MANY_OPEN_PAYMENTS",
    "You have already started payments on this link. Finish one of them, or try again in a few minutes.",
    { limit: HELD_PER_ADDRESS_LIMIT, cap: maxHeldPerAddress, retryAfterSeconds },
  );
}
