import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { As } from "@/lib/core/actor";
import { type ExceptionSummary, orders, type OrderRow, sessionExceptions, type SessionRow } from "@/db/schema";
import { detailsOf, openException } from "@/lib/exceptions/service";
import { getConfig } from "@/lib/core/config";
import { buildEventsFor, type EventInput, withEvents } from "@/lib/events/service";
import { conflict, invalid, isUniqueViolation } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { jobs } from "@/lib/jobs";
import { metrics } from "@/lib/metrics";
import { getPaymentRail, isPlatform, PAYMENT_PLATFORMS, type PaymentPlatform, platformAccepts } from "@/lib/rail";
import { canFire, isOrderLive, isOrderPaid, isSessionOpen, ORDER, SESSION, type SessionStatus, transition } from "@/lib/state";
import { usdcFromMicro, isUsdcString, parseUsdc } from "@/lib/core/money";
import { remainingMicro } from "@/lib/wire/v1";
import { endedUnreported, ensureFresh, unwindFields } from "./expiry";
import { fiatTermsOf, merchantMicro, quoteForStart } from "./fiat";
import { lockOrder, lockSession, readSession } from "./rows";
import { startStatement, startValues } from "./start-statement";
import { addressGroup } from "@/lib/limits/client-ip";
import { assertReservationRoom } from "@/lib/sessions/reservations";
import { assertLinkPlace, lockLink } from "@/lib/sessions/link-places";
import { assertProofOfWork, proofOfWorkRequired } from "@/lib/limits/proof-of-work";
import { isPayoutAddressListed, payoutAddressRemoved } from "@/lib/merchants/payout-addresses";
import { quoteOf, serializeOrder, serializeSession } from "@/lib/wire/session";

// What the payer (or the merchant) does to a session: choose a platform, start checkout, say the
// payment is sent, cancel. Each applies a due expiry first, then moves the rows through lib/state
// under the session's row lock, with its events in the same transaction.

const CLOSED: Partial<Record<SessionStatus, string>> = {
  COMPLETED: "Session is already completed",
  EXPIRED: "Session has expired",
  CANCELLED: "Session was cancelled",
};

function assertOpen(session: SessionRow) {
  if (!isSessionOpen(session.status)) throw conflict(CLOSED[session.status] ?? `Session is ${session.status}`);
}

function resolvePlatform(session: SessionRow, platform: string | undefined, currency: string | undefined) {
  const p = platform ?? session.selectedPaymentPlatform ?? undefined;
  const c = currency ?? session.selectedFiatCurrency ?? session.fiatCurrency ?? undefined;
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
  if (session.checkoutMode === "exact-fiat" && session.fiatCurrency && currency !== session.fiatCurrency) {
    throw invalid("fiatCurrency", `must be ${session.fiatCurrency}: this session is priced in ${session.fiatCurrency}`);
  }
  if (!platformAccepts(platform, currency)) throw invalid("fiatCurrency", `${currency} is not accepted on ${platform}`);
}

// POST select-platform: saves the payer's choice while the session awaits them
export async function selectPlatform(db: Db, id: string, input: { paymentPlatform: string; fiatCurrency: string }, as: As) {
  const before = (await ensureFresh(db, id, as)) ?? (await readSession(db, id, as.actor));
  // a platform above the fee limit is refused now, not at start; the quote (a network call on the
  // real rail) is asked before the row lock: a session's fiat terms never change
  const fiat = fiatTermsOf(before);
  if (fiat && isPlatform(input.paymentPlatform)) {
    checkPlatform(before, input.paymentPlatform, input.fiatCurrency);
    await quoteForStart(fiat, input.paymentPlatform);
  }
  return withEvents(db, async (tx, emit) => {
    const session = await lockSession(tx, id, as.actor);
    assertOpen(session);
    if (!canFire("session", "selectPlatform", session.status)) throw conflict("The platform can only be chosen before checkout starts");
    checkPlatform(session, input.paymentPlatform, input.fiatCurrency);
    const row = await transition(tx, "session", session, "selectPlatform", {
      set: { selectedPaymentPlatform: input.paymentPlatform, selectedFiatCurrency: input.fiatCurrency },
    });
    return { session: serializeSession(row) };
  });
}

/**
 * The USDC an order pays: what is left of the session's amount, or, for a v1 partial payment, the
 * part the payer chose (exact-token only; at least the minimum amount unless less than that is left).
 */
function amountToPay(session: SessionRow, part: string | undefined): bigint {
  const left = remainingMicro(session);
  if (part === undefined) return left;
  if (session.orderTokenHash === null) throw invalid("amountUsdc", "is not accepted: only a v1 order may be paid in parts");
  if (session.checkoutMode === "exact-fiat")
    throw invalid("amountUsdc", "is not accepted: this session is priced in fiat and is paid at once");
  if (!isUsdcString(part)) throw invalid("amountUsdc", 'must be a decimal string such as "10.00", with at most 6 decimals');
  const micro = parseUsdc(part);
  const min = getConfig().minAmountMicro;
  if (micro > left) throw invalid("amountUsdc", `must be at most ${usdcFromMicro(left)}, what is left to pay`);
  if (micro < min && micro !== left) throw invalid("amountUsdc", `must be at least ${usdcFromMicro(min < left ? min : left)}`);
  if (micro <= 0n) throw invalid("amountUsdc", "must be more than 0");
  return micro;
}

/** What a start asks before it writes: the session as read, what is to pay, and the rail's quote for it (priceStart). */
export type StartPricing = Awaited<ReturnType<typeof priceStart>>;

/**
 * The first half of a start, outside any transaction: the session as it is now, the amount to pay,
 * and the rail's quote, a network call on the real rail, never made under a lock or in a
 * transaction (an Idempotency-Key's runs the start in one: its route asks this first). The start
 * itself checks that what was priced is still what is to pay.
 */
export async function priceStart(
  db: Db,
  id: string,
  input: { paymentPlatform?: string; fiatCurrency?: string; amountUsdc?: string },
  as: As,
  from: { payerPage?: { clientAddress: string; proofOfWork?: string } } = {},
) {
  // the row ensureFresh read, unless it expired something (then as it is now)
  const before = (await ensureFresh(db, id, as)) ?? (await readSession(db, id, as.actor));
  assertOpen(before);
  // made before its payout address was taken off the account's list: it is paid to it no more (the
  // real rail's signal step asks again before it sends the intent)
  if (!(await isPayoutAddressListed(db, before.merchantId, before.recipientAddress))) throw payoutAddressRemoved();
  const priced = amountToPay(before, input.amountUsdc);
  const choice = resolvePlatform(before, input.paymentPlatform, input.fiatCurrency);
  const rail = getPaymentRail(before.environment);
  // a live start reserves a taker wallet: it is capped (lib/sessions/reservations.ts)
  const caps = before.environment === "live" ? (getConfig().liveRail?.maxOpen ?? null) : null;
  const clientGroup = caps && from.payerPage ? addressGroup(from.payerPage.clientAddress) : null;
  // a reservation from the payer's page costs its script a proof of work, checked before anything is asked or sent
  if (from.payerPage && proofOfWorkRequired(before.environment)) await assertProofOfWork(db, id, from.payerPage.proofOfWork);
  const fiat = fiatTermsOf(before);
  // exact-fiat: the payer pays the session's fiat amount; the merchant gets what it buys on this platform
  const fiatQuote = fiat ? await quoteForStart(fiat, choice.platform) : null;
  const quote =
    fiatQuote ??
    (await rail.quote({
      platform: choice.platform,
      fiatCurrency: choice.currency,
      amountMicro: priced,
      recipientAddress: before.recipientAddress,
      fees: { feePayer: before.feePayer ?? "MERCHANT", buyerFeeShareBps: before.buyerFeeShareBps },
    }));
  return { before, priced, rail, caps, clientGroup, fiatQuote, quote };
}

// POST start: quote, signal the intent, create the order; exactly one order however many race
export async function startSession(
  db: Db,
  id: string,
  input: { paymentPlatform?: string; fiatCurrency?: string; amountUsdc?: string },
  as: As,
  /**
   * When the payer's page starts it (not the merchant's server through the API): the payer's address,
   * for the caps on open live payments, and the page's proof of work, which a live start must carry
   */
  from: { payerPage?: { clientAddress: string; proofOfWork?: string } } = {},
  /** what priceStart answered for this start before the caller's transaction; absent, it is asked here */
  pricing?: StartPricing,
) {
  const { before, priced, rail, caps, clientGroup, fiatQuote, quote } = pricing ?? (await priceStart(db, id, input, as, from));
  /** What starting `session` writes: its new order, and what the session's move sets. */
  const prepare = async (session: SessionRow) => {
    const amountMicro = amountToPay(session, input.amountUsdc);
    if (amountMicro !== priced) throw conflict("What is left to pay changed while checkout started; start again");
    const { platform, currency } = resolvePlatform(session, input.paymentPlatform, input.fiatCurrency);
    const now = new Date();
    const orderId = newId("ord");
    const signal = await rail.openIntent({
      orderId,
      sessionId: id,
      quote,
      recipientAddress: session.recipientAddress,
      chainId: session.destinationChainId,
    });
    const mined = signal.state === "done";
    // every column, so that the events are serialized from exactly the row that is stored
    const order: OrderRow = {
      id: orderId,
      sessionId: id,
      merchantId: session.merchantId,
      status: mined ? ORDER.initial : "SIGNAL_SUBMITTED",
      paymentPlatform: platform,
      fiatCurrency: currency,
      fiatAmountMinor: quote.fiatAmountMinor,
      tokenAmountMicro: quote.tokenAmountMicro,
      conversionRate: quote.conversionRate,
      // exact-fiat: the fiat's worth at the mid rate and what it buys; a live quote: the intent before
      // and after the fees it expects (the chain's figures replace them once released)
      grossAmountMicro: fiatQuote?.grossAmountMicro ?? (quote.feeMicro !== undefined ? quote.tokenAmountMicro : null),
      netAmountMicro: fiatQuote ? merchantMicro(fiatQuote) : quote.feeMicro !== undefined ? quote.tokenAmountMicro - quote.feeMicro : null,
      // the part of the session's amount a full release pays, whatever the fees take
      coversMicro: fiatQuote ? merchantMicro(fiatQuote) : amountMicro,
      protocolFeeMicro: null,
      managerFeeMicro: null,
      referralFeeMicro: null,
      recipient: quote.payeeHandle,
      intentHash: mined ? signal.intentHash : null,
      signalTx: mined ? signal.signalTx : null,
      fulfillTx: null,
      expiresAt: new Date(Math.min(now.getTime() + getConfig().orderTtlMs, session.expiresAt.getTime())),
      paymentSentAt: null,
      payerSeenAt: null,
      lockQuestion: null,
      fulfilledAt: null,
      // the real rail: what its signal step needs, and that the step is due now
      railDueAt: mined ? null : now,
      railTries: 0,
      railState: quote.intent ?? null,
      takerWallet: null,
      railLease: null,
      clientGroup,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    };
    const set = {
      activeOrderId: orderId,
      selectedPaymentPlatform: platform,
      selectedFiatCurrency: currency,
      // exact-fiat: the session's USDC is what the live quote gives the merchant
      amountMicro: fiatQuote ? merchantMicro(fiatQuote) : session.amountMicro,
    } satisfies Partial<SessionRow>;
    return { order, set };
  };
  const answer = (session: SessionRow, order: OrderRow) => ({
    session: serializeSession(session),
    order: serializeOrder(order),
    quote: quoteOf(order),
    intentHash: order.intentHash,
    expiresAt: order.expiresAt.toISOString(),
  });
  const events = (session: SessionRow, order: OrderRow): EventInput[] => [
    { type: "session.started", session, order },
    { type: "order.created", session, order },
  ];

  // The common start, of a session that has had no order, is one statement and takes no lock: the
  // session's UPDATE requires the row exactly as read (its updated_at), so everything checked on
  // `before` still holds when it matches, and the order, the events and their deliveries are written
  // only if it did (startStatement). When it does not (the session changed since it was read),
  // nothing is written and the start is made again under the row lock. A race of two starts ends
  // as before: one order, and a 409 for the other (orders_one_live_per_session_key).
  const startUnlocked = async () => {
    const { order, set } = await prepare(before);
    const session: SessionRow = {
      ...before,
      ...set,
      status: SESSION.triggers.start.to,
      // what the orders' insert trigger sets (migration 0007)
      firstOrderAt: before.firstOrderAt ?? order.createdAt,
      updatedAt: order.createdAt,
    };
    const created = await startStatement(db, events(session, order).flatMap(buildEventsFor), startValues(before, session, order));
    if (created === null) return null;
    metrics().transition("session", "start", session.status);
    metrics().transition("order", "create", order.status);
    jobs.deliveriesCreated(created);
    return answer(session, order);
  };
  const startLocked = () =>
    withEvents(db, async (tx, emit) => {
      // a payment link's session: the link's row first (as its starts lock it), then the session's
      const link = before.paymentLinkId ? await lockLink(tx, before.paymentLinkId) : undefined;
      const locked = await lockSession(tx, id, as.actor);
      assertOpen(locked);
      const current = await lockOrder(tx, locked.activeOrderId, locked);
      if (current && isOrderLive(current.status))
        throw conflict("Checkout has already started: the session has a live order", { activeOrderId: current.id });
      // its place may have lapsed (LINK_HOLD) and been taken: a payment starts only in a free one
      if (link) await assertLinkPlace(tx, link, locked.id);
      if (caps) await assertReservationRoom(tx, { merchantId: locked.merchantId, clientGroup, paymentLinkId: locked.paymentLinkId }, caps);
      const { order, set } = await prepare(locked);
      // the order's insert and the session's move are sent together (one round trip; PostgreSQL runs
      // them in this order): the session only names the order, whose id is already known
      const [[inserted], session] = await Promise.all([
        tx.insert(orders).values(order).returning(),
        transition(tx, "session", locked, "start", { set: { ...set, updatedAt: order.createdAt } }),
      ]);
      metrics().transition("order", "create", inserted!.status);
      for (const e of events(session, inserted!)) await emit(e);
      return answer(session, inserted!);
    });
  try {
    // a capped start counts open orders under its locks: never the unlocked one-statement start
    // a link's session counts the link's places under its lock: never the unlocked one-statement start
    const started =
      (before.activeOrderId === null && !caps && !before.paymentLinkId ? await startUnlocked() : null) ?? (await startLocked());
    jobs.expiryScheduled(id, new Date(started.expiresAt));
    if (started.order.status === "SIGNAL_SUBMITTED") jobs.railDue(started.order.id);
    return started;
  } catch (err) {
    if (isUniqueViolation(err, "orders_one_live_per_session_key"))
      throw conflict("Checkout has already started: the session has a live order");
    throw err;
  }
}

/**
 * A live order the payer says they paid waits for its proof until the intent's on-chain expiry plus
 * ZKP2P_PAYMENT_SENT_GRACE (late proofs), not forever: then it ends and its wallet is freed.
 */
function proofWindow(session: SessionRow, order: OrderRow): Partial<OrderRow> {
  const settings = session.environment === "live" ? getConfig().liveRail : null;
  if (!settings) return {};
  const expiryTime = (order.railState as { expiryTime?: string } | null)?.expiryTime;
  const intentEnds = expiryTime ? Number(expiryTime) * 1000 : Date.now();
  return { expiresAt: new Date(intentEnds + settings.paymentSentGraceMs) };
}

// POST payment-sent: the payer says the fiat is on its way; repeating it changes nothing
export async function markPaymentSent(db: Db, id: string, as: As) {
  await ensureFresh(db, id, as);
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, id, as.actor);
    let order = await lockOrder(tx, session.activeOrderId, session);
    if (!order) {
      assertOpen(session);
      throw conflict("Session has no active order: start checkout first");
    }
    if (isOrderPaid(order.status)) return { order: serializeOrder(order) };
    if (!canFire("order", "paymentSent", order.status)) throw conflict(`Order is ${order.status}; start checkout again`);
    assertOpen(session);
    order = await transition(tx, "order", order, "paymentSent", { set: { paymentSentAt: new Date(), ...proofWindow(session, order) } });
    session = await transition(tx, "session", session, "orderChanged");
    await emit({ type: "order.payment_sent", session, order });
    if (session.environment === "live") jobs.expiryScheduled(id, order.expiresAt);
    return { order: serializeOrder(order) };
  });
}

/**
 * The lock timeout's question (lib/sessions/expiry.ts askUntil), "did you already send the money?",
 * answered no: the order ends now, so that nothing is sent into an intent about to be cancelled, and
 * the payer may start again (and is not asked again). Asked at no other time: then it changes nothing.
 */
export async function declinePaymentSent(db: Db, id: string, as: As) {
  await ensureFresh(db, id, as);
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, id, as.actor);
    let order = await lockOrder(tx, session.activeOrderId, session);
    if (order?.lockQuestion !== "ASKED" || !canFire("order", "expire", order.status)) return { order: order && serializeOrder(order) };
    order = await transition(tx, "order", order, "expire", {
      set: { expiresAt: new Date(), lockQuestion: "NOT_SENT", ...unwindFields(session) },
    });
    session = await transition(tx, "session", session, "orderChanged");
    await emit({ type: "order.expired", session, order });
    return { order: serializeOrder(order) };
  });
}

/**
 * The payer of a live order that ended by the clock after its payee was shown, who had not said they
 * paid (endedUnreported), says they paid it after all: the merchant is told with a PAID_ON_CANCELLED
 * exception (once), which names the order, its intent and payee for the maker. The page then gives
 * the payer the order's reference.
 */
export async function reportPaidAfterEnd(db: Db, id: string, as: As) {
  await ensureFresh(db, id, as);
  return withEvents(db, async (tx, emit) => {
    const session = await lockSession(tx, id, as.actor);
    const order = await lockOrder(tx, session.activeOrderId, session);
    if (!order || !endedUnreported(session, order)) throw conflict("The session has no order that ended before the payer said they paid");
    if (!(await reportedAfterEnd(tx, session, order.id))) {
      const reason =
        "the payer says they sent the payment, after the order ended at its lock timeout and its intent was cancelled: look for it with the maker (the payee, the amount, the order's id in the note)";
      await openException(tx, emit, { session, order, kind: "PAID_ON_CANCELLED", details: detailsOf(order, reason) });
    }
    return { order: serializeOrder(order) };
  });
}

/** Whether the payer already said they paid this ended order: the session's latest exception says so, or an open one does. */
export async function reportedAfterEnd(
  db: Db,
  session: { id: string; exception: ExceptionSummary | null },
  orderId: string,
): Promise<boolean> {
  if (session.exception?.kind === "PAID_ON_CANCELLED" && session.exception.details.orderId === orderId) return true;
  // session_exceptions_open_key
  const [open] = await db
    .select({ orderId: sessionExceptions.orderId })
    .from(sessionExceptions)
    .where(
      and(
        eq(sessionExceptions.sessionId, session.id),
        eq(sessionExceptions.kind, "PAID_ON_CANCELLED"),
        eq(sessionExceptions.status, "OPEN"),
      ),
    );
  return open?.orderId === orderId;
}

// POST cancel: the payer (or merchant) gives up, unless money may already be on its way
export async function cancelSession(db: Db, id: string, as: As) {
  await ensureFresh(db, id, as);
  return withEvents(db, async (tx, emit) => {
    let session = await lockSession(tx, id, as.actor);
    if (session.status === SESSION.triggers.cancel.to) return { session: serializeSession(session) };
    assertOpen(session);
    let order = await lockOrder(tx, session.activeOrderId, session);
    // a fulfilled order here paid part of a v1 order: the rest may still be cancelled
    if (order && isOrderPaid(order.status) && order.status !== ORDER.triggers.fulfil.to) {
      throw conflict("The payment has been marked as sent; the session can no longer be cancelled");
    }
    if (order && canFire("order", "cancel", order.status))
      order = await transition(tx, "order", order, "cancel", { set: unwindFields(session) });
    session = await transition(tx, "session", session, "cancel", { set: { cancelledAt: new Date() } });
    await emit({ type: "session.abandoned", session, order });
    return { session: serializeSession(session) };
  });
}
