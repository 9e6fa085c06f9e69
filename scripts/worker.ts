// npm run worker: the local dispatcher as a process of its own, beside or instead of the servers'.
import { closeDb } from "@/db/client";
import { getConfig } from "@/lib/core/config";
import { startLocalDispatcher, startMetrics } from "@/lib/start";
import { logger, redactConsoleErrors } from "@/lib/core/logger";
import { startTracing, stopTracing } from "@/lib/tracing";

redactConsoleErrors();
// a setting that is wrong (a secret missing or too weak) stops the worker with the reason, as it does the server
try {
  void getConfig().appSecret;
} catch (err) {
  logger.error("refusing to start", { reason: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}
await startTracing();
const dispatcher = await startLocalDispatcher();
if (!dispatcher) {
  logger.warn("Inngest is configured: this worker has nothing to do");
  process.exit(0);
}
// the worker serves its metrics on METRICS_PORT only: it has no other listener
const stopMetrics = await startMetrics();
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await dispatcher.stop();
    await stopMetrics();
    await closeDb();
    await stopTracing().catch(() => {});
    process.exit(0);
  });
}
