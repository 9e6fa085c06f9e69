import { closeDb, getDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { startLocalDispatcher } from "@/lib/jobs/start";
import { logger } from "@/lib/logger";

// Settings and secrets are checked and migrations applied before the first request is served.
const config = getConfig();
void config.appSecret;
void config.nextAuthSecret;
await getDb();
const dispatcher = await startLocalDispatcher();

if (process.env.NEXT_MANUAL_SIG_HANDLE) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      logger.info("shutting down", { signal });
      await dispatcher?.stop().catch(() => {});
      await closeDb().catch(() => {});
      process.exit(0);
    });
  }
}
