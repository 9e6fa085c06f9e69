import type { Environment } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { CHAINS } from "@/lib/chains";
import { AppError, invalid } from "@/lib/core/errors";
import type { PaymentRail } from "./rail";
import { parseRateTable, SandboxRail } from "./sandbox";
import { Zkp2pRail } from "./zkp2p/rail";

let sandbox: PaymentRail | undefined;
let live: { settings: unknown; rail: Zkp2pRail } | undefined;

/** The real rail of this deployment, or null when its settings are not given (sandbox only). */
export function liveRail(): Zkp2pRail | null {
  const settings = getConfig().liveRail;
  if (!settings) return null;
  // rebuilt when the settings object changes (tests reset the configuration)
  if (live?.settings === settings) return live.rail;
  live = { settings, rail: new Zkp2pRail(settings) };
  return live.rail;
}

/**
 * The rail of an environment: a sandbox session pays on the sandbox rail, a live one on the real
 * rail. A session keeps the environment it was created in (lib/sessions/create.ts).
 */
export function getPaymentRail(environment: Environment): PaymentRail {
  if (environment === "sandbox") {
    sandbox ??= new SandboxRail(parseRateTable(getConfig().sandboxRates));
    return sandbox;
  }
  const rail = liveRail();
  // a live session on a deployment whose real rail was taken away cannot be served: saying so is
  // better than pricing it on the sandbox
  if (!rail) throw new AppError("CONFLICT", "Live payments are not available on this deployment: its real rail is not configured");
  return rail;
}

/**
 * Refuses a destination (chain and token) the rail cannot pay, naming the field, before anything is
 * stored: a live session asking for Base Sepolia would otherwise be paid in Base's USDC, or never.
 */
export function assertPayableDestination(rail: PaymentRail, chainId: number, token: string): void {
  const list = rail.destinations;
  if (!list) return;
  const named = (id: number) => `${id}${CHAINS[id] ? ` (${CHAINS[id].name})` : ""}`;
  const onChain = list.filter((d) => d.chainId === chainId);
  if (!onChain.length) {
    const ids = [...new Set(list.map((d) => d.chainId))];
    throw invalid("destinationChainId", `must be ${ids.map(named).join(" or ")}: the chain live payments are paid out on`);
  }
  if (!onChain.some((d) => d.token.toLowerCase() === token.toLowerCase())) {
    const tokens = onChain.map((d) => d.token).join(" or ");
    throw invalid("destinationToken", `must be ${tokens} on chain ${named(chainId)}: the token live payments are paid out in (USDC)`);
  }
}

export * from "./platforms";
export type { FiatQuote, PaymentRail, PayoutDestination, ProofOutcome, Quote } from "./rail";
