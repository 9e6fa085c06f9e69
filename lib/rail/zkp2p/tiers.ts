import type { Address } from "viem";
import type { LiveRailSettings, TierFallback } from "@/lib/core/config/live-rail";
import { logger } from "@/lib/core/logger";
import { nameHash } from "./protocol";
import { bounded, ServiceError } from "./services";

// Peer's taker tiers: each taker wallet may lock at most so much per order on each platform (some
// platforms are locked below a tier), and after an order on a reversible method the wallet cools
// down (12 hours at the lowest tier, 6 at Peer) on every reversible method, while the low-risk ones
// stay open. Curator answers a wallet's standing at `GET /v2/taker/tier` in the shape of the older
// client SDK's `TakerTier` (`@zkp2p/sdk` 0.14.1 has no call for it). Read per wallet and kept a minute.
// When curator does not answer, or does not list a platform, the lowest tier's published limits
// apply (ZKP2P_TIER_FALLBACK), so nothing is signalled that a new wallet could not take.

const CACHE_MS = 60_000;

export type TakerTierLevel = "PEASANT" | "PEER" | "PLUS" | "PRO" | "PLATINUM" | "PEER_PRESIDENT";
export type PlatformRiskLevel = "LOW" | "MEDIUM_HIGH" | "HIGH" | "HIGHEST";

/** One platform's limit for a wallet, as curator publishes it (the client SDK's `PlatformLimit`). */
export type PlatformLimit = {
  paymentMethodHash: string;
  platformName: string;
  riskLevel: PlatformRiskLevel;
  capMultiplier: number;
  /** the per-order cap: a string whose unit is not documented (read by capMicroOf) */
  effectiveCap: string;
  effectiveCapDisplay: string;
  /** whether the wallet's cooldown binds this platform (the reversible methods) */
  hasCooldown: boolean;
  cooldownHours: number;
  isLocked: boolean;
  minTierRequired: TakerTierLevel | null;
};

/** A wallet's standing, as curator publishes it (the client SDK's `TakerTier`); it comes wrapped in `{success, message, responseObject}`. */
export type TakerTierAnswer = {
  owner: string;
  chainId: number;
  tier: TakerTierLevel;
  /** the tier's base cap, micro-USDC: not a cap of any platform (each has its own effectiveCap) */
  perIntentCapBaseUnits: string;
  perIntentCapDisplay: string;
  lastUpdated: string;
  source: "computed" | "fallback";
  stats: unknown;
  cooldownHours: number;
  cooldownSeconds: number;
  /** the wallet's cooldown, across the platforms with hasCooldown */
  cooldownActive: boolean;
  cooldownRemainingSeconds: number;
  nextIntentAvailableAt: string | null;
  platformLimits?: PlatformLimit[];
};

export type Standing = {
  tier: string;
  /** the most a wallet may lock per order on a platform, in micro-USDC; 0: locked */
  capFor(platform: string): bigint;
  /** when a wallet may next signal on a platform (null: now) */
  availableAt(platform: string): Date | null;
};

/** A platform's limit as the rail uses it. */
type Limit = { capMicro: bigint; cools: boolean };

const MICRO = 1_000_000n;

/** A platform's name as compared: "Cash App", "CASHAPP" and "cashapp" are one. */
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** `"$1,250"`, `"500 USDC"`, `"500.00"` → micro-USDC; null when it is no amount ("Locked", "—"). */
function displayMicro(display: unknown): bigint | null {
  if (typeof display !== "string") return null;
  const plain = display.replace(/usdc|usd|us\$|\$|,|\s/gi, "");
  const m = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(plain);
  if (!m) return null;
  return BigInt(m[1]!) * MICRO + BigInt((m[2] ?? "").padEnd(6, "0"));
}

/** Two amounts the same but for a display's rounding: within a cent or 1 %. */
const agree = (a: bigint, b: bigint) => {
  const d = a > b ? a - b : b - a;
  return d <= 10_000n || d * 100n <= b;
};

/**
 * A PlatformLimit's effectiveCap in micro-USDC. Its unit is not published: an integer string is taken
 * as base units (as perIntentCapBaseUnits is) unless the display says it is whole dollars (a factor
 * of 1e6 apart); a decimal string is dollars. When neither reading matches the display the smaller
 * is taken. Null: no amount can be read.
 */
export function capMicroOf(effectiveCap: unknown, display: unknown): bigint | null {
  const raw = typeof effectiveCap === "number" && Number.isSafeInteger(effectiveCap) ? String(effectiveCap) : effectiveCap;
  const shown = displayMicro(display);
  if (typeof raw !== "string") return shown;
  if (/^\d{1,30}$/.test(raw)) {
    const base = BigInt(raw);
    if (shown === null || agree(base, shown)) return base;
    if (agree(base * MICRO, shown)) return base * MICRO;
    logger.warn("taker tier: a platform's effectiveCap disagrees with its display; the smaller is taken", { effectiveCap: raw, display });
    return base < shown ? base : shown;
  }
  return displayMicro(raw) ?? shown;
}

/** One entry of platformLimits as a Limit, or null when it says nothing usable (the fallback then applies). */
function limitOf(l: Record<string, unknown>): Limit | null {
  const cools = l.hasCooldown === true || (l.hasCooldown === undefined && typeof l.cooldownHours === "number" && l.cooldownHours > 0);
  if (l.isLocked === true) return { capMicro: 0n, cools };
  const capMicro = capMicroOf(l.effectiveCap, l.effectiveCapDisplay);
  return capMicro === null ? null : { capMicro, cools };
}

/** The stricter of two limits on one platform (curator listing it twice). */
const stricter = (a: Limit, b: Limit): Limit => ({
  capMicro: a.capMicro < b.capMicro ? a.capMicro : b.capMicro,
  cools: a.cools || b.cools,
});

/** The fallback table as limits by platform. */
function fallbackLimits(table: TierFallback): Map<string, Limit> {
  return new Map(table.map((t) => [key(t.platform), { capMicro: t.locked ? 0n : t.capMicro, cools: t.cooldownHours > 0 }]));
}

/**
 * A wallet's standing from curator's answer (the published TakerTier) at `readAt`: each platform by
 * its PlatformLimit, matched by name (any case) or by paymentMethodHash (keccak256 of our platform
 * id, as the catalog hashes it); a platform curator does not list, or lists unreadably, at the
 * fallback's limit. The wallet's cooldown binds the platforms with hasCooldown.
 */
export function standingOf(a: Record<string, unknown>, fallback: TierFallback, readAt = Date.now()): Standing {
  const byName = new Map<string, Limit>();
  const byHash = new Map<string, Limit>();
  const add = (map: Map<string, Limit>, k: string, l: Limit) => map.set(k, map.has(k) ? stricter(map.get(k)!, l) : l);
  for (const entry of Array.isArray(a.platformLimits) ? a.platformLimits : []) {
    if (typeof entry !== "object" || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const limit = limitOf(e);
    if (!limit) continue;
    if (typeof e.platformName === "string" && e.platformName) add(byName, key(e.platformName), limit);
    if (typeof e.paymentMethodHash === "string" && /^0x[0-9a-fA-F]{64}$/.test(e.paymentMethodHash))
      add(byHash, e.paymentMethodHash.toLowerCase(), limit);
  }
  const fallen = fallbackLimits(fallback);
  const limitFor = (platform: string): Limit =>
    byName.get(key(platform)) ?? byHash.get(nameHash(platform).toLowerCase()) ?? fallen.get(key(platform)) ?? { capMicro: 0n, cools: true };

  // the end of the wallet's cooldown: the later of what curator says it is and what remains of it
  let until: Date | null = null;
  if (a.cooldownActive === true) {
    const at = typeof a.nextIntentAvailableAt === "string" ? Date.parse(a.nextIntentAvailableAt) : Number.NaN;
    const left =
      typeof a.cooldownRemainingSeconds === "number" && a.cooldownRemainingSeconds > 0 ? readAt + a.cooldownRemainingSeconds * 1000 : 0;
    const end = Math.max(Number.isNaN(at) ? 0 : at, left);
    // active, with no end said (or one past already): cooling until it is read again
    until = new Date(end > readAt ? end : readAt + CACHE_MS);
  }
  return {
    tier: typeof a.tier === "string" && a.tier ? a.tier : "UNKNOWN",
    capFor: (platform) => limitFor(platform).capMicro,
    availableAt(platform) {
      if (!until || !limitFor(platform).cools) return null;
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
    url.searchParams.set("owner", wallet.toLowerCase());
    url.searchParams.set("chainId", String(this.settings.network.chainId));
    // within the process's limit on the tier service, as every call to a ZKP2P service
    const body = await bounded("tier", this.settings.serviceTimeoutMs, async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.settings.serviceTimeoutMs) });
      if (!res.ok)
        throw new ServiceError("tier", res.status >= 500 || res.status === 429 ? "retry" : "refused", `tier: ${res.status}`, res.status);
      return (await res.json()) as { success?: boolean; message?: string; responseObject?: unknown };
    });
    const answer = body.responseObject;
    if (body.success === false || typeof answer !== "object" || answer === null || typeof (answer as { tier?: unknown }).tier !== "string")
      throw new ServiceError("tier", "retry", `tier: no tier in the answer${body.message ? ` (${body.message})` : ""}`);
    return standingOf(answer as Record<string, unknown>, this.settings.tierFallback);
  }

  private async read(wallet: Address): Promise<Standing> {
    try {
      return await this.readNow(wallet);
    } catch (err) {
      logger.warn("taker tier not read; the lowest tier's limits apply", { wallet, error: (err as Error).message });
      // not kept as long as a real answer: read again soon
      setTimeout(() => this.cache.delete(wallet.toLowerCase()), 5_000).unref?.();
      return standingOf({ tier: "FALLBACK" }, this.settings.tierFallback);
    }
  }
}
