import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { END, renderStateTables, START, withStateTables } from "./render";

describe("docs/architecture.md", () => {
  it("shows the state machines exactly as lib/state has them (npm run docs:state rewrites them)", () => {
    const doc = fs.readFileSync(path.join(process.cwd(), "docs", "architecture.md"), "utf8");
    expect(doc).toContain(START);
    expect(doc).toBe(withStateTables(doc));
  });

  it("renders one row per trigger of each machine", () => {
    const out = renderStateTables();
    expect(out).toContain("| `cancel` | `CREATED`, `ACTIVE` | `CANCELLED` |");
    expect(out).toContain(
      "| `sessionExpired` | `SIGNAL_SUBMITTED`, `SIGNAL_MINED`, `PAYMENT_SENT`, `PROOF_VERIFIED`, `FULFILL_SUBMITTED` | `EXPIRED` |",
    );
    expect(out).toContain("| `requeue` | `PENDING`, `FAILED`, `DELIVERED` | `PENDING` |");
  });

  it("replaces only the marked section", () => {
    const doc = `# Title\n\nbefore\n${START}\nstale\n${END}\nafter\n`;
    const out = withStateTables(doc);
    expect(out.startsWith(`# Title\n\nbefore\n${START}\n`)).toBe(true);
    expect(out.endsWith(`\n${END}\nafter\n`)).toBe(true);
    expect(out).not.toContain("stale");
    expect(withStateTables(out)).toBe(out);
  });
});
