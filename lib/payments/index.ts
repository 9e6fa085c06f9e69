import type { Environment } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { PaymentRail } from "./rail";
import { parseRateTable, SandboxRail } from "./sandbox";

let sandbox: PaymentRail | undefined;

/**
 * The rail of an environment: a sandbox session pays on the sandbox rail, a live one on the real
 * rail. A session keeps the environment it was created in (lib/sessions/create.ts).
 */
export function getPaymentRail(environment: Environment): PaymentRail {
  if (environment === "sandbox") {
    sandbox ??= new SandboxRail(parseRateTable(getConfig().sandboxRates));
    return sandbox;
  }
  // a live session on a deployment whose real rail was taken away: it cannot be served, and saying so
  // is better than pricing it on the sandbox
  throw new AppError("CONFLICT", "Live payments are not available on this deployment: its real rail is not configured");
}

export * from "./platforms";
export type { FiatQuote, PaymentRail, ProofOutcome, Quote } from "./rail";
