import { getConfig } from "@/lib/config";
import type { PaymentRail } from "./rail";
import { parseRateTable, SandboxRail } from "./sandbox";

let rail: PaymentRail | undefined;

/** The configured payment rail. The sandbox rail is the default (and, for now, the only one). */
export function getPaymentRail(): PaymentRail {
  rail ??= new SandboxRail(parseRateTable(getConfig().sandboxRates));
  return rail;
}

export * from "./platforms";
export type { FiatQuote, PaymentRail, ProofOutcome, Quote } from "./rail";
