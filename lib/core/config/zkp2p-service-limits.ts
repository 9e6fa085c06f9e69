import { parseDuration } from "@/lib/core/duration";

// The process-wide limit on calls to each ZKP2P service (lib/rail/zkp2p/limiter.ts), from
// ZKP2P_SERVICE_CONCURRENCY, ZKP2P_SERVICE_RATE and ZKP2P_SERVICE_QUEUE_WAIT. The defaults are
// guesses: curator publishes no rate limit; a payer's page asks one quote per currency (about fifteen).

export const ZKP2P_SERVICES = ["quote", "sign", "attestation", "tier"] as const;
export type Zkp2pService = (typeof ZKP2P_SERVICES)[number];

export type ServiceLimit = {
  /** calls in flight at once */
  concurrency: number;
  /** calls started in any one second */
  perSecond: number;
  /** how long a call past the limit waits for its turn before it fails as busy ("try again") */
  maxWaitMs: number;
};

export type ServiceLimitsEnv = {
  ZKP2P_SERVICE_CONCURRENCY?: string;
  ZKP2P_SERVICE_RATE?: string;
  ZKP2P_SERVICE_QUEUE_WAIT?: string;
};

export const DEFAULT_SERVICE_LIMIT: ServiceLimit = { concurrency: 8, perSecond: 20, maxWaitMs: 3_000 };

const set = (v: string | undefined): v is string => v !== undefined && v.trim() !== "";

/** Each service's limit; every problem is named in `problems`. */
export function parseServiceLimits(env: ServiceLimitsEnv, problems: string[]): Record<Zkp2pService, ServiceLimit> {
  const concurrency = perService("ZKP2P_SERVICE_CONCURRENCY", env.ZKP2P_SERVICE_CONCURRENCY, DEFAULT_SERVICE_LIMIT.concurrency, problems);
  const perSecond = perService("ZKP2P_SERVICE_RATE", env.ZKP2P_SERVICE_RATE, DEFAULT_SERVICE_LIMIT.perSecond, problems);
  let maxWaitMs = DEFAULT_SERVICE_LIMIT.maxWaitMs;
  if (set(env.ZKP2P_SERVICE_QUEUE_WAIT)) {
    try {
      maxWaitMs = parseDuration(env.ZKP2P_SERVICE_QUEUE_WAIT);
      if (maxWaitMs > 15_000) problems.push("ZKP2P_SERVICE_QUEUE_WAIT: must be at most 15s");
    } catch {
      problems.push("ZKP2P_SERVICE_QUEUE_WAIT: must be a duration such as 3s");
    }
  }
  return Object.fromEntries(ZKP2P_SERVICES.map((s) => [s, { concurrency: concurrency[s], perSecond: perSecond[s], maxWaitMs }])) as Record<
    Zkp2pService,
    ServiceLimit
  >;
}

/** `8` for every service, or `quote=8,sign=4` (the others at the default): whole numbers from 1 to 1000. */
function perService(name: string, text: string | undefined, fallback: number, problems: string[]): Record<Zkp2pService, number> {
  const out = Object.fromEntries(ZKP2P_SERVICES.map((s) => [s, fallback])) as Record<Zkp2pService, number>;
  if (!set(text)) return out;
  const whole = (v: string | undefined) => (v && /^\d{1,4}$/.test(v) && +v >= 1 && +v <= 1000 ? +v : null);
  if (!text.includes("=")) {
    const n = whole(text.trim());
    if (n === null) problems.push(`${name}: must be a whole number from 1 to 1000, or service=number pairs (${ZKP2P_SERVICES.join(", ")})`);
    else for (const s of ZKP2P_SERVICES) out[s] = n;
    return out;
  }
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [service, value] = part.split("=").map((p) => p.trim());
    const n = whole(value);
    if (!ZKP2P_SERVICES.includes(service as Zkp2pService) || n === null) {
      problems.push(`${name}: "${part.slice(0, 40)}" is not service=number (${ZKP2P_SERVICES.join("|")}, 1 to 1000)`);
      continue;
    }
    out[service as Zkp2pService] = n;
  }
  return out;
}
