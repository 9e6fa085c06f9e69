import { afterEach, describe, expect, it } from "vitest";
import { getConfig, isLoopback, resetConfigForTests } from "./index";

// A metrics port reachable beyond this host serves the service's internals to whoever reaches it:
// the service refuses to start so unless METRICS_TOKEN guards it.

const KEYS = ["METRICS_PORT", "METRICS_HOST", "METRICS_TOKEN"] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
});

function configWith(env: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
  resetConfigForTests();
  return () => getConfig();
}

describe("the metrics listener's exposure", () => {
  it("beyond loopback without METRICS_TOKEN: refused, naming what to set", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "metrics.internal"])
      expect(configWith({ METRICS_PORT: "9464", METRICS_HOST: host })).toThrow(/METRICS_HOST .* set METRICS_TOKEN/);
  });

  it("on loopback, or with a token, or with no port of its own: allowed", () => {
    expect(configWith({ METRICS_PORT: "9464" })().metrics.host).toBe("127.0.0.1");
    expect(configWith({ METRICS_PORT: "9464", METRICS_HOST: "::1" })().metrics.port).toBe(9464);
    expect(configWith({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: "a-token-of-sixteen-chars" })().metrics.host).toBe(
      "0.0.0.0",
    );
    expect(configWith({ METRICS_HOST: "0.0.0.0" })().metrics.port).toBeUndefined();
  });

  it("knows loopback when it sees it", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) expect(isLoopback(h)).toBe(true);
    for (const h of ["0.0.0.0", "::", "192.168.1.2", "128.0.0.1", "example.com"]) expect(isLoopback(h)).toBe(false);
  });
});
