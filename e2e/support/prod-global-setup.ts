import { startRailStack } from "../../rail-local/stack";
import { start, stop } from "../../scripts/prod-like";

// Starts the production topology (scripts/prod-like.ts) for the "prod" project, and stops it after
// the run. Its settings make the fault tests quick: a short webhook timeout and retry schedule, and
// a short pause between failing the health check and closing on SIGTERM (longer than the proxy's
// health interval, so the proxy stops routing to an instance before it closes).
export const PROD_ENV = {
  RATE_LIMIT_MULTIPLIER: "5",
  WEBHOOK_TIMEOUT: "5s",
  WEBHOOK_RETRY_DELAYS: "2s,5s,10s,20s,30s,30s,30s",
  SHUTDOWN_DELAY_MS: "3000",
};

/** Where the tests reach the topology's chain directly (to mine, or to hold it still), past its RPC proxy. */
export const RAIL_ANVIL_URL_VAR = "E2E_RAIL_ANVIL_URL";

export default async function setup() {
  if (process.env.PROD_LIKE === "off") return;
  // The topology serves sandbox and live merchants at once, as a deployment does: its real rail is
  // `npm run rail:local`'s stack (a block a second), and every app instance and the worker run its steps.
  const rail = await startRailStack({ blockTime: 1 });
  const { SUPPORTED_CHAIN_IDS: _, ...railSettings } = rail.settings;
  process.env[RAIL_ANVIL_URL_VAR] = rail.rpcUrl; // the test workers inherit it
  try {
    await start({ ...PROD_ENV, ...railSettings });
  } catch (err) {
    await rail.stop();
    throw err;
  }
  return async () => {
    await stop();
    await rail.stop();
  };
}
