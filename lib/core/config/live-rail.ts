import fs from "node:fs";
import { inspect } from "node:util";
import { type Address, getAddress, type Hex, isAddress, isHex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { parseDuration } from "@/lib/core/duration";
import { parseServiceLimits, type ServiceLimit, type ServiceLimitsEnv, type Zkp2pService } from "./zkp2p-service-limits";
import { NETWORKS, RAIL_CONTRACTS, type RailContract, ZKP2P_NETWORKS, type Zkp2pNetwork, type Zkp2pNetworkName } from "./zkp2p-networks";

/**
 * The taker wallets' private keys. They are never logged and never in an error: the object prints as
 * "[4 taker keys]" however it is printed (JSON, util.inspect, template strings), and only the rail's
 * signer reads the keys themselves.
 */
export class TakerKeys {
  readonly kind = "keys";
  readonly #keys: readonly Hex[];
  readonly addresses: readonly Address[];
  constructor(keys: readonly Hex[]) {
    this.#keys = keys;
    this.addresses = keys.map((k) => privateKeyToAddress(k));
  }
  get size() {
    return this.#keys.length;
  }
  /** The key of one of the wallets: for the signer, nothing else. */
  keyOf(address: Address): Hex {
    const i = this.addresses.findIndex((a) => a.toLowerCase() === address.toLowerCase());
    if (i < 0) throw new Error(`no taker key for ${address}`);
    return this.#keys[i]!;
  }
  toString() {
    return `[${this.#keys.length} taker keys]`;
  }
  toJSON() {
    return this.toString();
  }
  [inspect.custom]() {
    return this.toString();
  }
}

/**
 * The taker wallets when a remote signer holds their keys (ZKP2P_SIGNER_URL): this process knows only
 * their addresses, where the signer is, and how to reach it. The token and the client certificate's key
 * are never printed, as with the keys: the object prints as "[4 taker wallets at the signer host:port]".
 */
export class RemoteSignerWallets {
  readonly kind = "remote";
  readonly #token: string | undefined;
  readonly #tls: SignerTls | undefined;
  constructor(
    readonly url: string,
    readonly addresses: readonly Address[],
    credentials: { token?: string; tls?: SignerTls } = {},
  ) {
    this.#token = credentials.token;
    this.#tls = credentials.tls;
  }
  get size() {
    return this.addresses.length;
  }
  /** The signer as errors and logs name it: its host, never its path, user or token. */
  get name() {
    return `the signer at ${new URL(this.url).host}`;
  }
  /** The bearer token and the TLS material: for the signer's client, nothing else. */
  credentials(): { token?: string; tls?: SignerTls } {
    return { token: this.#token, tls: this.#tls };
  }
  toString() {
    return `[${this.addresses.length} taker wallets at ${new URL(this.url).host}]`;
  }
  toJSON() {
    return this.toString();
  }
  [inspect.custom]() {
    return this.toString();
  }
}

/** PEM text: the CA that signed the signer's certificate, and our client certificate and its key (mutual TLS). */
export type SignerTls = { ca?: string; cert?: string; key?: string };

/** The taker wallets, whichever way they sign: `addresses` is the one list of them. */
export type TakerWallets = TakerKeys | RemoteSignerWallets;

export type LiveRailSettings = {
  network: Zkp2pNetwork;
  rpcUrl: string;
  /** curator: quotes and the gating signature (`/v3/quote/*`, `/v3/sign`) */
  apiUrl: string;
  attestationUrl: string;
  /** the taker wallets: their keys (ZKP2P_TAKER_KEYS), or their addresses and the signer that holds the keys */
  takerKeys: TakerWallets;
  /** blocks on top of a transaction's block before the rail acts on it */
  confirmations: number;
  /** the runtime code hash each rail contract must have: the package's, or ZKP2P_CODE_HASHES */
  codeHashes: Partial<Record<RailContract, Hex>>;
  /** a taker wallet below this many wei is reported (logs, `admin wallets`) */
  minWalletWei: bigint;
  /** a sent transaction not mined after this long is sent again with a higher fee */
  stuckAfterMs: number;
  /** how long a process holds an order's step: a process that dies holding it is taken over after this */
  stepLeaseMs: number;
  /** how long a payer has, once the payee is shown, to say they paid before the intent is cancelled */
  lockTimeoutMs: number;
  /** how long the lock timeout waits, once, for the answer of a payer whose page is open (ZKP2P_LOCK_CONFIRM_WINDOW) */
  lockConfirmWindowMs: number;
  /** how long a call to a ZKP2P service (quote, gating signature, attestation) may take */
  serviceTimeoutMs: number;
  /** each ZKP2P service's process-wide limit: calls in flight, calls started a second, how long a call waits its turn */
  serviceLimits: Record<Zkp2pService, ServiceLimit>;
  /** a price feed's answer older than this is no rate: the feeds' heartbeat (guess: Chainlink's FX feeds on Base, 24 h) */
  feedMaxAgeMs: number;
  /** the highest fee per gas the rail signs or replaces with; past it a stuck transaction waits and the operator is alerted */
  maxFeePerGasWei: bigint;
  /** how many times a stuck transaction is replaced with a higher fee before the rail stops and alerts */
  maxReplacements: number;
  /** the open live reservations (orders holding or waiting for a taker wallet) one merchant, client address or payment link may have */
  maxOpen: {
    perMerchant: number;
    perAddress: number;
    perLink: number;
    /** live starts per merchant, client address and payment link, per minute and per hour (ZKP2P_MAX_STARTS) */
    starts: Record<"merchant" | "address" | "link", { perMinute: number; perHour: number }>;
    /** payments one client address said it sent and never proved, in 24 hours, before its starts are refused (ZKP2P_MAX_UNPROVEN_PER_ADDRESS) */
    unprovenPerAddress: number;
  };
  /** after the intent's on-chain expiry, how long an order the payer said they paid still waits for a late proof */
  paymentSentGraceMs: number;
  /** whether the payer's page must solve a proof of work before a live start (ZKP2P_PROOF_OF_WORK) */
  proofOfWork: boolean;
  /** a taker wallet's limits when curator's tier cannot be read (ZKP2P_TIER_FALLBACK): the lowest tier's, as published (they change) */
  tierFallback: TierFallback;
};

/**
 * A taker wallet's per-order limit on each platform (micro-USDC; locked: none at all) and the
 * cooldown its reversible methods carry. A platform not listed is taken as locked.
 */
export type TierFallback = { platform: string; capMicro: bigint; locked: boolean; cooldownHours: number }[];

export type LiveRailEnv = ServiceLimitsEnv & {
  ZKP2P_NETWORK?: string;
  ZKP2P_RPC_URL?: string;
  ZKP2P_API_URL?: string;
  ZKP2P_ATTESTATION_URL?: string;
  ZKP2P_TAKER_KEYS?: string;
  ZKP2P_TAKER_KEYS_FILE?: string;
  ZKP2P_SIGNER_URL?: string;
  ZKP2P_TAKER_ADDRESSES?: string;
  ZKP2P_SIGNER_TOKEN?: string;
  ZKP2P_SIGNER_CA_FILE?: string;
  ZKP2P_SIGNER_CERT_FILE?: string;
  ZKP2P_SIGNER_KEY_FILE?: string;
  ZKP2P_CONFIRMATIONS?: string;
  ZKP2P_CODE_HASHES?: string;
  ZKP2P_MIN_WALLET_ETH?: string;
  ZKP2P_STUCK_AFTER?: string;
  ZKP2P_STEP_LEASE?: string;
  ZKP2P_SERVICE_TIMEOUT?: string;
  ZKP2P_LOCK_TIMEOUT?: string;
  ZKP2P_LOCK_CONFIRM_WINDOW?: string;
  ZKP2P_FEED_MAX_AGE?: string;
  ZKP2P_MAX_FEE_GWEI?: string;
  ZKP2P_MAX_REPLACEMENTS?: string;
  ZKP2P_MAX_OPEN_PER_MERCHANT?: string;
  ZKP2P_MAX_OPEN_PER_ADDRESS?: string;
  ZKP2P_MAX_OPEN_PER_LINK?: string;
  ZKP2P_MAX_STARTS?: string;
  ZKP2P_MAX_UNPROVEN_PER_ADDRESS?: string;
  ZKP2P_PAYMENT_SENT_GRACE?: string;
  ZKP2P_PROOF_OF_WORK?: string;
  ZKP2P_TIER_FALLBACK?: string;
};

const REQUIRED = ["ZKP2P_RPC_URL", "ZKP2P_API_URL", "ZKP2P_ATTESTATION_URL"] as const;
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

const MIN_STEP_LEASE_MS = 20_000;

const set = (v: string | undefined): v is string => v !== undefined && v.trim() !== "";

/**
 * The real rail's settings, or null when none is given (the deployment serves sandbox merchants
 * only). Some given and others missing or malformed is an error that names every problem, and never
 * repeats a key.
 */
/**
 * Live starts allowed per minute and per hour, for each of merchant, address and link: a start/cancel
 * cycle costs the operator two transactions, and holds a wallet while it unwinds. The defaults let a
 * busy shop's payers through and keep one address from cycling the wallets.
 */
export const DEFAULT_STARTS = {
  merchant: { perMinute: 30, perHour: 300 },
  address: { perMinute: 3, perHour: 12 },
  link: { perMinute: 10, perHour: 100 },
} as const;

/** ZKP2P_MAX_STARTS: "merchant=30/300,address=3/12,link=10/100" (per minute / per hour); a subject left out keeps its default. */
function parseStarts(raw: string | undefined, problems: string[]): LiveRailSettings["maxOpen"]["starts"] {
  const starts: LiveRailSettings["maxOpen"]["starts"] = {
    merchant: { ...DEFAULT_STARTS.merchant },
    address: { ...DEFAULT_STARTS.address },
    link: { ...DEFAULT_STARTS.link },
  };
  if (!raw?.trim()) return starts;
  for (const part of raw.split(",")) {
    const m = /^\s*(merchant|address|link)\s*=\s*(\d{1,6})\s*\/\s*(\d{1,7})\s*$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[3]) < Number(m[2])) {
      problems.push(
        "ZKP2P_MAX_STARTS: must be like merchant=30/300,address=3/12,link=10/100 (per minute / per hour, the hour's at least the minute's)",
      );
      return starts;
    }
    starts[m[1] as keyof typeof starts] = { perMinute: Number(m[2]), perHour: Number(m[3]) };
  }
  return starts;
}

export function parseLiveRailSettings(env: LiveRailEnv): LiveRailSettings | null {
  const given = [...REQUIRED, "ZKP2P_TAKER_KEYS", "ZKP2P_TAKER_KEYS_FILE", "ZKP2P_SIGNER_URL", "ZKP2P_TAKER_ADDRESSES"].some((k) =>
    set(env[k as keyof LiveRailEnv]),
  );
  if (!given) return null;
  const problems: string[] = [];
  for (const k of REQUIRED)
    if (!set(env[k])) problems.push(`${k}: missing (the real rail needs ${REQUIRED.join(", ")} and taker keys or a signer)`);
  const url = (name: (typeof REQUIRED)[number]) => {
    const v = env[name]?.trim();
    if (!v) return "";
    try {
      const u = new URL(v);
      if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
      return v.replace(/\/+$/, "");
    } catch {
      problems.push(`${name}: must be an http(s) URL`);
      return "";
    }
  };
  const rpcUrl = url("ZKP2P_RPC_URL");
  const apiUrl = url("ZKP2P_API_URL");
  const attestationUrl = url("ZKP2P_ATTESTATION_URL");

  const networkName = (env.ZKP2P_NETWORK?.trim() || "base") as Zkp2pNetworkName;
  if (!ZKP2P_NETWORKS.includes(networkName)) problems.push(`ZKP2P_NETWORK: must be one of ${ZKP2P_NETWORKS.join(", ")}`);
  const network = NETWORKS[networkName] ?? NETWORKS.base;

  const takers = set(env.ZKP2P_SIGNER_URL) ? remoteSignerFrom(env, problems) : new TakerKeys(takerKeysFrom(env, problems));

  const confirmations = set(env.ZKP2P_CONFIRMATIONS) ? Number(env.ZKP2P_CONFIRMATIONS) : 2;
  if (!Number.isSafeInteger(confirmations) || confirmations < 0 || confirmations > 64) {
    problems.push("ZKP2P_CONFIRMATIONS: must be a whole number of blocks from 0 to 64");
  }

  const codeHashes: Partial<Record<RailContract, Hex>> = { ...network.publishedCodeHashes };
  for (const pair of (env.ZKP2P_CODE_HASHES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, hash] = pair.split("=").map((s) => s.trim());
    if (!RAIL_CONTRACTS.includes(name as RailContract) || !hash || !isHex(hash) || hash.length !== 66) {
      problems.push(`ZKP2P_CODE_HASHES: "${pair.slice(0, 40)}" is not ${RAIL_CONTRACTS.join("|")}=0x<32-byte hash>`);
      continue;
    }
    codeHashes[name as RailContract] = hash.toLowerCase() as Hex;
  }

  let minWalletWei = 2_000_000_000_000_000n; // 0.002 ETH: a few hundred Base transactions (guess)
  if (set(env.ZKP2P_MIN_WALLET_ETH)) {
    const m = /^(\d{1,6})(?:\.(\d{1,18}))?$/.exec(env.ZKP2P_MIN_WALLET_ETH.trim());
    if (!m) problems.push("ZKP2P_MIN_WALLET_ETH: must be an amount of ETH such as 0.01");
    else minWalletWei = BigInt(m[1]!) * 10n ** 18n + BigInt((m[2] ?? "").padEnd(18, "0"));
  }

  let stuckAfterMs = 30_000;
  if (set(env.ZKP2P_STUCK_AFTER)) {
    try {
      stuckAfterMs = parseDuration(env.ZKP2P_STUCK_AFTER);
    } catch {
      problems.push("ZKP2P_STUCK_AFTER: must be a duration such as 30s");
    }
  }

  // longer than any one call a step makes (an RPC call gives up after 15 s), so a live holder keeps it
  let stepLeaseMs = 60_000;
  if (set(env.ZKP2P_STEP_LEASE)) {
    try {
      stepLeaseMs = parseDuration(env.ZKP2P_STEP_LEASE);
      if (stepLeaseMs < MIN_STEP_LEASE_MS) problems.push("ZKP2P_STEP_LEASE: must be at least 20s (longer than one RPC call may take)");
    } catch {
      problems.push("ZKP2P_STEP_LEASE: must be a duration such as 60s");
    }
  }

  // a gating call runs inside a step's lease: it must give up well before the shortest lease ends
  let serviceTimeoutMs = 10_000;
  if (set(env.ZKP2P_SERVICE_TIMEOUT)) {
    try {
      serviceTimeoutMs = parseDuration(env.ZKP2P_SERVICE_TIMEOUT);
      if (serviceTimeoutMs < 1_000 || serviceTimeoutMs > 15_000) problems.push("ZKP2P_SERVICE_TIMEOUT: must be between 1s and 15s");
    } catch {
      problems.push("ZKP2P_SERVICE_TIMEOUT: must be a duration such as 10s");
    }
  }

  // Peer counts a lock abandoned for more than about 15 minutes against the wallet's tier
  let lockTimeoutMs = 10 * 60_000;
  if (set(env.ZKP2P_LOCK_TIMEOUT)) {
    try {
      lockTimeoutMs = parseDuration(env.ZKP2P_LOCK_TIMEOUT);
      if (lockTimeoutMs < 5_000) problems.push("ZKP2P_LOCK_TIMEOUT: must be at least 5s");
    } catch {
      problems.push("ZKP2P_LOCK_TIMEOUT: must be a duration such as 10m");
    }
  }
  // the payer's page asks "did you already send the money?" meanwhile: with the lock timeout it stays
  // below the 15 minutes after which Peer counts the lock as abandoned
  let lockConfirmWindowMs = 2 * 60_000;
  if (set(env.ZKP2P_LOCK_CONFIRM_WINDOW)) {
    try {
      lockConfirmWindowMs = parseDuration(env.ZKP2P_LOCK_CONFIRM_WINDOW);
      if (lockConfirmWindowMs < 5_000 || lockConfirmWindowMs > 5 * 60_000)
        problems.push("ZKP2P_LOCK_CONFIRM_WINDOW: must be between 5s and 5m");
    } catch {
      problems.push("ZKP2P_LOCK_CONFIRM_WINDOW: must be a duration such as 2m");
    }
  }

  // Chainlink's fiat feeds on Base beat once a day: a limit of exactly 24 h refuses a feed that is merely on time
  let feedMaxAgeMs = 25 * 3_600_000;
  if (set(env.ZKP2P_FEED_MAX_AGE)) {
    try {
      feedMaxAgeMs = parseDuration(env.ZKP2P_FEED_MAX_AGE);
    } catch {
      problems.push("ZKP2P_FEED_MAX_AGE: must be a duration such as 25h");
    }
  }

  let maxFeePerGasWei = 10n * 10n ** 9n; // 10 gwei: hundreds of times Base's usual fee (guess), a ceiling for spikes
  if (set(env.ZKP2P_MAX_FEE_GWEI)) {
    const m = /^(\d{1,6})(?:\.(\d{1,9}))?$/.exec(env.ZKP2P_MAX_FEE_GWEI.trim());
    if (!m || (m[1] === "0" && !/[1-9]/.test(m[2] ?? "")))
      problems.push("ZKP2P_MAX_FEE_GWEI: must be a positive amount of gwei such as 10 or 0.5");
    else maxFeePerGasWei = BigInt(m[1]!) * 10n ** 9n + BigInt((m[2] ?? "").padEnd(9, "0"));
  }
  const count = (name: keyof LiveRailEnv, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name}: must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const maxReplacements = count("ZKP2P_MAX_REPLACEMENTS", 5, 0, 50);
  // a merchant may hold half the wallets, a payment link a quarter, one client address two: nobody
  // holds them all, and a shop with a queue of payers still has most of them
  const wallets = Math.max(1, takers.addresses.length);
  const maxOpen = {
    perMerchant: count("ZKP2P_MAX_OPEN_PER_MERCHANT", Math.ceil(wallets / 2), 1, 10_000),
    perAddress: count("ZKP2P_MAX_OPEN_PER_ADDRESS", 2, 1, 10_000),
    perLink: count("ZKP2P_MAX_OPEN_PER_LINK", Math.ceil(wallets / 4), 1, 10_000),
    starts: parseStarts(env.ZKP2P_MAX_STARTS, problems),
    unprovenPerAddress: count("ZKP2P_MAX_UNPROVEN_PER_ADDRESS", 2, 1, 1_000),
  };
  let paymentSentGraceMs = 30 * 60_000;
  if (set(env.ZKP2P_PAYMENT_SENT_GRACE)) {
    try {
      paymentSentGraceMs = parseDuration(env.ZKP2P_PAYMENT_SENT_GRACE);
    } catch {
      problems.push("ZKP2P_PAYMENT_SENT_GRACE: must be a duration such as 30m");
    }
  }
  const pow = env.ZKP2P_PROOF_OF_WORK?.trim().toLowerCase();
  if (pow && !["on", "off", "true", "false"].includes(pow)) problems.push("ZKP2P_PROOF_OF_WORK: must be on or off");
  const proofOfWork = pow !== "off" && pow !== "false";

  const serviceLimits = parseServiceLimits(env, problems);

  const tierFallback = parseTierFallback(set(env.ZKP2P_TIER_FALLBACK) ? env.ZKP2P_TIER_FALLBACK! : DEFAULT_TIER_FALLBACK, problems);

  if (problems.length) throw new Error(`Invalid settings for the real rail:\n  ${problems.join("\n  ")}`);
  return {
    network,
    rpcUrl,
    apiUrl,
    attestationUrl,
    takerKeys: takers,
    confirmations,
    codeHashes,
    minWalletWei,
    stuckAfterMs,
    stepLeaseMs,
    serviceTimeoutMs,
    serviceLimits,
    lockTimeoutMs,
    lockConfirmWindowMs,
    feedMaxAgeMs,
    maxFeePerGasWei,
    maxReplacements,
    maxOpen,
    paymentSentGraceMs,
    proofOfWork,
    tierFallback,
  };
}

const SIGNER_ONLY = [
  "ZKP2P_TAKER_ADDRESSES",
  "ZKP2P_SIGNER_TOKEN",
  "ZKP2P_SIGNER_CA_FILE",
  "ZKP2P_SIGNER_CERT_FILE",
  "ZKP2P_SIGNER_KEY_FILE",
] as const;

/**
 * The wallets a remote signer holds (ZKP2P_SIGNER_URL): their addresses from ZKP2P_TAKER_ADDRESSES,
 * the optional bearer token and mutual TLS files. Keys in this process as well is refused: the point
 * of the signer is that this process never sees one.
 */
function remoteSignerFrom(env: LiveRailEnv, problems: string[]): RemoteSignerWallets {
  const fail = () => new RemoteSignerWallets("http://signer.invalid", []);
  for (const k of ["ZKP2P_TAKER_KEYS", "ZKP2P_TAKER_KEYS_FILE"] as const) {
    if (set(env[k])) problems.push(`ZKP2P_SIGNER_URL and ${k}: set one of them, not both (with a signer, the keys stay in the signer)`);
  }
  let url = env.ZKP2P_SIGNER_URL!.trim();
  let https = false;
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
    https = u.protocol === "https:";
    url = url.replace(/\/+$/, "");
  } catch {
    problems.push("ZKP2P_SIGNER_URL: must be an http(s) URL");
    return fail();
  }
  const entries = (env.ZKP2P_TAKER_ADDRESSES ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  if (entries.length === 0)
    problems.push("ZKP2P_TAKER_ADDRESSES: missing (the addresses of the taker wallets the signer holds, comma-separated)");
  const addresses: Address[] = [];
  entries.forEach((a, i) => {
    if (!isAddress(a, { strict: false })) problems.push(`ZKP2P_TAKER_ADDRESSES: entry ${i + 1} is not an address (0x and 40 hex digits)`);
    else addresses.push(getAddress(a));
  });
  if (new Set(addresses).size !== addresses.length) problems.push("ZKP2P_TAKER_ADDRESSES: an address is listed twice");

  const read = (name: "ZKP2P_SIGNER_CA_FILE" | "ZKP2P_SIGNER_CERT_FILE" | "ZKP2P_SIGNER_KEY_FILE") => {
    if (!set(env[name])) return undefined;
    if (!https) {
      problems.push(`${name}: the signer's TLS files need an https ZKP2P_SIGNER_URL`);
      return undefined;
    }
    try {
      return fs.readFileSync(env[name]!.trim(), "utf8");
    } catch (err) {
      problems.push(`${name}: cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`);
      return undefined;
    }
  };
  const tls = { ca: read("ZKP2P_SIGNER_CA_FILE"), cert: read("ZKP2P_SIGNER_CERT_FILE"), key: read("ZKP2P_SIGNER_KEY_FILE") };
  if (set(env.ZKP2P_SIGNER_CERT_FILE) !== set(env.ZKP2P_SIGNER_KEY_FILE)) {
    problems.push("ZKP2P_SIGNER_CERT_FILE and ZKP2P_SIGNER_KEY_FILE: set both (the client certificate and its key) or neither");
  }
  const token = set(env.ZKP2P_SIGNER_TOKEN) ? env.ZKP2P_SIGNER_TOKEN.trim() : undefined;
  return new RemoteSignerWallets(url, addresses, { token, tls: tls.ca || tls.cert || tls.key ? tls : undefined });
}

/** The keys from ZKP2P_TAKER_KEYS (comma-separated) or ZKP2P_TAKER_KEYS_FILE (one a line, # comments). */
function takerKeysFrom(env: LiveRailEnv, problems: string[]): Hex[] {
  for (const k of SIGNER_ONLY) if (set(env[k])) problems.push(`${k}: only with ZKP2P_SIGNER_URL (a remote signer)`);
  let text: string;
  let source: string;
  if (set(env.ZKP2P_TAKER_KEYS) && set(env.ZKP2P_TAKER_KEYS_FILE)) {
    problems.push("ZKP2P_TAKER_KEYS and ZKP2P_TAKER_KEYS_FILE: set one of them, not both");
    return [];
  }
  if (set(env.ZKP2P_TAKER_KEYS_FILE)) {
    source = "ZKP2P_TAKER_KEYS_FILE";
    try {
      text = fs.readFileSync(env.ZKP2P_TAKER_KEYS_FILE.trim(), "utf8");
    } catch (err) {
      problems.push(`${source}: cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`);
      return [];
    }
  } else if (set(env.ZKP2P_TAKER_KEYS)) {
    source = "ZKP2P_TAKER_KEYS";
    text = env.ZKP2P_TAKER_KEYS;
  } else {
    problems.push(
      "ZKP2P_TAKER_KEYS or ZKP2P_TAKER_KEYS_FILE: missing (the taker wallets' private keys), or ZKP2P_SIGNER_URL (a remote signer)",
    );
    return [];
  }
  const entries = text
    .split(/[\n,]/)
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean);
  const keys: Hex[] = [];
  entries.forEach((k, i) => {
    // the entry itself is never repeated: it may be a key with a typo
    if (!PRIVATE_KEY.test(k)) problems.push(`${source}: entry ${i + 1} is not a private key (0x and 64 hex digits)`);
    else keys.push(k.toLowerCase() as Hex);
  });
  if (entries.length === 0) problems.push(`${source}: holds no key`);
  if (new Set(keys).size !== keys.length) problems.push(`${source}: a key is listed twice`);
  return keys;
}

/**
 * Peer's lowest tier ("Peer Peasant") per order, in US dollars, from ZKP2P's tier guide
 * (zkp2p/docs guides/for-buyers/tiers.md, July 2026): the figures change, check them. Venmo and
 * PayPal are locked below Peer Plus; the reversible methods carry the tier's 12-hour cooldown.
 */
export const DEFAULT_TIER_FALLBACK =
  "revolut=500,wise=500,monzo=500,mercadopago=500,luxon=500,n26=500,alipay=50," +
  "zelle=150/12h,cashapp=100/12h,chime=100/12h,venmo=locked/12h,paypal=locked/12h";

/** `platform=dollars[/cooldown],…`: dollars `locked` (or 0) for a locked platform, a cooldown such as `12h` for a reversible one. */
function parseTierFallback(text: string, problems: string[]): TierFallback {
  const table: TierFallback = [];
  for (const part of text
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9]+)=(locked|\d{1,9}(?:\.\d{1,2})?)(?:\/(\S+))?$/i.exec(part);
    let cooldownHours = 0;
    if (m?.[3]) {
      try {
        cooldownHours = parseDuration(m[3]) / 3_600_000;
      } catch {
        cooldownHours = Number.NaN;
      }
    }
    if (!m || Number.isNaN(cooldownHours)) {
      problems.push(
        `ZKP2P_TIER_FALLBACK: "${part}" is not platform=dollars, platform=locked or either with /cooldown (such as zelle=150/12h)`,
      );
      continue;
    }
    const platform = m[1]!.toLowerCase();
    if (table.some((t) => t.platform === platform)) {
      problems.push(`ZKP2P_TIER_FALLBACK: ${platform} is listed twice`);
      continue;
    }
    const locked = m[2]!.toLowerCase() === "locked";
    const [whole, cents = ""] = locked ? ["0"] : m[2]!.split(".");
    const capMicro = BigInt(whole!) * 1_000_000n + BigInt(cents.padEnd(2, "0") || "0") * 10_000n;
    table.push({ platform, capMicro, locked: locked || capMicro === 0n, cooldownHours });
  }
  return table;
}
