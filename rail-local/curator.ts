import { type Address, type Hex, isAddress, keccak256, toHex } from "viem";
import { FaultSwitch, serveJson } from "./faults";

// A local stand-in for ZKP2P's curator API (https://api.zkp2p.xyz): the two calls the real rail
// makes, in the shapes `@zkp2p/sdk` 0.14.1 sends and reads (QuoteRequest / QuoteResponse,
// SignIntentV3Request / SignIntentV3ResponseObject). It quotes one maker deposit on the local chain
// and signs intents with the deposit's gating key. It is written from the SDK's types, not from
// curator's code, and it proves nothing about curator's own rules (tiers, eligibility). Its fees are
// the chain's: a quote carries signalIntentAmount (gross), tokenAmount (net of the fees), the fees
// and takerConversionRate, and every signature carries the curator's referral fee.

export type CuratorRoute = "quote" | "sign" | "tier";

/**
 * A taker wallet's standing, as curator's `GET /v2/taker/tier` answers it (our reading of ZKP2P's
 * "taker tiers" cookbook and the older client SDK: the field names are theirs, the platform list's
 * shape is a guess). A cap of "0" is a locked platform; a platform with cooldownHours starts a
 * cooldown for the wallet once it signals on it.
 */
export type TakerTier = {
  tier: string;
  perIntentCapBaseUnits: bigint;
  platformLimits: { paymentMethod: string; perIntentCapBaseUnits: bigint; cooldownHours: number }[];
};

/** Peer's lowest tier, as the cookbook puts it at the time of writing (these figures change). */
export const PEASANT: TakerTier = {
  tier: "PEASANT",
  perIntentCapBaseUnits: 500_000_000n,
  platformLimits: [
    { paymentMethod: "revolut", perIntentCapBaseUnits: 500_000_000n, cooldownHours: 0 },
    { paymentMethod: "wise", perIntentCapBaseUnits: 500_000_000n, cooldownHours: 0 },
    { paymentMethod: "monzo", perIntentCapBaseUnits: 500_000_000n, cooldownHours: 0 },
    { paymentMethod: "zelle", perIntentCapBaseUnits: 150_000_000n, cooldownHours: 12 },
    { paymentMethod: "cashapp", perIntentCapBaseUnits: 100_000_000n, cooldownHours: 12 },
    { paymentMethod: "chime", perIntentCapBaseUnits: 100_000_000n, cooldownHours: 12 },
    { paymentMethod: "venmo", perIntentCapBaseUnits: 5_000_000n, cooldownHours: 12 },
    { paymentMethod: "paypal", perIntentCapBaseUnits: 0n, cooldownHours: 12 },
  ],
};

/** The local chain's wallets by default: a tier high enough that tests pay on any platform; a test sets PEASANT to see the limits. */
export const LOCAL_DEFAULT_TIER: TakerTier = { tier: "PRO", perIntentCapBaseUnits: 5_000_000_000n, platformLimits: [] };

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
  const limitOf = (owner: string, platform: string) => {
    const t = tierOf(owner);
    const p = t.platformLimits.find((l) => l.paymentMethod === platform);
    return {
      cap: p
        ? p.perIntentCapBaseUnits < t.perIntentCapBaseUnits
          ? p.perIntentCapBaseUnits
          : t.perIntentCapBaseUnits
        : t.perIntentCapBaseUnits,
      cooldownHours: p?.cooldownHours ?? 0,
    };
  };
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
    // the taker's tier: a per-order cap per platform, and a cooldown on reversible ones once used
    const limit = limitOf(caller, String(r.processorName));
    if (BigInt(r.amount ?? 0) > limit.cap)
      return fail(409, `the amount exceeds this taker's ${tierOf(caller).tier} limit on ${r.processorName}`);
    const chainNow = await now();
    const until = cooldownUntil.get(caller) ?? 0n;
    if (limit.cooldownHours > 0 && until > chainNow) return fail(409, `this taker is in its cooldown on ${r.processorName}`);
    if (limit.cooldownHours > 0) cooldownUntil.set(caller, chainNow + BigInt(limit.cooldownHours) * 3600n);
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

  const tier = async (_body: unknown, url: URL) => {
    const owner = url.searchParams.get("owner") ?? "";
    if (!isAddress(owner)) return fail(400, "owner must be an address");
    const t = tierOf(owner);
    const chainNow = await now();
    const until = cooldownUntil.get(owner.toLowerCase()) ?? 0n;
    const active = until > chainNow;
    return ok({
      owner,
      chainId: Number(url.searchParams.get("chainId") ?? opts.chainId),
      tier: t.tier,
      perIntentCapBaseUnits: t.perIntentCapBaseUnits.toString(),
      perIntentCapDisplay: `$${formatUnits(t.perIntentCapBaseUnits, 6)}`,
      source: "computed",
      cooldownHours: Math.max(0, ...t.platformLimits.map((l) => l.cooldownHours)),
      cooldownActive: active,
      cooldownRemainingSeconds: active ? Number(until - chainNow) : 0,
      nextIntentAvailableAt: active ? new Date(Number(until) * 1000).toISOString() : null,
      platformLimits: t.platformLimits.map((l) => ({
        paymentMethod: l.paymentMethod,
        perIntentCapBaseUnits: l.perIntentCapBaseUnits.toString(),
        cooldownHours: l.cooldownHours,
        locked: l.perIntentCapBaseUnits === 0n,
      })),
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
