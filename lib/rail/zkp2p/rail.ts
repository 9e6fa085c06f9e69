import type { PaymentPlatform } from "../platforms";
import { PAYMENT_PLATFORMS } from "../platforms";
import type {
  FiatQuote,
  FiatQuoteInput,
  IntentOpening,
  PaymentRail,
  PayoutDestination,
  ProofContext,
  ProofOutcome,
  Quote,
  QuoteInput,
} from "../rail";
import { verifyLiveProof } from "./proof";
import { GroupMembership } from "./groups";
import { QuoteBook } from "./quotes";
import { TakerTiers } from "./tiers";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";

// The real rail: ZKP2P on Base. What happens when a payer starts a live payment:
//  1. quotes.ts prices it from curator's quotes; the order keeps the quote's intent (QuotedIntent);
//  2. openIntent schedules the order's signal step (lib/orders/rail-steps/signal.ts), which takes a
//     taker wallet (wallets.ts), asks the gating signature (services.ts) and sends the transaction
//     (transactions.ts, calldata.ts);
//  3. the payer pays on the platform and the Peer extension captures it; proof.ts has the
//     attestation service verify it;
//  4. the fulfil step (lib/orders/rail-steps/fulfil.ts) sends the release and records it;
//  5. an order that ends otherwise is unwound (unwind.ts there), and the reconciler (reconcile.ts
//     there) heals what the chain did behind our back: releases by others, pruned intents, reorgs.

export class Zkp2pRail implements PaymentRail {
  readonly name = "zkp2p";
  readonly platforms: readonly PaymentPlatform[];
  /** the intent releases the network's USDC to the recipient on the network's own chain (Base), nothing else */
  readonly destinations: readonly PayoutDestination[];
  private readonly quotes: QuoteBook;
  /** the taker wallets' tiers, read from curator: which wallet may take which order */
  readonly tiers: TakerTiers;
  /** which wallets a gated deposit accepts, read from the chain */
  readonly groups: GroupMembership;

  constructor(readonly settings: LiveRailSettings) {
    this.platforms = PAYMENT_PLATFORMS.filter((p) => settings.network.paymentMethods[p]);
    this.destinations = [{ chainId: settings.network.chainId, token: settings.network.usdc }];
    this.tiers = new TakerTiers(settings);
    this.groups = new GroupMembership(settings);
    this.quotes = new QuoteBook(settings, this.platforms, this.tiers, this.groups);
  }

  quote(input: QuoteInput): Promise<Quote> {
    return this.quotes.quote(input);
  }

  quoteFiat(input: FiatQuoteInput): Promise<FiatQuote> {
    return this.quotes.quoteFiat(input);
  }

  /** A live intent is a transaction: the order's signal step sends it, so opening one schedules it. */
  async openIntent(): Promise<IntentOpening> {
    return { state: "scheduled" };
  }

  verifyProof(input: { orderId: string; intentHash: string; proof: unknown; order: ProofContext }): Promise<ProofOutcome> {
    return verifyLiveProof(this.settings, input);
  }
}
