import type { FeeTerms } from "@/lib/rail/fees";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, type Environment, orders, proofAttempts } from "@/db/schema";
import { payer } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
import { explorerUrl } from "@/lib/merchants/explorer-urls";
import { looksLikeId } from "@/lib/core/ids";
import { usdcFromMicro, parseScaled, parseUsdc, percentToBps } from "@/lib/core/money";
import { checkoutAppearanceOf } from "@/lib/merchants/service";
import { fulfillOrder } from "@/lib/orders/service";
import type { CheckoutTheme } from "@/lib/theme";
import { CURRENCIES, getPaymentRail, PAYMENT_PLATFORMS, PLATFORM_CURRENCIES, PLATFORM_LABELS, type PaymentPlatform } from "@/lib/rail";
import { type FiatOffer, fiatOffers } from "@/lib/sessions/fiat";
import { fiatDecimal, fiatFormatted } from "@/lib/wire/session";
import { endedUnreported } from "@/lib/sessions/expiry";
import { getSessionOrThrow, type SessionView } from "@/lib/sessions/read";
import { reportedAfterEnd } from "@/lib/sessions/transitions";
import { canFire, isSessionOpen } from "@/lib/state";
import { isChoosing, offeredStep } from "./steps";
import { newChallenge, proofOfWorkRequired } from "@/lib/limits/proof-of-work";
import { hitRateLimits, PAYER_LIMITS } from "@/lib/limits/rate-limit";
import { paymentLink, paymentNote } from "./instructions";
import { DEFAULT_LOCALE, type PageLocale, translator } from "@/lib/i18n";
import type { Unavailability } from "@/lib/rail/zkp2p/wallets";
import {
  type CheckoutStep,
  type CurrencyQuotes,
  checkoutStep,
  defaultCurrency,
  fiatOptions,
  formatFiat,
  type PlatformQuotes,
  type Price,
  priceOf,
  quotesByCurrency,
} from "./view";

export type { CheckoutStep, CurrencyQuotes, Price, Quote } from "./view";

// What the hosted checkout page may know about a session. The page is authorised by the session id
// alone, so this is all it ever receives: nothing of the merchant's key, metadata or other sessions.

export type CheckoutView = {
  /** the screen to show; the page renders it and decides nothing */
  step: CheckoutStep;
  /** money may be moving (the session is started): the page refreshes the view often */
  live: boolean;
  session: {
    id: string;
    status: SessionView["status"];
    /** what the payer is asked to pay: a USDC amount, or (exact-fiat) a fiat price and nothing of USDC */
    price: Price;
    expiresAt: string;
    successUrl: string | null;
    cancelUrl: string | null;
    selectedPaymentPlatform: string | null;
    selectedFiatCurrency: string | null;
    /** picking a platform saves it as the session's choice (select-platform) before checkout starts */
    savesChoice: boolean;
    /** the v1 order token the page was opened with: the page sends it back with each action (null on v0 links) */
    token: string | null;
    /** a v1 order paid in part: the USDC paid so far (the price is then what is left) */
    paidUsdc: string | null;
    /** A v1 order that ended (cancelled, expired) after payments settled part of it: how much. */
    endedPaidUsdc: string | null;
    /** a v1 order may be paid in parts: the bounds of a part, in USDC (null: it is paid at once) */
    partial: { minUsdc: string; maxUsdc: string } | null;
  };
  /** disabled: the operator has closed the merchant's account; the page shows the checkout as unavailable */
  merchant: {
    displayName: string;
    logoUrl: string | null;
    disabled: boolean;
    /** the merchant's look (lib/theme.ts); the default preset leaves the page as it is */
    theme: CheckoutTheme;
    /** the page leaves out the service's own name */
    disableBranding: boolean;
  };
  order: null | {
    id: string;
    status: string;
    platform: string;
    platformLabel: string;
    fiatCurrency: string;
    fiatAmount: string;
    fiatAmountFormatted: string;
    /** the payee; null until the real rail's signal is mined (the page says it is reserving the payment) */
    recipient: string | null;
    expiresAt: string;
    /** the on-chain transaction; null for an exact-fiat price, whose payer is told nothing on-chain */
    fulfillTx: string | null;
    /** the release on the live rail's chain explorer (null on the sandbox, whose transactions are made up) */
    fulfillTxUrl: string | null;
    paymentLink: string | null;
    note: string;
    lastProofError: string | null;
  };
  /** per currency, cheapest platform first; empty once the session is over or the merchant disabled */
  options: CurrencyQuotes[];
  /** why nothing can be offered now, in the payer's words, when the rail knows (null otherwise) */
  noOptionsReason: string | null;
  /** the platforms not offered for this amount, and why (the live rail's taker wallets cannot take them) */
  unavailable: { platform: string; label: string; reason: string }[];
  /** the currency the choose step opens with (null when nothing is offered) */
  currency: string | null;
  sandbox: boolean;
  /**
   * A live start from this page needs a proof of work (lib/limits/proof-of-work.ts): the challenge the
   * page solves while the payer chooses and sends with "Continue"; null when none is needed.
   */
  proofOfWork: string | null;
  /** the last order ended after the payer said they paid, with no proof in time: the page says so, and how to get help */
  proofOverdue: boolean;
  /**
   * A live order's lock timeout asks the payer "did you already send the money?" (lib/sessions/expiry.ts):
   * "before-end", it came while this page was open, and the order ends at its (new) expiresAt unless
   * they say yes (payment sent) or ends now if they say no; "after-end", the order ended so after the
   * page showed its payee, without a word from the payer, who is asked when they come back (yes:
   * reportPaidAfterEnd). null: nothing is asked.
   */
  paidQuestion: "before-end" | "after-end" | null;
  /** the payer said they paid the last order after it ended (PAID_ON_CANCELLED): the page says the shop is told, and its reference */
  paidReported: boolean;
  /**
   * The session's open exception, as the payer is told of it: what happens next and the reference to
   * give the shop (never the exception's details). "delayed": the payment is proven and its release
   * waits on the chain (it completes by itself); "unproven": no proof released it, and the shop is
   * told; null: none, or one the page says otherwise (paidReported).
   */
  exceptionNotice: { kind: "delayed" | "unproven"; reference: string } | null;
  /**
   * A live session: the payer proves the payment with the Peer browser extension, which seals what it
   * reads for this attestation service (null on the sandbox).
   */
  liveProof: { attestationServiceUrl: string } | null;
};

/** The view's prices: what the payer may choose from, and what goes with it. Only these ask the rail for quotes. */
type PriceFields = "options" | "noOptionsReason" | "unavailable" | "currency" | "proofOfWork";

/**
 * The view without its prices: what a status poll answers (unless it asks for them), so that polling
 * never asks the quote service. `options: null` says the prices were not asked for: the page keeps
 * those it has. The step is given as if something were offered; the page decides with what it has
 * (lib/checkout/prices.ts offeredStep).
 */
export type UnpricedCheckoutView = Omit<CheckoutView, PriceFields> & { options: null };

/**
 * Quotes for every platform and currency the session allows, per platform (unsorted). A platform or
 * currency the rail cannot quote now (no liquidity, its service down) is left out, not an error.
 */
export async function platformQuotes(
  environment: Environment,
  amountUsdc: string,
  enabled: string[] | null,
  fees?: FeeTerms,
  /** filled with the platforms the rail will not take for this amount, and why (a taker wallet's limits) */
  unavailable?: Map<string, Unavailability>,
  /** the language of the amounts (the payer's page); English by default */
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<PlatformQuotes[]> {
  const rail = getPaymentRail(environment);
  const amountMicro = parseUsdc(amountUsdc);
  const platforms = rail.platforms.filter((p) => !enabled || enabled.includes(p));
  const all = await Promise.all(
    platforms.map(async (platform) => {
      const quotes = await Promise.all(
        PLATFORM_CURRENCIES[platform].map(async (currency) => {
          // the price the payer pays: with their share of the rail's fees, as starting will lock it
          const q = await rail.quote({ platform, fiatCurrency: currency, amountMicro, ...(fees ? { fees } : {}) }).catch((err: unknown) => {
            const why = err instanceof AppError ? (err.details as { unavailable?: Unavailability } | undefined)?.unavailable : undefined;
            if (why) unavailable?.set(platform, why);
            return null;
          });
          return q
            ? {
                currency,
                fiatAmount: fiatDecimal(q.fiatAmountMinor, currency),
                fiatAmountFormatted: fiatText(locale, q.fiatAmountMinor, currency),
                minor: q.fiatAmountMinor.toString(),
              }
            : null;
        }),
      );
      return { platform, label: PLATFORM_LABELS[platform], quotes: quotes.filter((q) => q !== null) };
    }),
  );
  return all.filter((p) => p.quotes.length > 0);
}

/**
 * What the payer may choose from. exact-token: every allowed platform and currency, priced from the
 * USDC amount. exact-fiat: the price's currency only, on the platforms within the fee limit.
 */
type Unavailable = { platform: string; label: string; reason: string }[];

async function sessionOptions(
  s: SessionView,
  price: Price,
  locale: PageLocale,
): Promise<{ options: CurrencyQuotes[]; reason: string | null; unavailable: Unavailable }> {
  if (price.mode === "exact-token") {
    const fees = { feePayer: s.feePayer, buyerFeeShareBps: s.buyerFeeShareBps };
    const why = new Map<string, Unavailability>();
    const options = quotesByCurrency(await platformQuotes(s.environment, s.amountUsdc, s.enabledPaymentPlatforms, fees, why, locale));
    // a platform priced in some currency is offered: only those no currency can take are said to be missing
    const offered = new Set(options.flatMap((c) => c.quotes.map((q) => q.platform)));
    const t = await translator(locale, "Choose");
    const unavailable = [...why]
      .filter(([p]) => !offered.has(p))
      .map(([p, u]) => ({ platform: p, label: PLATFORM_LABELS[p as PaymentPlatform] ?? p, reason: unavailableReason(t, locale, u) }));
    return { options, reason: null, unavailable };
  }
  const decimals = CURRENCIES[price.fiatCurrency]?.decimals ?? 2;
  let offers: FiatOffer[];
  try {
    offers = await fiatOffers({
      environment: s.environment,
      fiatAmountMinor: parseScaled(price.fiatAmount, decimals),
      fiatCurrency: price.fiatCurrency,
      maxFeeBps: s.maxFeePercentage === null ? 0 : percentToBps(s.maxFeePercentage),
      enabledPaymentPlatforms: s.enabledPaymentPlatforms,
    });
  } catch (err) {
    // the live rail cannot price the currency now (its price feed is stale, no liquidity): the payer is told
    if (err instanceof AppError && err.code === "CONFLICT") {
      const currency = (err.details as { fiatCurrency?: string } | undefined)?.fiatCurrency;
      const t = await translator(locale, "Ended");
      return { options: [], reason: currency ? t("currencyUnavailable", { currency }) : null, unavailable: [] };
    }
    throw err;
  }
  const options = fiatOptions(
    price,
    offers.map((o) => ({ platform: o.platform, label: PLATFORM_LABELS[o.platform], feeBps: o.quote.spreadBps, offered: o.offered })),
  );
  const overLimit = options.length === 0 && offers.length > 0;
  return {
    options,
    unavailable: [],
    reason: overLimit ? (await translator(locale, "Ended"))("feeLimit", { percent: s.maxFeePercentage ?? "0" }) : null,
  };
}

/**
 * A fiat amount in the payer's language: "12,75 $" in de. English keeps the way the page has always
 * written it ("$12.75", the currency's own symbol: lib/wire/session.ts).
 */
function fiatText(locale: PageLocale, minor: bigint, currency: string): string {
  return locale === DEFAULT_LOCALE ? fiatFormatted(minor, currency) : formatFiat(fiatDecimal(minor, currency), currency, locale);
}

/** Why the rail will not take an app for this amount, in the payer's language: "up to $150.00 per payment here". */
function unavailableReason(t: Awaited<ReturnType<typeof translator<"Choose">>>, locale: PageLocale, u: Unavailability): string {
  switch (u.kind) {
    case "other-takers":
      return t("otherTakers");
    case "not-yet":
      return t("notYet");
    case "up-to":
      return t("upTo", { amount: formatFiat(u.usdc, "USD", locale) });
    case "after":
      return t("availableAfter", { time: u.utc });
  }
}

const REJECTIONS = { PROOF_INVALID: "proofInvalid", PROOF_EXPIRED: "proofExpired" } as const;

/** What only a v1 order has: its payments so far, and whether it is one (it has an order token). */
async function v1State(db: Db, sessionId: string): Promise<{ paid: bigint; v1: boolean }> {
  const [row] = await db
    .select({ paid: checkoutSessions.paidAmountMicro, tokenHash: checkoutSessions.orderTokenHash })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId))
    .limit(1);
  return { paid: row?.paid ?? 0n, v1: Boolean(row?.tokenHash) };
}

/**
 * What the payer's page shows. Its prices are asked of the rail only on a step where the payer
 * chooses, and not at all with `prices: false` (a status poll, or an action whose answer the page
 * does not need priced): then the view is an UnpricedCheckoutView.
 */
export async function getCheckoutView(
  db: Db,
  sessionId: string,
  token: string | undefined,
  opts: { prices: false; locale?: PageLocale },
): Promise<UnpricedCheckoutView>;
export async function getCheckoutView(
  db: Db,
  sessionId: string,
  token: string | undefined,
  opts: { prices: true; locale?: PageLocale },
): Promise<CheckoutView>;
export async function getCheckoutView(
  db: Db,
  sessionId: string,
  token: string | undefined,
  opts: { prices: boolean; locale?: PageLocale },
): Promise<CheckoutView | UnpricedCheckoutView>;
// last: what ReturnType<typeof getCheckoutView> names
export async function getCheckoutView(db: Db, sessionId: string, token?: string): Promise<CheckoutView>;
/** `locale`: the language of its words and amounts (the payer page's); English by default. */
export async function getCheckoutView(
  db: Db,
  sessionId: string,
  token?: string,
  opts: { prices: boolean; locale?: PageLocale } = { prices: true },
): Promise<CheckoutView | UnpricedCheckoutView> {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  if (!looksLikeId("sess", sessionId)) throw new AppError("NOT_FOUND", "Session not found");
  const s = await getSessionOrThrow(db, sessionId, { actor: payer(sessionId, token) });
  const { disabled, theme, disableBranding } = await checkoutAppearanceOf(db, s.merchantId);
  const o = s.activeOrder;
  let lastProofError: string | null = null;
  // a rejected proof matters while the order can still take another
  if (o && canFire("order", "fulfil", o.status)) {
    const [last] = await db
      .select({ errorCode: proofAttempts.errorCode })
      .from(proofAttempts)
      .where(eq(proofAttempts.orderId, o.id))
      .orderBy(desc(proofAttempts.createdAt))
      .limit(1);
    const rejection = last?.errorCode ? (REJECTIONS[last.errorCode as keyof typeof REJECTIONS] ?? "proofFailed") : null;
    lastProofError = rejection ? (await translator(locale, "Pay"))(rejection) : null;
  }
  // a v1 order paid in part: the page asks for the rest, and says what is paid already
  // only a v1 link carries a token, so only then is there anything to read
  const open = isSessionOpen(s.status);
  const v1 = token && s.status !== "COMPLETED" ? await v1State(db, s.id) : null;
  const paidMicro = open && v1 && o?.status === "FULFILLED" ? v1.paid : null;
  // an order that ended (cancelled, expired) after a part was paid: the page says so
  const endedPaid = !open && v1 && v1.paid > 0n ? usdcFromMicro(v1.paid) : null;
  const rest = paidMicro === null ? s : { ...s, amountUsdc: usdcFromMicro(parseUsdc(s.amountUsdc) - paidMicro) };
  const o2 = paidMicro === null ? o : null;
  const platform = o2?.paymentPlatform as PaymentPlatform | undefined;
  const price = priceOf(rest, locale);
  // the step if something is offered; only where the payer chooses is there anything to price
  const step = checkoutStep(s.status, o?.status ?? null, disabled);
  const priced =
    opts.prices && isChoosing(step) ? await sessionOptions(rest, price, locale) : { options: [], reason: null, unavailable: [] };
  // the order's amount in the same words as the price above it
  const orderAmount =
    o2 &&
    (price.mode === "exact-fiat" || locale !== DEFAULT_LOCALE
      ? formatFiat(o2.fiatAmount, o2.fiatCurrency, locale)
      : o2.quote.fiatAmountFormatted);
  return {
    step: opts.prices ? offeredStep(step, priced.options.length > 0) : step,
    live: canFire("session", "orderChanged", s.status),
    session: {
      id: s.id,
      status: s.status,
      price,
      expiresAt: s.expiresAt,
      successUrl: s.successUrl,
      cancelUrl: s.cancelUrl,
      selectedPaymentPlatform: s.selectedPaymentPlatform,
      selectedFiatCurrency: s.selectedFiatCurrency,
      savesChoice: canFire("session", "selectPlatform", s.status),
      token: token ?? null,
      paidUsdc: paidMicro === null ? null : usdcFromMicro(paidMicro),
      endedPaidUsdc: endedPaid,
      // a v1 order priced in USDC may be paid in parts (lib/sessions/transitions.ts amountToPay)
      partial:
        open && v1?.v1 && price.mode === "exact-token"
          ? { maxUsdc: price.amountUsdc, minUsdc: usdcFromMicro(getConfig().minAmountMicro) }
          : null,
    },
    merchant: { displayName: s.merchant.displayName, logoUrl: s.merchant.logoUrl, disabled, theme, disableBranding },
    order:
      o2 && platform
        ? {
            id: o2.id,
            status: o2.status,
            platform,
            platformLabel: PLATFORM_LABELS[platform] ?? platform,
            fiatCurrency: o2.fiatCurrency,
            fiatAmount: o2.fiatAmount,
            fiatAmountFormatted: orderAmount!,
            recipient: o2.recipient,
            expiresAt: o2.expiresAt,
            fulfillTx: price.mode === "exact-fiat" ? null : o2.fulfillTx,
            fulfillTxUrl:
              price.mode !== "exact-fiat" && s.environment === "live" && o2.fulfillTx
                ? explorerUrl(getConfig().liveRail?.network.chainId, "tx", o2.fulfillTx)
                : null,
            paymentLink: o2.recipient ? paymentLink(platform, o2.recipient, o2.fiatAmount) : null,
            note: await paymentNote(locale, platform, o2.id),
            lastProofError,
          }
        : null,
    ...(opts.prices
      ? {
          options: priced.options,
          noOptionsReason: priced.options.length ? null : priced.reason,
          unavailable: priced.unavailable,
          currency: defaultCurrency(
            priced.options.map((c) => c.currency),
            s.selectedFiatCurrency,
          ),
          proofOfWork: priced.options.length && proofOfWorkRequired(s.environment) ? await newChallenge(s.id) : null,
        }
      : { options: null }),
    sandbox: s.environment === "sandbox",
    proofOverdue: o?.status === "EXPIRED" && o.paymentSentAt !== null,
    ...(await lockTimeoutQuestion(db, s)),
    exceptionNotice: exceptionNoticeOf(s),
    liveProof: s.environment === "live" ? { attestationServiceUrl: getConfig().liveRail?.attestationUrl ?? "" } : null,
  };
}

/** The payer's page as it opens: its priced view, or how long until it may be asked for again. */
export type CheckoutPage = { view: CheckoutView; retryInSeconds?: never } | { view?: never; retryInSeconds: number };

/**
 * The payer's page as a request from `ip` renders it (/checkout?session=…, a v1 order's /?order=…).
 * A render prices the page, which on the real rail asks the live quote service, so it is counted
 * with the page's status polls (PAYER_LIMITS.status: by address, and by session when the session
 * exists) before anything else is read; once they refuse it, nothing is asked and the page says
 * when to try again.
 */
export async function openCheckoutPage(
  db: Db,
  sessionId: string,
  token: string | undefined,
  opts: { ip: string; locale?: PageLocale },
): Promise<CheckoutPage> {
  const state = await hitRateLimits(db, PAYER_LIMITS.status, { ip: opts.ip, sessionId });
  if (state && !state.allowed) return { retryInSeconds: state.resetSeconds };
  return { view: await getCheckoutView(db, sessionId, token, { prices: true, locale: opts.locale }) };
}

/** What the payer is told of the session's open exception (CheckoutView.exceptionNotice). */
function exceptionNoticeOf(s: SessionView): CheckoutView["exceptionNotice"] {
  const e = s.exception;
  if (!e || e.status !== "OPEN") return null;
  const reference = e.details.orderId ?? s.id;
  if (e.kind === "RELEASE_BLOCKED") return { kind: "delayed", reference };
  if (e.kind === "PAID_UNPROVEN") return { kind: "unproven", reference };
  return null;
}

/** What the page asks a live payer about their order's lock timeout, and what they answered after it ended. */
async function lockTimeoutQuestion(db: Db, s: SessionView): Promise<Pick<CheckoutView, "paidQuestion" | "paidReported">> {
  const o = s.activeOrder;
  const none = { paidQuestion: null, paidReported: false };
  if (s.environment !== "live" || !o || o.paymentSentAt !== null || !["SIGNAL_MINED", "EXPIRED"].includes(o.status)) return none;
  const [row] = await db
    .select({
      status: orders.status,
      paymentSentAt: orders.paymentSentAt,
      payerSeenAt: orders.payerSeenAt,
      lockQuestion: orders.lockQuestion,
    })
    .from(orders)
    .where(eq(orders.id, o.id));
  if (row?.status === "SIGNAL_MINED") return { paidQuestion: row.lockQuestion === "ASKED" ? "before-end" : null, paidReported: false };
  if (!row || !endedUnreported(s, row)) return none;
  const reported = await reportedAfterEnd(db, s, o.id);
  return { paidQuestion: reported ? null : "after-end", paidReported: reported };
}

/**
 * The payer's proof from the Peer extension, for the session's active order: the same check as
 * POST /api/orders/fulfill. A proof the attestation service refuses is shown on the page (from the
 * view), not a failure of the action. The proof is passed on and never stored or logged.
 */
export async function submitPaymentProof(db: Db, sessionId: string, proof: Record<string, unknown>, token?: string) {
  const actor = payer(sessionId, token);
  const s = await getSessionOrThrow(db, sessionId, { actor });
  if (s.environment !== "live") throw new AppError("CONFLICT", "Only a live session takes a payment proof from the extension");
  if (!s.activeOrder?.intentHash) throw new AppError("CONFLICT", "The payment is not reserved yet");
  try {
    await fulfillOrder(db, { intentHash: s.activeOrder.intentHash, proof }, { actor });
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== "PROOF_INVALID" && err.code !== "PROOF_EXPIRED")) throw err;
  }
}

/**
 * The sandbox rail's stand-in for the payer's bank confirmation: submits a sandbox proof for the
 * session's active order. A real rail plugs its proof step in here.
 */
export async function simulateBankConfirmation(db: Db, sessionId: string, outcome: "success" | "invalid", token?: string) {
  const actor = payer(sessionId, token);
  const s = await getSessionOrThrow(db, sessionId, { actor });
  if (s.environment !== "sandbox") throw new AppError("CONFLICT", "Only a sandbox session can simulate a bank confirmation");
  if (!s.activeOrder?.intentHash) throw new AppError("CONFLICT", "Checkout has not started");
  try {
    await fulfillOrder(db, { intentHash: s.activeOrder.intentHash, proof: { sandbox: true, outcome } }, { actor });
  } catch (err) {
    // a rejected proof is an outcome the page shows from the view, not a failure of the action
    if (!(err instanceof AppError) || (err.code !== "PROOF_INVALID" && err.code !== "PROOF_EXPIRED")) throw err;
  }
}
