import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// deploy/prometheus/ as shipped: the rules and the scrape configuration are valid for Prometheus's
// own checker, and the alerts' unit tests pass (promtool, from Debian's prometheus package, which
// .ci/run installs; the production-topology run starts a real Prometheus with the same files).

const DIR = path.join(process.cwd(), "deploy", "prometheus");
const promtool = (...args: string[]) => execFileSync("promtool", args, { cwd: DIR, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function available(): boolean {
  try {
    execFileSync("promtool", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("deploy/prometheus", () => {
  it("has promtool to check it (apt-get install prometheus)", () => {
    expect(available(), "promtool was not found: apt-get install prometheus (.ci/run does)").toBe(true);
  });

  it("alert rules pass promtool check rules", () => {
    expect(promtool("check", "rules", "alerts.yml")).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("alert rules pass their unit tests (promtool test rules)", () => {
    expect(promtool("test", "rules", "alerts.test.yml")).toContain("SUCCESS");
  });
});
