import type { Environment } from "@/db/schema";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors";
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

export * from "./platforms";
export type { FiatQuote, PaymentRail, ProofOutcome, Quote } from "./rail";
