import type { FeeTerms } from "./fees";
import type { StoredAttestation } from "./zkp2p/services";
import type { PaymentPlatform } from "./platforms";

export type Quote = {
  fiatCurrency: string;
  /** fiat amount in the currency's minor unit (cents) */
  fiatAmountMinor: bigint;
  /**
   * USDC the intent locks and a full payment releases, in micro-USDC: what the payer's fiat buys.
   * Before the rail's fees (feeMicro): the sandbox has none, so it is what the merchant receives.
   */
  tokenAmountMicro: bigint;
  /** the fees a full release is expected to pay (the real rail's quote); absent: none */
  feeMicro?: bigint;
  /** fiat per USDC, as a decimal string */
  conversionRate: string;
  payeeHandle: string;
  /** what a real rail needs to signal this quote (its deposit, rate, payee hash); the sandbox has none */
  intent?: Record<string, string>;
};

/** An exact-fiat quote: the payer pays fiatAmountMinor exactly; tokenAmountMicro is the merchant's (net) USDC. */
export type FiatQuote = Quote & {
  /** the fiat's USDC worth at the mid rate, rounded down */
  grossAmountMicro: bigint;
  /** the platform's spread over the mid rate, in basis points: what maxFeePercentage is compared with */
  spreadBps: number;
  /** the quote's rate, fiat per USDC with 8 decimals (conversionRate as an integer) */
  rate: bigint;
};

/**
 * What opening an order's intent did: done at once (the sandbox: the intent exists and the order
 * starts SIGNAL_MINED), or scheduled (the real rail: the order starts SIGNAL_SUBMITTED and its signal
 * step, lib/orders/rail-steps/signal.ts, sends the transaction).
 */
export type IntentOpening = { state: "done"; intentHash: `0x${string}`; signalTx: `0x${string}` } | { state: "scheduled" };

export type ProofRejection = { ok: false; code: "PROOF_INVALID" | "PROOF_EXPIRED" | "FULFILL_REVERTED"; message: string };

/**
 * A proof's verdict: released at once (the sandbox), verified with the release to follow on-chain
 * (the real rail: `attestation` is what the order's fulfil step sends), or refused.
 */
export type ProofOutcome =
  | { ok: true; state: "released"; txHash: `0x${string}` }
  | { ok: true; state: "verified"; attestation: StoredAttestation; releaseMicro: bigint }
  | ProofRejection;

/**
 * Makers a quote must not come from: those an order already failed to signal with (the real rail's
 * re-quote). `payees` are their handles (curator's excludedPayToValues), `deposits` their deposits
 * ("escrow:depositId", lower case), which the rail also leaves out itself if curator does not.
 */
export type QuoteExclusion = { payees: readonly string[]; deposits: readonly string[] };

/** amountMicro: the part of the session's amount to pay; fees: who bears the rail's fees on it (none: the merchant) */
export type QuoteInput = {
  platform: PaymentPlatform;
  fiatCurrency: string;
  amountMicro: bigint;
  recipientAddress?: string;
  fees?: FeeTerms;
  exclude?: QuoteExclusion;
};
export type FiatQuoteInput = {
  platform: PaymentPlatform;
  fiatCurrency: string;
  fiatAmountMinor: bigint;
  recipientAddress?: string;
  exclude?: QuoteExclusion;
};

/** A chain and a token on it that a rail pays out in (the token's address, any casing). */
export type PayoutDestination = { chainId: number; token: string };

/**
 * A payment rail: how a fiat payment on a platform becomes USDC on-chain. Both rails go through the
 * same steps; the sandbox answers each at once, the real ZKP2P rail (lib/rail/zkp2p/) asks its
 * services and the chain, and its on-chain steps are carried on by jobs (lib/orders/rail-steps/).
 */
export interface PaymentRail {
  readonly name: "sandbox" | "zkp2p";
  /** the platforms this rail can pay on */
  readonly platforms: readonly PaymentPlatform[];
  /**
   * Where it can send the money: a session on this rail must name one of these. null: wherever the
   * deployment's chains allow (the sandbox, which moves no money). A bridge widens the real rail's list.
   */
  readonly destinations: readonly PayoutDestination[] | null;
  quote(input: QuoteInput): Promise<Quote>;
  /** The exact-fiat quote: what a fixed fiat amount buys on a platform, rounded down to micro-USDC. */
  quoteFiat(input: FiatQuoteInput): Promise<FiatQuote>;
  /** Opens the order's intent on the rail, at once or by scheduling the order's signal step. */
  openIntent(input: {
    orderId: string;
    sessionId: string;
    quote: Quote;
    recipientAddress: string;
    chainId: number;
  }): Promise<IntentOpening>;
  /** intent: the order's on-chain intent as the rail recorded it (real rail); proof: the payer's, never stored */
  verifyProof(input: { orderId: string; intentHash: string; proof: unknown; order: ProofContext }): Promise<ProofOutcome>;
}

/** What a rail may need of an order to verify its proof. */
export type ProofContext = {
  paymentPlatform: string;
  fiatCurrency: string;
  tokenAmountMicro: bigint;
  railState: Record<string, unknown> | null;
};
