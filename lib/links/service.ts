import crypto from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { checkoutSessions, merchants, type PaymentLinkRow, paymentLinks, type SessionRow } from "@/db/schema";
import { type As, linkMerchant, type MerchantActor } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { AppError, forbidden, invalid, notFound } from "@/lib/core/errors";
import { runIdempotent } from "@/lib/http/idempotency";
import { newId } from "@/lib/core/ids";
import { assertPayoutAddress } from "@/lib/merchants/payout-addresses";
import { hitRateLimits, RATE_RULES } from "@/lib/limits/rate-limit";
import { bpsToPercent, formatScaled, usdcFromMicro, parseScaled, percentToBps } from "@/lib/core/money";
import { afterCursor, page } from "@/lib/pagination";
import { feeTermsOf } from "@/lib/rail/fees";
import { assertPayableDestination, liveRail } from "@/lib/rail";
import { CURRENCIES } from "@/lib/rail/platforms";
import type { createPaymentLinkBody, paymentLinkListQuery, startPaymentLinkBody, updatePaymentLinkBody } from "@/lib/links/schemas";
import { checkoutUrlFor, type CreateSessionInput, createSessionRow, sessionPricing } from "@/lib/sessions/create";
import { assertAddressRoom, assertLinkPlace, holdsPlace, lockLink, paymentInFlight } from "@/lib/sessions/link-places";
import { cancelSession } from "@/lib/sessions/transitions";
import { addressGroup } from "@/lib/limits/client-ip";
import { matchAcceptLanguage } from "@/lib/i18n";
import { type CheckoutTheme, readTheme } from "@/lib/theme";
import { FIELD_LABELS } from "./fields";

// Payment links: a reusable address (/l/<slug>) that opens a fresh checkout session for each payer,
// at a fixed amount or one the payer chooses between bounds, in USDC or an exact fiat amount. Opening
// the link creates nothing (bots and previews fetch links); a session is made only when the payer
// starts, once per form shown (the form's attempt id), and never beyond the link's limit.

export type PaymentLinkStatus = "ACTIVE" | "PAUSED" | "EXPIRED" | "LIMIT_REACHED";
/**
 * What a link's sessions add up to: completed payments, their USDC, the sessions still open, and the
 * places those hold now (lib/sessions/link-places.ts).
 */
export type LinkStats = { payments: number; paidMicro: bigint; open: number; held: number };
const NO_STATS: LinkStats = { payments: 0, paidMicro: 0n, open: 0, held: 0 };

/** The public address of a link. */
export function linkUrlFor(slug: string): string {
  return `${getConfig().checkoutUrl}/l/${slug}`;
}

/** 72 random bits, base64url (12 characters): unguessable, short enough to type from a printed invoice. */
function newSlug(): string {
  return crypto.randomBytes(9).toString("base64url");
}

const currencyOf = (l: Pick<PaymentLinkRow, "checkoutMode" | "fiatCurrency">) =>
  l.checkoutMode === "exact-fiat" ? l.fiatCurrency! : "USDC";
const decimalsOf = (currency: string) => (currency === "USDC" ? 6 : CURRENCIES[currency]!.decimals);
/** An amount in the link's currency, as text ("25.00"). */
export function linkAmountText(minor: bigint, currency: string): string {
  return currency === "USDC" ? usdcFromMicro(minor) : formatScaled(minor, decimalsOf(currency), decimalsOf(currency));
}

export function linkStatus(l: PaymentLinkRow, stats: LinkStats, now = new Date()): PaymentLinkStatus {
  if (!l.active) return "PAUSED";
  if (l.endsAt && l.endsAt <= now) return "EXPIRED";
  if (l.maxPayments !== null && stats.payments >= l.maxPayments) return "LIMIT_REACHED";
  return "ACTIVE";
}

export function serializePaymentLink(l: PaymentLinkRow, stats: LinkStats = NO_STATS, now = new Date()) {
  const currency = currencyOf(l);
  const amount = (v: bigint | null) => (v === null ? null : linkAmountText(v, currency));
  return {
    id: l.id,
    merchantId: l.merchantId,
    url: linkUrlFor(l.slug),
    slug: l.slug,
    title: l.title,
    description: l.description,
    currency,
    amount: amount(l.amountMinor),
    minAmount: amount(l.minAmountMinor),
    maxAmount: amount(l.maxAmountMinor),
    maxFeePercentage: l.maxFeeBps === null ? null : bpsToPercent(l.maxFeeBps),
    feePayer: l.feePayer,
    buyerFeeShareBps: l.buyerFeeShareBps,
    destinationChainId: l.destinationChainId,
    destinationToken: l.destinationToken,
    recipientAddress: l.recipientAddress,
    successUrl: l.successUrl,
    cancelUrl: l.cancelUrl,
    fields: l.fields,
    maxPayments: l.maxPayments,
    endsAt: l.endsAt?.toISOString() ?? null,
    active: l.active,
    status: linkStatus(l, stats, now),
    payments: stats.payments,
    paidUsdc: usdcFromMicro(stats.paidMicro),
    openSessions: stats.open,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}
export type PaymentLinkDto = ReturnType<typeof serializePaymentLink>;

/** Each link's completed payments (and their USDC) and its sessions still open, in one indexed read. */
export async function linkStats(db: Db, ids: string[]): Promise<Map<string, LinkStats>> {
  const out = new Map<string, LinkStats>();
  if (!ids.length) return out;
  const s = checkoutSessions;
  const rows = await db
    .select({
      id: s.paymentLinkId,
      payments: sql<number>`count(*) filter (where ${s.status} = 'COMPLETED')`.mapWith(Number),
      paid: sql<string>`coalesce(sum(${s.amountMicro}) filter (where ${s.status} = 'COMPLETED'), 0)`,
      open: sql<number>`count(*) filter (where ${s.status} in ('CREATED', 'ACTIVE') and ${s.expiresAt} > now())`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${holdsPlace()})`.mapWith(Number),
    })
    .from(s)
    .where(inArray(s.paymentLinkId, ids))
    .groupBy(s.paymentLinkId);
  for (const r of rows) out.set(r.id!, { payments: r.payments, paidMicro: BigInt(r.paid), open: r.open, held: r.held });
  return out;
}

type CreateInput = z.infer<typeof createPaymentLinkBody>;
type UpdateInput = z.infer<typeof updatePaymentLinkBody>;

function checkEndsAt(endsAt: string | null | undefined, now: Date): Date | null | undefined {
  if (endsAt == null) return endsAt;
  const at = new Date(endsAt);
  if (at <= now) throw invalid("endsAt", "must be in the future");
  return at;
}

async function environmentOf(db: Db, merchantId: string) {
  const [m] = await db.select({ environment: merchants.environment }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return m?.environment ?? "sandbox";
}

export async function createPaymentLink(db: Db, input: CreateInput, { actor }: As<MerchantActor>): Promise<PaymentLinkDto> {
  const config = getConfig();
  const currency = input.currency ?? "USDC";
  const decimals = decimalsOf(currency);
  const minor = (v: string | undefined) => (v === undefined ? null : parseScaled(v, decimals));
  const amountMinor = minor(input.amount);
  const minAmountMinor = minor(input.minAmount);
  const maxAmountMinor = minor(input.maxAmount);
  if (currency === "USDC") {
    const bounds = `must be between ${usdcFromMicro(config.minAmountMicro)} and ${usdcFromMicro(config.maxAmountMicro)}`;
    for (const [field, v] of [
      ["amount", amountMinor],
      ["minAmount", minAmountMinor],
      ["maxAmount", maxAmountMinor],
    ] as const) {
      if (v !== null && (v < config.minAmountMicro || v > config.maxAmountMicro)) throw invalid(field, bounds);
    }
  }
  if (!config.supportedChainIds.includes(input.destinationChainId)) {
    throw invalid("destinationChainId", `must be one of ${config.supportedChainIds.join(", ")}`);
  }
  // a live merchant's link pays out on the real rail: a destination it cannot pay is refused now, not at a payer's start
  const rail = liveRail();
  if (rail && (actor.environment ?? (await environmentOf(db, actor.merchantId))) === "live")
    assertPayableDestination(rail, input.destinationChainId, input.destinationToken);
  await assertPayoutAddress(db, input.recipientAddress, { actor, field: "recipientAddress" });
  const now = new Date();
  const row: typeof paymentLinks.$inferInsert = {
    id: newId("plink"),
    merchantId: actor.merchantId,
    slug: newSlug(),
    title: input.title,
    description: input.description || null,
    checkoutMode: currency === "USDC" ? "exact-token" : "exact-fiat",
    fiatCurrency: currency === "USDC" ? null : currency,
    maxFeeBps: input.maxFeePercentage === undefined ? null : percentToBps(input.maxFeePercentage),
    // none: the merchant's setting when a session is started
    ...(input.feePayer ? feeTermsOf(input.feePayer, input.buyerFeeShareBps) : { feePayer: null, buyerFeeShareBps: null }),
    amountMinor,
    minAmountMinor,
    maxAmountMinor,
    destinationChainId: input.destinationChainId,
    destinationToken: input.destinationToken,
    recipientAddress: input.recipientAddress,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    fields: input.fields ?? [],
    locale: input.locale && input.locale !== "auto" ? input.locale : null,
    maxPayments: input.maxPayments ?? null,
    endsAt: checkEndsAt(input.endsAt, now) ?? null,
    active: input.active ?? true,
    createdAt: now,
    updatedAt: now,
  };
  const [created] = await db.insert(paymentLinks).values(row).returning();
  return serializePaymentLink(created!, NO_STATS, now);
}

async function ownLink(db: Db, id: string, actor: MerchantActor): Promise<PaymentLinkRow> {
  const [l] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
  if (!l) throw notFound("Payment link");
  if (l.merchantId !== actor.merchantId) throw forbidden("payment link");
  return l;
}

export async function getPaymentLink(db: Db, id: string, { actor }: As<MerchantActor>): Promise<PaymentLinkDto> {
  const l = await ownLink(db, id, actor);
  return serializePaymentLink(l, (await linkStats(db, [l.id])).get(l.id));
}

export async function listPaymentLinks(
  db: Db,
  query: z.infer<typeof paymentLinkListQuery>,
  { actor }: As<MerchantActor>,
): Promise<{ paymentLinks: PaymentLinkDto[]; nextCursor: string | null }> {
  const t = paymentLinks;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.merchantId, actor.merchantId), afterCursor(t.createdAt, t.id, query.cursor)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit);
  const stats = await linkStats(
    db,
    items.map((l) => l.id),
  );
  const now = new Date();
  return { paymentLinks: items.map((l) => serializePaymentLink(l, stats.get(l.id), now)), nextCursor };
}

export async function updatePaymentLink(db: Db, id: string, patch: UpdateInput, { actor }: As<MerchantActor>): Promise<PaymentLinkDto> {
  await ownLink(db, id, actor);
  const now = new Date();
  const set: Partial<typeof paymentLinks.$inferInsert> = { updatedAt: now };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.description !== undefined) set.description = patch.description || null;
  if (patch.successUrl !== undefined) set.successUrl = patch.successUrl;
  if (patch.cancelUrl !== undefined) set.cancelUrl = patch.cancelUrl;
  if (patch.fields !== undefined) set.fields = patch.fields;
  if (patch.locale !== undefined) set.locale = patch.locale && patch.locale !== "auto" ? patch.locale : null;
  if (patch.maxPayments !== undefined) set.maxPayments = patch.maxPayments;
  if (patch.endsAt !== undefined) set.endsAt = checkEndsAt(patch.endsAt, now);
  if (patch.active !== undefined) set.active = patch.active;
  const [l] = await db.update(paymentLinks).set(set).where(eq(paymentLinks.id, id)).returning();
  return serializePaymentLink(l!, (await linkStats(db, [id])).get(id), now);
}

/** A link's sessions, newest first (its page in the dashboard). */
export async function linkSessions(db: Db, id: string, { actor }: As<MerchantActor>, limit = 100): Promise<SessionRow[]> {
  await ownLink(db, id, actor);
  const s = checkoutSessions;
  return db.select().from(s).where(eq(s.paymentLinkId, id)).orderBy(desc(s.createdAt), desc(s.id)).limit(limit);
}

// ——— The payer's side ———

export type PublicLink = {
  link: PaymentLinkRow;
  merchant: { displayName: string; logoUrl: string | null; disableBranding: boolean; theme: CheckoutTheme; sandbox: boolean };
  status: PaymentLinkStatus;
  /** every place under the limit is held by a payment in progress: try again when one ends */
  busy: boolean;
};

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

/** A link by its public slug, for its page: nothing for an unknown slug or a disabled merchant. */
export async function publicLink(db: Db, slug: string, now = new Date()): Promise<PublicLink | null> {
  if (!SLUG.test(slug)) return null;
  const [r] = await db
    .select({
      link: paymentLinks,
      name: merchants.name,
      displayName: merchants.displayName,
      logoUrl: merchants.logoUrl,
      disableBranding: merchants.disableBranding,
      disabledAt: merchants.disabledAt,
      theme: merchants.checkoutTheme,
      environment: merchants.environment,
    })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .where(eq(paymentLinks.slug, slug));
  if (!r || r.disabledAt) return null;
  const stats = (await linkStats(db, [r.link.id])).get(r.link.id) ?? NO_STATS;
  const status = linkStatus(r.link, stats, now);
  return {
    link: r.link,
    merchant: {
      displayName: r.displayName ?? r.name,
      logoUrl: r.logoUrl,
      disableBranding: r.disableBranding,
      theme: readTheme(r.theme),
      sandbox: r.environment === "sandbox",
    },
    status,
    busy: status === "ACTIVE" && r.link.maxPayments !== null && stats.payments + stats.held >= r.link.maxPayments,
  };
}

/** What the payer is told when a link cannot be started. */
export const CLOSED_MESSAGES: Record<Exclude<PaymentLinkStatus, "ACTIVE">, string> = {
  PAUSED: "This payment link is paused. Ask the merchant for another way to pay.",
  EXPIRED: "This payment link has ended and no longer takes payments.",
  LIMIT_REACHED: "This payment link has reached its number of payments and is closed.",
};

type StartInput = z.infer<typeof startPaymentLinkBody>;

/** A refusal of what the payer typed, worded for them (the API's "field: …" prefix left out). */
const refuse = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });

/** The cookie (of the link's page only) that keeps the session a visitor's browser started on a link. */
export const visitorCookie = (slug: string) => `checkout_link_${slug}`;

/** A visitor's own session on a link (its id kept in their browser when they started it), while it is open. */
export type VisitorSession = { sessionId: string; checkoutUrl: string; inFlight: boolean; row: SessionRow };

/** The session a visitor started on this link, if it is still open; null for anything else. */
export async function visitorSession(db: Db, linkId: string, sessionId: string | undefined): Promise<VisitorSession | null> {
  if (!sessionId || !/^[A-Za-z0-9_-]{1,64}$/.test(sessionId)) return null;
  const s = checkoutSessions;
  const [row] = await db
    .select({ session: s, inFlight: sql<boolean>`${paymentInFlight}` })
    .from(s)
    .where(
      and(
        eq(s.id, sessionId),
        eq(s.paymentLinkId, linkId),
        inArray(s.status, ["CREATED", "ACTIVE"]),
        sql`(${s.expiresAt} > now() or ${paymentInFlight})`,
      ),
    );
  return row ? { sessionId: row.session.id, checkoutUrl: checkoutUrlFor(row.session.id), inFlight: row.inFlight, row: row.session } : null;
}

/** The started session asks the same as this form: its amount and the payer's answers. */
function sameRequest(link: PaymentLinkRow, session: SessionRow, amountMinor: bigint, metadata: Record<string, string>): boolean {
  const amount = link.checkoutMode === "exact-fiat" ? session.fiatAmountMinor : session.amountMicro;
  const kept = session.metadata ?? {};
  const keys = new Set([...Object.keys(kept), ...Object.keys(metadata)]);
  return amount === amountMinor && [...keys].every((k) => kept[k] === metadata[k]);
}

/**
 * Starts a payer's checkout on a link: checks the amount and the fields, then, with the link's row
 * locked (so two payers cannot both take its last place), checks that it is active, not past its
 * end, that one of its places is free (lib/sessions/link-places.ts) and that the payer's address
 * holds no more than its share of them, and creates the session. The same form (its attempt id)
 * sent again answers the session it already started. A visitor who comes back with a session of
 * theirs still open on the link gets it back (the same amount and answers, or a payment in flight on
 * it); asking for something else, their unpaid session is cancelled and a new one made, so one
 * visitor holds one place.
 */
export async function startFromLink(
  db: Db,
  input: StartInput,
  { ip, visitorSessionId, acceptLanguage }: { ip: string; visitorSessionId?: string; acceptLanguage?: string | null },
): Promise<{ sessionId: string; checkoutUrl: string }> {
  const found = await publicLink(db, input.slug);
  if (!found) throw new AppError("NOT_FOUND", "This payment link does not exist.");
  const { link } = found;
  const currency = currencyOf(link);
  let amountMinor = link.amountMinor;
  if (amountMinor === null) {
    if (!input.amount) throw refuse("amount", "Enter the amount you want to pay.");
    const decimals = decimalsOf(currency);
    if ((input.amount.split(".")[1] ?? "").length > decimals) throw refuse("amount", `Use at most ${decimals} decimals in ${currency}.`);
    amountMinor = parseScaled(input.amount, decimals);
    const min = link.minAmountMinor!;
    const max = link.maxAmountMinor!;
    if (amountMinor < min || amountMinor > max) {
      throw refuse("amount", `Enter an amount from ${linkAmountText(min, currency)} to ${linkAmountText(max, currency)} ${currency}.`);
    }
  }
  const metadata: Record<string, string> = {};
  for (const field of link.fields) {
    const value = input[field.key]?.trim() ?? "";
    if (value) metadata[field.key] = value;
    else if (field.required) throw refuse(field.key, `Enter your ${FIELD_LABELS[field.key].toLowerCase()}.`);
  }
  const own = await visitorSession(db, link.id, visitorSessionId);
  if (own && (own.inFlight || sameRequest(link, own.row, amountMinor, metadata))) {
    return { sessionId: own.sessionId, checkoutUrl: own.checkoutUrl };
  }
  const as = { actor: linkMerchant(link.merchantId) };
  if (own) await cancelSession(db, own.sessionId, as).catch(() => undefined); // ended meanwhile: nothing to free
  const clientGroup = addressGroup(ip);
  // before the merchant's starts are counted: an address at its share makes nothing and spends nothing
  await assertAddressRoom(db, link.id, clientGroup);
  const limited = await hitRateLimits(db, RATE_RULES.linkStartMerchant, { ip, merchantId: link.merchantId });
  if (limited && !limited.allowed) {
    throw new AppError("RATE_LIMITED", `This link is busy right now; try again in ${limited.resetSeconds} seconds.`);
  }
  const requestHash = crypto
    .createHash("sha256")
    .update(JSON.stringify([amountMinor.toString(), metadata]))
    .digest("hex");
  const sessionInput: CreateSessionInput = {
    merchantId: link.merchantId,
    ...(link.checkoutMode === "exact-fiat"
      ? {
          checkoutMode: "exact-fiat" as const,
          fiatAmount: linkAmountText(amountMinor, currency),
          fiatCurrency: currency,
          ...(link.maxFeeBps !== null && { maxFeePercentage: bpsToPercent(link.maxFeeBps) }),
        }
      : { amountUsdc: usdcFromMicro(amountMinor) }),
    destinationChainId: link.destinationChainId,
    destinationToken: link.destinationToken,
    recipientAddress: link.recipientAddress,
    ...(link.feePayer ? { feePayer: link.feePayer, buyerFeeShareBps: link.buyerFeeShareBps ?? undefined } : {}),
    successUrl: link.successUrl ?? undefined,
    cancelUrl: link.cancelUrl ?? undefined,
    metadata: Object.keys(metadata).length ? metadata : undefined,
    paymentLinkId: link.id,
    clientGroup,
    // the language of the payer's page and receipt: the link's, else their browser's if it is one of ours
    locale: link.locale ?? matchAcceptLanguage(acceptLanguage) ?? undefined,
  };
  // a fiat link is priced against today's rates (network calls on the real rail) before the link's
  // row is locked: the lock is held only while its places are counted and the session written
  const pricing = await sessionPricing(db, sessionInput, as.actor);
  const started = await runIdempotent(
    db,
    `payment-link:${link.id}`,
    input.attempt,
    requestHash,
    async (tx) => {
      const locked = (await lockLink(tx, link.id))!;
      const stats = (await linkStats(tx, [link.id])).get(link.id) ?? NO_STATS;
      const status = linkStatus(locked, stats);
      if (status !== "ACTIVE") throw new AppError("CONFLICT", CLOSED_MESSAGES[status]);
      await assertLinkPlace(tx, locked);
      await assertAddressRoom(tx, link.id, clientGroup);
      const session = await createSessionRow(tx, sessionInput, as, pricing);
      return { status: 201, body: JSON.stringify({ sessionId: session.id }) };
    },
    () => undefined,
  ).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "IDEMPOTENCY_CONFLICT") {
      throw new AppError("CONFLICT", "This form already started a payment. Reload the page to start another one.");
    }
    throw err;
  });
  if (started.kind === "failed") throw started.error;
  const { sessionId } = JSON.parse(started.body) as { sessionId: string };
  return { sessionId, checkoutUrl: checkoutUrlFor(sessionId) };
}
