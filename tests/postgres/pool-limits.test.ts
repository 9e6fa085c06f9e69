import { sql as q } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { getConfig, resetConfigForTests } from "@/lib/core/config";
import { isDatabaseUnavailable } from "@/lib/core/errors";
import { liveness } from "@/lib/http/health";
import { call } from "../support/api";
import { testDb } from "../support/db";
import { withEmptyDatabase } from "../support/scratch-db";

// The guard rails of a database-backed service: a request waits a bounded time for a pooled
// connection (then 503 with Retry-After), the server ends a statement that runs too long and a
// transaction left idle, and liveness fails once the pool is stuck for good.

const set = (env: Record<string, string>) => {
  Object.assign(process.env, env);
  resetConfigForTests();
  return () => {
    for (const k of Object.keys(env)) delete process.env[k];
    resetConfigForTests();
  };
};
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("the request pool's limits", () => {
  it("with every connection held, a request is answered 503 with Retry-After after DB_POOL_WAIT; liveness fails only once the pool is stuck past the database's limits", async () => {
    restore = set({ DB_POOL_WAIT: "400ms" });
    const db = await testDb();
    const { dbPoolSize, dbStatementTimeoutMs, dbIdleInTransactionTimeoutMs } = getConfig();
    let let_go!: () => void;
    const held = new Promise<void>((r) => (let_go = r));
    let holding = 0;
    const holders = Array.from({ length: dbPoolSize }, () =>
      db.transaction(async (tx) => {
        await tx.execute(q`select 1`);
        holding++;
        await held;
      }),
    );
    await expect.poll(() => holding).toBe(dbPoolSize);

    const began = performance.now();
    const busy = await call("GET", "/api/health");
    const waited = performance.now() - began;
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(busy.body.message).toMatch(/connection is busy/);
    expect(waited).toBeGreaterThanOrEqual(350);
    // stuck for a moment is not stuck: the process lives
    expect((await call("GET", "/api/health/live")).status).toBe(200);
    const past = Date.now() + dbStatementTimeoutMs + dbIdleInTransactionTimeoutMs + 1_000;
    expect(() => liveness(past)).toThrow(/stuck/);

    let_go();
    await Promise.all(holders);
    expect((await call("GET", "/api/health")).status).toBe(200);
    expect(liveness(past)).toEqual({ status: "alive" });
  });

  it("the server ends a statement past DB_STATEMENT_TIMEOUT and a transaction idle past DB_IDLE_IN_TRANSACTION_TIMEOUT; both are retryable, and the pool serves on", async () => {
    expect(await (await testDb()).execute(q`show statement_timeout`)).toEqual([{ statement_timeout: "30s" }]);
    expect(await (await testDb()).execute(q`show idle_in_transaction_session_timeout`)).toEqual([
      { idle_in_transaction_session_timeout: "1min" },
    ]);
    restore = set({ DB_STATEMENT_TIMEOUT: "300ms", DB_IDLE_IN_TRANSACTION_TIMEOUT: "300ms" });
    await withEmptyDatabase("pool_limits", async (url) => {
      const { db, work, close } = await openPostgres(url, 2);
      try {
        for (const pool of [db, work!]) {
          const slow = await pool.execute(q`select pg_sleep(2)`).catch((e: unknown) => e);
          expect(isDatabaseUnavailable(slow)).toBe(true);
          const idle = await pool
            .transaction(async (tx) => {
              await tx.execute(q`select 1`);
              await new Promise((r) => setTimeout(r, 1_000));
              await tx.execute(q`select 1`);
            })
            .catch((e: unknown) => e);
          expect(isDatabaseUnavailable(idle)).toBe(true);
        }
        expect(await db.execute(q`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await close();
      }
    });
  });
});
