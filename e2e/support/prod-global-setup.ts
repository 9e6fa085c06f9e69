import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startRailStack } from "../../rail-local/stack";
import { start, stop } from "../../scripts/prod-like";
import { startMailbox } from "../../tests/support/mailbox";

// Starts the production topology (scripts/prod-like.ts) for the "prod" project, and stops it after
// the run. Its settings make the fault tests quick: a short webhook timeout and retry schedule, and
// a short pause between failing the health check and closing on SIGTERM (longer than the proxy's
// health interval, so the proxy stops routing to an instance before it closes).
export const PROD_ENV = {
  RATE_LIMIT_MULTIPLIER: "5",
  WEBHOOK_TIMEOUT: "5s",
  WEBHOOK_RETRY_DELAYS: "2s,5s,10s,20s,30s,30s,30s",
  SHUTDOWN_DELAY_MS: "3000",
  // the mailbox this set-up starts (playwright.config.ts sets E2E_SMTP_URL)
  SMTP_URL: process.env.E2E_SMTP_URL ?? "",
  MAIL_FROM: "Checkout <no-reply@localhost>",
};

/**
 * What the tests know of the topology's rail: its chain, reached directly past the RPC proxy (to mine,
 * or to hold it still), its stand-ins' fixed values, and the remote signer that holds the taker wallets.
 */
export type TopologyRail = { anvilUrl: string; usdc: string; payees: Record<string, string>; signerUrl: string; takerAddresses: string[] };
const RAIL_VAR = "E2E_TOPOLOGY_RAIL";
export function topologyRail(): TopologyRail {
  const json = process.env[RAIL_VAR];
  if (!json) throw new Error("the production topology's rail is not running (global set-up)");
  return JSON.parse(json) as TopologyRail;
}

/** The mailbox every server of the run sends to, in both projects: it starts before anything else. */
async function startE2EMailbox(): Promise<() => Promise<void>> {
  const dir = process.env.E2E_MAILBOX;
  const url = process.env.E2E_SMTP_URL;
  if (!dir || !url) throw new Error("E2E_MAILBOX and E2E_SMTP_URL are set by playwright.config.ts");
  const port = Number(new URL(url).port);
  const mailbox = await startMailbox({ dir, port }).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`the e2e mailbox could not listen on port ${port} (${err.code ?? err.message}): set E2E_SMTP_PORT to a free one`);
  });
  return async () => {
    await mailbox.close();
    // the run's own folder (playwright.config.ts's default) goes with it; one given by E2E_MAILBOX stays
    if (path.dirname(dir) === os.tmpdir() && path.basename(dir).startsWith("checkout-mailbox-"))
      fs.rmSync(dir, { recursive: true, force: true });
  };
}

export default async function setup() {
  const closeMailbox = await startE2EMailbox();
  if (process.env.PROD_LIKE === "off") return closeMailbox;
  let stopTopology: () => Promise<void>;
  try {
    stopTopology = await startTopology();
  } catch (err) {
    await closeMailbox();
    throw err;
  }
  return async () => {
    try {
      await stopTopology();
    } finally {
      await closeMailbox();
    }
  };
}

async function startTopology(): Promise<() => Promise<void>> {
  // The topology serves sandbox and live merchants at once, as a deployment does: its real rail is
  // `npm run rail:local`'s stack (a block a second), and every app instance and the worker run its steps.
  // As in production, the taker wallets' keys are in a remote signer, and no process of the service has one.
  const rail = await startRailStack({ blockTime: 1, signer: "remote" });
  const { SUPPORTED_CHAIN_IDS: _, ...railSettings } = rail.settings;
  // the test workers inherit it
  process.env[RAIL_VAR] = JSON.stringify({
    anvilUrl: rail.rpcUrl,
    usdc: rail.rail.addresses.usdc,
    payees: rail.rail.payees,
    signerUrl: rail.signer!.url,
    takerAddresses: rail.takerAddresses,
  } satisfies TopologyRail);
  try {
    // a process killed holding an order's step is taken over after 20 s rather than a minute
    await start({ ...PROD_ENV, ...railSettings, ZKP2P_STEP_LEASE: "20s" });
  } catch (err) {
    await rail.stop();
    throw err;
  }
  return async () => {
    await stop();
    await rail.stop();
  };
}
