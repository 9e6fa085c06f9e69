import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { isUsdcString } from "@/lib/core/money";
import { CURRENCIES, PAYMENT_PLATFORMS } from "@/lib/rail/platforms";
import {
  buyerFeeShareField,
  feePayerField,
  FIAT_CURRENCIES,
  localeField,
  PAYOUT_ADDRESS_RULE,
  paymentLinkShape,
  refinePaymentLink,
} from "@/lib/schemas";
import { feeTermsProblem } from "@/lib/rail/fees";
import { evmAddress, httpUrl } from "@/lib/validation";

// Request schemas of the v1 API (docs/api-v1.md), in the shape of the published SDK's types
// (`CreateOrderRequest`). Unknown fields are refused, as in v0.

const str = (what = "must be a string") => z.string({ error: what });
const FIAT_PATTERN = /^(0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;
export { FEE_PAYERS } from "@/lib/rail/fees";
/** The most JSON `notes` may hold, serialized. */
export const MAX_NOTES_BYTES = 4096;

/** `destinationToken`: "USDC" (the chain's USDC) or a token address. */
const destinationToken = str()
  .refine((v) => v.toUpperCase() === "USDC" || /^0x[0-9a-fA-F]{40}$/.test(v), {
    error: 'must be "USDC" or 0x followed by 40 hex characters',
  })
  .refine((v) => v.toUpperCase() === "USDC" || isAddress(v, { strict: true }), { error: "fails its EIP-55 checksum" })
  .transform((v) => (v.toUpperCase() === "USDC" ? "USDC" : getAddress(v)));

/** `destinationAddress`: where the money goes; absent, the merchant's payout wallet. */
const destinationAddress = evmAddress.meta({
  description: `Receiving wallet (default: the merchant's payout wallet, evmWalletAddress). ${PAYOUT_ADDRESS_RULE}`,
});

// the SDK sends a number; its order answers carry the chain as a string: both are accepted
const chainId = z
  .union([z.number().int(), z.string().regex(/^\d{1,12}$/)], { error: "must be a chain id such as 8453" })
  .transform((v) => Number(v));

export const createOrderBody = z
  .strictObject({
    requestedUsdcAmount: str('must be a decimal string such as "50.00"')
      .refine(isUsdcString, { error: 'must be a decimal string such as "50.00", with at most 6 decimals' })
      .optional(),
    requestedFiatAmount: str('must be a decimal string such as "25.00"')
      .regex(FIAT_PATTERN, { error: 'must be a decimal string such as "25.00"' })
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

/**
 * POST /api/v1/payment-links: a payment link in the v1 style: the destination as v1 orders name it,
 * each part defaulting as theirs do (the merchant's evmWalletAddress, the first supported chain, its USDC).
 */
export const createV1PaymentLinkBody = z
  .strictObject({
    ...paymentLinkShape,
    destinationAddress: destinationAddress.optional(),
    destinationToken: destinationToken.optional(),
    destinationChainId: chainId.optional(),
  })
  .superRefine(refinePaymentLink);
export type CreateV1PaymentLinkBody = z.infer<typeof createV1PaymentLinkBody>;
