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

/** What the tests know of the topology's rail: its chain, reached directly past the RPC proxy (to mine, or to hold it still), and its stand-ins' fixed values. */
export type TopologyRail = { anvilUrl: string; usdc: string; payees: Record<string, string> };
const RAIL_VAR = "E2E_TOPOLOGY_RAIL";
export function topologyRail(): TopologyRail {
  const json = process.env[RAIL_VAR];
  if (!json) throw new Error("the production topology's rail is not running (global set-up)");
  return JSON.parse(json) as TopologyRail;
}

export default async function setup() {
  if (process.env.PROD_LIKE === "off") return;
  // The topology serves sandbox and live merchants at once, as a deployment does: its real rail is
  // `npm run rail:local`'s stack (a block a second), and every app instance and the worker run its steps.
  const rail = await startRailStack({ blockTime: 1 });
  const { SUPPORTED_CHAIN_IDS: _, ...railSettings } = rail.settings;
  // the test workers inherit it
  process.env[RAIL_VAR] = JSON.stringify({
    anvilUrl: rail.rpcUrl,
    usdc: rail.rail.addresses.usdc,
    payees: rail.rail.payees,
  } satisfies TopologyRail);
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
