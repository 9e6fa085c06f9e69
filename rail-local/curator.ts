import { type Address, type Hex, isAddress, keccak256, toHex } from "viem";
import { FaultSwitch, serveJson } from "./faults";

// A local stand-in for ZKP2P's curator API (https://api.zkp2p.xyz): the calls the real rail makes,
// in the shapes `@zkp2p/sdk` 0.14.1 sends and reads (QuoteRequest / QuoteResponse,
// SignIntentV3Request / SignIntentV3ResponseObject) and the taker tier in the older client SDK's
// TakerTier / PlatformLimit. It quotes one maker deposit on the local chain and signs intents with the
// deposit's gating key. It is written from the SDK's types and ZKP2P's tier guide, not from curator's
// code: its tiers are the guide's table (caps per platform, Venmo and PayPal locked below Peer Plus,
// a per-wallet cooldown on the reversible methods), which it also enforces when it signs; it proves
// nothing about curator's other rules (eligibility, demotion by lock score). Its fees are the chain's:
// a quote carries signalIntentAmount (gross), tokenAmount (net of the fees), the fees and
// takerConversionRate, and every signature carries the curator's referral fee.

export type CuratorRoute = "quote" | "sign" | "tier";

/** Peer's taker tiers, lowest first (the client SDK's TakerTierLevel; the docs no longer list PEER_PRESIDENT). */
export type TakerTierLevel = "PEASANT" | "PEER" | "PLUS" | "PRO" | "PLATINUM" | "PEER_PRESIDENT";
type RiskLevel = "LOW" | "MEDIUM_HIGH" | "HIGH" | "HIGHEST";

/**
 * A taker wallet's tier, as a test sets it: its level, whose limits are the tier guide's (TIER_GUIDE),
 * and any platform's cap put otherwise (US dollars, or "locked").
 */
export type TakerTier = { tier: TakerTierLevel; caps?: Partial<Record<string, number | "locked">> };

/** Peer's lowest tier, with the tier guide's limits. */
export const PEASANT: TakerTier = { tier: "PEASANT" };

/** The local chain's wallets by default: a tier high enough that tests pay on any platform; a test sets PEASANT to see the limits. */
export const LOCAL_DEFAULT_TIER: TakerTier = { tier: "PRO" };

const LEVELS = ["PEASANT", "PEER", "PLUS", "PRO", "PLATINUM"] as const;
const column = (t: TakerTierLevel) => (t === "PEER_PRESIDENT" ? LEVELS.length - 1 : LEVELS.indexOf(t));
/** each tier's base per-order limit (the guide's previous page; each platform's cap is this × its multiplier) and cooldown */
const BASE_DOLLARS = [100, 250, 1_000, 2_500, 5_000];
const COOLDOWN_HOURS = [12, 6, 0, 0, 0];

/**
 * ZKP2P's tier guide (zkp2p/docs guides/for-buyers/tiers.md, 2026-07-01): each platform's per-order
 * limit per tier, in US dollars (null: locked), its risk level and the multiplier of the tier's base.
 * The names are curator's platform names as we guess them (our ids, cased); the hash is the catalog's.
 */
export const TIER_GUIDE: { platform: string; name: string; risk: RiskLevel; multiplier: number; dollars: (number | null)[] }[] = [
  { platform: "revolut", name: "Revolut", risk: "LOW", multiplier: 5, dollars: [500, 1_250, 5_000, 12_500, 25_000] },
  { platform: "wise", name: "Wise", risk: "LOW", multiplier: 5, dollars: [500, 1_250, 5_000, 12_500, 25_000] },
  { platform: "monzo", name: "Monzo", risk: "LOW", multiplier: 5, dollars: [500, 1_250, 5_000, 12_500, 25_000] },
  { platform: "mercadopago", name: "MercadoPago", risk: "LOW", multiplier: 5, dollars: [500, 1_250, 5_000, 12_500, 25_000] },
  { platform: "luxon", name: "Luxon", risk: "LOW", multiplier: 5, dollars: [500, 1_250, 5_000, 12_500, 25_000] },
  { platform: "n26", name: "N26", risk: "LOW", multiplier: 5, dollars: [500, 1_250, 5_000, 10_000, 10_000] },
  { platform: "alipay", name: "Alipay", risk: "LOW", multiplier: 5, dollars: [50, 50, 50, 50, 50] },
  { platform: "zelle", name: "Zelle", risk: "MEDIUM_HIGH", multiplier: 1.5, dollars: [150, 375, 1_500, 3_750, 7_500] },
  { platform: "venmo", name: "Venmo", risk: "HIGH", multiplier: 1, dollars: [null, null, 1_000, 2_500, 5_000] },
  { platform: "cashapp", name: "CashApp", risk: "HIGH", multiplier: 1, dollars: [100, 250, 1_000, 2_500, 5_000] },
  { platform: "chime", name: "Chime", risk: "HIGH", multiplier: 1, dollars: [100, 250, 1_000, 2_500, 5_000] },
  { platform: "paypal", name: "PayPal", risk: "HIGHEST", multiplier: 0.75, dollars: [null, null, 750, 1_875, 3_750] },
];

const dollarsText = (d: number) => `$${d.toLocaleString("en-US")}`;

/** One platform's limit for a tier, in the published PlatformLimit's shape (caps in base units, the display in dollars). */
function platformLimit(t: TakerTier, g: (typeof TIER_GUIDE)[number]) {
  const col = column(t.tier);
  const set = t.caps?.[g.platform];
  const dollars = set === undefined ? g.dollars[col]! : set === "locked" ? null : set;
  const reversible = g.risk !== "LOW";
  const unlocks = g.dollars.findIndex((d) => d !== null);
  return {
    paymentMethodHash: nameHash(g.platform),
    platformName: g.name,
    riskLevel: g.risk,
    capMultiplier: g.multiplier,
    effectiveCap: (BigInt(Math.round((dollars ?? 0) * 100)) * 10_000n).toString(),
    effectiveCapDisplay: dollarsText(dollars ?? 0),
    hasCooldown: reversible,
    cooldownHours: reversible ? COOLDOWN_HOURS[col]! : 0,
    isLocked: dollars === null,
    minTierRequired: dollars === null && unlocks > col ? LEVELS[unlocks]! : null,
  };
}

export type CuratorOptions = {
  chainId: number;
  escrow: Address;
  orchestrator: Address;
  usdc: Address;
  depositId: bigint;
  /** USDC the deposit has for new intents, in base units (quotes above it find no liquidity) */
  liquidity: () => Promise<bigint>;
  /** the smallest and largest intent the deposit takes, in base units */
  intentRange: { min: bigint; max: bigint };
  /** the maker's payee handle per platform (the quote's maker.offchainId); keccak256 of it is payeeDetails */
  payees: Record<string, string>;
  /** fiat per USDC for each currency the deposit takes, 18 decimals (the on-chain conversionRate) */
  rates: Record<string, bigint>;
  /** signs the gating message of an intent: the chain harness's signer, with the deposit's gating key */
  signGating: (intent: GatedIntent) => Promise<Hex>;
  /** how long a gating signature stays valid */
  signatureTtlSeconds?: number;
  /** the chain's clock, so that expirations follow anvil's time when a test moves it */
  now?: () => Promise<bigint>;
  /** the fee rates (1e18 = 100%) a release of this deposit pays: quotes show them, and the referral fee goes into every signature */
  fees: { protocol: bigint; manager: bigint; referral: bigint };
  /** who receives the referral fee this curator adds to every intent */
  referralRecipient: Address;
  /** whether a taker is in an address group, as the chain's AddressGroupRegistry says (gated deposits) */
  isMember?: (groupId: Hex, account: Address) => Promise<boolean>;
};

export type GatedIntent = {
  orchestrator: Address;
  escrow: Address;
  depositId: bigint;
  amount: bigint;
  /** the wallet that will signal: V3's digest binds the signature to it */
  caller: Address;
  to: Address;
  paymentMethod: Hex;
  fiatCurrency: Hex;
  conversionRate: bigint;
  referralFees: { recipient: Address; fee: bigint }[];
  postIntentHook: Address;
  data: Hex;
  signatureExpiration: bigint;
  chainId: bigint;
};

const PRECISE = 10n ** 18n;
const ok = (responseObject: unknown) => ({ status: 200, body: { success: true, message: "ok", responseObject, statusCode: 200 } });
const fail = (status: number, message: string) => ({ status, body: { success: false, message, statusCode: status } });

/** keccak256 of a platform name or currency code, as the catalog and the SDK hash them. */
export const nameHash = (s: string): Hex => keccak256(toHex(s));

/** Decimal string → integer in `decimals` digits, rounding down; null when it is not a plain decimal. */
function parseDecimal(s: unknown, decimals: number): bigint | null {
  if (typeof s !== "string" || !/^\d{1,18}(\.\d{1,18})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt((frac.slice(0, decimals) || "0").padEnd(decimals, "0"));
}

const formatUnits = (v: bigint, decimals: number) => {
  const s = v.toString().padStart(decimals + 1, "0");
  return decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
};

export async function startCurator(opts: CuratorOptions, port = 0) {
  const faults = new FaultSwitch<CuratorRoute>(["quote", "sign", "tier"]);
  /** each wallet's tier (LOCAL_DEFAULT_TIER unless a test sets one), and when its cooldown ends (chain time) */
  const tiers = new Map<string, TakerTier>();
  const cooldownUntil = new Map<string, bigint>();
  /** who each quote was asked as (the `user` of the request), newest last */
  const quotedAs: string[] = [];
  /** platforms whose liquidity is gated to address groups: their quotes say so, and only members are signed for */
  const gated = new Map<string, Hex[]>();
  const tierOf = (owner: string) => tiers.get(owner.toLowerCase()) ?? LOCAL_DEFAULT_TIER;
  const limitsOf = (owner: string) => TIER_GUIDE.map((g) => platformLimit(tierOf(owner), g));
  const ttl = BigInt(opts.signatureTtlSeconds ?? 300);
  const now = opts.now ?? (async () => BigInt(Math.floor(Date.now() / 1000)));
  const fiatDecimals = (code: string) => (code === "JPY" ? 0 : 2);
  /** V3's fees on a gross release: each on the gross, rounded down */
  const feesOn = (gross: bigint) => {
    const protocol = (gross * opts.fees.protocol) / PRECISE;
    const manager = (gross * opts.fees.manager) / PRECISE;
    const referral = (gross * opts.fees.referral) / PRECISE;
    return { protocol, manager, referral, total: protocol + manager + referral };
  };
  /** the smallest gross whose net is at least `net` */
  const grossForNet = (net: bigint) => {
    let gross = net;
    while (gross - feesOn(gross).total < net) gross += net - (gross - feesOn(gross).total);
    return gross;
  };

  const quote = async (body: unknown, url: URL) => {
    const exactFiat = url.pathname.endsWith("/exact-fiat");
    const req = body as Record<string, unknown> | undefined;
    if (!req || !Array.isArray(req.paymentPlatforms) || typeof req.fiatCurrency !== "string") {
      return fail(400, "paymentPlatforms and fiatCurrency are required");
    }
    if (!isAddress(String(req.user)) || !isAddress(String(req.recipient))) return fail(400, "user and recipient must be addresses");
    quotedAs.push(String(req.user).toLowerCase());
    const currency = req.fiatCurrency;
    const rate = opts.rates[currency];
    const decimals = fiatDecimals(currency);
    // guess, kept in one place: exactFiatAmount is a decimal of the currency, exactTokenAmount USDC base units
    const fiatIn = exactFiat ? parseDecimal(req.exactFiatAmount, decimals) : null;
    const tokenIn = exactFiat ? null : /^\d{1,30}$/.test(String(req.exactTokenAmount)) ? BigInt(String(req.exactTokenAmount)) : null;
    if (fiatIn === null && tokenIn === null)
      return fail(400, exactFiat ? "exactFiatAmount must be a decimal" : "exactTokenAmount must be base units");
    const excluded = new Set(Array.isArray(req.excludedPayToValues) ? req.excludedPayToValues.map(String) : []);
    const liquidity = await opts.liquidity();
    const quotes = [];
    if (rate) {
      for (const platform of req.paymentPlatforms.map(String)) {
        const handle = opts.payees[platform];
        if (!handle || excluded.has(handle)) continue;
        // the verifier's rule: release = fiat (6 decimals) × 1e18 / rate; so the USDC a fiat amount
        // buys is rounded down, and the fiat a USDC amount needs is rounded up to the currency's unit.
        // guess, kept here: exactTokenAmount is the net the recipient receives (tokenAmount), and the
        // intent to signal is grossed up so that its fees leave that net (signalIntentAmount)
        const unit = 10n ** BigInt(6 - decimals);
        const gross = tokenIn !== null ? grossForNet(tokenIn) : (fiatIn! * unit * PRECISE) / rate;
        const fee = feesOn(gross);
        const tokenAmount = gross - fee.total;
        const fiatMinor = fiatIn ?? (gross * rate + PRECISE * unit - 1n) / (PRECISE * unit);
        if (gross < opts.intentRange.min || gross > opts.intentRange.max || gross > liquidity) continue;
        quotes.push({
          // guess: curator's fiatAmount has 6 decimals, as tokenAmount (the rail computes the fiat itself)
          fiatAmount: (fiatMinor * 10n ** BigInt(6 - decimals)).toString(),
          fiatAmountFormatted: formatUnits(fiatMinor, decimals),
          tokenAmount: tokenAmount.toString(),
          tokenAmountFormatted: formatUnits(tokenAmount, 6),
          signalIntentAmount: gross.toString(),
          signalIntentAmountFormatted: formatUnits(gross, 6),
          zkp2pFeeAmount: fee.protocol.toString(),
          managerFeeAmount: fee.manager.toString(),
          takerReferralFeeAmount: fee.referral.toString(),
          takerReferralFeeBps: Number(opts.fees.referral / 10n ** 14n),
          totalFeeAmount: fee.total.toString(),
          totalFeeAmountFormatted: formatUnits(fee.total, 6),
          paymentMethod: platform,
          payeeAddress: handle,
          conversionRate: rate.toString(),
          // the all-in rate the taker sees: fiat per USDC that reaches the recipient
          takerConversionRate: tokenAmount > 0n ? ((gross * rate) / tokenAmount).toString() : rate.toString(),
          whitelistEnabled: gated.has(platform),
          allowedGroupIds: gated.get(platform) ?? [],
          disputeProtectionOptedOut: true,
          disputeProtectionRequiresStake: false,
          sellerAutomatedReleaseAvailable: false,
          intent: {
            depositId: Number(opts.depositId),
            escrowAddress: opts.escrow,
            orchestratorAddress: opts.orchestrator,
            processorName: platform,
            amount: gross.toString(),
            toAddress: String(req.recipient),
            payeeDetails: nameHash(handle),
            fiatCurrencyCode: currency,
            chainId: String(opts.chainId),
          },
          maker: { offchainId: handle },
        });
      }
    }
    return ok({
      fiat: { currencyCode: currency, currencyName: currency, currencySymbol: "", countryCode: "" },
      token: { token: opts.usdc, decimals: 6, name: "USD Coin", symbol: "USDC", chainId: opts.chainId },
      quotes,
      fees: { zkp2pFee: "0", zkp2pFeeFormatted: "0", swapFee: "0", swapFeeFormatted: "0" },
      quoteExpiresAt: new Date(Date.now() + 60_000).toISOString(),
      orchestratorAddress: opts.orchestrator,
      mode: "eligible",
    });
  };

  const sign = async (body: unknown) => {
    const fault = faults.get("sign");
    if (fault === "refuse") return fail(409, "deposit is not accepting intents from this taker");
    if (fault === "enforced-on-chain") return fail(409, "gating is enforced on-chain for this deposit");
    const r = body as Record<string, string> | undefined;
    if (!r || BigInt(r.depositId ?? -1) !== opts.depositId || String(r.escrowAddress).toLowerCase() !== opts.escrow.toLowerCase()) {
      return fail(404, "unknown deposit");
    }
    if (!isAddress(r.callerAddress ?? "") || !isAddress(r.toAddress ?? ""))
      return fail(400, "callerAddress and toAddress must be addresses");
    // the SDK always sends both (the zero address and "0x" when there is no hook): V3's digest covers them
    if (!isAddress(r.postIntentHook ?? "") || typeof r.data !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(r.data))
      return fail(400, "postIntentHook must be an address and data hex bytes");
    // a gated deposit signs only for a taker in one of its groups
    const caller = String(r.callerAddress).toLowerCase();
    const groups = gated.get(String(r.processorName)) ?? [];
    if (groups.length) {
      let member = false;
      for (const g of groups) if (await opts.isMember?.(g, caller as Address)) member = true;
      if (!member) return fail(409, "this deposit takes intents only from takers in its address groups");
    }
    // the taker's tier: a per-order cap per platform (some locked), and the wallet's cooldown on the
    // reversible ones, started here once it is signed for on one (stricter than curator, which may
    // start it only once the intent is signalled or fulfilled)
    const limit = limitsOf(caller).find((l) => l.paymentMethodHash === nameHash(String(r.processorName)));
    const level = tierOf(caller).tier;
    // (a platform the guide does not list is not the stand-in's to limit: the SDK refuses it, not curator)
    if (limit?.isLocked) return fail(409, `${r.processorName} is locked for this taker's tier (${level})`);
    if (limit && BigInt(r.amount ?? 0) > BigInt(limit.effectiveCap))
      return fail(409, `the amount exceeds this taker's ${level} limit on ${r.processorName}`);
    const chainNow = await now();
    const until = cooldownUntil.get(caller) ?? 0n;
    if (limit?.hasCooldown && until > chainNow) return fail(409, `this taker is in its cooldown on ${r.processorName}`);
    if (limit?.hasCooldown && limit.cooldownHours > 0) cooldownUntil.set(caller, chainNow + BigInt(limit.cooldownHours) * 3600n);
    const signatureExpiration = chainNow + ttl;
    // curator decides the referral fees of what it signs: ours adds its own to whatever was asked
    const asked = (Array.isArray(r.referralFees) ? r.referralFees : []) as unknown as { recipient: Address; fee: string }[];
    const referralFees =
      opts.fees.referral > 0n ? [...asked, { recipient: opts.referralRecipient, fee: opts.fees.referral.toString() }] : asked;
    const signedIntent = await opts.signGating({
      orchestrator: r.orchestratorAddress as Address,
      escrow: r.escrowAddress as Address,
      depositId: BigInt(r.depositId!),
      amount: BigInt(r.amount!),
      caller: r.callerAddress as Address,
      to: r.toAddress as Address,
      paymentMethod: r.paymentMethod as Hex,
      fiatCurrency: r.fiatCurrency as Hex,
      conversionRate: BigInt(r.conversionRate!),
      referralFees: referralFees.map((f) => ({ recipient: f.recipient, fee: BigInt(f.fee) })),
      postIntentHook: r.postIntentHook as Address,
      data: r.data as Hex,
      signatureExpiration,
      chainId: BigInt(r.chainId!),
    });
    const handle = Object.values(opts.payees).find((h) => nameHash(h) === r.payeeDetails);
    return ok({
      signedIntent,
      offchainId: handle,
      intentData: { ...r, referralFees, signatureExpiration: signatureExpiration.toString(), gatingServiceSignature: signedIntent },
    });
  };

  // the wallet's standing in the client SDK's TakerTier shape, a PlatformLimit for every platform of
  // the tier guide; the cooldown is the wallet's, on chain time (a test that moves the clock ends it)
  const tier = async (_body: unknown, url: URL) => {
    const owner = url.searchParams.get("owner") ?? "";
    if (!isAddress(owner)) return fail(400, "owner must be an address");
    const t = tierOf(owner);
    const col = column(t.tier);
    const chainNow = await now();
    const until = cooldownUntil.get(owner.toLowerCase()) ?? 0n;
    const active = until > chainNow;
    const base = BigInt(BASE_DOLLARS[col]!) * 1_000_000n;
    return ok({
      owner: owner.toLowerCase(),
      chainId: Number(url.searchParams.get("chainId") ?? opts.chainId),
      tier: t.tier,
      perIntentCapBaseUnits: base.toString(),
      perIntentCapDisplay: dollarsText(BASE_DOLLARS[col]!),
      lastUpdated: new Date(Number(chainNow) * 1000).toISOString(),
      source: "computed",
      stats: null,
      cooldownHours: COOLDOWN_HOURS[col]!,
      cooldownSeconds: COOLDOWN_HOURS[col]! * 3600,
      cooldownActive: active,
      cooldownRemainingSeconds: active ? Number(until - chainNow) : 0,
      nextIntentAvailableAt: active ? new Date(Number(until) * 1000).toISOString() : null,
      platformLimits: limitsOf(owner),
    });
  };

  const server = await serveJson<CuratorRoute>(
    [
      { route: "quote", method: "POST", path: /^\/v3\/quote\/exact-(fiat|token)$/, handle: quote },
      { route: "sign", method: "POST", path: /^\/v3\/sign$/, handle: sign },
      { route: "tier", method: "GET", path: /^\/v2\/taker\/tier$/, handle: tier },
    ],
    faults,
    port,
  );
  return {
    ...server,
    faults,
    quotedAs,
    /** sets a wallet's tier (null: back to the default) */
    setTier: (owner: string, t: TakerTier | null) => void (t ? tiers.set(owner.toLowerCase(), t) : tiers.delete(owner.toLowerCase())),
    /** ends every cooldown */
    clearCooldowns: () => cooldownUntil.clear(),
    /** gates a platform's liquidity to address groups (null: open to any taker) */
    gate: (platform: string, groups: Hex[] | null) => void (groups ? gated.set(platform, groups) : gated.delete(platform)),
  };
}
