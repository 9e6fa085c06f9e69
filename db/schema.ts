import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const created = () => ts("created_at").notNull().defaultNow();
const updated = () => ts("updated_at").notNull().defaultNow();

export const sessionStatus = pgEnum("session_status", ["CREATED", "ACTIVE", "COMPLETED", "EXPIRED", "CANCELLED"]);
export const orderStatus = pgEnum("order_status", [
  "SIGNAL_SUBMITTED",
  "SIGNAL_MINED",
  "PAYMENT_SENT",
  "PROOF_VERIFIED",
  "FULFILL_SUBMITTED",
  "FULFILLED",
  "CANCELLED",
  "EXPIRED",
  "FAILED",
]);
export const deliveryStatus = pgEnum("delivery_status", ["PENDING", "DELIVERED", "FAILED"]);
export const checkoutMode = pgEnum("checkout_mode", ["exact-token", "exact-fiat"]);
// sandbox: the sandbox rail, no money moves; live: the real rail (lib/rail)
export const environment = pgEnum("environment", ["sandbox", "live"]);
export type Environment = (typeof environment.enumValues)[number];

export const merchants = pgTable(
  "merchants",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    displayName: text("display_name"),
    logoUrl: text("logo_url"),
    // set by the operator (`npm run admin -- disable`): the merchant's keys, dashboard and checkouts stop working
    disabledAt: ts("disabled_at"),
    // where v1 orders pay out when they name no destinationAddress
    evmWalletAddress: text("evm_wallet_address"),
    // the payer's page in the merchant's look (lib/theme.ts): null is the default preset
    checkoutTheme: jsonb("checkout_theme").$type<Record<string, unknown>>(),
    // hides the service's own name and marks on the payer's page
    disableBranding: boolean("disable_branding").notNull().default(false),
    // the origins allowed to frame the checkout (CSP frame-ancestors); none by default
    frameAncestors: jsonb("frame_ancestors").$type<string[]>().notNull().default([]),
    // the merchant's block explorer per chain id ({ "8453": "https://…" }, lib/merchants/explorer-urls.ts); a chain not in it uses the default
    explorerUrls: jsonb("explorer_urls").$type<Record<string, string>>(),
    // every merchant starts in the sandbox; the operator moves one to live (`npm run admin -- go-live`)
    environment: environment("environment").notNull().default("sandbox"),
    liveSince: ts("live_since"),
    // when a person first became its owner (sign-up in the dashboard, or a claim with the API key of
    // an account made before people existed); from then on no API key signs anyone in to the dashboard
    claimedAt: ts("claimed_at"),
    // an owner's rule: every member must have a second factor (TOTP or a passkey) to use the dashboard
    requireSecondFactor: boolean("require_second_factor").notNull().default(false),
    // who pays the real rail's fees on a session that does not say (lib/rail/fees.ts): MERCHANT,
    // PAYEE, or SPLIT with the payer's share in basis points
    feePayer: text("fee_payer", { enum: ["MERCHANT", "PAYEE", "SPLIT"] })
      .notNull()
      .default("MERCHANT"),
    buyerFeeShareBps: integer("buyer_fee_share_bps"),
    // a payment link's payer who gave their email gets a receipt once the payment completes (lib/receipts)
    payerReceipts: boolean("payer_receipts").notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // "merchant name is unique": sign-up and lookups by handle
    uniqueIndex("merchants_name_key").on(t.name),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    keyHash: text("key_hash").notNull(),
    displayPrefix: text("display_prefix").notNull(),
    name: text("name").notNull().default("Default key"),
    // who made it, as the audit trail names actors ("person:usr_…", "operator", "api")
    createdBy: text("created_by"),
    createdAt: created(),
    revokedAt: ts("revoked_at"),
    // an optional end: a rolled key's grace period, or an expiry chosen at creation
    expiresAt: ts("expires_at"),
    // refreshed at most every LAST_USED_EVERY_MS by the lookup that already read the row (lib/merchants/service.ts)
    lastUsedAt: ts("last_used_at"),
    // full: everything the API allows; read: its GET routes only (lib/http/route.ts)
    scope: text("scope", { enum: ["full", "read"] })
      .notNull()
      .default("full"),
  },
  (t) => [
    foreignKey({ name: "api_keys_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    // every authenticated request: key hash → merchant
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    index("api_keys_merchant_idx").on(t.merchantId),
  ],
);

/**
 * Where a merchant account's money may go: every recipient a session, an order or a payment link
 * names must be one of these (lib/merchants/payout-addresses.ts). Owners add and remove them.
 */
export const payoutAddresses = pgTable(
  "payout_addresses",
  {
    merchantId: text("merchant_id").notNull(),
    // lower-case 0x + 40 hex: one row per address whatever its checksum casing
    address: text("address").notNull(),
    label: text("label"),
    // who added it, as api_keys.created_by names actors ("person:usr_…", "operator", "api", "upgrade")
    addedBy: text("added_by"),
    createdAt: created(),
  },
  (t) => [
    foreignKey({ name: "payout_addresses_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    // every session, order and link created: is this address the merchant's? (and the settings list)
    primaryKey({ name: "payout_addresses_pk", columns: [t.merchantId, t.address] }),
    check("payout_addresses_address_check", sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
  ],
);

export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    // the merchant's environment when the session was created: it decides the rail for good, so a
    // sandbox session never takes real money, whatever the merchant becomes later
    environment: environment("environment").notNull().default("sandbox"),
    amountMicro: bigint("amount_micro", { mode: "bigint" }).notNull(),
    destinationChainId: integer("destination_chain_id").notNull(),
    destinationToken: text("destination_token").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    status: sessionStatus("status").notNull().default("CREATED"),
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    enabledPaymentPlatforms: jsonb("enabled_payment_platforms").$type<string[]>(),
    selectedPaymentPlatform: text("selected_payment_platform"),
    selectedFiatCurrency: text("selected_fiat_currency"),
    activeOrderId: text("active_order_id"),
    // exact-fiat: the payer pays exactly fiat_amount_minor (the currency's minor unit); amount_micro
    // is the estimate at the mid rate until an order is quoted, then that order's net USDC
    checkoutMode: checkoutMode("checkout_mode").notNull().default("exact-token"),
    fiatAmountMinor: bigint("fiat_amount_minor", { mode: "bigint" }),
    fiatCurrency: text("fiat_currency"),
    maxFeeBps: integer("max_fee_bps"),
    // v1 orders: the payer's credential (sha-256 of the order token shown once at creation); a
    // session that has one opens only with its token
    orderTokenHash: text("order_token_hash"),
    // the USDC fulfilled so far; v1 payments may pay part of an order (remaining = amount − paid)
    paidAmountMicro: bigint("paid_amount_micro", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    // who pays the real rail's fees (lib/rail/fees.ts); null on sessions made before it was kept: MERCHANT
    feePayer: text("fee_payer", { enum: ["MERCHANT", "PAYEE", "SPLIT"] }),
    buyerFeeShareBps: integer("buyer_fee_share_bps"),
    notes: jsonb("notes").$type<Record<string, unknown>>(),
    cancelledAt: ts("cancelled_at"),
    expiresAt: ts("expires_at").notNull(),
    completedAt: ts("completed_at"),
    // when the session first reached the overview's funnel steps "Started" (its first order) and
    // "Payment sent" (its first order whose payment was sent or that was fulfilled); set once by the
    // orders trigger of migration 0007, so that a session with several orders counts once
    firstOrderAt: ts("first_order_at"),
    paymentSentAt: ts("payment_sent_at"),
    // the payment link whose payer started this session (lib/links), if any
    paymentLinkId: text("payment_link_id"),
    // a link's session: the payer's address group (an IPv6 address by its /64), for the cap on the
    // places one address may hold on a link (null: not made from a link)
    clientGroup: text("client_group"),
    // the payer's language (one of lib/i18n's locales): the merchant's choice (the API's `locale`, a
    // link's), else for a link's session the browser's that started it (Accept-Language); null: auto
    locale: text("locale"),
    // the payer's receipt (lib/receipts): due from this time (set with the completion, in its
    // transaction), and when a job claimed it to send it (at most once); both null: none owed
    receiptDueAt: ts("receipt_due_at"),
    receiptSentAt: ts("receipt_sent_at"),
    // the hand-off to a computer (lib/checkout/handoff.ts): the short link's code, made when a payer's
    // browser that cannot prove a live payment asks for it, and a v1 order's token sealed with
    // APP_SECRET (the short link opens the page the payer's own link opens, token included)
    handoffCode: text("handoff_code"),
    handoffToken: text("handoff_token"),
    // the session's latest exception (lib/exceptions) as both API generations show it, written with
    // the exception's row in its transaction; null: none ever opened
    exception: jsonb("exception").$type<ExceptionSummary>(),
    // an owner marked the session paid in full to resolve an exception: who (their email) and when
    markedPaidBy: text("marked_paid_by"),
    markedPaidAt: ts("marked_paid_at"),
    // what its completed refunds gave back (lib/refunds), written with each completion
    refundedMicro: bigint("refunded_micro", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "checkout_sessions_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("restrict"),
    // GET /api/checkout/sessions: a merchant's sessions, newest first, keyset-paginated (the migration
    // adds INCLUDE (status), which the overview read before it read the daily rollup of migration 0007)
    index("checkout_sessions_merchant_created_idx").on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the list filtered by status
    index("checkout_sessions_merchant_status_created_idx").on(
      t.merchantId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // the dashboard's amount sorts, keyset-paged on (amount, id) in either direction
    index("checkout_sessions_merchant_amount_idx").on(t.merchantId, t.amountMicro.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the dashboard's metadata search: sessions with any metadata value equal to the query
    // (`jsonb_path_query_array(metadata, '$.*') @> '["value"]'`, see listSessions)
    index("checkout_sessions_metadata_values_idx").using("gin", sql`jsonb_path_query_array(${t.metadata}, '$.*') jsonb_path_ops`),
    // a merchant's completed sessions by completion time (the overview read its volume and median here, INCLUDE (amount_micro,
    // created_at), before the daily rollup of migration 0007)
    index("checkout_sessions_merchant_completed_idx")
      .on(t.merchantId, t.completedAt)
      .where(sql`status = 'COMPLETED'`),
    // expiry sweep: open sessions whose expiresAt has passed
    index("checkout_sessions_open_expiry_idx")
      .on(t.expiresAt)
      .where(sql`status in ('CREATED', 'ACTIVE')`),
    // a payment link's sessions, newest first (its page, its limit on payments); built concurrently
    index("checkout_sessions_payment_link_idx")
      .on(t.paymentLinkId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`payment_link_id is not null`),
    // the places a link's open sessions hold (lib/links/places.ts), per payer address; built concurrently
    index("checkout_sessions_link_open_idx")
      .on(t.paymentLinkId, t.clientGroup)
      .where(sql`payment_link_id is not null and status in ('CREATED', 'ACTIVE')`),
    // the receipts job (lib/receipts): the payers' receipts that are due; built concurrently
    index("checkout_sessions_receipt_due_idx")
      .on(t.receiptDueAt)
      .where(sql`receipt_due_at is not null`),
    // a hand-off's short link finds its session; one code, one session; built concurrently
    uniqueIndex("checkout_sessions_handoff_code_idx")
      .on(t.handoffCode)
      .where(sql`handoff_code is not null`),
  ],
);

/** The kinds of exception a session may need a person for (lib/exceptions/kinds.ts says what each means). */
export const EXCEPTION_KINDS = ["PAID_UNPROVEN", "RELEASE_BLOCKED", "PAID_LATE", "PARTLY_PAID", "PAID_ON_CANCELLED"] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
/** How an exception ended: the money came after all (RELEASED), an owner marked it paid or dismissed it. */
export const EXCEPTION_RESOLUTIONS = ["RELEASED", "MARKED_PAID", "DISMISSED"] as const;
export type ExceptionResolution = (typeof EXCEPTION_RESOLUTIONS)[number];
/** What is known of an exception's payment, for the merchant and for a maker or ZKP2P's support. */
export type ExceptionDetails = {
  reason: string;
  orderId?: string | null;
  intentHash?: string | null;
  depositId?: string | null;
  payeeHandle?: string | null;
  paymentPlatform?: string | null;
  fiatAmount?: string | null;
  fiatCurrency?: string | null;
  amountUsdc?: string | null;
  takerWallet?: string | null;
  signalTx?: string | null;
  txHash?: string | null;
  signalledAt?: string | null;
  paymentSentAt?: string | null;
  intentExpiresAt?: string | null;
  attestedAt?: string | null;
};
export type ExceptionSummary = {
  id: string;
  kind: ExceptionKind;
  status: "OPEN" | "RESOLVED";
  openedAt: string;
  resolvedAt: string | null;
  resolution: ExceptionResolution | null;
  resolvedBy: string | null;
  note: string | null;
  details: ExceptionDetails;
};

/**
 * A session or order that needs a person (lib/exceptions): a payment that may have been made but is
 * not proven, a release the chain refuses for now, money that came after the session ended or fell
 * short. One open exception per session and kind; the session row carries the latest as `exception`.
 */
export const sessionExceptions = pgTable(
  "session_exceptions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    sessionId: text("session_id").notNull(),
    orderId: text("order_id"),
    kind: text("kind", { enum: EXCEPTION_KINDS }).notNull(),
    status: text("status", { enum: ["OPEN", "RESOLVED"] })
      .notNull()
      .default("OPEN"),
    details: jsonb("details").$type<ExceptionDetails>().notNull(),
    resolution: text("resolution", { enum: EXCEPTION_RESOLUTIONS }),
    resolvedBy: text("resolved_by"),
    note: text("note"),
    openedAt: ts("opened_at").notNull().defaultNow(),
    resolvedAt: ts("resolved_at"),
  },
  (t) => [
    foreignKey({ name: "session_exceptions_session_fk", columns: [t.sessionId], foreignColumns: [checkoutSessions.id] }).onDelete(
      "cascade",
    ),
    // one open exception per session and kind: opening one again is a no-op
    uniqueIndex("session_exceptions_open_key")
      .on(t.sessionId, t.kind)
      .where(sql`status = 'OPEN'`),
    // the exceptions page and the navigation's count: a merchant's, open first, newest first
    index("session_exceptions_merchant_idx").on(t.merchantId, t.status, t.openedAt.desc().nullsFirst()),
  ],
);
export type SessionExceptionRow = typeof sessionExceptions.$inferSelect;

/** A refund's statuses (lib/refunds; the machine is REFUND in lib/state/machines.ts). */
export const refundStatus = pgEnum("refund_status", ["AWAITING_CLAIM", "AWAITING_TRANSFER", "COMPLETED", "CANCELLED", "EXPIRED"]);
/** "claim": the payer says where the USDC goes and the merchant's wallet sends it; "recorded": returned outside the service. */
export const REFUND_METHODS = ["claim", "recorded"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * Money given back to a payer (lib/refunds): the merchant decides (an amount up to what the session's
 * payments paid, less the refunds not cancelled or expired), the payer claims it on the link the
 * refund's id signs (an address on the session's chain), and the merchant's own wallet sends it; on the
 * real rail the service sees the USDC Transfer and completes it. One row per refund; the session row
 * carries what its completed refunds returned (refunded_micro).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    sessionId: text("session_id").notNull(),
    // the session's environment: a sandbox refund completes at its claim with a made-up transaction
    environment: environment("environment").notNull(),
    amountMicro: bigint("amount_micro", { mode: "bigint" }).notNull(),
    reason: text("reason"),
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    status: refundStatus("status").notNull().default("AWAITING_CLAIM"),
    metadata: jsonb("metadata").$type<Record<string, string>>(),
    // the payer's address (checksummed), from their claim; changeable until the merchant has sent
    payoutAddress: text("payout_address"),
    // the transfer (or transfers: the last one) that completed it, its sender and block
    txHash: text("tx_hash"),
    sentFrom: text("sent_from"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    // the chain's head when the address was claimed: transfers from this block on count
    watchFromBlock: bigint("watch_from_block", { mode: "bigint" }),
    // who made it: a person's email, or "API key <id>"
    createdBy: text("created_by").notNull(),
    createdAt: created(),
    claimedAt: ts("claimed_at"),
    completedAt: ts("completed_at"),
    cancelledAt: ts("cancelled_at"),
    // an unclaimed refund expires then (REFUND_CLAIM_TTL), and its amount is refundable again
    expiresAt: ts("expires_at").notNull(),
    // the refunds job (lib/start.ts): an expiry due, a live claim's chain to read, a completion's depth to check
    dueAt: ts("due_at"),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "refunds_session_fk", columns: [t.sessionId], foreignColumns: [checkoutSessions.id] }).onDelete("cascade"),
    check("refunds_amount_check", sql`${t.amountMicro} > 0`),
    // a session's refunds (its page, the refundable amount), oldest first
    index("refunds_session_idx").on(t.sessionId, t.createdAt),
    // the refunds job's sweep
    index("refunds_due_idx")
      .on(t.dueAt)
      .where(sql`due_at is not null`),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

/** A field a payment link asks its payer for; the answers become the session's metadata under the same key. */
export type PaymentLinkField = { key: "name" | "email" | "reference"; required: boolean };

// A reusable link (/l/<slug>) that opens a fresh checkout session for each payer (lib/links).
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    // the link's public name in /l/<slug>: random, never the id
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    checkoutMode: checkoutMode("checkout_mode").notNull().default("exact-token"),
    // exact-fiat: the currency the payer pays exactly
    fiatCurrency: text("fiat_currency"),
    maxFeeBps: integer("max_fee_bps"),
    // who pays the real rail's fees on this link's sessions; null: the merchant's setting
    feePayer: text("fee_payer", { enum: ["MERCHANT", "PAYEE", "SPLIT"] }),
    buyerFeeShareBps: integer("buyer_fee_share_bps"),
    // a fixed amount, or (null) an amount the payer types between min and max; µUSDC for
    // exact-token, the currency's minor unit for exact-fiat
    amountMinor: bigint("amount_minor", { mode: "bigint" }),
    minAmountMinor: bigint("min_amount_minor", { mode: "bigint" }),
    maxAmountMinor: bigint("max_amount_minor", { mode: "bigint" }),
    destinationChainId: integer("destination_chain_id").notNull(),
    destinationToken: text("destination_token").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    fields: jsonb("fields").$type<PaymentLinkField[]>().notNull().default([]),
    // the language of the link's page and its checkouts (one of lib/i18n's locales); null: auto, the payer's browser's
    locale: text("locale"),
    // closed once this many sessions completed through it, or after ends_at
    maxPayments: integer("max_payments"),
    endsAt: ts("ends_at"),
    active: boolean("active").notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "payment_links_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("restrict"),
    uniqueIndex("payment_links_slug_key").on(t.slug),
    // the merchant's links, newest first
    index("payment_links_merchant_created_idx").on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    status: orderStatus("status").notNull(),
    paymentPlatform: text("payment_platform").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    fiatAmountMinor: bigint("fiat_amount_minor", { mode: "bigint" }).notNull(),
    tokenAmountMicro: bigint("token_amount_micro", { mode: "bigint" }).notNull(),
    conversionRate: text("conversion_rate").notNull(),
    // what the payer's payment is worth in USDC before fees (gross) and what the merchant receives
    // (net): exact-fiat orders, at the mid rate; live orders, the intent and its release net of
    // V3's fees (expected at the start, from the chain once released); null: no fees (sandbox)
    grossAmountMicro: bigint("gross_amount_micro", { mode: "bigint" }),
    netAmountMicro: bigint("net_amount_micro", { mode: "bigint" }),
    // the part of the session's amount this order pays when its whole intent is released (null on
    // orders made before it was kept: the net, else the token amount)
    coversMicro: bigint("covers_micro", { mode: "bigint" }),
    // the fees a live release paid, by kind, read from the chain (null until released, or none)
    protocolFeeMicro: bigint("protocol_fee_micro", { mode: "bigint" }),
    managerFeeMicro: bigint("manager_fee_micro", { mode: "bigint" }),
    referralFeeMicro: bigint("referral_fee_micro", { mode: "bigint" }),
    recipient: text("recipient").notNull(),
    // null while a live order's signal is not mined yet (SIGNAL_SUBMITTED): the receipt names the intent
    intentHash: text("intent_hash"),
    signalTx: text("signal_tx"),
    fulfillTx: text("fulfill_tx"),
    expiresAt: ts("expires_at").notNull(),
    paymentSentAt: ts("payment_sent_at"),
    // the real rail's lock timeout asks first (lib/sessions/expiry.ts): when the payer's page last
    // showed the payee (its polls note it, every 10 s at most); ASKED: the timeout came with the page
    // open, and the order's end was put off (once) for its question "did you already send the money?";
    // NOT_SENT: the payer answered no
    payerSeenAt: ts("payer_seen_at"),
    lockQuestion: text("lock_question", { enum: ["ASKED", "NOT_SENT"] }),
    fulfilledAt: ts("fulfilled_at"),
    // the real rail (lib/orders/rail-steps/): when the order's next on-chain step is due (null: none),
    // how many times a step has been tried, and what the rail needs to act (the quote it signals with,
    // the taker wallet that owns the intent, the attestation it fulfils with)
    railDueAt: ts("rail_due_at"),
    railTries: integer("rail_tries").notNull().default(0),
    railState: jsonb("rail_state").$type<Record<string, unknown>>(),
    takerWallet: text("taker_wallet"),
    // the fencing token of the step that holds the order (lib/orders/rail-steps/due.ts claim): a
    // transaction is recorded only while the token is still the order's, so a step whose lease was
    // taken over by another process records and broadcasts nothing
    railLease: text("rail_lease"),
    // who started a live order: the payer's address group (an IPv6 address by its /64), for the cap
    // on open reservations per client address (null: started through the API, or sandbox)
    clientGroup: text("client_group"),
    // why it failed, in words a merchant can act on ("AccountHasActiveIntent", "signature expired")
    failureReason: text("failure_reason"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "orders_session_fk", columns: [t.sessionId], foreignColumns: [checkoutSessions.id] }).onDelete("restrict"),
    foreignKey({ name: "orders_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("restrict"),
    // "at most one live order per session": the backstop behind the session row lock in start (a
    // fulfilled order may be followed by another when it paid part of the amount)
    uniqueIndex("orders_one_live_per_session_key")
      .on(t.sessionId)
      .where(sql`status not in ('CANCELLED', 'EXPIRED', 'FAILED', 'FULFILLED')`),
    // POST /api/orders/fulfill looks orders up by intent hash
    uniqueIndex("orders_intent_hash_key").on(t.intentHash),
    // a session's orders, for the session page and the payload of its events; the platform makes the
    // dashboard's "sessions paid with X" filter probe it from the index only (migration 0008)
    index("orders_session_idx").on(t.sessionId, t.createdAt, t.paymentPlatform),
    // a merchant's orders of a period (the overview read its funnel and top lists here, with INCLUDE
    // columns, before the daily rollup of migration 0007)
    index("orders_merchant_created_idx").on(t.merchantId, t.createdAt),
    // expiry sweep: unpaid orders past their expiry
    index("orders_unpaid_expiry_idx")
      .on(t.expiresAt)
      .where(sql`status = 'SIGNAL_MINED'`),
    // the rail's due steps, for the dispatcher and the sweep
    index("orders_rail_due_idx")
      .on(t.railDueAt)
      .where(sql`rail_due_at is not null`),
    // the caps on open live reservations (lib/orders/reservations.ts): a merchant's and a client
    // address's live orders that hold, or wait for, a taker wallet
    index("orders_open_reservations_idx")
      .on(t.merchantId, t.clientGroup)
      .where(sql`status in ('SIGNAL_SUBMITTED', 'SIGNAL_MINED', 'PAYMENT_SENT')`),
    // the live starts of a client address over the last hour and day (lib/sessions/reservations.ts); built concurrently
    index("orders_client_group_created_idx")
      .on(t.clientGroup, t.createdAt)
      .where(sql`client_group is not null`),
  ],
);

/**
 * Every transaction the real rail signs, written before it is broadcast: a crash between signing and
 * broadcasting loses nothing (the raw bytes are here to send) and sends nothing twice (the nonce is
 * taken). A replacement (higher fee, or a no-op that frees a nonce) is a new row naming what it replaces.
 */
export const chainTxs = pgTable(
  "chain_txs",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    // signal | fulfill | cancel | noop
    kind: text("kind").notNull(),
    wallet: text("wallet").notNull(),
    nonce: integer("nonce").notNull(),
    raw: text("raw").notNull(),
    hash: text("hash").notNull(),
    // the moves of CHAIN_TX (lib/state/machines.ts): signed → sent → mined → confirmed; or reverted, replaced, dropped
    status: text("status").notNull(),
    maxFeePerGas: text("max_fee_per_gas"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    blockHash: text("block_hash"),
    replaces: text("replaces"),
    error: text("error"),
    sentAt: ts("sent_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "chain_txs_order_fk", columns: [t.orderId], foreignColumns: [orders.id] }).onDelete("restrict"),
    uniqueIndex("chain_txs_hash_key").on(t.hash),
    index("chain_txs_order_idx").on(t.orderId, t.createdAt),
    index("chain_txs_wallet_nonce_idx").on(t.wallet, t.nonce),
    // a wallet's nonce is taken once: two processes cannot both record a new transaction with it
    // (only a replacement, which names what it replaces, shares its original's nonce)
    uniqueIndex("chain_txs_wallet_nonce_key")
      .on(t.wallet, t.nonce)
      .where(sql`replaces is null`),
  ],
);

/**
 * The real rail's smoke tests (`npm run admin -- smoke-test`): each wallet quoted, signalled and
 * cancelled against the configured chain. A merchant goes live only once one has passed for this
 * chain and these wallets (or an operator overrode it, in the audit trail).
 */
export const railSmokeTests = pgTable(
  "rail_smoke_tests",
  {
    id: text("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    // the taker wallets tested, lowercase, sorted, comma-separated
    wallets: text("wallets").notNull(),
    passed: boolean("passed").notNull(),
    // what each step did (gas used, balance left, tier read) and anything refused
    report: jsonb("report").$type<Record<string, unknown>>().notNull(),
    createdAt: created(),
  },
  // go-live reads the latest passed test of a chain
  (t) => [index("rail_smoke_tests_chain_idx").on(t.chainId, t.createdAt)],
);

/** The taker wallets of the real rail: one open intent each, so an order holds one while it needs it. */
export const takerWallets = pgTable("taker_wallets", {
  address: text("address").primaryKey(),
  // the order whose intent the wallet holds (or is signalling); null: free
  orderId: text("order_id").unique("taker_wallets_order_key"),
  updatedAt: updated(),
});

export const proofAttempts = pgTable(
  "proof_attempts",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    outcome: text("outcome").notNull(),
    errorCode: text("error_code"),
    proof: jsonb("proof"),
    txHash: text("tx_hash"),
    // set aside by the operator (`npm run admin -- reset-proofs`): no longer counted against the limit
    resetAt: ts("reset_at"),
    createdAt: created(),
  },
  (t) => [
    foreignKey({ name: "proof_attempts_order_fk", columns: [t.orderId], foreignColumns: [orders.id] }).onDelete("cascade"),
    // the order page lists its proof attempts
    index("proof_attempts_order_idx").on(t.orderId, t.createdAt),
  ],
);

export const webhooks = pgTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    url: text("url").notNull(),
    events: jsonb("events").$type<string[]>().notNull(),
    active: boolean("active").notNull().default(true),
    secretEnc: text("secret_enc").notNull(),
    previousSecretEnc: text("previous_secret_enc"),
    previousSecretExpiresAt: ts("previous_secret_expires_at"),
    // the API generation whose events the webhook receives: 0 (lowercase v0 events) or 1 (ORDER_*, PAYMENT_*)
    apiVersion: integer("api_version").notNull().default(0),
    // v1: extra headers sent with every delivery (never the signature headers), [{ key, enc }]: each
    // value sealed with APP_SECRET; [{ key, value }] in rows from before values were sealed
    customHeaders: jsonb("custom_headers").$type<({ key: string; enc: string } | { key: string; value: string })[]>().notNull().default([]),
    // the endpoint's circuit (lib/webhooks/circuit.ts): attempts in a row that got no answer; once
    // open, until when its deliveries wait (then one is tried: half-open); how many times in a row it
    // opened (each opening waits twice as long). Never touches updated_at: no change a merchant made
    circuitFailures: integer("circuit_failures").notNull().default(0),
    circuitOpenUntil: ts("circuit_open_until"),
    circuitOpens: integer("circuit_opens").notNull().default(0),
    // deleted webhooks are kept so their delivery history stays readable; the API treats them as gone
    deletedAt: ts("deleted_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "webhooks_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    // GET /api/webhooks and the fan-out of every event: a merchant's live webhooks
    index("webhooks_merchant_live_idx")
      .on(t.merchantId, t.createdAt)
      .where(sql`deleted_at is null`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    type: text("type").notNull(),
    // 0: a v0 event (its payload is { session, order }); 1: a v1 event ({ order, payment, paymentBridge })
    apiVersion: integer("api_version").notNull().default(0),
    sessionId: text("session_id"),
    orderId: text("order_id"),
    payload: jsonb("payload").notNull(),
    createdAt: created(),
    // the id of the transaction that wrote the event (0 for events written before the column
    // existed): the event feed's order, whose settled part only grows (lib/events/feed.ts)
    xid: bigint("xid", { mode: "bigint" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    // the id of the API request whose work wrote the event (X-Request-Id), for following it through
    // the logs to its deliveries; null for events written by jobs or before the column existed
    requestId: text("request_id"),
  },
  (t) => [
    foreignKey({ name: "events_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    // GET /api/events/feed and its waiters: a merchant's v0 events in transaction order
    index("events_merchant_feed_idx")
      .on(t.merchantId, t.xid, t.createdAt, t.id)
      .where(sql`api_version = 0`),
    // the purge of old test events (purgeOldTestEvents): a handful of rows, however many events there are
    index("events_test_created_idx")
      .on(t.createdAt)
      .where(sql`type in ('webhook.test', 'WEBHOOK_TEST')`),
    // GET /api/events: newest first, keyset-paginated, optionally by type
    index("events_merchant_created_idx").on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the dashboard's events page filtered by type
    index("events_merchant_type_created_idx").on(t.merchantId, t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // a session's timeline
    index("events_session_idx").on(t.sessionId, t.createdAt),
  ],
);

export const deliveries = pgTable(
  "deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    status: deliveryStatus("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    // a worker's claim on the delivery: nobody else attempts it before this passes; the worker renews
    // it while its attempt runs
    leaseUntil: ts("lease_until"),
    // the claim's own token, drawn afresh by every claim: an attempt is recorded only while the row
    // still holds the token of the claim that made it (a worker that lost its claim writes nothing).
    // In no index, like the lease, so a claim stays an in-place (HOT) update
    claimToken: text("claim_token"),
    lastAttemptAt: ts("last_attempt_at"),
    responseCode: integer("response_code"),
    lastError: text("last_error"),
    durationMs: integer("duration_ms"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    foreignKey({ name: "deliveries_webhook_fk", columns: [t.webhookId], foreignColumns: [webhooks.id] }).onDelete("cascade"),
    foreignKey({ name: "deliveries_event_fk", columns: [t.eventId], foreignColumns: [events.id] }).onDelete("cascade"),
    // an event reaches a webhook once
    uniqueIndex("deliveries_webhook_event_key").on(t.webhookId, t.eventId),
    // GET /api/webhooks/:id/deliveries: newest first, keyset-paginated (DESC is NULLS FIRST, as ORDER BY … DESC sorts)
    index("deliveries_webhook_created_idx").on(t.webhookId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the same list filtered by status, or by event type (the dashboard's delivery log)
    index("deliveries_webhook_status_created_idx").on(t.webhookId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("deliveries_webhook_type_created_idx").on(t.webhookId, t.eventType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the dispatcher: pending deliveries that are due
    index("deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'PENDING'`),
    // an event's deliveries (session timeline)
    index("deliveries_event_idx").on(t.eventId),
    // webhook health: a webhook's deliveries that ended in the last day, by when they ended (the
    // migration adds INCLUDE (status, merchant_id)); pending ones never enter it. PostgreSQL keeps no
    // statistics for the expression of a partial index, so migration 0008 adds an extended statistics
    // object on it: without one the planner guesses a third of the table and scans all of it
    index("deliveries_webhook_ended_idx")
      .on(t.webhookId, sql`(coalesce(${t.lastAttemptAt}, ${t.updatedAt}))`)
      .where(sql`status in ('DELIVERED', 'FAILED')`),
  ],
);

export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id").notNull(),
    // its delivery's webhook, so a webhook's attempts are read by index (its health); written from
    // migration 0017 on, and filled in batches for older attempts (fillAttemptWebhooks)
    webhookId: text("webhook_id"),
    attemptNo: integer("attempt_no").notNull(),
    startedAt: ts("started_at").notNull(),
    responseCode: integer("response_code"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [
    foreignKey({ name: "delivery_attempts_delivery_fk", columns: [t.deliveryId], foreignColumns: [deliveries.id] }).onDelete("cascade"),
    // one row per attempt number: a second sender of the same attempt fails here
    uniqueIndex("delivery_attempts_delivery_attempt_key").on(t.deliveryId, t.attemptNo),
    // webhook health: a webhook's attempts of the last day (the migration adds INCLUDE (duration_ms),
    // so their median reads the index only), and its latest failed attempt
    index("delivery_attempts_webhook_started_idx").on(t.webhookId, t.startedAt),
    index("delivery_attempts_webhook_failed_idx")
      .on(t.webhookId, t.startedAt, t.attemptNo)
      .where(sql`response_code is null or response_code < 200 or response_code > 299`),
    // the attempts fillAttemptWebhooks has yet to fill (older than migration 0017, or written by the
    // release before it during an upgrade), newest first; the health reads them the old way meanwhile.
    // New attempts never enter it; a later release drops it
    index("delivery_attempts_webhook_missing_idx")
      .on(t.startedAt)
      .where(sql`webhook_id is null`),
  ],
);

/**
 * Failed password checks (lib/limits/auth-throttle.ts): per account and client address, per account,
 * per signed-in person. Each failure lengthens the wait before the next check of the same key: a
 * progressive delay, never a lock that an attacker elsewhere could put on the owner.
 */
export const authThrottle = pgTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: ts("last_failure_at").notNull(),
  },
  // the purge of keys long quiet
  (t) => [index("auth_throttle_last_failure_idx").on(t.lastFailureAt)],
);

export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    // the limiter's upsert: one counter per bucket and window
    primaryKey({ name: "rate_limit_counters_pk", columns: [t.bucket, t.windowStart] }),
    // clean-up of old windows
    index("rate_limit_counters_window_idx").on(t.windowStart),
  ],
);

export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["running", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    // the stored response, encrypted: it may hold a secret shown once
    responseEnc: text("response_enc"),
    createdAt: created(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    // "the same key within 24h": one record per merchant and key
    primaryKey({ name: "idempotency_records_pk", columns: [t.scope, t.key] }),
    index("idempotency_records_expiry_idx").on(t.expiresAt),
  ],
);

// ——— People: accounts, teams, second factors, the audit trail (lib/accounts) ———

export const memberRole = pgEnum("member_role", ["owner", "developer", "viewer"]);
export type MemberRole = (typeof memberRole.enumValues)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    // lower-cased and trimmed: one account per address
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: ts("email_verified_at"),
    // every session token carries the epoch it was made in: sign-out everywhere and a password
    // change raise it, which ends every older session at its next request
    sessionEpoch: integer("session_epoch").notNull().default(0),
    // TOTP: the secret sealed with APP_SECRET (lib/crypto.ts); the last time step accepted, so a code is used once
    totpSecretEnc: text("totp_secret_enc"),
    totpEnabledAt: ts("totp_enabled_at"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const memberships = pgTable(
  "memberships",
  {
    merchantId: text("merchant_id").notNull(),
    userId: text("user_id").notNull(),
    role: memberRole("role").notNull(),
    invitedBy: text("invited_by"),
    // when the member became an owner by an invite or a role change (lib/accounts/teams.ts): for
    // NEW_OWNER_PAYOUT_HOLD after it, their payout changes wait (lib/accounts/payout-holds.ts). Null
    // for the owner who made or claimed the account, and for members who are not owners
    ownerSince: ts("owner_since"),
    createdAt: created(),
  },
  (t) => [
    foreignKey({ name: "memberships_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    foreignKey({ name: "memberships_user_fk", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    primaryKey({ name: "memberships_pk", columns: [t.merchantId, t.userId] }),
    // a person's accounts (the switcher, and every request's check)
    index("memberships_user_idx").on(t.userId),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    email: text("email").notNull(),
    role: memberRole("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: created(),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    acceptedBy: text("accepted_by"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    foreignKey({ name: "invites_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    uniqueIndex("invites_token_hash_key").on(t.tokenHash),
    index("invites_merchant_idx").on(t.merchantId, t.createdAt),
  ],
);

export const payoutChangeStatus = pgEnum("payout_change_status", ["held", "applied", "cancelled", "lapsed"]);

/**
 * A change of where the money goes asked by a new owner (lib/accounts/payout-holds.ts), held until
 * `due_at`: a job applies it then (lib/accounts/payout-addresses.ts applyHeldChange), unless an earlier
 * owner cancels it from the link mailed to them, or its owner stops being one first (it lapses).
 */
export const payoutChanges = pgTable(
  "payout_changes",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    // "wallet": set the payout wallet to `address` (checksummed); "address": allow `address` (lower case)
    kind: text("kind", { enum: ["wallet", "address"] }).notNull(),
    address: text("address").notNull(),
    label: text("label"),
    // the new owner who asked for it (a user id)
    requestedBy: text("requested_by").notNull(),
    status: payoutChangeStatus("status").notNull().default("held"),
    createdAt: created(),
    dueAt: ts("due_at").notNull(),
    decidedAt: ts("decided_at"),
    // who cancelled it (a user id), from their mailed link
    decidedBy: text("decided_by"),
  },
  (t) => [
    foreignKey({ name: "payout_changes_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    // the job's sweep: held changes that are due
    index("payout_changes_due_idx")
      .on(t.dueAt)
      .where(sql`status = 'held'`),
    // the settings page: an account's held changes
    index("payout_changes_merchant_idx").on(t.merchantId, t.createdAt),
    // a change waits once: the same address is not held twice
    uniqueIndex("payout_changes_held_key")
      .on(t.merchantId, t.kind, t.address)
      .where(sql`status = 'held'`),
  ],
);

/** One-time links sent by email: verifying an address, resetting a password. Only their hash is kept. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull(),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    createdAt: created(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    foreignKey({ name: "email_tokens_user_fk", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    index("email_tokens_user_idx").on(t.userId),
  ],
);

export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: text("user_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    foreignKey({ name: "recovery_codes_user_fk", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    primaryKey({ name: "recovery_codes_pk", columns: [t.userId, t.codeHash] }),
  ],
);

export const passkeys = pgTable(
  "passkeys",
  {
    // the credential id, base64url
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>(),
    name: text("name").notNull(),
    createdAt: created(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    foreignKey({ name: "passkeys_user_fk", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
    index("passkeys_user_idx").on(t.userId),
  ],
);

/** WebAuthn challenges, kept server-side so any instance can check the answer; each is used once. */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    userId: text("user_id"),
    purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_expiry_idx").on(t.expiresAt)],
);

/**
 * Who changed what, when and from where. Append-only: migration 0012 makes the database refuse any
 * UPDATE, DELETE or TRUNCATE of it, whatever the application asks.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // null for a person's own account (a password change, a second factor)
    merchantId: text("merchant_id"),
    // person (a user id), key (an API key id), operator (the admin command line)
    actorKind: text("actor_kind", { enum: ["person", "key", "operator"] }).notNull(),
    actorId: text("actor_id"),
    // what a reader recognises: the person's email, the key's name and prefix
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: created(),
  },
  (t) => [index("audit_log_merchant_idx").on(t.merchantId, t.id), index("audit_log_actor_idx").on(t.actorId, t.id)],
);

export type UserRow = typeof users.$inferSelect;

export type MerchantRow = typeof merchants.$inferSelect;
export type SessionRow = typeof checkoutSessions.$inferSelect;
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type SessionStatus = (typeof sessionStatus.enumValues)[number];
export type OrderStatus = (typeof orderStatus.enumValues)[number];

/*
 * The dashboard overview's daily rollup (lib/dashboard/stats.ts). Triggers on checkout_sessions and
 * orders (migration 0007_overview_rollup) keep these tables in step with every write, in the writing
 * statement's transaction, whichever code path or plain SQL made it. Each (merchant, UTC day) is
 * spread over OVERVIEW_SHARDS rows (the session id's hash) so that concurrent transactions of one
 * merchant rarely wait on one row; a read sums the shards. A day is the session's creation day for the
 * status counts, the funnel and the orders, and its completion day for the volume and time to pay.
 */
/** the shards of merchant_daily_stats and merchant_daily_order_stats; the time-to-pay histogram keeps 4 */
export const OVERVIEW_SHARDS = 32;

export const merchantDailyStats = pgTable(
  "merchant_daily_stats",
  {
    merchantId: text("merchant_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    // sessions created on the day, by their status now
    created: integer("created").notNull().default(0),
    active: integer("active").notNull().default(0),
    completed: integer("completed").notNull().default(0),
    expired: integer("expired").notNull().default(0),
    cancelled: integer("cancelled").notNull().default(0),
    // sessions created on the day that have an order, and one whose payment was sent (or fulfilled)
    started: integer("started").notNull().default(0),
    paymentSent: integer("payment_sent").notNull().default(0),
    // sessions completed on the day, and their amount
    completedOnDay: integer("completed_on_day").notNull().default(0),
    completedMicro: bigint("completed_micro", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    foreignKey({ name: "merchant_daily_stats_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete("cascade"),
    // the overview: a merchant's days since the start of the period
    primaryKey({ name: "merchant_daily_stats_pkey", columns: [t.merchantId, t.day, t.shard] }),
  ],
);

export const merchantDailyOrderStats = pgTable(
  "merchant_daily_order_stats",
  {
    merchantId: text("merchant_id").notNull(),
    // the creation day of the order's session
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    dimension: text("dimension", { enum: ["platform", "currency"] }).notNull(),
    key: text("key").notNull(),
    orders: integer("orders").notNull().default(0),
    // fulfilled orders and the USDC they paid (net of fees for exact-fiat orders)
    paid: integer("paid").notNull().default(0),
    paidMicro: bigint("paid_micro", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    foreignKey({ name: "merchant_daily_order_stats_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete(
      "cascade",
    ),
    // the overview's top platforms and currencies: a merchant's days since the start of the period
    primaryKey({ name: "merchant_daily_order_stats_pkey", columns: [t.merchantId, t.day, t.shard, t.dimension, t.key] }),
  ],
);

export const merchantDailyTimeToPay = pgTable(
  "merchant_daily_time_to_pay",
  {
    merchantId: text("merchant_id").notNull(),
    // the completion day
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    // -1: under a second; b ≥ 0: [1.02^b, 1.02^(b+1)) seconds (lib/dashboard/stats.ts reads the median from it)
    bucket: smallint("bucket").notNull(),
    n: integer("n").notNull().default(0),
    // the exact sum of the bucket's times to pay, in microseconds: the median is a bucket's mean
    totalMicros: bigint("total_micros", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    foreignKey({ name: "merchant_daily_time_to_pay_merchant_fk", columns: [t.merchantId], foreignColumns: [merchants.id] }).onDelete(
      "cascade",
    ),
    // the overview's median time to pay: a merchant's days since the start of the period
    primaryKey({ name: "merchant_daily_time_to_pay_pkey", columns: [t.merchantId, t.day, t.shard, t.bucket] }),
  ],
);
