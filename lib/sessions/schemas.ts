import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { DECIMAL_PATTERN, evmAddress, httpUrl, metadata, str } from "@/lib/core/fields";
import { isUsdcString, MoneyFormatError, percentToBps } from "@/lib/core/money";
import { buyerFeeShareField, feePayerField, localeField, PAYOUT_ADDRESS_RULE } from "@/lib/merchants/schemas";
import { listQuery } from "@/lib/pagination";
import { feeTermsProblem } from "@/lib/rail/fees";
import { CURRENCIES, PAYMENT_PLATFORMS, PLATFORM_CURRENCIES } from "@/lib/rail/platforms";
import { SESSION } from "@/lib/state";

// Request schemas of a checkout, in both API generations side by side: v0's sessions
// (/api/checkout/sessions, docs/api.md) and v1's orders (/api/v1/orders, docs/api-v1.md, in the shape
// of the published SDK's CreateOrderRequest), which are sessions too. Unknown fields are refused.

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
/** Where the money goes, on the account's list of payout addresses. */
export const recipient = evmAddress.meta({ description: `Receiving wallet. ${PAYOUT_ADDRESS_RULE}` });

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
      .regex(DECIMAL_PATTERN, { error: 'must be a decimal string such as "25.00"' })
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
export const sessionListQuery = z.object({
  ...listQuery,
  q: z.string().max(500).optional(),
  status: z.enum(SESSION.statuses, { error: "must be a session status" }).optional(),
  exception: z
    .enum(["open", "any"], { error: "must be open or any" })
    .optional()
    .meta({ description: "open: only sessions with an exception waiting for a person; any: sessions that ever had one" }),
});

// ——— v1 orders ———

/** The most JSON `notes` may hold, serialized. */
export const MAX_NOTES_BYTES = 4096;

/** `destinationToken`: "USDC" (the chain's USDC) or a token address. */
export const destinationToken = str()
  .refine((v) => v.toUpperCase() === "USDC" || /^0x[0-9a-fA-F]{40}$/.test(v), {
    error: 'must be "USDC" or 0x followed by 40 hex characters',
  })
  .refine((v) => v.toUpperCase() === "USDC" || isAddress(v, { strict: true }), { error: "fails its EIP-55 checksum" })
  .transform((v) => (v.toUpperCase() === "USDC" ? "USDC" : getAddress(v)));

/** `destinationAddress`: where the money goes; absent, the merchant's payout wallet. */
export const destinationAddress = evmAddress.meta({
  description: `Receiving wallet (default: the merchant's payout wallet, evmWalletAddress). ${PAYOUT_ADDRESS_RULE}`,
});

// the SDK sends a number; its order answers carry the chain as a string: both are accepted
export const chainId = z
  .union([z.number().int(), z.string().regex(/^\d{1,12}$/)], { error: "must be a chain id such as 8453" })
  .transform((v) => Number(v));

export const createOrderBody = z
  .strictObject({
    requestedUsdcAmount: str('must be a decimal string such as "50.00"')
      .refine(isUsdcString, { error: 'must be a decimal string such as "50.00", with at most 6 decimals' })
      .optional(),
    requestedFiatAmount: str('must be a decimal string such as "25.00"')
      .regex(DECIMAL_PATTERN, { error: 'must be a decimal string such as "25.00"' })
      .optional(),
    requestedFiatCurrency: z.enum(FIAT_CURRENCIES, { error: `must be one of ${FIAT_CURRENCIES.join(", ")}` }).optional(),
    destinationAddress: destinationAddress.optional(),
    destinationToken: destinationToken.optional(),
    destinationChainId: chainId.optional(),
    feePayer: feePayerField.optional(),
    // feePayer "SPLIT": the payer's share of the fees, 0 to 10000 in steps of 1000
    buyerFeeShareBps: buyerFeeShareField.optional(),
    enabledRails: z
      .array(z.enum(PAYMENT_PLATFORMS, { error: `must be one of ${PAYMENT_PLATFORMS.join(", ")}` }), {
        error: "must be an array of payment platform names",
      })
      .max(PAYMENT_PLATFORMS.length * 2)
      .optional(),
    successUrl: httpUrl.nullable().optional(),
    cancelUrl: httpUrl.nullable().optional(),
    // the checkout page's language: auto (the payer's browser) or one of the locales
    locale: localeField.nullable().optional(),
    notes: z
      .record(z.string().max(100), z.unknown(), { error: "must be an object or null" })
      .refine((n) => JSON.stringify(n).length <= MAX_NOTES_BYTES, { error: `must be at most ${MAX_NOTES_BYTES} bytes of JSON` })
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    const fail = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    const fees = feeTermsProblem(b);
    if (fees) fail(...fees);
    const fiat = b.requestedFiatAmount !== undefined || b.requestedFiatCurrency !== undefined;
    if (b.requestedUsdcAmount !== undefined && fiat) {
      fail("requestedUsdcAmount", "give either requestedUsdcAmount, or requestedFiatAmount with requestedFiatCurrency, not both");
      return;
    }
    if (b.requestedUsdcAmount !== undefined) {
      if (/^[0.]*$/.test(b.requestedUsdcAmount)) fail("requestedUsdcAmount", "must be more than 0");
      return;
    }
    if (!fiat) return fail("requestedUsdcAmount", "is required (or requestedFiatAmount with requestedFiatCurrency)");
    if (b.requestedFiatAmount === undefined) return fail("requestedFiatAmount", "is required with requestedFiatCurrency");
    if (b.requestedFiatCurrency === undefined) return fail("requestedFiatCurrency", "is required with requestedFiatAmount");
    const decimals = CURRENCIES[b.requestedFiatCurrency]!.decimals;
    const frac = b.requestedFiatAmount.split(".")[1] ?? "";
    if (frac.length > decimals) fail("requestedFiatAmount", `must have at most ${decimals} decimals in ${b.requestedFiatCurrency}`);
    else if (/^[0.]*$/.test(b.requestedFiatAmount)) fail("requestedFiatAmount", "must be more than 0");
  });
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const orderParams = z.object({ id: z.string().min(1).max(100) });
/** GET /api/v1/orders/:id: the payer's order token may come as `?token=` (or the X-Order-Token header). */
export const orderQuery = z.object({ token: z.string().min(1).max(200).optional() });
