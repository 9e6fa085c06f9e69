import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, type OrderRow } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import { logger } from "@/lib/core/logger";
import { usdcFromMicro } from "@/lib/core/money";
import { liveRail } from "@/lib/rail";
import type { PaymentPlatform } from "@/lib/rail/platforms";
import type { Quote, QuoteExclusion } from "@/lib/rail/rail";
import { depositKey } from "@/lib/rail/zkp2p/quotes";
import { releaseWallet } from "@/lib/rail/zkp2p/wallets";
import { fiatFormatted } from "@/lib/wire/session";
import { type RailState, setDue } from "./due";

// A signal that failed because of its maker (the gating service refused it, the deposit does not
// take the amount or reverted the lock) is asked again of another maker, up to MAX_REQUOTES times.
// The payer was shown a price when the order started: another maker's quote is taken only if the
// payer pays the same, the intent locks the same USDC and the fees are the same. Otherwise the order
// fails and says why; the payer starts again and sees the new price before paying it.

/** makers tried after the first: "once or twice more" */
export const MAX_REQUOTES = 2;

/** The signal step's state: the quote's intent, and the makers already tried for this order. */
export type SignalState = RailState & { excluded?: QuoteExclusion };

/** How a new quote differs from what the order showed the payer (null: the same price). */
export function priceChange(
  order: Pick<OrderRow, "fiatAmountMinor" | "fiatCurrency" | "tokenAmountMicro" | "netAmountMicro">,
  quote: Pick<Quote, "fiatAmountMinor" | "tokenAmountMicro" | "feeMicro">,
): string | null {
  const fiat = (minor: bigint) => fiatFormatted(minor, order.fiatCurrency);
  if (quote.fiatAmountMinor !== order.fiatAmountMinor)
    return `the payer would pay ${fiat(quote.fiatAmountMinor)} instead of ${fiat(order.fiatAmountMinor)}`;
  if (quote.tokenAmountMicro !== order.tokenAmountMicro)
    return `the intent would lock ${usdcFromMicro(quote.tokenAmountMicro)} instead of ${usdcFromMicro(order.tokenAmountMicro)} USDC`;
  const fee = order.netAmountMicro === null ? 0n : order.tokenAmountMicro - order.netAmountMicro;
  if ((quote.feeMicro ?? 0n) !== fee)
    return `the fees would be ${usdcFromMicro(quote.feeMicro ?? 0n)} instead of ${usdcFromMicro(fee)} USDC`;
  return null;
}

/**
 * Asks another maker for the order's price, leaving out those tried (this one included): the same
 * price makes the order signal with the new maker's deposit at once; none, or another price, fails
 * the order with `why` and what the re-quote found.
 */
export async function requoteOrFail(
  db: Db,
  order: OrderRow,
  state: SignalState,
  why: string,
  fail: (db: Db, order: OrderRow, reason: string) => Promise<void>,
): Promise<void> {
  const rail = liveRail();
  const tried = state.excluded ?? { payees: [], deposits: [] };
  if (!rail || !state.escrow || !state.depositId || tried.deposits.length >= MAX_REQUOTES) {
    return fail(db, order, tried.deposits.length ? `${why} (${tried.deposits.length + 1} makers tried)` : why);
  }
  const exclude: QuoteExclusion = {
    payees: order.recipient ? [...tried.payees, order.recipient] : [...tried.payees],
    deposits: [...tried.deposits, depositKey(state.escrow, state.depositId)],
  };
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, order.sessionId));
  const platform = order.paymentPlatform as PaymentPlatform;
  let quote: Quote;
  try {
    quote =
      session!.checkoutMode === "exact-fiat" && session!.fiatAmountMinor !== null
        ? await rail.quoteFiat({ platform, fiatCurrency: order.fiatCurrency, fiatAmountMinor: session!.fiatAmountMinor, exclude })
        : await rail.quote({
            platform,
            fiatCurrency: order.fiatCurrency,
            amountMicro: order.coversMicro ?? order.tokenAmountMicro,
            fees: { feePayer: session!.feePayer ?? "MERCHANT", buyerFeeShareBps: session!.buyerFeeShareBps },
            exclude,
          });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return fail(db, order, `${why}; no other maker can take it (${err.message})`.slice(0, 500));
  }
  const changed = priceChange(order, quote);
  if (changed) return fail(db, order, `${why}; another maker's price differs (${changed}): start again to see it`.slice(0, 500));
  logger.info("signal re-quoted with another maker", { orderId: order.id, why, tried: exclude.deposits.length });
  // the new quote may be taken through another wallet (a gated deposit's): the next step takes one anew
  await releaseWallet(db, order.id);
  await setDue(db, order, 0, {
    railState: { ...quote.intent, excluded: exclude },
    recipient: quote.payeeHandle,
    conversionRate: quote.conversionRate,
    takerWallet: null,
    railTries: 0,
  });
}
