import type { Db } from "@/db/client";
import type { SessionRow } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/core/actor";
import { csvRecord } from "@/lib/csv";
import { chainName } from "@/lib/chains";
import { errorFields, logger } from "@/lib/core/logger";
import { usdcFromMicro } from "@/lib/core/money";
import { refundStateOf } from "@/lib/wire/refund";
import { fiatDecimal } from "@/lib/wire/session";
import {
  platformsOfSessions,
  releasesOfSessions,
  type SessionFilters,
  type SessionReleases,
  type SessionSort,
  searchSessions,
} from "./search";

// The dashboard's CSV export: every session the filters select, in the list's order, streamed a
// keyset page at a time. The next page is read only when the reader has taken the last one
// (a pull stream), so an export of any size holds one batch in memory.

export const CSV_COLUMNS = [
  "id",
  "created_at",
  "status",
  "amount_usdc",
  "fiat_amount",
  "fiat_currency",
  "chain_id",
  "chain",
  "token",
  "recipient",
  "platforms",
  "completed_at",
  "metadata",
  "payment_link",
  "fee_payer",
  "paid_usdc",
  "gross_usdc",
  "fees_usdc",
  "net_usdc",
  // the session's latest exception (lib/exceptions), and who marked it paid in full
  "exception_kind",
  "exception_status",
  "exception_resolution",
  "marked_by",
  // what completed refunds gave back (lib/refunds), and whether that is none, part or all of what was paid
  "refunded_usdc",
  "refund_state",
] as const;

function sessionRecord(s: SessionRow, platforms: string[] | undefined, released: SessionReleases | undefined): string {
  const fiatPriced = s.checkoutMode === "exact-fiat" && s.fiatAmountMinor !== null && s.fiatCurrency;
  return csvRecord([
    s.id,
    s.createdAt.toISOString(),
    s.status,
    usdcFromMicro(s.amountMicro),
    fiatPriced ? fiatDecimal(s.fiatAmountMinor!, s.fiatCurrency!) : null,
    fiatPriced ? s.fiatCurrency : null,
    s.destinationChainId,
    chainName(s.destinationChainId),
    s.destinationToken,
    s.recipientAddress,
    platforms?.join(";"),
    s.completedAt?.toISOString(),
    s.metadata ? JSON.stringify(s.metadata) : null,
    s.paymentLinkId,
    s.feePayer ?? "MERCHANT",
    usdcFromMicro(s.paidAmountMicro),
    released ? usdcFromMicro(released.grossMicro) : null,
    released ? usdcFromMicro(released.feesMicro) : null,
    released ? usdcFromMicro(released.netMicro) : null,
    s.exception?.kind,
    s.exception?.status,
    s.exception?.resolution,
    s.markedPaidBy,
    usdcFromMicro(s.refundedMicro),
    refundStateOf(s),
  ]);
}

/** The CSV (header, then one record per session) as a stream of UTF-8 chunks, one chunk per batch. */
export function sessionsCsvStream(
  db: Db,
  query: { filters: SessionFilters; sort: SessionSort },
  as: As<MerchantActor>,
  batchSize = 1000,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let first = true;
  const nextBatch = async () => {
    const page = await searchSessions(db, { ...query.filters, sort: query.sort, limit: batchSize, cursor }, as);
    const ids = page.rows.map((r) => r.id);
    const [platforms, released] = await Promise.all([platformsOfSessions(db, ids, as), releasesOfSessions(db, ids, as)]);
    return { ...page, platforms, released };
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { rows, nextCursor, platforms, released } = await nextBatch().catch((err: unknown) => {
          // the headers are sent: the download breaks off (the browser says it failed) and the log says why
          logger.error("sessions export failed", { merchantId: as.actor.merchantId, ...errorFields(err) });
          throw err;
        });
        const head = first ? csvRecord(CSV_COLUMNS) : "";
        first = false;
        controller.enqueue(encoder.encode(head + rows.map((r) => sessionRecord(r, platforms.get(r.id), released.get(r.id))).join("")));
        if (nextCursor) cursor = nextCursor;
        else controller.close();
      },
    },
    // nothing is read ahead of the reader beyond the batch it is about to take
    { highWaterMark: 0 },
  );
}
