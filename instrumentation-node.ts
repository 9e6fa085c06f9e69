import { closeDb, getDb } from "@/db/client";
import { getConfig } from "@/lib/config";
import { logger } from "@/lib/logger";

// Settings are checked and migrations applied before the first request is served.
getConfig();
await getDb();

if (process.env.NEXT_MANUAL_SIG_HANDLE) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      logger.info("shutting down", { signal });
      await closeDb().catch(() => {});
      process.exit(0);
    });
  }
}
