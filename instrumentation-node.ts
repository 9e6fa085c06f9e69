import { closeDb, getDb } from "@/db/client";
import { type Config, getConfig } from "@/lib/core/config";
import { registerHintSender } from "@/lib/jobs";
import { unknownAddressWarning } from "@/lib/limits/client-ip";
import { startLocalDispatcher, startMetrics } from "@/lib/start";
import { logger, redactConsoleErrors } from "@/lib/core/logger";
import { assertMailConfigured } from "@/lib/mail";
import { serveAdminSocket } from "@/lib/maintenance/admin-socket";
import { installRequestReporting } from "@/lib/metrics/http";
import { startTracing, stopTracing } from "@/lib/tracing";

redactConsoleErrors();

function refuseToStart(err: unknown): never {
  logger.error("refusing to start", { reason: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

// Settings and secrets are checked, migrations applied and the real rail checked before the first
// request is served. A setting that is wrong stops the process: Next only logs an error thrown here
// and would serve anyway, so the server exits with the reason instead (fail closed).
function checkedSettings(): Config {
  const checked = getConfig();
  void checked.appSecret;
  void checked.nextAuthSecret;
  // a deployment without SMTP_URL could not send sign-up, password-reset or invite links
  assertMailConfigured();
  return checked;
}
let config: Config;
try {
  config = checkedSettings();
} catch (err) {
  refuseToStart(err);
}
await serveAdminSocket().catch(refuseToStart); // embedded database: claims DATA_DIR first, serves `npm run admin -- backup`
await startTracing().catch(refuseToStart);
await getDb();
// the real rail moves money: it is checked against the chain before the first request
if (config.liveRail) {
  const { preflightLiveRail } = await import("@/lib/rail/zkp2p/preflight");
  const report = await preflightLiveRail(config.liveRail);
  if (report.problems.length) refuseToStart(new Error(`The real rail failed its start-up check:\n  ${report.problems.join("\n  ")}`));
  logger.info("real rail ready", {
    network: config.liveRail.network.name,
    chainId: report.chainId,
    takerWallets: config.liveRail.takerKeys.size,
    // where they sign: the remote signer's host, or keys in this process
    signer: config.liveRail.takerKeys.kind === "remote" ? new URL(config.liveRail.takerKeys.url).host : "keys",
  });
}
const addressWarning = unknownAddressWarning(config.ownServer);
if (addressWarning) logger.warn(addressWarning);
// lib/ reaches Inngest only through this sender; the client is loaded only when Inngest is configured
if (config.inngest.enabled) registerHintSender((await import("@/inngest/client")).sendHints);
const dispatcher = await startLocalDispatcher();
installRequestReporting();
let stopMetrics: () => Promise<void>;
try {
  stopMetrics = await startMetrics();
} catch (err) {
  refuseToStart(new Error(`The metrics listener could not start (METRICS_PORT): ${err instanceof Error ? err.message : String(err)}`));
}

/** Stops background work and closes the database: the last step of a graceful shutdown. */
async function shutdown() {
  await dispatcher?.stop().catch(() => {});
  await stopMetrics().catch(() => {});
  await closeDb().catch(() => {});
  await stopTracing().catch(() => {});
}
(globalThis as { __checkoutShutdown?: () => Promise<void> }).__checkoutShutdown = shutdown;

// Under the service's own server (scripts/server.mjs) the server drains its requests first and then
// calls shutdown(); under a bare `next start` with NEXT_MANUAL_SIG_HANDLE, this process does it.
if (process.env.NEXT_MANUAL_SIG_HANDLE && !process.env.CHECKOUT_OWN_SERVER) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      logger.info("shutting down", { signal });
      await shutdown();
      process.exit(0);
    });
  }
}
