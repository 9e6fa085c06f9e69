"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/db/client";
import { type CheckoutView, getCheckoutView, simulateBankConfirmation } from "@/lib/checkout/service";
import { AppError } from "@/lib/errors";
import { hitPayerLimits } from "@/lib/http/rate-limit";
import { clientIp } from "@/lib/http/route";
import { errorFields, logger } from "@/lib/logger";
import { cancelSession, markPaymentSent, selectPlatform, startSession } from "@/lib/sessions/service";

// The payer's actions. Their authority is the unguessable session id of the page (decisions.md 1);
// each calls the same domain service the merchant API does, then answers with the fresh view.

export type ActionResult = { ok: true; view: CheckoutView } | { ok: false; message: string; view?: CheckoutView };

const sessionId = z.string().min(1).max(100);
const choice = z.object({ paymentPlatform: z.string().min(1).max(40), fiatCurrency: z.string().regex(/^[A-Z]{3}$/) });
const PAYER = { kind: "payer" } as const;

async function run(id: unknown, action: (db: Awaited<ReturnType<typeof getDb>>, id: string) => Promise<unknown>): Promise<ActionResult> {
  const parsed = sessionId.safeParse(id);
  if (!parsed.success) return { ok: false, message: "This checkout link is not valid." };
  const db = await getDb();
  try {
    // limited per session and per address: the page's authority is a link anyone holding it can use
    const limit = await hitPayerLimits(db, "action", parsed.data, clientIp(await headers()));
    if (!limit.allowed) return { ok: false, message: `Too many attempts; try again in ${limit.resetSeconds} seconds.` };
    await action(db, parsed.data);
    return { ok: true, view: await getCheckoutView(db, parsed.data) };
  } catch (err) {
    if (!(err instanceof AppError)) logger.error("checkout action failed", errorFields(err));
    const message = err instanceof AppError ? err.message : "Something went wrong on our side. Please try again.";
    const view = await getCheckoutView(db, parsed.data).catch(() => undefined);
    return { ok: false, message, view };
  }
}

export async function chooseAndStart(id: string, input: { paymentPlatform: string; fiatCurrency: string }): Promise<ActionResult> {
  const parsed = choice.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Choose a payment app and a currency." };
  // start saves the choice on the session itself
  return run(id, (db, sid) => startSession(db, sid, parsed.data, PAYER));
}

/** Saves the payer's choice as they make it, so a reload (or another device) shows it again. */
export async function saveChoice(id: string, input: { paymentPlatform: string; fiatCurrency: string }): Promise<ActionResult> {
  const parsed = choice.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Choose a payment app and a currency." };
  return run(id, (db, sid) => selectPlatform(db, sid, parsed.data, PAYER));
}

export async function reportPaymentSent(id: string): Promise<ActionResult> {
  return run(id, (db, sid) => markPaymentSent(db, sid, PAYER));
}

export async function simulateConfirmation(id: string, outcome: "success" | "invalid"): Promise<ActionResult> {
  if (outcome !== "success" && outcome !== "invalid") return { ok: false, message: "Unknown outcome." };
  return run(id, (db, sid) => simulateBankConfirmation(db, sid, outcome));
}

export async function cancelCheckout(id: string): Promise<ActionResult> {
  return run(id, (db, sid) => cancelSession(db, sid, PAYER));
}
