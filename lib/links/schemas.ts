import { z } from "zod";
import { DECIMAL_PATTERN, displayName, evmAddress, httpUrl, str } from "@/lib/core/fields";
import { hasUnreadable } from "@/lib/core/text";
import { buyerFeeShareField, feePayerField, localeField } from "@/lib/merchants/schemas";
import { listQuery } from "@/lib/pagination";
import { feeTermsProblem } from "@/lib/rail/fees";
import { CURRENCIES } from "@/lib/rail/platforms";
import { chainId, createSessionBody, destinationAddress, destinationToken, FIAT_CURRENCIES, recipient } from "@/lib/sessions/schemas";

// Request schemas of payment links (lib/links): reusable links that open a fresh checkout for each
// payer, in both API generations side by side (/api/payment-links, /api/v1/payment-links), and the
// payer's start on a link's page. Unknown fields are refused.

/** What a link is priced in: USDC (the merchant receives that) or a fiat currency (the payer pays exactly that). */
export const LINK_CURRENCIES = ["USDC", ...FIAT_CURRENCIES] as [string, ...string[]];
export const LINK_FIELD_KEYS = ["name", "email", "reference"] as const;
export const MAX_LINK_PAYMENTS = 1_000_000;
const linkAmount = str('must be a decimal string such as "25.00"').regex(DECIMAL_PATTERN, {
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
