import { FEE_PAYERS, feeTermsProblem, isBuyerFeeShare } from "@/lib/rail/fees";
import { LOCALE_SETTINGS } from "@/lib/i18n/locales";
import { z } from "zod";
import { EVENT_TYPES } from "@/lib/events/types";
import { isUsdcString, MoneyFormatError, percentToBps } from "@/lib/core/money";
import { CURRENCIES, PAYMENT_PLATFORMS, PLATFORM_CURRENCIES } from "@/lib/rail/platforms";
import { listQuery } from "@/lib/pagination";
import { DELIVERY, SESSION } from "@/lib/state";
import { displayName, evmAddress, httpsUrl, httpUrl, merchantName, metadata } from "@/lib/validation";
import { hasUnreadable } from "@/lib/text";

// Request schemas of the merchant API. Unknown fields are refused (docs/contract.md).

export const CHECKOUT_MODES = ["exact-token", "exact-fiat"] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];
export const DEFAULT_FIAT_CURRENCY = "USD";
export const DEFAULT_MAX_FEE_PERCENTAGE = 10;
export const MAX_FEE_PERCENTAGE = 50;
/** The fiat currencies some platform accepts, each with its minor-unit digits in CURRENCIES. */
export const FIAT_CURRENCIES = [...new Set(Object.values(PLATFORM_CURRENCIES).flat())] as [string, ...string[]];
function hasAtMost2Decimals(v: number): boolean {
  try {
    percentToBps(v);
    return true;
  } catch (err) {
    if (err instanceof MoneyFormatError) return false;
    throw err;
  }
}
const FIAT_PATTERN = /^(0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;

const str = (what = "must be a string") => z.string({ error: what });

/** Where the money goes: an address on the account's list (lib/merchants/payout-addresses.ts), as the API documents it. */
export const PAYOUT_ADDRESS_RULE =
  "Must be one of the account's allowed payout addresses, compared case-insensitively: any other is refused " +
  "(400 VALIDATION_FAILED on this field) and nothing is created. Owners manage the list in the dashboard (Settings); " +
  "the payout wallet is always on it. An empty list allows no address. An account that no person has claimed yet " +
  "(made with POST /api/merchants) has no owner to ask: each address its API key names is added to its list, until someone claims it.";
const recipient = evmAddress.meta({ description: `Receiving wallet. ${PAYOUT_ADDRESS_RULE}` });
const id = z.object({ id: z.string().min(1).max(100) });

export const feePayerField = z.enum(FEE_PAYERS, { error: `must be one of ${FEE_PAYERS.join(", ")}` });
export const buyerFeeShareField = z
  .number({ error: "must be a number" })
  .int({ error: "must be an integer" })
  .refine(isBuyerFeeShare, { error: "must be 0 to 10000 in steps of 1000" });

export const createMerchantBody = z.strictObject({
  name: merchantName,
  displayName: displayName.optional(),
  logoUrl: httpsUrl.optional(),
});

export const updateMerchantBody = z
  .strictObject({
    displayName: displayName.optional(),
    logoUrl: httpsUrl.nullable().optional(),
    // who pays the real rail's fees on sessions and links that do not say (lib/rail/fees.ts)
    feePayer: feePayerField.optional(),
    buyerFeeShareBps: buyerFeeShareField.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const fees =
      b.feePayer !== undefined || b.buyerFeeShareBps != null
        ? feeTermsProblem({ feePayer: b.feePayer, buyerFeeShareBps: b.buyerFeeShareBps })
        : null;
    if (fees) ctx.addIssue({ code: "custom", path: [fees[0]], message: fees[1] });
  });

/** The payer page's language a merchant asks for: `auto` (the payer's browser, the default) or one of the locales. */
export const localeField = z.enum(LOCALE_SETTINGS, { error: `must be ${LOCALE_SETTINGS.join(", ")}` });

export const createSessionBody = z
  .strictObject({
    merchantId: str().min(1, { error: "is required" }).max(100),
    checkoutMode: z.enum(CHECKOUT_MODES, { error: `must be ${CHECKOUT_MODES.join(" or ")}` }).optional(),
    // exact-token (the default): the USDC the merchant receives
    amountUsdc: str('must be a decimal string such as "50.00"')
      .refine(isUsdcString, {
        error: 'must be a decimal string such as "50.00", with at most 6 decimals',
      })
      .optional(),
    // exact-fiat: what the payer pays, in a fiat currency; the merchant receives what the quote's rate gives
    fiatAmount: str('must be a decimal string such as "25.00"')
      .regex(FIAT_PATTERN, { error: 'must be a decimal string such as "25.00"' })
      .optional(),
    fiatCurrency: z.enum(FIAT_CURRENCIES, { error: `must be one of ${FIAT_CURRENCIES.join(", ")}` }).optional(),
    maxFeePercentage: z
      .number({ error: "must be a number" })
      .gt(0, { error: "must be more than 0" })
      .lte(MAX_FEE_PERCENTAGE, { error: `must be at most ${MAX_FEE_PERCENTAGE}` })
      .refine((v) => hasAtMost2Decimals(v), {
        error: "must have at most 2 decimals",
      })
      .optional(),
    destinationChainId: z.number({ error: "must be a number" }).int({ error: "must be an integer" }),
    destinationToken: evmAddress,
    recipientAddress: recipient,
    successUrl: httpUrl.optional(),
    cancelUrl: httpUrl.optional(),
    locale: localeField.optional(),
    metadata: metadata.optional(),
    enabledPaymentPlatforms: z
      .array(z.enum(PAYMENT_PLATFORMS, { error: `must be one of ${PAYMENT_PLATFORMS.join(", ")}` }), {
        error: "must be an array of platform names",
      })
      .max(PAYMENT_PLATFORMS.length)
      .optional(),
    // who pays the real rail's fees (lib/rail/fees.ts); absent: the merchant's setting
    feePayer: feePayerField.optional(),
    buyerFeeShareBps: buyerFeeShareField.optional(),
  })
  .superRefine((b, ctx) => {
    const fail = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    const fees = feeTermsProblem(b);
    if (fees) fail(...fees);
    if ((b.checkoutMode ?? "exact-token") === "exact-token") {
      if (b.amountUsdc === undefined) fail("amountUsdc", "is required");
      for (const f of ["fiatAmount", "fiatCurrency", "maxFeePercentage"] as const)
        if (b[f] !== undefined) fail(f, 'is only accepted with checkoutMode "exact-fiat"');
      return;
    }
    if (b.amountUsdc !== undefined) fail("amountUsdc", 'is not accepted with checkoutMode "exact-fiat": give fiatAmount');
    if (b.fiatAmount === undefined) return fail("fiatAmount", 'is required with checkoutMode "exact-fiat"');
    const currency = b.fiatCurrency ?? DEFAULT_FIAT_CURRENCY;
    const decimals = CURRENCIES[currency]!.decimals;
    const frac = b.fiatAmount.split(".")[1] ?? "";
    if (frac.length > decimals) fail("fiatAmount", `must have at most ${decimals} decimals in ${currency}`);
    else if (/^[0.]*$/.test(b.fiatAmount)) fail("fiatAmount", "must be more than 0");
  });

const platformField = str().min(1, { error: "must not be empty" }).max(40);
const currencyField = str().regex(/^[A-Z]{3}$/, { error: "must be a 3-letter currency code such as USD" });

export const selectPlatformBody = z.strictObject({ paymentPlatform: platformField, fiatCurrency: currencyField });
export const startSessionBody = z.strictObject({ paymentPlatform: platformField.optional(), fiatCurrency: currencyField.optional() });
export const emptyBody = z.strictObject({});

export const fulfillBody = z.strictObject({
  intentHash: str().regex(/^0x[0-9a-fA-F]{64}$/, { error: "must be 0x followed by 64 hex characters" }),
  proof: z.record(z.string(), z.unknown(), { error: "must be an object" }),
});

const eventList = z
  .array(z.enum(EVENT_TYPES, { error: `must be event names: ${EVENT_TYPES.join(", ")}` }), { error: "must be an array of event names" })
  .max(EVENT_TYPES.length * 2);

export const webhookUrl = str()
  .max(2048, { error: "must be at most 2048 characters" })
  .refine(
    (v) => {
      try {
        return Boolean(new URL(v).hostname);
      } catch {
        return false;
      }
    },
    { error: "must be an absolute URL" },
  );

export const createWebhookBody = z.strictObject({ url: webhookUrl, events: eventList.optional() });
export const updateWebhookBody = z.strictObject({
  url: webhookUrl.optional(),
  events: eventList.optional(),
  active: z.boolean({ error: "must be true or false" }).optional(),
});

export const idParams = id;
export const webhookDeliveryParams = z.object({ id: z.string().min(1).max(100), deliveryId: z.string().min(1).max(100) });

export const sessionListQuery = z.object({
  ...listQuery,
  q: z.string().max(500).optional(),
  status: z.enum(SESSION.statuses, { error: "must be a session status" }).optional(),
});

export const eventListQuery = z.object({
  ...listQuery,
  type: z.enum(EVENT_TYPES, { error: "must be an event name" }).optional(),
  sessionId: z.string().max(100).optional(),
});

const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

/** GET /api/events/feed: after a cursor it returned ("now": from the present; none: from the beginning). */
export const eventFeedQuery = z.object({
  after: z.string().min(1).max(200).optional(),
  limit: whole(1, 100).default(100),
  waitMs: whole(0, 25_000).default(0),
});

export const deliveryListQuery = z.object({
  ...listQuery,
  status: z
    .enum(DELIVERY.statuses, { error: `must be ${DELIVERY.statuses.slice(0, -1).join(", ")} or ${DELIVERY.statuses.at(-1)}` })
    .optional(),
  eventType: z.string().max(60).optional(),
});

// ——— Payment links (lib/links): reusable links that open a fresh checkout for each payer ———

/** What a link is priced in: USDC (the merchant receives that) or a fiat currency (the payer pays exactly that). */
export const LINK_CURRENCIES = ["USDC", ...FIAT_CURRENCIES] as [string, ...string[]];
export const LINK_FIELD_KEYS = ["name", "email", "reference"] as const;
export const MAX_LINK_PAYMENTS = 1_000_000;
const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;
const linkAmount = str('must be a decimal string such as "25.00"').regex(AMOUNT_PATTERN, {
  error: 'must be a decimal string such as "25.00"',
});
const linkText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => !hasUnreadable(v), { error: "must not contain control characters or bidirectional overrides" });
const linkFields = z
  .array(
    z.strictObject({
      key: z.enum(LINK_FIELD_KEYS, { error: `must be ${LINK_FIELD_KEYS.join(", ")}` }),
      required: z.boolean({ error: "must be true or false" }).default(false),
    }),
    { error: "must be an array of fields" },
  )
  .max(LINK_FIELD_KEYS.length)
  .refine((fs) => new Set(fs.map((f) => f.key)).size === fs.length, { error: "must name each field once" });
const linkLimits = {
  maxPayments: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_LINK_PAYMENTS, { error: `must be at most ${MAX_LINK_PAYMENTS}` })
    .nullable()
    .optional(),
  endsAt: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time, such as 2026-12-31T23:59:59Z" }).nullable().optional(),
};

/** Checks a link's amounts against its currency: a fixed amount, or both bounds of an amount the payer chooses. */
function checkLinkAmounts(
  b: { currency?: string; amount?: string | null; minAmount?: string | null; maxAmount?: string | null },
  ctx: z.RefinementCtx,
) {
  const fail = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
  const currency = b.currency ?? "USDC";
  const decimals = currency === "USDC" ? 6 : CURRENCIES[currency]!.decimals;
  for (const field of ["amount", "minAmount", "maxAmount"] as const) {
    const v = b[field];
    if (v == null) continue;
    if ((v.split(".")[1] ?? "").length > decimals) fail(field, `must have at most ${decimals} decimals in ${currency}`);
    else if (/^[0.]*$/.test(v)) fail(field, "must be more than 0");
  }
  const fixed = b.amount != null;
  const ranged = b.minAmount != null || b.maxAmount != null;
  if (fixed && ranged) fail("amount", "give either amount (a fixed price) or minAmount and maxAmount (the payer chooses), not both");
  else if (!fixed && !ranged) fail("amount", "is required, unless minAmount and maxAmount let the payer choose");
  else if (ranged) {
    if (b.minAmount == null) fail("minAmount", "is required with maxAmount");
    else if (b.maxAmount == null) fail("maxAmount", "is required with minAmount");
    else if (Number(b.minAmount) > Number(b.maxAmount)) fail("maxAmount", "must be at least minAmount");
  }
}

/** The fields of a link that both API generations name alike; each adds its own destination fields. */
export const paymentLinkShape = {
  title: displayName,
  locale: localeField.nullable().optional(),
  description: linkText(500).optional(),
  currency: z.enum(LINK_CURRENCIES, { error: `must be USDC or one of ${FIAT_CURRENCIES.join(", ")}` }).optional(),
  amount: linkAmount.optional(),
  minAmount: linkAmount.optional(),
  maxAmount: linkAmount.optional(),
  maxFeePercentage: createSessionBody.shape.maxFeePercentage,
  // who pays the real rail's fees on this link's sessions; absent: the merchant's setting
  feePayer: feePayerField.optional(),
  buyerFeeShareBps: buyerFeeShareField.optional(),
  successUrl: httpUrl.optional(),
  cancelUrl: httpUrl.optional(),
  fields: linkFields.optional(),
  ...linkLimits,
  active: z.boolean({ error: "must be true or false" }).optional(),
};

/** The checks across a link's fields: its amounts against its currency, and the fee only with a fiat currency. */
export function refinePaymentLink(
  b: {
    currency?: string;
    amount?: string;
    minAmount?: string;
    maxAmount?: string;
    maxFeePercentage?: number;
    feePayer?: string;
    buyerFeeShareBps?: number;
  },
  ctx: z.RefinementCtx,
) {
  checkLinkAmounts(b, ctx);
  const fees = feeTermsProblem(b);
  if (fees) ctx.addIssue({ code: "custom", path: [fees[0]], message: fees[1] });
  if ((b.currency ?? "USDC") === "USDC" && b.maxFeePercentage !== undefined)
    ctx.addIssue({ code: "custom", path: ["maxFeePercentage"], message: "is only accepted with a fiat currency" });
}

export const createPaymentLinkBody = z
  .strictObject({
    ...paymentLinkShape,
    destinationChainId: z.number({ error: "must be a number" }).int({ error: "must be an integer" }),
    destinationToken: evmAddress,
    recipientAddress: recipient,
  })
  .superRefine(refinePaymentLink);

/** What a link's owner may change; its currency and amounts are kept (make a new link for another price). */
export const updatePaymentLinkBody = z.strictObject({
  title: displayName.optional(),
  locale: localeField.nullable().optional(),
  description: linkText(500).nullable().optional(),
  successUrl: httpUrl.nullable().optional(),
  cancelUrl: httpUrl.nullable().optional(),
  fields: linkFields.optional(),
  ...linkLimits,
  active: z.boolean({ error: "must be true or false" }).optional(),
});

export const paymentLinkListQuery = z.object({ ...listQuery });

/** The payer's start on a link's page: the amount (a link that lets them choose) and the fields it asks for. */
export const startPaymentLinkBody = z.strictObject({
  slug: z.string().min(1).max(64),
  // made by the page when it is shown: the same form sent twice starts one session
  attempt: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "is not one this page made" }),
  amount: linkAmount.optional(),
  name: linkText(200).optional(),
  email: z.union([z.literal(""), z.email({ error: "must be an email address" }).max(254)]).optional(),
  reference: linkText(200).optional(),
});
