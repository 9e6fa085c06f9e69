// npm run worker: the local dispatcher as a process of its own, beside or instead of the servers'.
import { closeDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { startLocalDispatcher } from "@/lib/start";
import { logger, redactConsoleErrors } from "@/lib/logger";

redactConsoleErrors();
const config = getConfig();
void config.appSecret;
const dispatcher = await startLocalDispatcher();
if (!dispatcher) {
  logger.warn("Inngest is configured: this worker has nothing to do");
  process.exit(0);
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    await dispatcher.stop();
    await closeDb();
    process.exit(0);
  });
}
