import { sql } from "drizzle-orm";
import { getDbKind } from "@/db/client";
import { AppError } from "@/lib/core/errors";
import type { Db } from "@/db/client";

/** How long readiness waits for the database's answer. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Readiness: this instance can serve, because its database answers a statement now. The service's
 * server (scripts/server.mjs) answers 503 here itself once it is draining, before this runs.
 */
export async function readiness(db: Db): Promise<{ status: "ok"; database: "pglite" | "postgres" }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new AppError("UNAVAILABLE", `The database did not answer within ${READY_TIMEOUT_MS / 1000} s`)),
          READY_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
  return { status: "ok", database: await getDbKind() };
}
