import type { Address } from "viem";
import type { LiveRailSettings } from "@/lib/core/config/live-rail";
import { logger } from "@/lib/core/logger";
import { bounded, ServiceError } from "./services";

// Peer's taker tiers: each taker wallet may lock at most so much per order on each platform, and after
// an order on a reversible method it cools down (12 hours at the time of writing). Curator answers a
// wallet's standing at `GET /v2/taker/tier` (ZKP2P's "taker tiers" cookbook; `@zkp2p/sdk` 0.14.1 has no
// call for it, the older client SDK and peer-cli did). Read per wallet and kept a minute. When curator
// does not answer, the wallet is taken at the lowest tier's published limits (ZKP2P_TIER_FALLBACK), so
// nothing is signalled that a new wallet could not take.

const CACHE_MS = 60_000;

export type Standing = {
  tier: string;
  /** the most a wallet may lock per order on a platform, in micro-USDC; 0: locked */
  capFor(platform: string): bigint;
  /** when a wallet may next signal on a platform (null: now) */
  availableAt(platform: string): Date | null;
};

type TierAnswer = {
  tier?: string;
  perIntentCapBaseUnits?: string;
  cooldownActive?: boolean;
  nextIntentAvailableAt?: string | null;
  platformLimits?: {
    paymentMethod?: string;
    platform?: string;
    perIntentCapBaseUnits?: string;
    cooldownHours?: number;
    locked?: boolean;
  }[];
};

function standingOf(a: TierAnswer): Standing {
  const overall = BigInt(a.perIntentCapBaseUnits ?? 0);
  const limits = new Map((a.platformLimits ?? []).map((l) => [String(l.paymentMethod ?? l.platform ?? "").toLowerCase(), l]));
  const until = a.cooldownActive && a.nextIntentAvailableAt ? new Date(a.nextIntentAvailableAt) : null;
  return {
    tier: a.tier ?? "UNKNOWN",
    capFor(platform) {
      const l = limits.get(platform);
      if (!l) return overall;
      if (l.locked) return 0n;
      const cap = BigInt(l.perIntentCapBaseUnits ?? overall);
      return cap < overall ? cap : overall;
    },
    availableAt(platform) {
      // the cooldown binds the reversible methods (those with cooldown hours); with no list, all of them
      const l = limits.get(platform);
      if (!until || (limits.size > 0 && !(l?.cooldownHours && l.cooldownHours > 0))) return null;
      return until.getTime() > Date.now() ? until : null;
    },
  };
}

export class TakerTiers {
  private readonly cache = new Map<string, { until: number; standing: Promise<Standing> }>();

  constructor(readonly settings: LiveRailSettings) {}

  standing(wallet: Address): Promise<Standing> {
    const key = wallet.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.standing;
    const standing = this.read(wallet);
    this.cache.set(key, { until: Date.now() + CACHE_MS, standing });
    return standing;
  }

  /** Reads every wallet again next time. */
  clear() {
    this.cache.clear();
  }

  /** After a signal: the wallet's cooldown may have started; it is read again next time. */
  forget(wallet: Address) {
    this.cache.delete(wallet.toLowerCase());
  }

  /** Curator's answer for a wallet now, uncached; a failure is thrown, not replaced by the fallback (the smoke test reports it). */
  async readNow(wallet: Address): Promise<Standing> {
    const url = new URL("/v2/taker/tier", this.settings.apiUrl);
    url.searchParams.set("owner", wallet);
    url.searchParams.set("chainId", String(this.settings.network.chainId));
    // within the process's limit on the tier service, as every call to a ZKP2P service
    const body = await bounded("tier", this.settings.serviceTimeoutMs, async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.settings.serviceTimeoutMs) });
      if (!res.ok)
        throw new ServiceError("tier", res.status >= 500 || res.status === 429 ? "retry" : "refused", `tier: ${res.status}`, res.status);
      return (await res.json()) as { responseObject?: TierAnswer };
    });
    if (!body.responseObject?.perIntentCapBaseUnits) throw new ServiceError("tier", "retry", "tier: no perIntentCapBaseUnits");
    return standingOf(body.responseObject);
  }

  private async read(wallet: Address): Promise<Standing> {
    try {
      return await this.readNow(wallet);
    } catch (err) {
      logger.warn("taker tier not read; the lowest tier's limits apply", { wallet, error: (err as Error).message });
      // not kept as long as a real answer: read again soon
      setTimeout(() => this.cache.delete(wallet.toLowerCase()), 5_000).unref?.();
      return standingOf(this.settings.tierFallback);
    }
  }
}
