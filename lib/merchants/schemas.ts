import { z } from "zod";
import { displayName, httpsUrl, merchantName } from "@/lib/core/fields";
import { LOCALE_SETTINGS } from "@/lib/i18n/locales";
import { FEE_PAYERS, feeTermsProblem, isBuyerFeeShare } from "@/lib/rail/fees";

// Request schemas of the merchant (POST /api/merchants, PATCH /api/merchants/{id}) and the fields of
// a merchant's settings that sessions, orders and links repeat. Unknown fields are refused (docs/contract.md).

/** Where the money goes: an address on the account's list (lib/merchants/payout-addresses.ts), as the API documents it. */
export const PAYOUT_ADDRESS_RULE =
  "Must be one of the account's allowed payout addresses, compared case-insensitively: any other is refused " +
  "(400 VALIDATION_FAILED on this field) and nothing is created. Owners manage the list in the dashboard (Settings); " +
  "the payout wallet is always on it. An empty list allows no address. An account that no person has claimed yet " +
  "(made with POST /api/merchants) has no owner to ask: each address its API key names is added to its list, until someone claims it.";
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
