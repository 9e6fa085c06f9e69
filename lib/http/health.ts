import { sql } from "drizzle-orm";
import { getDbKind } from "@/db/client";
import { AppError } from "@/lib/core/errors";
import type { Db } from "@/db/client";
import { poolStuckMs } from "@/db/pool-gate";
import { getConfig } from "@/lib/core/config";

/**
 * Liveness: the process answers, and its connection pool moves. A pool whose every connection has
 * been held, with requests waiting, for longer than a statement and a pause in a transaction may
 * last (the database ends both) will not come back by itself: the supervisor should restart it.
 */
export function liveness(now = Date.now()): { status: "alive" } {
  const { dbStatementTimeoutMs, dbIdleInTransactionTimeoutMs } = getConfig();
  const stuck = poolStuckMs(now);
  if (stuck > dbStatementTimeoutMs + dbIdleInTransactionTimeoutMs) {
    throw new AppError("UNAVAILABLE", `The database connection pool has been stuck for ${Math.round(stuck / 1000)} s`, {
      retryAfterSeconds: 1,
    });
  }
  return { status: "alive" };
}

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
