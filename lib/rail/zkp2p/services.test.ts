import { describe, expect, it } from "vitest";
import { isTransient, ServiceError } from "./services";

describe("isTransient", () => {
  it("tells a failure worth trying again from one that is not, at any depth", () => {
    expect(isTransient(new Error("call failed", { cause: new Error("fetch failed") }))).toBe(true);
    expect(isTransient(Object.assign(new Error("busy"), { status: 503 }))).toBe(true);
    expect(isTransient(new Error("unknown platform"))).toBe(false);
    expect(isTransient(new ServiceError("sign", "refused", "fetch failed", 503))).toBe(false);
    expect(isTransient(new Error("wrapped", { cause: new ServiceError("quote", "retry", "slow") }))).toBe(true);
    expect(isTransient("ETIMEDOUT")).toBe(true);
  });
});
