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
  signalIntent(input: { orderId: string; sessionId: string; quote: Quote; recipientAddress: string; chainId: number }): Signal;
  verifyProof(input: { orderId: string; intentHash: string; proof: unknown }): ProofOutcome;
}
