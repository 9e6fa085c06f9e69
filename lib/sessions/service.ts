import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { type Db, prepared } from "@/db/client";
import { checkoutSessions, merchants, type OrderRow, orders, type SessionRow } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { withEvents } from "@/lib/events/service";
import { jobs } from "@/lib/jobs";
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from "@/lib/errors";
import { monotonicNow } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { formatUsdc, parseUsdc } from "@/lib/money";
import { afterCursor, page } from "@/lib/pagination";
import { assertCheckoutAvailable } from "@/lib/merchants/service";
import { getPaymentRail, isPlatform, PAYMENT_PLATFORMS, type PaymentPlatform, platformAccepts } from "@/lib/payments";
import { canFire, isOrderEnded, isOrderPaid, isSessionOpen, ORDER, SESSION, type SessionStatus, transition } from "@/lib/state";
import { quoteOf, serializeOrder, serializeSession } from "./serialize";

/**
 * Who is acting on a session: a merchant's API key, or the payer on the hosted checkout page, whose
 * authority is the unguessable session id itself (decisions.md 1).
 */
export type Access = { kind: "merchant"; merchantId: string } | { kind: "payer" };

// ---------------------------------------------------------------- create, read, list

export type CreateSessionInput = {
  merchantId: string;
  amountUsdc: string;
  destinationChainId: number;
  destinationToken: string;
  recipientAddress: string;
  successUrl?: string;
  cancelUrl?: string;
  metadata?: Record<string, string>;
  enabledPaymentPlatforms?: string[];
};

export async function createSession(db: Db, input: CreateSessionInput, opts: { merchantId: string }) {
  if (input.merchantId !== opts.merchantId) throw forbidden("merchant");
  const config = getConfig();
  const amountMicro = parseUsdc(input.amountUsdc);
  if (amountMicro < config.minAmountMicro || amountMicro > config.maxAmountMicro) {
    throw invalid("amountUsdc", `must be between ${formatUsdc(config.minAmountMicro)} and ${formatUsdc(config.maxAmountMicro)}`);
  }
  if (!config.supportedChainIds.includes(input.destinationChainId)) {
    throw invalid("destinationChainId", `must be one of ${config.supportedChainIds.join(", ")}`);
  }
  const now = monotonicNow();
  const insert = prepared(db, "session_insert", (d) =>
    d
      .insert(checkoutSessions)
      .values({
        id: sql.placeholder("id"),
        merchantId: sql.placeholder("merchantId"),
        amountMicro: sql.placeholder("amountMicro"),
        destinationChainId: sql.placeholder("destinationChainId"),
        destinationToken: sql.placeholder("destinationToken"),
        recipientAddress: sql.placeholder("recipientAddress"),
        successUrl: sql.placeholder("successUrl"),
        cancelUrl: sql.placeholder("cancelUrl"),
        metadata: sql.placeholder("metadata"),
        enabledPaymentPlatforms: sql.placeholder("enabledPaymentPlatforms"),
        expiresAt: sql.placeholder("expiresAt"),
        createdAt: sql.placeholder("createdAt"),
        updatedAt: sql.placeholder("createdAt"),
      })
      .returning()
      .prepare("session_insert"),
  );
  const [row] = await insert.execute({
    id: newId("sess"),
    merchantId: opts.merchantId,
    amountMicro,
    destinationChainId: input.destinationChainId,
    destinationToken: input.destinationToken,
    recipientAddress: input.recipientAddress,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    metadata: input.metadata ?? null,
    enabledPaymentPlatforms: input.enabledPaymentPlatforms?.length ? [...new Set(input.enabledPaymentPlatforms)] : null,
    expiresAt: new Date(now.getTime() + config.sessionTtlMs),
    createdAt: now,
  });
  jobs.expiryScheduled(row!.id, row!.expiresAt);
  return { session: serializeSession(row!), checkoutUrl: checkoutUrlFor(row!.id) };
}


export function checkoutUrlFor(sessionId: string): string {
  return `${getConfig().checkoutUrl}/checkout?session=${encodeURIComponent(sessionId)}`;
}

function isDue(session: SessionRow, order: OrderRow | null, now: Date): boolean {
  if (canFire("session", "expire", session.status) && session.expiresAt <= now) return true;
  return !!order && canFire("order", "expire", order.status) && order.expiresAt <= now;
}

/** A session with its merchant and active order, as GET /api/checkout/sessions/:id returns it. */
export async function getSessionOrThrow(db: Db, id: string, access: Access) {
  let view = await readSessionView(db, id);
  if (!view) throw notFound("Session");
  if (access.kind === "merchant" && view.session.merchantId !== access.merchantId) throw forbidden("session");
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

/** The session, its merchant and its active order in one query: the hottest read of the API. */
async function readSessionView(db: Db, id: string) {
  const query = prepared(db, "session_view", (d) =>
    d
      .select({
        session: checkoutSessions,
        order: orders,
        merchant: { id: merchants.id, name: merchants.name, displayName: merchants.displayName, logoUrl: merchants.logoUrl },
      })
      .from(checkoutSessions)
      .innerJoin(merchants, eq(merchants.id, checkoutSessions.merchantId))
      .leftJoin(orders, eq(orders.id, checkoutSessions.activeOrderId))
      .where(eq(checkoutSessions.id, sql.placeholder("id")))
      .limit(1)
      .prepare("session_view"),
  );
  const [row] = await query.execute({ id });
  return row;
}
export type SessionView = Awaited<ReturnType<typeof getSessionOrThrow>>;

export async function listSessions(
  db: Db,
  opts: { merchantId: string; status?: SessionRow["status"]; q?: string; limit: number; cursor?: string },
) {
  const q = opts.q?.trim();
  const rows = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.merchantId, opts.merchantId),
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

export async function getActiveOrderOrThrow(db: Db, sessionId: string, access: Access) {
  const view = await getSessionOrThrow(db, sessionId, access);
  if (!view.activeOrder) throw notFound("Active order");
  const { quote: _quote, ...order } = view.activeOrder;
  return order;
}

// ---------------------------------------------------------------- transitions

/** Locks the session row for the rest of the transaction; every transition starts here. */
async function lockSession(tx: Db, id: string, access: Access): Promise<SessionRow> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for("update").limit(1);
  if (!row) throw notFound("Session");
  if (access.kind === "merchant" && row.merchantId !== access.merchantId) throw forbidden("session");
  return row;
}

async function lockOrder(tx: Db, id: string | null): Promise<OrderRow | null> {
  if (!id) return null;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update").limit(1);
  return row ?? null;
}

const CLOSED: Partial<Record<SessionStatus, string>> = {
  COMPLETED: "Session is already completed",
  EXPIRED: "Session has expired",
  CANCELLED: "Session was cancelled",
};

function assertOpen(session: SessionRow) {
  if (!isSessionOpen(session.status)) throw conflict(CLOSED[session.status] ?? `Session is ${session.status}`);
}

/**
 * Applies whatever expiry is due for one session, in its own transaction, so that the caller's
 * transition (which may then fail) never rolls an expiry back. Idempotent.
 */
export async function expireIfDue(db: Db, sessionId: string, now = new Date()): Promise<void> {
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, sessionId, { kind: "payer" });
    let order = await lockOrder(tx, session.activeOrderId);
    if (canFire("session", "expire", session.status) && session.expiresAt <= now) {
      if (order && canFire("order", "sessionExpired", order.status)) {
        order = await transition(tx, "order", order.id, "sessionExpired");
        session = await transition(tx, "session", session.id, "expire");
        await emit({ type: "order.expired", session, order });
      } else {
        session = await transition(tx, "session", session.id, "expire");
      }
      await emit({ type: "session.abandoned", session, order });
    } else if (order && canFire("order", "expire", order.status) && order.expiresAt <= now) {
      order = await transition(tx, "order", order.id, "expire");
      session = await transition(tx, "session", session.id, "orderChanged");
      await emit({ type: "order.expired", session, order });
    }
  });
}

/** Ids of sessions with an expiry due now (open sessions past expiresAt, unpaid orders past theirs). */
export async function findDueExpiries(db: Db, now = new Date(), limit = 100): Promise<string[]> {
  const sessions = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(inArray(checkoutSessions.status, SESSION.triggers.expire.from), lte(checkoutSessions.expiresAt, now)))
    .limit(limit);
  const unpaid = await db
    .select({ id: orders.sessionId })
    .from(orders)
    .where(and(inArray(orders.status, ORDER.triggers.expire.from), lte(orders.expiresAt, now)))
    .limit(limit);
  return [...new Set([...sessions, ...unpaid].map((r) => r.id))];
}

function resolvePlatform(session: SessionRow, platform: string | undefined, currency: string | undefined) {
  const p = platform ?? session.selectedPaymentPlatform ?? undefined;
  const c = currency ?? session.selectedFiatCurrency ?? undefined;
  if (!p) throw invalid("paymentPlatform", "is required (or save one with select-platform first)");
  if (!c) throw invalid("fiatCurrency", "is required (or save one with select-platform first)");
  checkPlatform(session, p, c);
  return { platform: p as PaymentPlatform, currency: c };
}

function checkPlatform(session: SessionRow, platform: string, currency: string) {
  if (!isPlatform(platform)) throw invalid("paymentPlatform", `must be one of ${PAYMENT_PLATFORMS.join(", ")}`);
  if (session.enabledPaymentPlatforms && !session.enabledPaymentPlatforms.includes(platform)) {
    throw invalid("paymentPlatform", `is not enabled for this session; use one of ${session.enabledPaymentPlatforms.join(", ")}`);
  }
  if (!platformAccepts(platform, currency)) throw invalid("fiatCurrency", `${currency} is not accepted on ${platform}`);
}

/** Applies a due expiry before a transition, so the transition sees (and answers with) the truth. */
async function ensureFresh(db: Db, id: string, access: Access) {
  const view = await readSessionView(db, id);
  if (!view) throw notFound("Session");
  if (access.kind === "merchant" && view.session.merchantId !== access.merchantId) throw forbidden("session");
  // a merchant's own key is refused at authentication when it is disabled; the payer's page here
  if (access.kind === "payer") await assertCheckoutAvailable(db, view.session.merchantId);
  if (isDue(view.session, view.order, new Date())) await expireIfDue(db, id);
}

// POST select-platform: saves the payer's choice while the session awaits them
export async function selectPlatform(db: Db, id: string, input: { paymentPlatform: string; fiatCurrency: string }, access: Access) {
  await ensureFresh(db, id, access);
  return withEvents(db, async (tx, emit) => {
    const session = await lockSession(tx, id, access);
    assertOpen(session);
    if (!canFire("session", "selectPlatform", session.status)) throw conflict("The platform can only be chosen before checkout starts");
    checkPlatform(session, input.paymentPlatform, input.fiatCurrency);
    const row = await transition(tx, "session", id, "selectPlatform", {
      set: { selectedPaymentPlatform: input.paymentPlatform, selectedFiatCurrency: input.fiatCurrency },
    });
    return { session: serializeSession(row) };
  });
}

// POST start: quote, signal the intent, create the order; exactly one order however many race
export async function startSession(db: Db, id: string, input: { paymentPlatform?: string; fiatCurrency?: string }, access: Access) {
  await ensureFresh(db, id, access);
  try {
    const started = await withEvents(db, async (tx, emit) => {
      let session = await lockSession(tx, id, access);
      assertOpen(session);
      const current = await lockOrder(tx, session.activeOrderId);
      if (current && !isOrderEnded(current.status)) throw conflict("Checkout has already started: the session has a live order", { activeOrderId: current.id });
      const { platform, currency } = resolvePlatform(session, input.paymentPlatform, input.fiatCurrency);

      const rail = getPaymentRail();
      const config = getConfig();
      const now = new Date();
      const orderId = newId("ord");
      const quote = rail.quote({ platform, fiatCurrency: currency, amountMicro: session.amountMicro });
      const signal = rail.signalIntent({ orderId, sessionId: id, quote, recipientAddress: session.recipientAddress, chainId: session.destinationChainId });
      const expiresAt = new Date(Math.min(now.getTime() + config.orderTtlMs, session.expiresAt.getTime()));
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          sessionId: id,
          merchantId: session.merchantId,
          status: ORDER.initial,
          paymentPlatform: platform,
          fiatCurrency: currency,
          fiatAmountMinor: quote.fiatAmountMinor,
          tokenAmountMicro: quote.tokenAmountMicro,
          conversionRate: quote.conversionRate,
          recipient: quote.payeeHandle,
          intentHash: signal.intentHash,
          signalTx: signal.signalTx,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      session = await transition(tx, "session", id, "start", {
        set: { activeOrderId: orderId, selectedPaymentPlatform: platform, selectedFiatCurrency: currency },
      });
      await emit({ type: "session.started", session, order: order! });
      await emit({ type: "order.created", session, order: order! });
      return {
        session: serializeSession(session),
        order: serializeOrder(order!),
        quote: quoteOf(order!),
        intentHash: order!.intentHash,
        expiresAt: expiresAt.toISOString(),
      };
    });
    jobs.expiryScheduled(id, new Date(started.expiresAt));
    return started;
  } catch (err) {
    if (isUniqueViolation(err, "orders_one_live_per_session_key")) throw conflict("Checkout has already started: the session has a live order");
    throw err;
  }
}

// POST payment-sent: the payer says the fiat is on its way; repeating it changes nothing
export async function markPaymentSent(db: Db, id: string, access: Access) {
  await ensureFresh(db, id, access);
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, id, access);
    let order = await lockOrder(tx, session.activeOrderId);
    if (!order) {
      assertOpen(session);
      throw conflict("Session has no active order: start checkout first");
    }
    if (isOrderPaid(order.status)) return { order: serializeOrder(order) };
    if (!canFire("order", "paymentSent", order.status)) throw conflict(`Order is ${order.status}; start checkout again`);
    assertOpen(session);
    order = await transition(tx, "order", order.id, "paymentSent", { set: { paymentSentAt: new Date() } });
    session = await transition(tx, "session", id, "orderChanged");
    await emit({ type: "order.payment_sent", session, order });
    return { order: serializeOrder(order) };
  });
}

// POST cancel: the payer (or merchant) gives up, unless money may already be on its way
export async function cancelSession(db: Db, id: string, access: Access) {
  await ensureFresh(db, id, access);
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, id, access);
    if (session.status === SESSION.triggers.cancel.to) return { session: serializeSession(session) };
    assertOpen(session);
    let order = await lockOrder(tx, session.activeOrderId);
    if (order && isOrderPaid(order.status)) {
      throw conflict("The payment has been marked as sent; the session can no longer be cancelled");
    }
    if (order && canFire("order", "cancel", order.status)) order = await transition(tx, "order", order.id, "cancel");
    session = await transition(tx, "session", id, "cancel");
    await emit({ type: "session.abandoned", session, order });
    return { session: serializeSession(session) };
  });
}

export { lockSession, lockOrder, ensureFresh };
