import { type Column, eq, getTableColumns, sql } from "drizzle-orm";
import { columnValues, type Db, typedPlaceholder as typed } from "@/db/client";
import { checkoutSessions, type Environment, merchants, payoutAddresses, type SessionRow } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { monotonicNow } from "@/lib/core/clock";
import { getConfig } from "@/lib/core/config";
import { forbidden, invalid } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { jobs } from "@/lib/jobs";
import { usdcFromMicro, parseScaled, parseUsdc, percentToBps } from "@/lib/core/money";
import { assertPayableDestination, CURRENCIES, getPaymentRail } from "@/lib/rail";
import { type FeePayer, type FeeTerms, feeTermsOf } from "@/lib/rail/fees";
import { type CheckoutMode, DEFAULT_FIAT_CURRENCY, DEFAULT_MAX_FEE_PERCENTAGE } from "@/lib/sessions/schemas";
import { buildEventsFor, statementWithEventsIf } from "@/lib/events/service";
import { metrics } from "@/lib/metrics";
import { assertPayoutAddress, listedForm, notAllowedPayoutAddress } from "@/lib/merchants/payout-addresses";
import { checkFiatBounds } from "./fiat";
import { serializeSession } from "@/lib/wire/session";

export type CreateSessionInput = {
  merchantId: string;
  checkoutMode?: CheckoutMode;
  /** exact-token (lib/sessions/schemas.ts requires it there and refuses it in exact-fiat) */
  amountUsdc?: string;
  fiatAmount?: string;
  fiatCurrency?: string;
  maxFeePercentage?: number;
  destinationChainId: number;
  destinationToken: string;
  recipientAddress: string;
  successUrl?: string;
  cancelUrl?: string;
  metadata?: Record<string, string>;
  enabledPaymentPlatforms?: string[];
  /** v1 orders: the hash of the order token that the payer's link carries (lib/v1/orders.ts) */
  orderTokenHash?: string;
  /** who pays the real rail's fees (lib/rail/fees.ts); absent: the payment link's, else the merchant's setting */
  feePayer?: FeePayer;
  /** SPLIT: the payer's share of the fees, in basis points */
  buyerFeeShareBps?: number;
  notes?: Record<string, unknown> | null;
  /** the payment link whose payer started it (lib/links) */
  paymentLinkId?: string;
  /** a link's session: the payer's address group (lib/sessions/link-places.ts) */
  clientGroup?: string;
  /** the payer's language: one of lib/i18n's locales, or auto (their browser's); a link's session: the link's, else their browser's */
  locale?: string;
};

// A session and its ORDER_CREATED event (with the event's deliveries) are written by one statement:
// atomic without a transaction, and one round trip to PostgreSQL instead of four (BEGIN, the insert,
// the events, COMMIT). Every column is written from the row built here, so the event is serialized
// from exactly the row that is stored; a column added to the table is a type error below until it is
// given a value. The session is written only if its recipient is on the account's list of allowed
// payout addresses (the check is the insert's condition, so the common case is that one round trip);
// when it is not, nothing is written and createSessionRow asks the list why (assertPayoutAddress).
const SESSION_COLUMNS = Object.entries(getTableColumns(checkoutSessions)) as [keyof SessionRow, Column][];
// the values are selected, not VALUES, so each placeholder says its column's type (typed)
const insertSessionWithEvents = statementWithEventsIf(
  "session_create",
  "s",
  () => sql`s as (
    insert into ${checkoutSessions} (${sql.join(
      SESSION_COLUMNS.map(([, c]) => sql.identifier(c.name)),
      sql`, `,
    )}) select ${sql.join(
      SESSION_COLUMNS.map(([key, c]) => typed(`session.${key}`, c)),
      sql`, `,
    )}
    where exists (
      select 1 from ${payoutAddresses}
      where ${payoutAddresses.merchantId} = ${sql.placeholder("listed.merchantId")} and ${payoutAddresses.address} = ${sql.placeholder("listed.address")}
    )
    returning ${checkoutSessions.id}
  )`,
);

export async function createSession(db: Db, input: CreateSessionInput, as: As<MerchantActor>, pricing?: SessionPricing) {
  const row = await createSessionRow(db, input, as, pricing);
  return { session: serializeSession(row), checkoutUrl: checkoutUrlFor(row.id) };
}

/** What a new session costs and where it runs: the merchant's environment and fee terms, and its amount in micro-USDC. */
export type SessionPricing = {
  environment: Environment;
  feeTerms: FeeTerms;
  amountMicro: bigint;
  fiat: { fiatAmountMinor: bigint; fiatCurrency: string; maxFeeBps: number } | null;
  enabledPaymentPlatforms: string[] | null;
};

/**
 * Prices a session before it is written: an exact-fiat amount is checked against today's rates,
 * which on the real rail are network calls (curator's quotes, the price feed). A caller that writes
 * in a transaction (an Idempotency-Key's, a payment link's row lock) asks this first, on the pool,
 * and hands the answer to createSessionRow: no connection is held while the network answers.
 */
export async function sessionPricing(db: Db, input: CreateSessionInput, actor: MerchantActor): Promise<SessionPricing> {
  if (input.merchantId !== actor.merchantId) throw forbidden("merchant");
  const config = getConfig();
  const enabledPaymentPlatforms = input.enabledPaymentPlatforms?.length ? [...new Set(input.enabledPaymentPlatforms)] : null;
  const stored = actor.environment && actor.feeTerms ? null : await merchantDefaults(db, actor.merchantId);
  const environment = actor.environment ?? stored?.environment ?? "sandbox";
  const feeTerms: FeeTerms = input.feePayer
    ? feeTermsOf(input.feePayer, input.buyerFeeShareBps)
    : (actor.feeTerms ?? stored?.feeTerms ?? feeTermsOf("MERCHANT"));
  // a live merchant on a deployment without a real rail, or a destination its rail cannot pay:
  // refused now, not when the payer arrives
  assertPayableDestination(getPaymentRail(environment), input.destinationChainId, input.destinationToken);
  let amountMicro: bigint;
  let fiat: SessionPricing["fiat"] = null;
  if (input.checkoutMode === "exact-fiat") {
    const fiatCurrency = input.fiatCurrency ?? DEFAULT_FIAT_CURRENCY;
    fiat = {
      fiatCurrency,
      fiatAmountMinor: parseScaled(input.fiatAmount!, CURRENCIES[fiatCurrency]!.decimals),
      maxFeeBps: percentToBps(input.maxFeePercentage ?? DEFAULT_MAX_FEE_PERCENTAGE),
    };
    // the estimate at the mid rate until a quote fixes it (docs/api.md)
    amountMicro = await checkFiatBounds({ ...fiat, enabledPaymentPlatforms, environment });
  } else {
    amountMicro = parseUsdc(input.amountUsdc!);
    if (amountMicro < config.minAmountMicro || amountMicro > config.maxAmountMicro) {
      throw invalid("amountUsdc", `must be between ${usdcFromMicro(config.minAmountMicro)} and ${usdcFromMicro(config.maxAmountMicro)}`);
    }
  }
  return { environment, feeTerms, amountMicro, fiat, enabledPaymentPlatforms };
}

/**
 * Creates a session (a v1 order) and returns its row: both API generations create through here.
 * `pricing`: what sessionPricing answered for this input before the caller's transaction; absent,
 * it is asked here.
 */
export async function createSessionRow(
  db: Db,
  input: CreateSessionInput,
  { actor }: As<MerchantActor>,
  pricing?: SessionPricing,
): Promise<SessionRow> {
  if (input.merchantId !== actor.merchantId) throw forbidden("merchant");
  const config = getConfig();
  const { environment, feeTerms, amountMicro, fiat, enabledPaymentPlatforms } = pricing ?? (await sessionPricing(db, input, actor));
  if (!config.supportedChainIds.includes(input.destinationChainId)) {
    throw invalid("destinationChainId", `must be one of ${config.supportedChainIds.join(", ")}`);
  }
  const now = monotonicNow();
  const row: SessionRow = {
    id: newId("sess"),
    merchantId: actor.merchantId,
    environment,
    amountMicro,
    destinationChainId: input.destinationChainId,
    destinationToken: input.destinationToken,
    recipientAddress: input.recipientAddress,
    status: "CREATED",
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    metadata: input.metadata ?? null,
    enabledPaymentPlatforms,
    selectedPaymentPlatform: null,
    selectedFiatCurrency: null,
    activeOrderId: null,
    checkoutMode: fiat ? "exact-fiat" : "exact-token",
    fiatAmountMinor: fiat?.fiatAmountMinor ?? null,
    fiatCurrency: fiat?.fiatCurrency ?? null,
    maxFeeBps: fiat?.maxFeeBps ?? null,
    orderTokenHash: input.orderTokenHash ?? null,
    paidAmountMicro: 0n,
    refundedMicro: 0n,
    ...feeTermsOf(feeTerms.feePayer, feeTerms.buyerFeeShareBps),
    notes: input.notes ?? null,
    cancelledAt: null,
    expiresAt: new Date(now.getTime() + config.sessionTtlMs),
    completedAt: null,
    firstOrderAt: null,
    paymentSentAt: null,
    paymentLinkId: input.paymentLinkId ?? null,
    clientGroup: input.clientGroup ?? null,
    locale: input.locale && input.locale !== "auto" ? input.locale : null,
    receiptDueAt: null,
    receiptSentAt: null,
    handoffCode: null,
    handoffToken: null,
    exception: null,
    markedPaidBy: null,
    markedPaidAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // a v1 client learns of every order (ORDER_CREATED), whichever API made it, in the same statement
  const values = {
    ...columnValues("session", SESSION_COLUMNS, row),
    "listed.merchantId": row.merchantId,
    "listed.address": listedForm(row.recipientAddress),
  };
  const built = buildEventsFor({ type: "ORDER_CREATED", session: row, order: null });
  let created = await insertSessionWithEvents(db, built, values);
  if (created === null) {
    // The one place every session, v1 order and link start passes: the money goes only where owners
    // allow. Not on the list: refused with the reason (or, for an account nobody has claimed, listed
    // now), then written; an address taken off the list in between is refused all the same.
    await assertPayoutAddress(db, input.recipientAddress, { actor, field: "recipientAddress" });
    created = await insertSessionWithEvents(db, built, values);
    if (created === null) throw notAllowedPayoutAddress("recipientAddress");
  }
  metrics().transition("session", "create", row.status);
  jobs.deliveriesCreated(created);
  jobs.expiryScheduled(row.id, row.expiresAt);
  return row;
}

/** The merchant's environment and fee setting, for a face that did not read them already. */
async function merchantDefaults(db: Db, merchantId: string): Promise<{ environment: Environment; feeTerms: FeeTerms } | null> {
  const [m] = await db
    .select({ environment: merchants.environment, feePayer: merchants.feePayer, buyerFeeShareBps: merchants.buyerFeeShareBps })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return m ? { environment: m.environment, feeTerms: { feePayer: m.feePayer, buyerFeeShareBps: m.buyerFeeShareBps } } : null;
}

/** The hosted checkout page of a session, as the create answer and the payer's link carry it. */
export function checkoutUrlFor(sessionId: string): string {
  return `${getConfig().checkoutUrl}/checkout?session=${encodeURIComponent(sessionId)}`;
}

/** The checkout link of a v1 order: `{checkout_url}/?order=<id>&token=<token>`, as the SDK builds it. */
export function orderCheckoutUrl(orderId: string, token: string): string {
  const url = new URL(`${getConfig().checkoutUrl}/`);
  url.searchParams.set("order", orderId);
  url.searchParams.set("token", token);
  return url.toString();
}
