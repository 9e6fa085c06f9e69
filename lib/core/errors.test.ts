import { describe, expect, it } from "vitest";
import { causeChain, isDatabaseUnavailable, isUniqueViolation } from "./errors";

describe("an error's chain of causes", () => {
  it("is walked outermost first, each error once, at most 8 deep", () => {
    const inner = Object.assign(new Error("inner"), { code: "23505" });
    const outer = new Error("outer", { cause: inner });
    expect([...causeChain(outer)]).toEqual([outer, inner]);
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b; // a circle
    expect([...causeChain(a)]).toEqual([a, b]);
    let deep: Error = new Error("0");
    for (let i = 1; i < 20; i++) deep = new Error(String(i), { cause: deep });
    expect([...causeChain(deep)]).toHaveLength(8);
    expect([...causeChain("not an error")]).toEqual([]);
  });

  it("is where the database's codes are found, however the driver wraps them", () => {
    const unique = new Error("query failed", { cause: Object.assign(new Error("dup"), { code: "23505", constraint_name: "k" }) });
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isUniqueViolation(unique, "k")).toBe(true);
    expect(isUniqueViolation(unique, "other")).toBe(false);
    expect(isDatabaseUnavailable(new Error("x", { cause: Object.assign(new Error("down"), { code: "ECONNREFUSED" }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("x", { cause: Object.assign(new Error("bad"), { code: "22P02" }) }))).toBe(false);
  });
});
