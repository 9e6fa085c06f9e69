import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { checkoutSessions, type SessionRow } from "@/db/schema";
import type { As, MerchantActor } from "@/lib/actor";
import { monotonicNow } from "@/lib/clock";
import { getConfig } from "@/lib/config";
import { forbidden, invalid } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { jobs } from "@/lib/jobs";
import { formatUsdc, parseScaled, parseUsdc, percentToBps } from "@/lib/money";
import { CURRENCIES } from "@/lib/payments/platforms";
import { type CheckoutMode, DEFAULT_FIAT_CURRENCY, DEFAULT_MAX_FEE_PERCENTAGE } from "@/lib/schemas";
import { withEvents } from "@/lib/events/service";
import { checkFiatBounds } from "./fiat";
import { serializeSession } from "@/lib/wire/session";

export type CreateSessionInput = {
  merchantId: string;
  checkoutMode?: CheckoutMode;
  /** exact-token (lib/schemas.ts requires it there and refuses it in exact-fiat) */
  amountUsdc?: string;
  fiatAmount?: string;
  fiatCurrency?: string;
  maxFeePercentage?: number;
  destinationChainId: number;
  destinationToken: string;
  recipientAddress: string;
  successUrl?: string;
  cancelUrl?: string;
  metadata?: Record<string, string>;
  enabledPaymentPlatforms?: string[];
  /** v1 orders: the hash of the order token that the payer's link carries (lib/v1/orders.ts) */
  orderTokenHash?: string;
  feePayer?: "MERCHANT" | "PAYEE";
  notes?: Record<string, unknown> | null;
};

// Building this insert (20 placeholders, every column returned) costs more CPU than sending it, and
// each transaction is a new handle, so prepared() would rebuild it for every session: its SQL and
// returned fields are built once, and prepared on each transaction's own session.
type Shape = { query: unknown; fields: unknown };
type WithSession = {
  session: {
    prepareQuery(query: unknown, fields: unknown, name: string, arrayMode: boolean): { execute(v: unknown): Promise<SessionRow[]> };
  };
};
let insertShape: Shape | undefined;
function insertSession(tx: Db) {
  if (!insertShape) {
    const built = tx
      .insert(checkoutSessions)
      .values({
        id: sql.placeholder("id"),
        merchantId: sql.placeholder("merchantId"),
        amountMicro: sql.placeholder("amountMicro"),
        checkoutMode: sql.placeholder("checkoutMode"),
        fiatAmountMinor: sql.placeholder("fiatAmountMinor"),
        fiatCurrency: sql.placeholder("fiatCurrency"),
        maxFeeBps: sql.placeholder("maxFeeBps"),
        destinationChainId: sql.placeholder("destinationChainId"),
        destinationToken: sql.placeholder("destinationToken"),
        recipientAddress: sql.placeholder("recipientAddress"),
        successUrl: sql.placeholder("successUrl"),
        cancelUrl: sql.placeholder("cancelUrl"),
        metadata: sql.placeholder("metadata"),
        enabledPaymentPlatforms: sql.placeholder("enabledPaymentPlatforms"),
        orderTokenHash: sql.placeholder("orderTokenHash"),
        feePayer: sql.placeholder("feePayer"),
        notes: sql.placeholder("notes"),
        expiresAt: sql.placeholder("expiresAt"),
        createdAt: sql.placeholder("createdAt"),
        updatedAt: sql.placeholder("createdAt"),
      })
      .returning() as unknown as { dialect: { sqlToQuery(q: unknown): unknown }; getSQL(): unknown; config: { returning: unknown } };
    insertShape = { query: built.dialect.sqlToQuery(built.getSQL()), fields: built.config.returning };
  }
  return (tx as unknown as WithSession).session.prepareQuery(insertShape.query, insertShape.fields, "session_insert", true);
}

export async function createSession(db: Db, input: CreateSessionInput, as: As<MerchantActor>) {
  const row = await createSessionRow(db, input, as);
  return { session: serializeSession(row), checkoutUrl: checkoutUrlFor(row.id) };
}

/** Creates a session (a v1 order) and returns its row: both API generations create through here. */
export async function createSessionRow(db: Db, input: CreateSessionInput, { actor }: As<MerchantActor>): Promise<SessionRow> {
  if (input.merchantId !== actor.merchantId) throw forbidden("merchant");
  const config = getConfig();
  const enabledPaymentPlatforms = input.enabledPaymentPlatforms?.length ? [...new Set(input.enabledPaymentPlatforms)] : null;
  let amountMicro: bigint;
  let fiat: { fiatAmountMinor: bigint; fiatCurrency: string; maxFeeBps: number } | null = null;
  if (input.checkoutMode === "exact-fiat") {
    const fiatCurrency = input.fiatCurrency ?? DEFAULT_FIAT_CURRENCY;
    fiat = {
      fiatCurrency,
      fiatAmountMinor: parseScaled(input.fiatAmount!, CURRENCIES[fiatCurrency]!.decimals),
      maxFeeBps: percentToBps(input.maxFeePercentage ?? DEFAULT_MAX_FEE_PERCENTAGE),
    };
    // the estimate at the mid rate until a quote fixes it (docs/api.md)
    amountMicro = checkFiatBounds({ ...fiat, enabledPaymentPlatforms });
  } else {
    amountMicro = parseUsdc(input.amountUsdc!);
    if (amountMicro < config.minAmountMicro || amountMicro > config.maxAmountMicro) {
      throw invalid("amountUsdc", `must be between ${formatUsdc(config.minAmountMicro)} and ${formatUsdc(config.maxAmountMicro)}`);
    }
  }
  if (!config.supportedChainIds.includes(input.destinationChainId)) {
    throw invalid("destinationChainId", `must be one of ${config.supportedChainIds.join(", ")}`);
  }
  const now = monotonicNow();
  // a v1 client learns of every order (ORDER_CREATED), whichever API made it, in the same transaction
  const row = await withEvents(db, async (tx, emit) => {
    const [row] = await insertSession(tx).execute({
      id: newId("sess"),
      merchantId: actor.merchantId,
      amountMicro,
      checkoutMode: fiat ? "exact-fiat" : "exact-token",
      fiatAmountMinor: fiat?.fiatAmountMinor ?? null,
      fiatCurrency: fiat?.fiatCurrency ?? null,
      maxFeeBps: fiat?.maxFeeBps ?? null,
      destinationChainId: input.destinationChainId,
      destinationToken: input.destinationToken,
      recipientAddress: input.recipientAddress,
      successUrl: input.successUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      metadata: input.metadata ?? null,
      enabledPaymentPlatforms,
      orderTokenHash: input.orderTokenHash ?? null,
      feePayer: input.feePayer ?? null,
      notes: input.notes ?? null,
      expiresAt: new Date(now.getTime() + config.sessionTtlMs),
      createdAt: now,
    });
    await emit({ type: "ORDER_CREATED", session: row!, order: null });
    return row;
  });
  jobs.expiryScheduled(row!.id, row!.expiresAt);
  return row!;
}

/** The hosted checkout page of a session, as the create answer and the payer's link carry it. */
export function checkoutUrlFor(sessionId: string): string {
  return `${getConfig().checkoutUrl}/checkout?session=${encodeURIComponent(sessionId)}`;
}
