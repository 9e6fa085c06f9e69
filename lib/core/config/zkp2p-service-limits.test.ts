import { describe, expect, it } from "vitest";
import { parseServiceLimits } from "./zkp2p-service-limits";

describe("ZKP2P_SERVICE_CONCURRENCY, ZKP2P_SERVICE_RATE, ZKP2P_SERVICE_QUEUE_WAIT", () => {
  it("default to 8 at once, 20 a second and a wait of 3 s for every service", () => {
    const problems: string[] = [];
    const limits = parseServiceLimits({}, problems);
    expect(problems).toEqual([]);
    for (const s of ["quote", "sign", "attestation", "tier"] as const)
      expect(limits[s]).toEqual({ concurrency: 8, perSecond: 20, maxWaitMs: 3_000 });
  });

  it("take one number for every service, or service=number pairs that leave the others at the default", () => {
    const problems: string[] = [];
    const limits = parseServiceLimits(
      { ZKP2P_SERVICE_CONCURRENCY: "4", ZKP2P_SERVICE_RATE: "quote=5, tier=2", ZKP2P_SERVICE_QUEUE_WAIT: "500ms" },
      problems,
    );
    expect(problems).toEqual([]);
    expect(limits.quote).toEqual({ concurrency: 4, perSecond: 5, maxWaitMs: 500 });
    expect(limits.sign).toEqual({ concurrency: 4, perSecond: 20, maxWaitMs: 500 });
    expect(limits.tier.perSecond).toBe(2);
  });

  it("name every problem", () => {
    const problems: string[] = [];
    parseServiceLimits({ ZKP2P_SERVICE_CONCURRENCY: "0", ZKP2P_SERVICE_RATE: "quotes=5,sign=x", ZKP2P_SERVICE_QUEUE_WAIT: "1m" }, problems);
    expect(problems).toEqual([
      "ZKP2P_SERVICE_CONCURRENCY: must be a whole number from 1 to 1000, or service=number pairs (quote, sign, attestation, tier)",
      'ZKP2P_SERVICE_RATE: "quotes=5" is not service=number (quote|sign|attestation|tier, 1 to 1000)',
      'ZKP2P_SERVICE_RATE: "sign=x" is not service=number (quote|sign|attestation|tier, 1 to 1000)',
      "ZKP2P_SERVICE_QUEUE_WAIT: must be at most 15s",
    ]);
  });
});
