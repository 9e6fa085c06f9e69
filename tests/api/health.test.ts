import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/core/errors";
import { readiness } from "@/lib/http/health";
import { call } from "../support/api";

// Liveness and readiness apart: a process that waits for its database is alive but not ready.
// (That a draining instance is not ready while still alive is the service's server's, and is
// tested through the production topology: e2e/prod/observability.spec.ts.)

describe("health", () => {
  it("ready: 200 with the database's kind while it answers; /api/health answers the same", async () => {
    const ready = await call("GET", "/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.responseObject).toEqual({ status: "ok", database: expect.stringMatching(/^(pglite|postgres)$/) });
    expect((await call("GET", "/api/health")).body.responseObject).toEqual(ready.body.responseObject);
  });

  it("ready: a database that does not answer within 2 s is UNAVAILABLE (503)", async () => {
    const stuck = { execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    const err = await readiness(stuck).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("UNAVAILABLE");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it("live: 200 without touching the database", async () => {
    const live = await call("GET", "/api/health/live");
    expect(live.status).toBe(200);
    expect(live.body.responseObject).toEqual({ status: "alive" });
  });
});
