import type { PaymentPlatform } from "./platforms";

export type Quote = {
  fiatCurrency: string;
  /** fiat amount in the currency's minor unit (cents) */
  fiatAmountMinor: bigint;
  /** USDC the merchant receives, in micro-USDC */
  tokenAmountMicro: bigint;
  /** fiat per USDC, as a decimal string */
  conversionRate: string;
  payeeHandle: string;
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

export type Signal = { intentHash: `0x${string}`; signalTx: `0x${string}` };

export type ProofOutcome =
  { ok: true; txHash: `0x${string}` } | { ok: false; code: "PROOF_INVALID" | "PROOF_EXPIRED" | "FULFILL_REVERTED"; message: string };

/**
 * A payment rail: how a fiat payment on a platform becomes USDC on-chain. The sandbox rail needs no
 * network; a real ZKP2P rail implements the same four steps against the escrow contracts.
 */
export interface PaymentRail {
  readonly name: string;
  quote(input: { platform: PaymentPlatform; fiatCurrency: string; amountMicro: bigint }): Quote;
  /** The exact-fiat quote: what a fixed fiat amount buys on a platform, rounded down to micro-USDC. */
  quoteFiat(input: { platform: PaymentPlatform; fiatCurrency: string; fiatAmountMinor: bigint }): FiatQuote;
  signalIntent(input: { orderId: string; sessionId: string; quote: Quote; recipientAddress: string; chainId: number }): Signal;
  verifyProof(input: { orderId: string; intentHash: string; proof: unknown }): ProofOutcome;
}
