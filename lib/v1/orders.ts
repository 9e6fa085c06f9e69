import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, type Environment, merchants, type MerchantRow, orders } from "@/db/schema";
import type { As, MerchantActor, PayerActor } from "@/lib/core/actor";
import { getConfig } from "@/lib/core/config";
import { sha256Hex } from "@/lib/crypto";
import { AppError, invalid, notFound } from "@/lib/core/errors";
import { liveRail, PAYMENT_PLATFORMS } from "@/lib/rail";
import { type CreateOrderBody, DEFAULT_MAX_FEE_PERCENTAGE } from "@/lib/sessions/schemas";
import { type CreateSessionInput, createSessionRow, orderCheckoutUrl, type SessionPricing, sessionPricing } from "@/lib/sessions/create";
import { expireIfDue, isDue } from "@/lib/sessions/expiry";
import { assertSessionAccess, readSessionView, tokenOpens } from "@/lib/sessions/rows";
import { cancelSession } from "@/lib/sessions/transitions";
import { checkoutThemeOf } from "@/lib/theme";
import { serializeV1Order, serializeV1Payment } from "@/lib/wire/v1";

// The v1 API's orders (docs/api-v1.md): thin faces over the session services. A v1 order is a session
// created with an order token; the token is the payer's credential, shown to the merchant once.

/** USDC's address on each chain the service settles on; "USDC" in a request means this. */
export const USDC_BY_CHAIN: Record<number, string> = {
  8453: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  84532: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
};

/** The merchant's defaults for what an order leaves out: the first supported chain, its USDC. */
export function merchantDefaults() {
  const chainId = getConfig().supportedChainIds[0]!;
  return { chainId, token: USDC_BY_CHAIN[chainId] ?? null };
}

export function resolveToken(token: string | undefined, chainId: number): string {
  if (token !== undefined && token.toUpperCase() !== "USDC") return token;
  const usdc = USDC_BY_CHAIN[chainId];
  if (!usdc) throw invalid("destinationToken", `is required on chain ${chainId}: give the token's address`);
  return usdc;
}

/** A fresh order token: 192 random bits. Only its sha-256 is stored. */
const newOrderToken = () => `otk_${crypto.randomBytes(24).toString("base64url")}`;

export async function merchantRow(db: Db, merchantId: string): Promise<MerchantRow> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!m) throw notFound("Merchant");
  return m;
}

/** A v1 order's session as the session service takes it (without its token), and its price. */
export type PricedOrder = { input: Omit<CreateSessionInput, "orderTokenHash">; pricing: SessionPricing };

/**
 * What POST /api/v1/orders asks before writing anything: the order's defaults resolved, and its
 * price (an exact-fiat amount against today's rates: network calls on the real rail), outside any
 * transaction (sessionPricing).
 */
export async function priceOrder(db: Db, body: CreateOrderBody, { actor }: As<MerchantActor>): Promise<PricedOrder> {
  const merchant = await merchantRow(db, actor.merchantId);
  const recipientAddress = body.destinationAddress ?? merchant.evmWalletAddress;
  if (!recipientAddress) {
    throw invalid(
      "destinationAddress",
      "is required: this merchant has no default wallet (set evmWalletAddress in the dashboard's settings)",
    );
  }
  // a live order that names no chain pays out where the real rail does, whatever chain is listed first
  const liveChain = merchant.environment === "live" ? liveRail()?.destinations[0]?.chainId : undefined;
  const chainId = body.destinationChainId ?? liveChain ?? merchantDefaults().chainId;
  const chains = getConfig().supportedChainIds;
  if (!chains.includes(chainId)) throw invalid("destinationChainId", `must be one of ${chains.join(", ")}`);
  const fiat = body.requestedFiatAmount !== undefined;
  const input: PricedOrder["input"] = {
    merchantId: actor.merchantId,
    ...(fiat
      ? {
          checkoutMode: "exact-fiat" as const,
          fiatAmount: body.requestedFiatAmount,
          fiatCurrency: body.requestedFiatCurrency,
          maxFeePercentage: DEFAULT_MAX_FEE_PERCENTAGE,
        }
      : { amountUsdc: body.requestedUsdcAmount }),
    destinationChainId: chainId,
    destinationToken: resolveToken(body.destinationToken, chainId),
    recipientAddress,
    successUrl: body.successUrl ?? undefined,
    cancelUrl: body.cancelUrl ?? undefined,
    locale: body.locale ?? undefined,
    enabledPaymentPlatforms: body.enabledRails,
    // absent: the merchant's setting
    feePayer: body.feePayer,
    buyerFeeShareBps: body.buyerFeeShareBps,
    notes: body.notes ?? null,
  };
  const pricing = await sessionPricing(db, input, actor).catch((err: unknown) => {
    throw renameFields(err);
  });
  return { input, pricing };
}

/** POST /api/v1/orders; `priced`: what priceOrder answered for this body before the caller's transaction. */
export async function createOrder(db: Db, body: CreateOrderBody, as: As<MerchantActor>, priced?: PricedOrder) {
  const { input, pricing } = priced ?? (await priceOrder(db, body, as));
  const token = newOrderToken();
  const row = await createSessionRow(db, { ...input, orderTokenHash: sha256Hex(token) }, as, pricing).catch((err: unknown) => {
    throw renameFields(err);
  });
  return { order: serializeV1Order(row, "merchant"), orderToken: token, checkoutUrl: orderCheckoutUrl(row.id, token) };
}

// the session service names v0 fields; a v1 client sent v1 ones
const V1_FIELDS: Record<string, string> = {
  amountUsdc: "requestedUsdcAmount",
  fiatAmount: "requestedFiatAmount",
  fiatCurrency: "requestedFiatCurrency",
  recipientAddress: "destinationAddress",
  enabledPaymentPlatforms: "enabledRails",
};
export function renameFields(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== "VALIDATION_FAILED") return err;
  const fields = (err.details?.fields ?? {}) as Record<string, string>;
  const renamed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [V1_FIELDS[k] ?? k, v]));
  let message = err.message;
  for (const [from, to] of Object.entries(V1_FIELDS)) message = message.replace(new RegExp(`\\b${from}\\b`, "g"), to);
  return new AppError(err.code, message, { ...err.details, fields: renamed });
}

/**
 * Reads an order as its actor may see it: the merchant that owns it (403 for another merchant's), or
 * the payer whose token opens it (401 for a wrong token); 404 for an id that does not exist. Applies
 * a due expiry first, as every read does.
 */
async function readOrder(db: Db, id: string, actor: MerchantActor | PayerActor) {
  let view = await readSessionView(db, id);
  if (!view) throw notFound("Order");
  // a v0 session has no order token: no token opens it through v1
  if (actor.kind === "payer" && (view.session.orderTokenHash === null || !tokenOpens(view.session.orderTokenHash, actor.token))) {
    throw new AppError("UNAUTHENTICATED", "The order token is not valid for this order");
  }
  assertSessionAccess(view.session, actor);
  if (isDue(view.session, view.order, new Date())) {
    await expireIfDue(db, id);
    view = (await readSessionView(db, id))!;
  }
  return view;
}

/** GET /api/v1/orders/:id: `{ order, merchant, currentPayment }` */
export async function getOrder(db: Db, id: string, { actor }: As<MerchantActor | PayerActor>) {
  const view = await readOrder(db, id, actor);
  const merchant = await merchantRow(db, view.session.merchantId);
  return {
    // read with the order's token, the order leaves out what is the merchant's own (notes, metadata)
    order: serializeV1Order(view.session, actor.kind),
    merchant: checkoutMerchant(merchant, view.session.environment),
    currentPayment: view.order ? serializeV1Payment(view.order) : null,
  };
}

/** GET /api/v1/orders/:id/payments: every payment of the order, oldest first. */
export async function listPayments(db: Db, id: string, { actor }: As<MerchantActor | PayerActor>) {
  const view = await readOrder(db, id, actor);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.sessionId, view.session.id), eq(orders.merchantId, view.session.merchantId)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return { payments: rows.map(serializeV1Payment) };
}

/** POST /api/v1/orders/:id/cancel: the v0 cancel, answered as the v1 order. */
export async function cancelOrder(db: Db, id: string, { actor }: As<MerchantActor>) {
  await readOrder(db, id, actor);
  await cancelSession(db, id, { actor });
  const view = (await readSessionView(db, id))!;
  return { order: serializeV1Order(view.session, "merchant") };
}

/**
 * The merchant as a payer's order shows it (the SDK's CheckoutMerchant). environment: the order's
 * (the environment it was created in), or the merchant's own where no order is meant.
 */
export function checkoutMerchant(m: MerchantRow, environment: Environment = m.environment) {
  return {
    id: m.id,
    name: m.displayName ?? m.name,
    logoUrl: m.logoUrl,
    environment: environment === "live" ? ("LIVE" as const) : ("SANDBOX" as const),
    disableBranding: m.disableBranding,
    checkoutTheme: checkoutThemeOf(m),
    defaultPaymentCurrency: null,
  };
}

/** GET /api/v1/merchants/me: the profile, with the key's display prefix and never the key itself. */
export async function getMerchantProfile(db: Db, { actor }: As<MerchantActor>) {
  const m = await merchantRow(db, actor.merchantId);
  const [key] = actor.keyId
    ? await db
        .select({ displayPrefix: apiKeys.displayPrefix })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, actor.keyId), eq(apiKeys.merchantId, m.id)))
        .limit(1)
    : [];
  const defaults = merchantDefaults();
  return {
    id: m.id,
    name: m.displayName ?? m.name,
    logoUrl: m.logoUrl,
    apiKey: key ? `${key.displayPrefix}…` : null,
    environment: m.environment === "live" ? ("LIVE" as const) : ("SANDBOX" as const),
    sandboxMerchantId: null,
    evmWalletAddress: m.evmWalletAddress,
    solanaWalletAddress: null,
    tier: "FREE" as const,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    merchantConfig: {
      id: m.id,
      merchantId: m.id,
      feePayer: m.feePayer,
      buyerFeeShareBps: m.buyerFeeShareBps,
      enabledRails: [...PAYMENT_PLATFORMS],
      defaultPaymentCurrency: null,
      destinationChainId: String(defaults.chainId),
      destinationToken: defaults.token,
      sweepEnabled: false,
      recipientOverrideEnabled: true,
      disableBranding: m.disableBranding,
      merchantCheckoutTheme: checkoutThemeOf(m),
      platformReferralFeeConfig: null,
      referralSplitConfig: null,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    },
    merchantUsers: [],
  };
}
