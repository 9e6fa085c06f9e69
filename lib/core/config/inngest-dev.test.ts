import { afterEach, describe, expect, it } from "vitest";
import { getConfig, resetConfigForTests } from "./index";

// INNGEST_DEV puts the Inngest SDK in dev mode, where /api/inngest runs functions for any caller
// without a signature: a laptop's setting. With DATABASE_URL (a deployment) the service refuses it.

const KEYS = ["INNGEST_DEV", "INNGEST_EVENT_KEY", "DATABASE_URL", "APP_SECRET", "NEXTAUTH_SECRET", "DATA_DIR"] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
});

const DEPLOYED = {
  DATABASE_URL: "postgres://checkout@db.internal:5432/checkout",
  APP_SECRET: "pkyvKszwvQkWI13ZILiIXOvr3vldosJESEXHuR6wpQE",
  NEXTAUTH_SECRET: "anXA1awB-5woEvUWK7d3yQnFtXKJG6axdsbtk1RZW00",
};

function configWith(env: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  resetConfigForTests();
  return () => getConfig();
}

describe("INNGEST_DEV", () => {
  it("with DATABASE_URL set: refused at start-up, saying what to set instead", () => {
    for (const dev of ["1", "true", "http://localhost:8288"])
      expect(configWith({ ...DEPLOYED, INNGEST_DEV: dev })).toThrow(/INNGEST_DEV .*DATABASE_URL.*INNGEST_SIGNING_KEY/);
  });

  it("on a laptop (the embedded database), or turned off, or a deployment on Inngest's cloud: allowed", () => {
    expect(configWith({ DATA_DIR: "memory://", INNGEST_DEV: "1" })().inngest.enabled).toBe(true);
    expect(configWith({ ...DEPLOYED, INNGEST_DEV: "0" })().databaseUrl).toBe(DEPLOYED.DATABASE_URL);
    expect(configWith({ ...DEPLOYED, INNGEST_DEV: "false" })().databaseUrl).toBe(DEPLOYED.DATABASE_URL);
    expect(configWith({ ...DEPLOYED, INNGEST_EVENT_KEY: "an-event-key" })().inngest.enabled).toBe(true);
  });
});
