import { type Address, type Hex, zeroAddress } from "viem";
import { getConfig } from "@/lib/core/config";
import { DEFAULT_SERVICE_LIMIT, type ServiceLimit } from "@/lib/core/config/zkp2p-service-limits";
import { causeChain, type ErrorLink } from "@/lib/core/errors";
import { Limiter } from "./limiter";

// ZKP2P's off-chain services, called through `@zkp2p/sdk`'s own request helpers (loaded on first use:
// a sandbox-only deployment never loads the SDK): curator's quote and gating signature, and the
// attestation service. Errors come back classified, so that the rail retries what can pass later and
// fails the order on a refusal.

type Sdk = typeof import("@zkp2p/sdk");
let sdk: Promise<Sdk> | undefined;
export const loadSdk = () => (sdk ??= import("@zkp2p/sdk"));

/** Why a service call failed: `retry` (5xx, timeout, network: try again later) or `refused` (4xx). */
export class ServiceError extends Error {
  constructor(
    readonly service: "quote" | "sign" | "attestation" | "tier",
    readonly kind: "retry" | "refused",
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

// on globalThis: the route bundles and the dispatcher may each load this module, and the limit is the process's
const holder = globalThis as { __checkoutZkp2pLimiters?: Map<ServiceError["service"], Limiter> };

/** The process's limiter of one ZKP2P service (ZKP2P_SERVICE_CONCURRENCY, _RATE, _QUEUE_WAIT). */
export function serviceLimiter(service: ServiceError["service"]): Limiter {
  const limit: ServiceLimit = getConfig().liveRail?.serviceLimits[service] ?? DEFAULT_SERVICE_LIMIT;
  const limiters = (holder.__checkoutZkp2pLimiters ??= new Map());
  const have = limiters.get(service);
  // made again only when the settings change (tests); calls in flight finish on the one they took
  if (have && JSON.stringify(have.limit) === JSON.stringify(limit)) return have;
  const made = new Limiter(
    limit,
    (why) => new ServiceError(service, "retry", `${service} service: too many calls from this process (${why})`),
  );
  limiters.set(service, made);
  return made;
}

/**
 * A service call within the process's limit that gives up after `ms`, its wait for a turn included:
 * the SDK's attestation call takes no timeout and retries on its own, so every call is bounded here,
 * whatever the SDK does inside.
 */
export async function bounded<T>(service: ServiceError["service"], ms: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new AbortController();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      gaveUp.abort();
      reject(new ServiceError(service, "retry", `${service} service timed out after ${ms / 1000}s`));
    }, ms);
  });
  try {
    return await Promise.race([serviceLimiter(service).run(call, { signal: gaveUp.signal }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a failure may pass if tried again: a service or the RPC unavailable, slow or rate limiting.
 * Anything else the SDK throws while building a call (an unknown platform or currency, a bad
 * argument) is deterministic: trying again only asks for another gating signature.
 */
export function isTransient(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return TRANSIENT_TEXT.test(String(err));
  for (const link of causeChain(err)) {
    // our own service errors say which they are, whatever they wrap
    if (link instanceof ServiceError) return link.kind === "retry";
    const e = link as ErrorLink & { name?: unknown; status?: unknown };
    if (e.code === "NETWORK" || e.name === "NetworkError") return true;
    if (typeof e.status === "number" && (e.status >= 500 || e.status === 429)) return true;
    if (TRANSIENT_TEXT.test(`${String(e.name ?? "")} ${String(e.message ?? "")}`)) return true;
  }
  return false;
}

const TRANSIENT_TEXT =
  /HttpRequestError|TimeoutError|fetch failed|ECONN|ETIMEDOUT|EAI_AGAIN|socket|network|timed? ?out|rate limit|\b429\b|\b50[0-9]\b/i;

function classify(service: ServiceError["service"], err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  const e = err as { status?: number; message?: string; name?: string; details?: { responseBody?: { errorCode?: string } } };
  const status = typeof e.status === "number" ? e.status : undefined;
  const message = (e.message ?? String(err)).slice(0, 300);
  if (status === undefined || status >= 500 || status === 429 || /timed out|timeout|connect/i.test(message)) {
    return new ServiceError(service, "retry", `${service} service unavailable: ${message}`, status);
  }
  return new ServiceError(service, "refused", message, status, e.details?.responseBody?.errorCode);
}

export type CuratorQuote = {
  platform: string;
  /** USDC the quoted intent locks (signalIntentAmount: gross, before V3's fees), base units */
  signalAmount: bigint;
  /** what reaches the recipient of that intent, net of the fees (tokenAmount), base units */
  netAmount: bigint;
  /** the fees the quote expects on signalAmount (totalFeeAmount; 0 when the quote names none) */
  totalFee: bigint;
  /**
   * the part of totalFee the quote takes to be referral fees (takerReferralFeeAmount; without it,
   * whatever totalFee leaves after the protocol's and the manager's): what the gating signature's
   * referral fees are held to (lib/orders/rail-steps/signal.ts)
   */
  referralFee: bigint;
  /** the all-in rate the taker sees, 18 decimals, when the quote gives it */
  takerConversionRate: bigint | null;
  /** fiat per USDC, 18 decimals: the intent's conversionRate */
  conversionRate: bigint;
  payeeHandle: string;
  payeeDetails: Hex;
  depositId: bigint;
  escrow: Address;
  expiresAt: string;
  /** a gated deposit's address groups (whitelistEnabled): only a taker in one of them may signal; [] for any taker */
  allowedGroupIds: Hex[];
};

export type QuoteAsk = {
  platforms: string[];
  fiatCurrency: string;
  /** exact fiat: a decimal of the currency; exact token: USDC base units */
  amount: string;
  exactFiat: boolean;
  /** the taker wallet that would signal, and where the USDC goes */
  user: Address;
  recipient: Address;
  chainId: number;
  usdc: Address;
  /** only deposits on these escrows (the SDK's filter: the escrow our signal goes through) */
  escrows: Address[];
  exclude?: string[];
};

export async function fetchQuotes(apiUrl: string, ask: QuoteAsk, timeoutMs = 10_000): Promise<CuratorQuote[]> {
  const { apiGetQuote } = await loadSdk();
  let res: Awaited<ReturnType<Sdk["apiGetQuote"]>>;
  try {
    res = await bounded("quote", timeoutMs, () =>
      apiGetQuote(
        {
          paymentPlatforms: ask.platforms,
          fiatCurrency: ask.fiatCurrency,
          user: ask.user,
          recipient: ask.recipient,
          destinationChainId: ask.chainId,
          destinationToken: ask.usdc,
          amount: ask.amount,
          isExactFiat: ask.exactFiat,
          escrowAddresses: ask.escrows,
          ...(ask.exclude?.length ? { excludedPayToValues: ask.exclude } : {}),
        },
        { baseApiUrl: apiUrl, timeoutMs },
      ),
    );
  } catch (err) {
    throw classify("quote", err);
  }
  const o = res.responseObject;
  return (
    (o?.quotes ?? [])
      // a quote needs the maker's handle; one that requires taker stake is not one this service can
      // take; a gated one (whitelistEnabled) is, through a wallet in one of its groups (groups.ts)
      .filter(
        (q) => q.maker?.offchainId && q.intent && !q.disputeProtectionRequiresStake && (!q.whitelistEnabled || q.allowedGroupIds?.length),
      )
      .map((q) => ({
        platform: q.intent.processorName,
        // the SDK's own reading: signalIntentAmount, else the intent's amount, is what to signal
        signalAmount: BigInt(q.signalIntentAmount ?? q.intent.amount),
        netAmount: BigInt(q.tokenAmount ?? q.intent.amount),
        totalFee: BigInt(q.totalFeeAmount ?? 0),
        referralFee: referralPart(q),
        takerConversionRate: q.takerConversionRate ? BigInt(q.takerConversionRate) : null,
        conversionRate: BigInt(q.conversionRate),
        payeeHandle: q.maker.offchainId,
        payeeDetails: q.intent.payeeDetails as Hex,
        depositId: BigInt(q.intent.depositId),
        escrow: q.intent.escrowAddress as Address,
        expiresAt: o.quoteExpiresAt,
        allowedGroupIds: q.whitelistEnabled ? ((q.allowedGroupIds ?? []) as Hex[]) : [],
      }))
  );
}

/** The referral fees a quote expects: named, or what its total leaves after the fees it names (none named: 0). */
function referralPart(q: { totalFeeAmount?: string; zkp2pFeeAmount?: string; managerFeeAmount?: string; takerReferralFeeAmount?: string }) {
  if (q.takerReferralFeeAmount !== undefined) return BigInt(q.takerReferralFeeAmount);
  const rest = BigInt(q.totalFeeAmount ?? 0) - BigInt(q.zkp2pFeeAmount ?? 0) - BigInt(q.managerFeeAmount ?? 0);
  return rest > 0n ? rest : 0n;
}

export type GatingSignature = {
  signature: Hex;
  expiration: bigint;
  preIntentHookData: Hex;
  referralFees: { recipient: Address; fee: bigint }[];
};

/** curator's `/v3/sign`: the gating signature for one intent, or a refusal (never signalled). */
export async function fetchGatingSignature(
  apiUrl: string,
  req: {
    processorName: string;
    payeeDetails: Hex;
    depositId: bigint;
    amount: bigint;
    to: Address;
    paymentMethod: Hex;
    fiatCurrency: Hex;
    conversionRate: bigint;
    chainId: number;
    orchestrator: Address;
    escrow: Address;
    caller: Address;
  },
  timeoutMs = 10_000,
): Promise<GatingSignature> {
  const { apiSignIntentV3Raw } = await loadSdk();
  let raw: Awaited<ReturnType<Sdk["apiSignIntentV3Raw"]>>;
  try {
    raw = await bounded("sign", timeoutMs, () =>
      apiSignIntentV3Raw(
        {
          processorName: req.processorName,
          payeeDetails: req.payeeDetails,
          depositId: req.depositId.toString(),
          amount: req.amount.toString(),
          toAddress: req.to,
          paymentMethod: req.paymentMethod,
          fiatCurrency: req.fiatCurrency,
          conversionRate: req.conversionRate.toString(),
          chainId: String(req.chainId),
          orchestratorAddress: req.orchestrator,
          escrowAddress: req.escrow,
          callerAddress: req.caller,
          referralFees: [],
          // V3's gating digest covers the hook and keccak256(data): sent as the SDK sends them, and
          // the same values go on-chain (calldata.ts leaves the SDK's defaults: none and "0x")
          postIntentHook: zeroAddress,
          data: "0x",
        },
        { baseApiUrl: apiUrl, timeoutMs },
      ),
    );
  } catch (err) {
    throw classify("sign", err);
  }
  // the deposit gates through on-chain hooks: signal with an empty signature
  if (raw.gating === "enforced-on-chain") return { signature: "0x", expiration: 0n, preIntentHookData: "0x", referralFees: [] };
  const r = raw.response;
  const sig = r?.signedIntent;
  const exp = r?.intentData?.signatureExpiration ?? r?.signatureExpiration;
  if (!sig || !exp) throw new ServiceError("sign", "retry", "/v3/sign answered without a signature or expiration");
  const fees = r?.intentData?.referralFees ?? r?.referralFees ?? [];
  return {
    signature: sig,
    expiration: BigInt(exp),
    preIntentHookData: (r?.intentData?.preIntentHookData ?? r?.preIntentHookData ?? "0x") as Hex,
    // curator may impose fees: they are what the intent must carry
    referralFees: fees.map((f) => ({ recipient: f.recipient, fee: BigInt(f.fee) })),
  };
}

export type Attestation = {
  intentHash: Hex;
  releaseAmount: bigint;
  dataHash: Hex;
  signature: Hex;
  signer: Address;
  encodedPaymentDetails: Hex;
  metadata: Hex;
};

/** An attestation as an order keeps it until its release is sent (railState.attestation, JSON): each field a string. */
export type StoredAttestation = { [K in keyof Attestation]: string };

export const storeAttestation = (a: Attestation): StoredAttestation => ({ ...a, releaseAmount: a.releaseAmount.toString() });

export const restoreAttestation = (a: StoredAttestation): Attestation => ({
  intentHash: a.intentHash as Hex,
  releaseAmount: BigInt(a.releaseAmount),
  dataHash: a.dataHash as Hex,
  signature: a.signature as Hex,
  signer: a.signer as Address,
  encodedPaymentDetails: a.encodedPaymentDetails as Hex,
  // kept before the field existed: none
  metadata: (a.metadata ?? "0x") as Hex,
});

/** Platforms whose proof names the payment's row index (the SDK's rule; docs/guides/real-rail.md). */
const INDEXED_PLATFORMS = new Set(["venmo", "cashapp", "revolut", "zelle"]);
export const proofNeedsIndex = (platform: string) => INDEXED_PLATFORMS.has(platform);

/**
 * The attestation service's verdict on a payer's proof. The proof is sent on and never kept or
 * logged: it can replay the payer's session with their platform while that session lives.
 */
export async function attestPayment(
  attestationUrl: string,
  input: {
    platform: string;
    actionType: string;
    encryptedSessionMaterial: string;
    params: Record<string, unknown>;
    chainId: number;
    intent: {
      intentHash: Hex;
      amount: bigint;
      timestampMs: bigint;
      paymentMethod: Hex;
      fiatCurrency: Hex;
      conversionRate: bigint;
      payeeDetails: Hex;
    };
  },
  timeoutMs = 10_000,
): Promise<Attestation> {
  const { apiVerifyBuyerTeePayment } = await loadSdk();
  let res: Awaited<ReturnType<Sdk["apiVerifyBuyerTeePayment"]>>;
  try {
    res = await bounded("attestation", timeoutMs, () =>
      apiVerifyBuyerTeePayment(
        {
          encryptedSessionMaterial: input.encryptedSessionMaterial,
          params: input.params as never,
          chainId: input.chainId,
          intent: {
            intentHash: input.intent.intentHash,
            amount: input.intent.amount.toString(),
            timestampMs: input.intent.timestampMs.toString(),
            paymentMethod: input.intent.paymentMethod,
            fiatCurrency: input.intent.fiatCurrency,
            conversionRate: input.intent.conversionRate.toString(),
            payeeDetails: input.intent.payeeDetails,
            timestampBufferMs: "300000",
          },
        },
        attestationUrl,
        input.platform,
        input.actionType,
        // never the SDK's default fallback host: the service talks only to what the operator configured
        { fallbackUrls: [] },
      ),
    );
  } catch (err) {
    throw classify("attestation", err);
  }
  const o = res.responseObject;
  if (!o?.signature || !o.typedDataValue?.intentHash)
    throw new ServiceError("attestation", "retry", "the attestation answer is incomplete");
  return {
    intentHash: o.typedDataValue.intentHash as Hex,
    releaseAmount: BigInt(o.typedDataValue.releaseAmount),
    dataHash: o.typedDataValue.dataHash as Hex,
    signature: o.signature as Hex,
    signer: o.signer,
    encodedPaymentDetails: o.encodedPaymentDetails as Hex,
    metadata: (typeof o.metadata === "string" && o.metadata.length > 2 ? o.metadata : "0x") as Hex,
  };
}
