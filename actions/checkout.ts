"use server";

import { z } from "zod";
import type { Db } from "@/db/client";
import type { PayerActor } from "@/lib/core/actor";
import {
  type CheckoutView,
  getCheckoutView,
  simulateBankConfirmation,
  submitPaymentProof,
  type UnpricedCheckoutView,
} from "@/lib/checkout/service";
import { type Handoff, handoffFor } from "@/lib/checkout/handoff";
import { type ActionFailure, action, type Refusal } from "@/lib/http/action";
import { DEFAULT_LOCALE, translator } from "@/lib/i18n";
import { payerLocale } from "@/lib/i18n/payer";
import { PAYER_LIMITS } from "@/lib/limits/rate-limit";
import {
  cancelSession,
  declinePaymentSent,
  markPaymentSent,
  reportPaidAfterEnd,
  selectPlatform,
  startSession,
} from "@/lib/sessions/transitions";

// The payer's actions. Their authority is the unguessable session id of the page (docs/contract.md);
// each calls the same domain service the merchant API does, then answers with the fresh view (priced
// only where the payer chooses: the page keeps the prices it has when a view comes without them).
// Limited per session and per address: the page's authority is a link anyone holding it can use.

export type ActionResult = { ok: true; view: AnyView } | (ActionFailure & { view?: AnyView });
type AnyView = CheckoutView | UnpricedCheckoutView;

const sessionId = z.string().min(1).max(100);
// a v1 order's link carries its token as well (the payer actor checks it)
const token = z.string().min(1).max(200).optional();
const choice = z.object({
  paymentPlatform: z.string().min(1).max(40),
  fiatCurrency: z.string().regex(/^[A-Z]{3}$/),
  // a v1 order paid in parts: the USDC this payment is for (the service checks the bounds)
  amountUsdc: z.string().max(40).optional(),
});
type Choice = { paymentPlatform: string; fiatCurrency: string; amountUsdc?: string };

const LINK_INVALID = "This checkout link is not valid.";

/**
 * A refusal in the payer's language. English keeps the service's own words (they name what was
 * refused); another language says the kind of refusal, from the catalogue.
 */
async function inPayersLanguage(refusal: Refusal): Promise<string> {
  const locale = await payerLocale();
  if (locale === DEFAULT_LOCALE) return refusal.message;
  const t = await translator(locale, "Errors");
  switch (refusal.code) {
    case "RATE_LIMITED":
      return t("tooMany", { seconds: refusal.retryAfter ?? 60 });
    case "VALIDATION_FAILED":
      return t(refusal.message === LINK_INVALID ? "linkInvalid" : "choose");
    case "NOT_FOUND":
    case "FORBIDDEN":
      return t("notFound");
    case "CONFLICT":
      return t("changed");
    case "TOO_MANY_OPEN_PAYMENTS":
      return t("tooManyOpen");
    case "UNAVAILABLE":
      return t("unavailable");
    case "INTERNAL":
      return t("generic");
    default:
      return t("refused");
  }
}

const payerAction = <S extends z.ZodObject<{ sessionId: typeof sessionId; token: typeof token }>, A extends unknown[]>(
  name: string,
  input: S,
  from: (...args: A) => unknown,
  invalid: string,
  change: (db: Db, actor: PayerActor, input: z.infer<S>, ip: string) => Promise<unknown>,
  /** false: the answer's view comes without prices (the page does not read it) */
  prices = true,
) =>
  action(
    {
      name,
      input,
      from,
      actor: "payer",
      rateLimit: PAYER_LIMITS.action,
      invalid: (fields) => ("sessionId" in fields ? LINK_INVALID : invalid),
      reword: inPayersLanguage,
      // a refused step still shows the payer where the checkout now stands
      alsoOnFailure: async ({ db, actor }) => ({
        view: await getCheckoutView(db, actor.sessionId, actor.token, { prices, locale: await payerLocale() }),
      }),
    },
    async ({ db, actor, input, ip }): Promise<{ ok: true; view: AnyView }> => {
      await change(db, actor, input, ip);
      return { ok: true, view: await getCheckoutView(db, actor.sessionId, actor.token, { prices, locale: await payerLocale() }) };
    },
  );

const bySession = z.object({ sessionId, token });
const withChoice = z.object({ sessionId, token, choice });
const withOutcome = z.object({ sessionId, token, outcome: z.enum(["success", "invalid"]) });
const CHOOSE = "Choose a payment app and a currency.";

// a live start carries the page's proof of work (lib/limits/proof-of-work.ts): its solved challenge
const withStart = withChoice.extend({ proofOfWork: z.string().max(4_000).optional() });

// start saves the choice on the session itself
export const chooseAndStart: (id: string, input: Choice, token?: string | null, proofOfWork?: string | null) => Promise<ActionResult> =
  payerAction(
    "checkout.start",
    withStart,
    (id: string, input: Choice, token?: string | null, proofOfWork?: string | null) => ({
      sessionId: id,
      token: token ?? undefined,
      choice: input,
      ...(proofOfWork ? { proofOfWork } : {}),
    }),
    CHOOSE,
    // the payer's address counts toward the cap on open live payments per address (lib/sessions/reservations.ts)
    (db, actor, { choice, proofOfWork }, ip) =>
      startSession(db, actor.sessionId, choice, { actor }, { payerPage: { clientAddress: ip, proofOfWork } }),
  );

/** Saves the payer's choice as they make it, so a reload (or another device) shows it again. */
export const saveChoice: (id: string, input: Choice, token?: string | null) => Promise<ActionResult> = payerAction(
  "checkout.choose",
  withChoice,
  (id: string, input: Choice, token?: string | null) => ({ sessionId: id, token: token ?? undefined, choice: input }),
  CHOOSE,
  (db, actor, { choice }) => selectPlatform(db, actor.sessionId, choice, { actor }),
  false,
);

export const reportPaymentSent: (id: string, token?: string | null) => Promise<ActionResult> = payerAction(
  "checkout.payment-sent",
  bySession,
  (id: string, token?: string | null) => ({ sessionId: id, token: token ?? undefined }),
  LINK_INVALID,
  (db, actor) => markPaymentSent(db, actor.sessionId, { actor }),
);

// the live order's lock timeout asks "did you already send the money?" (view.paidQuestion): "yes"
// before it ends is reportPaymentSent; "no" ends it now; "yes" after it ended tells the shop
export const reportNotSent: (id: string, token?: string | null) => Promise<ActionResult> = payerAction(
  "checkout.not-sent",
  bySession,
  (id: string, token?: string | null) => ({ sessionId: id, token: token ?? undefined }),
  LINK_INVALID,
  (db, actor) => declinePaymentSent(db, actor.sessionId, { actor }),
);

export const reportPaidAfterExpiry: (id: string, token?: string | null) => Promise<ActionResult> = payerAction(
  "checkout.paid-after-expiry",
  bySession,
  (id: string, token?: string | null) => ({ sessionId: id, token: token ?? undefined }),
  LINK_INVALID,
  (db, actor) => reportPaidAfterEnd(db, actor.sessionId, { actor }),
);

export const simulateConfirmation: (id: string, outcome: "success" | "invalid", token?: string | null) => Promise<ActionResult> =
  payerAction(
    "checkout.simulate",
    withOutcome,
    (id: string, outcome: "success" | "invalid", token?: string | null) => ({ sessionId: id, token: token ?? undefined, outcome }),
    "Unknown outcome.",
    (db, actor, { outcome }) => simulateBankConfirmation(db, actor.sessionId, outcome, actor.token),
  );

// the Peer extension's capture: sealed session material (a compact JWE) and the payment row's parameters
const withProof = z.object({
  sessionId,
  token,
  proof: z.object({
    proofType: z.literal("buyerTee"),
    encryptedSessionMaterial: z.string().min(1).max(100_000),
    params: z.record(z.string().max(100), z.union([z.string().max(2_000), z.number(), z.boolean()])),
    actionType: z.string().regex(/^[a-z0-9_]{1,60}$/),
  }),
});
type Proof = z.infer<typeof withProof>["proof"];

export const sendPaymentProof: (id: string, proof: Proof, token?: string | null) => Promise<ActionResult> = payerAction(
  "checkout.proof",
  withProof,
  (id: string, proof: Proof, token?: string | null) => ({ sessionId: id, token: token ?? undefined, proof }),
  "The payment proof is not in the shape the Peer extension makes.",
  (db, actor, { proof }) => submitPaymentProof(db, actor.sessionId, proof, actor.token),
);

export const cancelCheckout: (id: string, token?: string | null) => Promise<ActionResult> = payerAction(
  "checkout.cancel",
  bySession,
  (id: string, token?: string | null) => ({ sessionId: id, token: token ?? undefined }),
  LINK_INVALID,
  (db, actor) => cancelSession(db, actor.sessionId, { actor }),
);

/**
 * The short link and QR code that open this checkout on a computer, for a payer whose browser cannot
 * prove a live payment (lib/checkout/handoff.ts). Made once per session; the same one after.
 */
export const handoffLink: (id: string, token?: string | null) => Promise<{ ok: true; handoff: Handoff } | ActionFailure> = action(
  {
    name: "checkout.handoff",
    input: bySession,
    from: (id: string, token?: string | null) => ({ sessionId: id, token: token ?? undefined }),
    actor: "payer",
    rateLimit: PAYER_LIMITS.action,
    invalid: () => LINK_INVALID,
    reword: inPayersLanguage,
  },
  async ({ db, actor }) => ({ ok: true as const, handoff: await handoffFor(db, actor.sessionId, actor.token) }),
);
