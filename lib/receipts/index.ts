import { and, asc, eq, getTableColumns, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { checkoutSessions, merchants, orders, paymentLinks, type SessionRow } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { resolveLocale } from "@/lib/i18n";
import { accountKey } from "@/lib/limits/auth-throttle";
import { hitRateLimits, RATE_RULES } from "@/lib/limits/rate-limit";
import { errorFields, logger } from "@/lib/core/logger";
import { type Mail, sendMail } from "@/lib/mail";
import { receiptMail } from "./text";

// The payer's receipt. A payment link that asked for the payer's email owes them one once the session
// completes (owed.ts): the completion's transaction marks it due (receipt_due_at,
// lib/orders/release.ts), so a process that dies right after the commit loses nothing, and a job (the
// local dispatcher's poll, or Inngest's hint and cron sweep) sends it. The job claims the row before it sends, with one
// conditional UPDATE: of two instances, or a retried run, one claims it and the others find nothing,
// so a receipt is sent at most once. A send that fails (the mail server refused it or could not be
// reached) gives the claim back with a later due time, until a day has passed.

/** How long after a failed send the receipt is tried again. */
export const RECEIPT_RETRY_MS = 10 * 60_000;
/** After this long since the payment, a receipt that could not be sent is given up. */
export const RECEIPT_GIVE_UP_MS = 24 * 60 * 60_000;

/** Ids of the sessions whose receipt is due now, the longest waiting first. */
export async function findDueReceipts(db: Db, limit = 100): Promise<string[]> {
  const s = checkoutSessions;
  const rows = await db
    .select({ id: s.id })
    .from(s)
    .where(and(isNotNull(s.receiptDueAt), lte(s.receiptDueAt, sql`now()`)))
    .orderBy(asc(s.receiptDueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type ReceiptOutcome = "sent" | "not-due" | "turned-off" | "skipped" | "retry" | "given-up";

const email = z.email().max(254);

/**
 * Sends one session's receipt if it is due. The claim comes first: it takes the receipt off the due
 * list and, when the merchant sends receipts, stamps receipt_sent_at; a merchant who turned them off
 * has the receipt dropped in the same statement. Never throws for a mail that could not be sent; a
 * failure before the mail is handed over (the database) gives the claim back and throws.
 */
export async function sendReceiptIfDue(db: Db, sessionId: string): Promise<ReceiptOutcome> {
  const s = checkoutSessions;
  const [claimed] = await db
    .update(s)
    .set({ receiptDueAt: null, receiptSentAt: sql`case when ${merchants.payerReceipts} then now() end` })
    .from(merchants)
    .where(and(eq(s.id, sessionId), eq(merchants.id, s.merchantId), lte(s.receiptDueAt, sql`now()`), isNull(s.receiptSentAt)))
    .returning({
      ...getTableColumns(s),
      receiptsOn: merchants.payerReceipts,
      merchantName: sql<string>`coalesce(${merchants.displayName}, ${merchants.name})`,
    });
  if (!claimed) return "not-due";
  const { receiptsOn, merchantName, ...session } = claimed;
  if (!receiptsOn) return "turned-off";
  let mail: Mail | null;
  try {
    mail = await prepare(db, session, merchantName);
  } catch (err) {
    // nothing was sent: the receipt goes back on the due list
    await giveBack(db, session, "retry");
    throw err;
  }
  if (!mail) return giveBack(db, session, "skipped");
  try {
    await sendMail(mail);
    return "sent";
  } catch (err) {
    // sendMail has logged the failure; a refusal for good (5xx), or a day of them, ends the tries
    const code = (err as { cause?: { responseCode?: unknown } }).cause?.responseCode;
    const permanent = typeof code === "number" && code >= 500;
    if (permanent || Date.now() - session.completedAt!.getTime() >= RECEIPT_GIVE_UP_MS) {
      logger.error("a receipt could not be sent and is given up", { sessionId, ...errorFields(err) });
      return giveBack(db, session, "given-up");
    }
    logger.warn("a receipt could not be sent; it is tried again later", { sessionId, ...errorFields(err) });
    return giveBack(db, session, "retry");
  }
}

/** The claimed session's receipt, or null when none is to be sent (no valid address, or a sandbox receipt over its limit). */
async function prepare(db: Db, session: SessionRow, merchantName: string): Promise<Mail | null> {
  const to = email.safeParse(session.metadata?.email);
  if (!to.success || !session.completedAt) return null;
  // a sandbox payment is free: its receipts are capped, so that no one mails strangers through it
  if (session.environment === "sandbox") {
    const refused = await hitRateLimits(db, [RATE_RULES.sandboxReceiptsMerchant, RATE_RULES.sandboxReceiptsRecipient], {
      ip: "",
      merchantId: session.merchantId,
      account: accountKey(to.data.trim().toLowerCase()),
    });
    if (refused && !refused.allowed) {
      logger.warn("a sandbox receipt was not sent: over its daily limit", { sessionId: session.id });
      return null;
    }
  }
  const [link] = session.paymentLinkId
    ? await db.select({ title: paymentLinks.title }).from(paymentLinks).where(eq(paymentLinks.id, session.paymentLinkId)).limit(1)
    : [];
  const paid = await db
    .select({
      platform: orders.paymentPlatform,
      fiatCurrency: orders.fiatCurrency,
      fiatAmountMinor: orders.fiatAmountMinor,
      releaseTx: orders.fulfillTx,
    })
    .from(orders)
    .where(and(eq(orders.sessionId, session.id), eq(orders.merchantId, session.merchantId), eq(orders.status, "FULFILLED")))
    .orderBy(asc(orders.fulfilledAt));
  return receiptMail({
    to: to.data,
    locale: resolveLocale(session.locale),
    merchant: merchantName,
    title: link?.title ?? null,
    sessionId: session.id,
    paidAt: session.completedAt,
    sandbox: session.environment === "sandbox",
    fiatPriced: session.checkoutMode === "exact-fiat",
    amountMicro: session.amountMicro,
    payments: paid,
    chainId: getConfig().liveRail?.network.chainId ?? null,
  });
}

/**
 * Undoes the claim's stamp: the receipt was not sent. "retry" puts it back on the due list for a
 * later try; otherwise it leaves it off for good. Only the job that claimed the row gets here, and
 * nothing else writes these columns meanwhile, so the row needs no further check.
 */
async function giveBack<O extends "skipped" | "retry" | "given-up">(db: Db, session: SessionRow, outcome: O): Promise<O> {
  await db
    .update(checkoutSessions)
    .set({ receiptSentAt: null, receiptDueAt: outcome === "retry" ? new Date(Date.now() + RECEIPT_RETRY_MS) : null })
    .where(and(eq(checkoutSessions.id, session.id), isNull(checkoutSessions.receiptDueAt)));
  return outcome;
}
