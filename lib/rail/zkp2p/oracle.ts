import chainlinkFeeds from "@zkp2p/contracts-v2/oracleFeeds/chainlink.json" with { type: "json" };
import { type Address, parseAbi } from "viem";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { AppError } from "@/lib/core/errors";
import { RailChain } from "./chain";

// The market's mid rate of a fiat currency, from the Chainlink feeds on Base that `@zkp2p/contracts-v2`
// publishes (oracleFeeds/chainlink.json: XXX/USD pairs, as the SDK reads them, USD being 1). A live
// fiat-priced session measures each platform's quote against it. A feed whose answer is older than
// ZKP2P_FEED_MAX_AGE, or not a positive number, gives no rate.

const AGGREGATOR_ABI = parseAbi([
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);
const E18 = 10n ** 18n;
const CACHE_MS = 30_000;

const FEEDS = new Map<string, { feed: Address; decimals: number }>(
  chainlinkFeeds.feeds.map((f) => [f.pair.split("/")[0]!, { feed: f.feed as Address, decimals: f.decimals }]),
);

/** Whether a currency has a mid-rate source at all. */
export const hasMidRate = (currency: string) => currency === "USD" || FEEDS.has(currency);

export class MidRates {
  private readonly cache = new Map<string, { until: number; rate: Promise<bigint> }>();

  constructor(readonly settings: LiveRailSettings) {}

  /** Fiat per USDC with 18 decimals, rounded up (USDC taken at one US dollar). */
  mid(currency: string): Promise<bigint> {
    if (currency === "USD") return Promise.resolve(E18);
    const hit = this.cache.get(currency);
    if (hit && hit.until > Date.now()) return hit.rate;
    const rate = this.read(currency);
    this.cache.set(currency, { until: Date.now() + CACHE_MS, rate });
    rate.catch(() => this.cache.delete(currency));
    return rate;
  }

  private async read(currency: string): Promise<bigint> {
    const feed = FEEDS.get(currency);
    if (!feed) throw noRate(currency, `there is no price feed for ${currency}`);
    const chain = new RailChain(this.settings);
    const [roundId, answer, , updatedAt, answeredInRound] = await chain.client.readContract({
      address: feed.feed,
      abi: AGGREGATOR_ABI,
      functionName: "latestRoundData",
    });
    if (answer <= 0n || updatedAt === 0n || answeredInRound < roundId)
      throw noRate(currency, `the ${currency} price feed has no valid answer`);
    // measured on the chain's clock, as the feed's own updatedAt is
    const age = (await chain.client.getBlock()).timestamp - updatedAt;
    if (age * 1000n > BigInt(this.settings.feedMaxAgeMs)) {
      throw noRate(currency, `the ${currency} price feed has not updated for ${Math.round(Number(age) / 3600)} hours`);
    }
    // answer: USD per unit of the currency, in the feed's decimals; its inverse is the currency per USD
    const unit = 10n ** BigInt(feed.decimals);
    return (unit * E18 + answer - 1n) / answer;
  }
}

const noRate = (currency: string, why: string) =>
  new AppError(
    "CONFLICT",
    `Live payments priced in ${currency} are not available right now: ${why}. Try again later, or price the session in USDC.`,
    // the merchant reads why; the payer's page only that it cannot be paid now
    { fiatCurrency: currency, payerMessage: `Live payments priced in ${currency} are not available right now.` },
  );
